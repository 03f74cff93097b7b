import WebSocket from 'ws';
import type { FastifyInstance } from 'fastify';
import type { LiveMessage } from '@fieldhub/shared';
import { JsonSocket, socketSettled } from '@fieldhub/testkit';
import type { Caller } from './harness';

/** A browser's live socket: every JSON frame it received, and waits on what comes next. */
export class LiveClient extends JsonSocket<LiveMessage> {
  /** Frames other than the idle text. */
  get data(): Exclude<LiveMessage, { type: 'idle' }>[] {
    return this.frames.filter((f) => f.type !== 'idle') as Exclude<LiveMessage, { type: 'idle' }>[];
  }

  /** The n-th non-idle frame (0 = the snapshot), once it arrived. */
  async dataFrame(n: number) {
    await this.until(() => this.data.length > n || this.closed !== null, `frame ${n}`);
    const frame = this.data[n];
    if (!frame) throw new Error(`socket closed before frame ${n}: ${JSON.stringify(this.closed)}`);
    return frame;
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
  await socketSettled(ws);
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
