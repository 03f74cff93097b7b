import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveMessage } from '@fieldhub/shared';
import {
  LiveSocket,
  liveSocketUrl,
  parseLiveFrame,
  type LiveSocketStatus,
  type SocketLike,
} from './liveSocket';

class FakeSocket implements SocketLike {
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  closed = false;
  constructor(readonly token: string) {}
  close() {
    this.closed = true;
  }
}

function harness(tokens: Array<string | Error>) {
  const sockets: FakeSocket[] = [];
  const messages: LiveMessage[] = [];
  const statuses: LiveSocketStatus[] = [];
  let tokenCalls = 0;
  const live = new LiveSocket({
    fetchToken: async () => {
      const next = tokens[Math.min(tokenCalls++, tokens.length - 1)]!;
      if (next instanceof Error) throw next;
      return next;
    },
    connect: (token) => {
      const s = new FakeSocket(token);
      sockets.push(s);
      return s;
    },
    onMessage: (m) => messages.push(m),
    onStatus: (s) => statuses.push(s),
  });
  return { live, sockets, messages, statuses, tokenCalls: () => tokenCalls };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const frame = (m: object) => ({ data: JSON.stringify(m) });

describe('live socket', () => {
  it('connects with a token and passes on the messages it knows', async () => {
    const h = harness(['t1']);
    h.live.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.sockets.map((s) => s.token)).toEqual(['t1']);
    h.sockets[0]!.onopen?.({});
    h.sockets[0]!.onmessage?.(
      frame({ type: 'signalVal', equipmentId: 1, values: [{ signalId: 2, ts: 5, value: 1.5, quality: 0 }] }),
    );
    h.sockets[0]!.onmessage?.({ data: 'not json' });
    h.sockets[0]!.onmessage?.(frame({ type: 'unknown' }));
    expect(h.messages).toHaveLength(1);
    expect(h.statuses).toEqual(['connecting', 'open']);
    h.live.stop();
  });

  it('connects again with a new token 10 s after the socket closes', async () => {
    const h = harness(['t1', 't2']);
    h.live.start();
    await vi.advanceTimersByTimeAsync(0);
    h.sockets[0]!.onclose?.({ code: 1006, reason: '' });
    await vi.advanceTimersByTimeAsync(9_999);
    expect(h.sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.sockets.map((s) => s.token)).toEqual(['t1', 't2']);
    h.live.stop();
  });

  it('retries the token request after 10 s when it fails', async () => {
    const h = harness([new Error('network'), 't2']);
    h.live.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.sockets).toHaveLength(0);
    expect(h.statuses).toContain('retrying');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.tokenCalls()).toBe(2);
    expect(h.sockets.map((s) => s.token)).toEqual(['t2']);
    h.live.stop();
  });

  it('closes the socket on stop and never reconnects afterwards', async () => {
    const h = harness(['t1', 't2']);
    h.live.start();
    await vi.advanceTimersByTimeAsync(0);
    h.live.stop();
    expect(h.sockets[0]!.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.sockets).toHaveLength(1);
    expect(h.statuses.at(-1)).toBe('stopped');
  });

  it('uses wss on https pages and ws otherwise, on the same host', () => {
    expect(liveSocketUrl({ protocol: 'https:', host: 'a.example:8443' }, 'tok')).toBe(
      'wss://a.example:8443/lfscada/ws/eg/signal/subscribe/tok',
    );
    expect(liveSocketUrl({ protocol: 'http:', host: 'localhost:8080' }, 'tok')).toBe(
      'ws://localhost:8080/lfscada/ws/eg/signal/subscribe/tok',
    );
  });

  it('reads idle texts and alarms as messages', () => {
    expect(parseLiveFrame(JSON.stringify({ type: 'idle', ts: 1 }))).toEqual({ type: 'idle', ts: 1 });
    expect(parseLiveFrame(new ArrayBuffer(2))).toBeNull();
  });
});
