import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveValue } from '@fieldhub/shared';
import { SocketFeed, type FeedSocket } from './socketFeed';

/** A socket that records what was sent; `bufferedAmount` is set by the test. */
class RecordingSocket implements FeedSocket {
  bufferedAmount = 0;
  readyState = 1;
  sent: unknown[] = [];
  terminated = false;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  terminate() {
    this.terminated = true;
    this.readyState = 3;
  }
}

const val = (signalId: number, ts: number, value: number): LiveValue => ({ signalId, ts, value, quality: 0 });
const limits = { frameGapMs: 100, maxBufferedBytes: 1000, maxPendingEvents: 3 };

describe('socket feed pacing', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('sends nothing before the snapshot, then at most one values frame per 100 ms', () => {
    const socket = new RecordingSocket();
    const feed = new SocketFeed(socket, 7, limits, () => undefined);
    feed.push({ type: 'signalVal', equipmentId: 7, values: [val(1, 10, 1)] });
    feed.sendNow({ type: 'idle', ts: 1 });
    vi.advanceTimersByTime(500);
    expect(socket.sent).toEqual([]);

    feed.begin({ type: 'signalVal', equipmentId: 7, values: [] });
    expect(socket.sent).toHaveLength(1);
    vi.advanceTimersByTime(99);
    expect(socket.sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(socket.sent[1]).toEqual({ type: 'signalVal', equipmentId: 7, values: [val(1, 10, 1)] });

    // three updates 10 ms apart: one frame, 100 ms after the previous, with the latest of each signal
    feed.push({ type: 'signalVal', equipmentId: 7, values: [val(1, 11, 2)] });
    vi.advanceTimersByTime(10);
    feed.push({ type: 'signalVal', equipmentId: 7, values: [val(1, 12, 3), val(2, 12, 30)] });
    vi.advanceTimersByTime(10);
    feed.push({ type: 'signalVal', equipmentId: 7, values: [val(1, 9, -1)] }); // older than what waits
    vi.advanceTimersByTime(79);
    expect(socket.sent).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(socket.sent[2]).toEqual({
      type: 'signalVal',
      equipmentId: 7,
      values: [val(1, 12, 3), val(2, 12, 30)],
    });
    vi.advanceTimersByTime(1000);
    expect(socket.sent).toHaveLength(3);
  });

  it('drops a client whose socket holds more than the limit unsent, instead of queueing', () => {
    const socket = new RecordingSocket();
    const dropped: SocketFeed[] = [];
    const feed = new SocketFeed(socket, 7, limits, (f) => dropped.push(f));
    feed.begin({ type: 'signalVal', equipmentId: 7, values: [] });
    socket.bufferedAmount = 1001;
    feed.push({ type: 'signalVal', equipmentId: 7, values: [val(1, 10, 1)] });
    vi.advanceTimersByTime(100);
    expect(socket.terminated).toBe(true);
    expect(dropped).toEqual([feed]);
    expect(socket.sent).toHaveLength(1);
    feed.push({ type: 'signalVal', equipmentId: 7, values: [val(1, 11, 1)] });
    vi.advanceTimersByTime(1000);
    expect(socket.sent).toHaveLength(1);
  });

  it('drops a client when more alarm messages wait than the bound', () => {
    const socket = new RecordingSocket();
    const feed = new SocketFeed(socket, 7, limits, () => undefined);
    const alarm = {
      type: 'gatewayAlarm' as const,
      equipmentId: 7,
      alarm: {
        alarmId: 1,
        sn: '200000000001',
        status: 'offline' as const,
        state: 'active' as const,
        triggeredAt: 1,
        releasedAt: null,
      },
    };
    for (let i = 0; i < 3; i++) feed.push(alarm);
    expect(socket.terminated).toBe(false);
    feed.push(alarm);
    expect(socket.terminated).toBe(true);
  });
});
