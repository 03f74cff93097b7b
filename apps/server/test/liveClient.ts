import WebSocket from 'ws';
import type { FastifyInstance } from 'fastify';
import type { LiveMessage } from '@fieldhub/shared';
import type { Caller } from './harness';

/** A browser's live socket: every JSON frame it received, and waits on what comes next. */
export class LiveClient {
  readonly frames: LiveMessage[] = [];
  closed: { code: number; reason: string } | null = null;
  private waiters: { test: () => boolean; resolve: () => void }[] = [];

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.frames.push(JSON.parse(String(data)) as LiveMessage);
      this.wake();
    });
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: String(reason) };
      this.wake();
    });
    ws.on('error', () => undefined);
  }

  private wake() {
    this.waiters = this.waiters.filter((w) => {
      if (!w.test()) return true;
      w.resolve();
      return false;
    });
  }

  /** Frames other than the idle text. */
  get data(): Exclude<LiveMessage, { type: 'idle' }>[] {
    return this.frames.filter((f) => f.type !== 'idle') as Exclude<LiveMessage, { type: 'idle' }>[];
  }

  /** Resolves once `test` holds (checked on every frame and on close); fails after `ms`. */
  until(test: () => boolean, what: string, ms = 10_000): Promise<void> {
    if (test()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms);
      this.waiters.push({
        test,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  }

  /** The n-th non-idle frame (0 = the snapshot), once it arrived. */
  async dataFrame(n: number) {
    await this.until(() => this.data.length > n || this.closed !== null, `frame ${n}`);
    const frame = this.data[n];
    if (!frame) throw new Error(`socket closed before frame ${n}: ${JSON.stringify(this.closed)}`);
    return frame;
  }

  close(): void {
    this.ws.close();
  }
}

export function socketUrl(app: FastifyInstance, token: string): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening');
  return `ws://127.0.0.1:${address.port}/lfscada/ws/eg/signal/subscribe/${encodeURIComponent(token)}`;
}

/** Opens a socket with the given token and waits until it is open (or closed by the server). */
export async function openSocket(app: FastifyInstance, token: string): Promise<LiveClient> {
  const ws = new WebSocket(socketUrl(app, token));
  const client = new LiveClient(ws);
  await new Promise<void>((resolve) => {
    ws.once('open', () => resolve());
    ws.once('close', () => resolve());
    ws.once('error', () => resolve());
  });
  return client;
}

/** Asks for a token as the browser does; throws with the envelope when refused. */
export async function liveToken(caller: Caller, equipmentId: number): Promise<string> {
  const res = await caller.post<string>('/lfscada/websocket/monitor/token', { equipmentId });
  if (res.body.code !== '200') throw new Error(`token refused: ${res.body.code} ${res.body.message}`);
  return res.body.data;
}

/** Token and socket in one step, with the snapshot received. */
export async function subscribe(
  app: FastifyInstance,
  caller: Caller,
  equipmentId: number,
): Promise<LiveClient> {
  const client = await openSocket(app, await liveToken(caller, equipmentId));
  await client.dataFrame(0);
  return client;
}
