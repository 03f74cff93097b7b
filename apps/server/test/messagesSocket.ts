import WebSocket from 'ws';
import type { FastifyInstance } from 'fastify';
import { msgSocketFrameSchema, type MsgSocketFrame } from '@fieldhub/shared';
import { JsonSocket, socketSettled } from '@fieldhub/testkit';
import type { Caller } from './harness';

type NewFrame = Extract<MsgSocketFrame, { type: 'msgNew' }>;

/** A browser's message socket: every frame it received (checked against the contract), and waits. */
export class MessageClient extends JsonSocket<MsgSocketFrame> {
  constructor(ws: WebSocket) {
    super(ws, (frame) => msgSocketFrameSchema.parse(frame));
  }

  get news(): NewFrame[] {
    return this.frames.filter((f): f is NewFrame => f.type === 'msgNew');
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
  await socketSettled(ws);
  return client;
}

/** Token (asked of `tokenApp`'s caller) and socket (on `app`), with the first unread frame received. */
export async function subscribeMessages(app: FastifyInstance, caller: Caller): Promise<MessageClient> {
  const client = await openMessageSocket(app, await messageToken(caller));
  await client.until(() => client.frames.some((f) => f.type === 'msgUnread'), 'the unread counts');
  return client;
}
