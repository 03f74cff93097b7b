import WebSocket from 'ws';
import type { FastifyInstance } from 'fastify';
import { msgSocketFrameSchema, type MsgSocketFrame } from '@fieldhub/shared';
import type { Caller } from './harness';

type NewFrame = Extract<MsgSocketFrame, { type: 'msgNew' }>;

/** A browser's message socket: every frame it received (checked against the contract), and waits. */
export class MessageClient {
  readonly frames: MsgSocketFrame[] = [];
  /** when each frame arrived (performance.now()) */
  readonly arrivals: number[] = [];
  closed: { code: number; reason: string } | null = null;
  private waiters: (() => void)[] = [];

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.frames.push(msgSocketFrameSchema.parse(JSON.parse(String(data))));
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

  get news(): NewFrame[] {
    return this.frames.filter((f): f is NewFrame => f.type === 'msgNew');
  }

  /** Resolves once `test` holds (checked on every frame and on close); fails after `ms`. */
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

export function messageSocketUrl(app: FastifyInstance, token: string): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening');
  return `ws://127.0.0.1:${address.port}/lfscada/ws/message/subscribe/${encodeURIComponent(token)}`;
}

export async function messageToken(caller: Caller): Promise<string> {
  const res = await caller.post<string>('/lfscada/websocket/msg/token');
  if (res.body.code !== '200') throw new Error(`token refused: ${res.body.code} ${res.body.message}`);
  return res.body.data;
}

/** Opens a socket with the token and waits until it is open (or closed by the server). */
export async function openMessageSocket(app: FastifyInstance, token: string): Promise<MessageClient> {
  const ws = new WebSocket(messageSocketUrl(app, token));
  const client = new MessageClient(ws);
  await new Promise<void>((resolve) => {
    ws.once('open', () => resolve());
    ws.once('close', () => resolve());
    ws.once('error', () => resolve());
  });
  return client;
}

/** Token (asked of `tokenApp`'s caller) and socket (on `app`), with the first unread frame received. */
export async function subscribeMessages(app: FastifyInstance, caller: Caller): Promise<MessageClient> {
  const client = await openMessageSocket(app, await messageToken(caller));
  await client.until(() => client.frames.some((f) => f.type === 'msgUnread'), 'the unread counts');
  return client;
}
