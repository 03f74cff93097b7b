import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveValue } from '@fieldhub/shared';
import type { FeedSocket } from '../live/socketFeed';
import { ProjectFeed } from './projectFeed';

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
const watch = { projectId: 5, pageId: 9, equipmentIds: [1, 2], signalIds: [11, 12, 21], mvarIds: [7] };

describe('project feed', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('sends nothing before the snapshot, then one frame per device and one for the mvars per 100 ms', () => {
    const socket = new RecordingSocket();
    const feed = new ProjectFeed(socket, watch, limits, () => undefined);
    feed.push({ type: 'signalVal', equipmentId: 1, values: [val(11, 1, 1)] });
    vi.advanceTimersByTime(500);
    expect(socket.sent).toEqual([]);

    feed.begin([{ type: 'mvarVal', projectId: 5, values: [] }]);
    feed.push({ type: 'signalVal', equipmentId: 1, values: [val(11, 2, 2), val(12, 2, 5)] });
    feed.push({ type: 'signalVal', equipmentId: 2, values: [val(21, 2, 9)] });
    feed.push({ type: 'mvarVal', projectId: 5, values: [{ mvarId: 7, value: 1, ts: 1 }] });
    feed.push({ type: 'mvarVal', projectId: 5, values: [{ mvarId: 7, value: 3, ts: 2 }] });
    vi.advanceTimersByTime(99);
    expect(socket.sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(socket.sent.slice(1)).toEqual([
      { type: 'signalVal', equipmentId: 1, values: [val(11, 2, 2), val(12, 2, 5)] },
      { type: 'signalVal', equipmentId: 2, values: [val(21, 2, 9)] },
      { type: 'mvarVal', projectId: 5, values: [{ mvarId: 7, value: 3, ts: 2 }] },
    ]);
  });

  it('keeps only the signals and mvars the page watches, and the newest value of each', () => {
    const socket = new RecordingSocket();
    const feed = new ProjectFeed(socket, watch, limits, () => undefined);
    feed.begin([]);
    feed.push({ type: 'signalVal', equipmentId: 1, values: [val(13, 5, 1)] });
    feed.push({ type: 'mvarVal', projectId: 5, values: [{ mvarId: 8, value: 1, ts: 1 }] });
    vi.advanceTimersByTime(200);
    expect(socket.sent).toEqual([]);
    feed.push({ type: 'signalVal', equipmentId: 1, values: [val(11, 9, 9)] });
    feed.push({ type: 'signalVal', equipmentId: 1, values: [val(11, 8, 8)] });
    vi.advanceTimersByTime(200);
    expect(socket.sent).toEqual([{ type: 'signalVal', equipmentId: 1, values: [val(11, 9, 9)] }]);
  });

  it('drops an mvar value computed from older readings than one already sent', () => {
    const socket = new RecordingSocket();
    const feed = new ProjectFeed(socket, watch, limits, () => undefined);
    feed.begin([]);
    feed.push({ type: 'mvarVal', projectId: 5, values: [{ mvarId: 7, value: 2, ts: 20 }] });
    vi.advanceTimersByTime(100);
    feed.push({ type: 'mvarVal', projectId: 5, values: [{ mvarId: 7, value: 1, ts: 10 }] });
    feed.push({ type: 'mvarVal', projectId: 5, values: [{ mvarId: 7, value: 4, ts: 20 }] });
    vi.advanceTimersByTime(100);
    expect(socket.sent).toEqual([
      { type: 'mvarVal', projectId: 5, values: [{ mvarId: 7, value: 2, ts: 20 }] },
      { type: 'mvarVal', projectId: 5, values: [{ mvarId: 7, value: 4, ts: 20 }] },
    ]);
  });

  it('keeps every alarm, in order, and cuts a client with too many waiting', () => {
    const socket = new RecordingSocket();
    let dropped = false;
    const feed = new ProjectFeed(socket, watch, limits, () => (dropped = true));
    feed.begin([]);
    const alarm = (alarmId: number) => ({
      type: 'gatewayAlarm' as const,
      equipmentId: 1,
      alarm: {
        alarmId,
        sn: '1',
        status: 'offline' as const,
        state: 'active' as const,
        triggeredAt: 1,
        releasedAt: null,
      },
    });
    for (let i = 1; i <= 3; i++) feed.push(alarm(i));
    vi.advanceTimersByTime(100);
    expect(socket.sent.map((m) => (m as ReturnType<typeof alarm>).alarm.alarmId)).toEqual([1, 2, 3]);
    for (let i = 4; i <= 7; i++) feed.push(alarm(i));
    expect(dropped).toBe(true);
    expect(socket.terminated).toBe(true);
  });

  it('cuts a client that does not read instead of queueing for it', () => {
    const socket = new RecordingSocket();
    let dropped = false;
    const feed = new ProjectFeed(socket, watch, limits, () => (dropped = true));
    feed.begin([]);
    socket.bufferedAmount = 5000;
    feed.push({ type: 'signalVal', equipmentId: 1, values: [val(11, 1, 1)] });
    vi.advanceTimersByTime(100);
    expect(socket.sent).toEqual([]);
    expect(dropped).toBe(true);
    expect(feed.isClosed).toBe(true);
  });
});
