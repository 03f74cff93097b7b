/**
 * A WebSocket client as a test holds it: every JSON frame it received (parsed, and checked when a
 * `parse` is given), when each arrived, how it closed, and waiting on what comes next.
 */
import type WebSocket from 'ws';

export class JsonSocket<T> {
  readonly frames: T[] = [];
  /** when each frame arrived (performance.now()) */
  readonly arrivals: number[] = [];
  closed: { code: number; reason: string } | null = null;
  private waiters: (() => void)[] = [];

  constructor(
    readonly ws: WebSocket,
    parse: (frame: unknown) => T = (frame) => frame as T,
  ) {
    ws.on('message', (data) => {
      this.frames.push(parse(JSON.parse(String(data))));
      this.arrivals.push(performance.now());
      this.wake();
    });
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: String(reason) };
      this.wake();
    });
    ws.on('error', () => undefined);
  }

  private wake() {
    const waiting = this.waiters;
    this.waiters = [];
    for (const w of waiting) w();
  }

  /**
   * Resolves once `test` holds, checked on every frame and on close; fails when the socket closed
   * without it holding, or after `ms`.
   */
  async until(test: () => boolean, what: string, ms = 10_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!test()) {
      if (this.closed) throw new Error(`socket closed waiting for ${what}: ${JSON.stringify(this.closed)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.ws.close();
  }
}

/** Resolves once the socket is open, or closed or failed (a refusal is for the test to check). */
export function socketSettled(ws: WebSocket): Promise<void> {
  return new Promise((resolve) => {
    ws.once('open', () => resolve());
    ws.once('close', () => resolve());
    ws.once('error', () => resolve());
  });
}
