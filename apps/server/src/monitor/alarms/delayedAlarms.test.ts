import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QuietWait, REPLAY_QUIET_MS } from './delayedAlarms';

// a virtual clock for the wait's timer: nothing here waits in real time
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

function recorder() {
  const told: [number, number[]][] = [];
  const wait = new QuietWait<number>(
    REPLAY_QUIET_MS,
    async (key, items) => {
      told.push([key, items]);
    },
    () => {},
  );
  return { told, wait };
}

describe('waiting for a replay to go quiet', () => {
  it('tells a device once, with all it gathered, when nothing came for the quiet time', () => {
    const { told, wait } = recorder();
    wait.add(1, [10]);
    vi.advanceTimersByTime(REPLAY_QUIET_MS - 1);
    wait.add(1, [11, 12]);
    wait.add(2, [20]);
    vi.advanceTimersByTime(REPLAY_QUIET_MS - 1);
    expect(told).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(told).toEqual([
      [1, [10, 11, 12]],
      [2, [20]],
    ]);
    vi.advanceTimersByTime(10 * REPLAY_QUIET_MS);
    expect(told).toHaveLength(2);
  });

  it('keeps waiting while the replay goes on without new items, and starts nothing without items', () => {
    const { told, wait } = recorder();
    wait.add(3, []);
    vi.advanceTimersByTime(2 * REPLAY_QUIET_MS);
    expect(told).toEqual([]);
    wait.add(3, [30]);
    vi.advanceTimersByTime(REPLAY_QUIET_MS / 2);
    wait.add(3, []); // another replayed batch: still going
    vi.advanceTimersByTime(REPLAY_QUIET_MS - 1);
    expect(told).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(told).toEqual([[3, [30]]]);
  });

  it('tells everything waiting at once on flush, and nothing again when the timers would have run', async () => {
    const { told, wait } = recorder();
    wait.add(1, [1]);
    wait.add(2, [2]);
    await wait.flush();
    expect(told).toEqual([
      [1, [1]],
      [2, [2]],
    ]);
    vi.advanceTimersByTime(REPLAY_QUIET_MS);
    expect(told).toHaveLength(2);
  });
});
