import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  animationSchema,
  bindTo,
  defaultWidget,
  emptyPage,
  mvarRef,
  systemRef,
  type Widget,
} from '@fieldhub/hmi';
import { TIMERS } from '@fieldhub/shared';
import { animationKeys, animationState } from './animations';
import { pageSources, pageSystemKeys, shownKeys } from './pageView';
import {
  COUNTS_SETTLE_MS,
  SystemFeed,
  clockValues,
  countValues,
  devicesWatched,
  type ScopeCounts,
} from './systemFeed';
import { keyOfSource, mvarKey, systemKeyOf, ValueStore } from './valueStore';

function manualStore() {
  const frames: (() => void)[] = [];
  const store = new ValueStore({ scope: { kind: 'project', id: '1' }, schedule: (f) => frames.push(f) });
  const frame = () => frames.splice(0).forEach((f) => f());
  return { store, frame };
}

const shown = (store: ValueStore, key: string) => store.valueOf(systemKeyOf(key))?.value;

describe('the sources a page binds besides device variables (pages-and-designer.md §6.2)', () => {
  const text = defaultWidget('UsualDataText', { id: 't' });
  const bar = defaultWidget('ComplexBar', { id: 'b' });
  const widgets: Widget[] = [
    { ...text, data: bindTo(text.data, { type: 'system', systemKey: 'time', title: 'Time' }) },
    {
      ...bar,
      data: {
        ...bar.data,
        mvarArray: [mvarRef('7', 'Flow')],
        systemArray: [systemRef('alarmCount', 'Alarms'), systemRef('no-such-key', 'X')],
      },
    },
  ];
  const page = { ...emptyPage(), widgets };

  it('keys an mvar or system binding and the items of the series arrays by their own fields', () => {
    expect(keyOfSource(widgets[0]!.data)).toBe(systemKeyOf('time'));
    expect(keyOfSource(mvarRef('7', 'Flow'))).toBe(mvarKey('7'));
    expect(keyOfSource(systemRef('onlineCount', 'On'))).toBe(systemKeyOf('onlineCount'));
    expect(shownKeys(widgets[1]!)).toEqual([
      mvarKey('7'),
      systemKeyOf('alarmCount'),
      systemKeyOf('no-such-key'),
    ]);
  });

  it('subscribes the mvars of the series and feeds only the known system keys', () => {
    expect(pageSources(page).mvars).toEqual(['7']);
    expect(pageSystemKeys(page)).toEqual(['time', 'alarmCount']);
  });

  it('drives an animation by a system key or an mvar like a device variable', () => {
    const lamp = defaultWidget('UsualText', { id: 'l' });
    const blink = animationSchema.parse({
      type: 'twinkle',
      enable: true,
      symbol: '>',
      value: '0',
      data: bindTo(lamp.data, { type: 'system', systemKey: 'offlineCount', title: '' }),
    });
    const show = animationSchema.parse({
      type: 'visiable',
      enable: true,
      symbol: '>=',
      value: '5',
      data: bindTo(lamp.data, { type: 'mvar', mvarId: '9', title: '' }),
    });
    const animated = { ...lamp, animation: [blink, show] };
    expect(animationKeys(animated)).toEqual([systemKeyOf('offlineCount'), mvarKey('9')]);
    expect(pageSystemKeys({ ...emptyPage(), widgets: [animated] })).toEqual(['offlineCount']);
    const values = new Map<string, number>([
      [systemKeyOf('offlineCount'), 1],
      [mvarKey('9'), 4],
    ]);
    const state = animationState(animated.animation, (key) => {
      const value = values.get(key);
      return value === undefined ? undefined : { value, ts: 1, quality: 0, stale: false };
    });
    expect(state).toMatchObject({ twinkle: 1000, hidden: true });
  });
});

describe('system feed', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 10, 26, 9, 5, 7, 400));
  });
  afterEach(() => vi.useRealTimers());

  it('ticks the clock keys every second and shows the account once', () => {
    const { store, frame } = manualStore();
    const feed = new SystemFeed(store, { keys: ['time', 'date', 'user'], user: 'alice', counts: vi.fn() });
    feed.start();
    frame();
    expect(shown(store, 'time')).toBe('09:05:07');
    expect(shown(store, 'date')).toBe('2026-11-26');
    expect(shown(store, 'user')).toBe('alice');
    vi.advanceTimersByTime(600);
    frame();
    expect(shown(store, 'time')).toBe('09:05:08');
    vi.advanceTimersByTime(60_000);
    frame();
    expect(shown(store, 'time')).toBe('09:06:08');
    feed.stop();
    vi.advanceTimersByTime(5_000);
    frame();
    expect(shown(store, 'time')).toBe('09:06:08');
  });

  it('asks the counts at start, once after a burst of alarm frames, and every gateway poll', async () => {
    const { store, frame } = manualStore();
    let counts: ScopeCounts = { devices: 3, online: 2, offline: 1, alarms: 0 };
    const ask = vi.fn(async () => counts);
    const feed = new SystemFeed(store, { keys: ['onlineCount', 'alarmCount'], user: '', counts: ask });
    feed.start();
    await vi.advanceTimersByTimeAsync(0);
    frame();
    expect([shown(store, 'onlineCount'), shown(store, 'alarmCount')]).toEqual([2, 0]);
    expect(shown(store, 'deviceCount')).toBeUndefined();
    counts = { devices: 3, online: 1, offline: 2, alarms: 4 };
    feed.changed();
    feed.changed();
    feed.changed();
    await vi.advanceTimersByTimeAsync(COUNTS_SETTLE_MS);
    frame();
    expect(ask).toHaveBeenCalledTimes(2);
    expect([shown(store, 'onlineCount'), shown(store, 'alarmCount')]).toEqual([1, 4]);
    counts = { ...counts, alarms: 5 };
    await vi.advanceTimersByTimeAsync(TIMERS.gatewayPoll);
    frame();
    expect(shown(store, 'alarmCount')).toBe(5);
    feed.stop();
  });

  it('keeps the last counts when a count call fails', async () => {
    const { store, frame } = manualStore();
    const ask = vi
      .fn<() => Promise<ScopeCounts>>()
      .mockResolvedValueOnce({ devices: 1, online: 1, offline: 0, alarms: 2 })
      .mockRejectedValueOnce(new Error('offline'));
    const feed = new SystemFeed(store, { keys: ['alarmCount'], user: '', counts: ask });
    feed.start();
    await vi.advanceTimersByTimeAsync(0);
    feed.changed();
    await vi.advanceTimersByTimeAsync(COUNTS_SETTLE_MS);
    frame();
    expect(shown(store, 'alarmCount')).toBe(2);
    feed.stop();
  });

  it('has a device page watch its own device when it shows counts, so alarm frames reach them', () => {
    expect(devicesWatched(['2'], ['time'], '1')).toEqual(['2']);
    expect(devicesWatched(['2'], ['alarmCount'], '1')).toEqual(['2', '1']);
    expect(devicesWatched(['1'], ['onlineCount'], '1')).toEqual(['1']);
    expect(devicesWatched([], ['deviceCount'], '')).toEqual([]);
  });

  it('maps counts and clock values to the keys shown only', () => {
    const counts = { devices: 4, online: 3, offline: 1, alarms: 7 };
    expect(
      countValues(['deviceCount', 'offlineCount', 'time'], counts, 5).map((v) => [v.key, v.value]),
    ).toEqual([
      [systemKeyOf('deviceCount'), 4],
      [systemKeyOf('offlineCount'), 1],
    ]);
    expect(
      clockValues(['user', 'datetime'], new Date(2026, 0, 2, 3, 4, 5).getTime()).map((v) => v.value),
    ).toEqual(['2026-01-02 03:04:05']);
  });
});
