import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { animationSchema, defaultWidget } from '@fieldhub/hmi';
import type { LiveMessage, MonitorSignal, ProjectLiveMessage } from '@fieldhub/shared';
import type { LiveSocket, LiveSocketStatus } from '../../app/live/liveSocket';
import type { GatewayProbe } from '../../app/live/monitorSession';
import { animationState, compare } from './animations';
import { wrapperSnapshot } from './LiveWidget';
import { DeviceFeeds, frameValues, OPEN_SPACING_MS } from './deviceFeed';
import { ProjectFeed, projectFrameValues } from './projectFeed';
import { APPLY_BATCH, keyOfSource, pacedFrames, signalKey, ValueStore } from './valueStore';

/** A store whose frames are flushed by hand, as the browser's animation frame would. */
function manualStore() {
  const frames: (() => void)[] = [];
  const store = new ValueStore({ scope: { kind: 'equipment', id: '1' }, schedule: (f) => frames.push(f) });
  const frame = () => frames.splice(0).forEach((f) => f());
  return { store, frame, frames };
}

const v = (key: string, value: number | string | null, ts: number) => ({ key, value, ts, quality: 0 });

describe('value store', () => {
  it('applies queued values once per frame and tells only the listeners of changed keys', () => {
    const { store, frame, frames } = manualStore();
    const a = vi.fn();
    const b = vi.fn();
    store.subscribe(signalKey(1, 10), a);
    store.subscribe(signalKey(1, 11), b);
    store.push([v(signalKey(1, 10), 1, 100)]);
    store.push([v(signalKey(1, 10), 2, 200), v(signalKey(1, 10), 3, 300)]);
    expect(frames).toHaveLength(1);
    expect(store.valueOf(signalKey(1, 10))).toBeUndefined();
    frame();
    expect(store.valueOf(signalKey(1, 10))?.value).toBe(3);
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).not.toHaveBeenCalled();
  });

  it('drops a value older than the one held, and an unchanged one without a notice', () => {
    const { store, frame } = manualStore();
    const a = vi.fn();
    store.subscribe('s:1.10', a);
    store.push([v('s:1.10', 5, 500)]);
    frame();
    store.push([v('s:1.10', 4, 400)]);
    frame();
    store.push([v('s:1.10', 5, 500)]);
    frame();
    expect(store.valueOf('s:1.10')).toMatchObject({ value: 5, ts: 500 });
    expect(a).toHaveBeenCalledTimes(1);
  });

  it('marks the values of an offline device stale and fresh again, notifying their listeners', () => {
    const { store, frame } = manualStore();
    const a = vi.fn();
    const other = vi.fn();
    store.push([v('s:1.10', 5, 500), v('s:2.10', 6, 500)]);
    frame();
    store.subscribe('s:1.10', a);
    store.subscribe('s:2.10', other);
    store.setStale('1', true);
    frame();
    expect(store.valueOf('s:1.10')?.stale).toBe(true);
    expect(store.valueOf('s:2.10')?.stale).toBe(false);
    expect(a).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();
    // a value arriving while offline is stale too
    store.push([v('s:1.11', 1, 600)]);
    frame();
    expect(store.valueOf('s:1.11')?.stale).toBe(true);
    store.setStale('1', false);
    frame();
    expect(store.valueOf('s:1.10')?.stale).toBe(false);
  });

  it('keys signals, system keys and intermediate variables; unbound sources name nothing', () => {
    expect(keyOfSource({ type: 'signal', signalId: '7', equipId: '3', systemKey: '', mvarId: '' })).toBe(
      's:3.7',
    );
    expect(keyOfSource({ signalId: '7', equipId: '3', title: '', subTitle: '' })).toBe('s:3.7');
    expect(keyOfSource({ type: 'mvar', signalId: '', equipId: '', systemKey: '', mvarId: '9' })).toBe('m:9');
    expect(keyOfSource({ type: 'system', signalId: '', equipId: '', systemKey: 'time', mvarId: '' })).toBe(
      'k:time',
    );
    expect(keyOfSource({ type: 'signal', signalId: '', equipId: '3', systemKey: '', mvarId: '' })).toBe('');
  });
});

describe('animations', () => {
  it('compares numerically when both sides are numbers, else as text', () => {
    expect(compare(10, '>', '9')).toBe(true);
    expect(compare('10', '>', '9')).toBe(true);
    expect(compare('b', '>', 'a')).toBe(true);
    expect(compare(0, '==', '0')).toBe(true);
    expect(compare('Running', '==', 'Running')).toBe(true);
    expect(compare(null, '!=', '0')).toBe(false);
    expect(compare(undefined, '==', '0')).toBe(false);
    expect(compare(1.5, '<=', '1.5')).toBe(true);
  });

  const anim = (raw: Record<string, unknown>) =>
    animationSchema.parse({ enable: true, data: { signalId: '5', equipId: '1' }, ...raw });

  it('hides, twinkles, rotates and colours by the bound value', () => {
    const values = new Map([['s:1.5', { value: 3, ts: 1, quality: 0, stale: false }]]);
    const state = animationState(
      [
        anim({ type: 'visiable', symbol: '>', value: '5', show: true }),
        anim({ type: 'twinkle', symbol: '==', value: '3', speed: 500 }),
        anim({ type: 'rotate', symbol: '!=', value: '3' }),
        anim({
          type: 'fillColor',
          rows: [
            { symbol: '<', value: '2', color: '#00F' },
            { symbol: '>=', value: '2', color: '#F00' },
          ],
        }),
        anim({ type: 'fontColor', rows: [{ symbol: '>', value: '100', color: '#0F0' }] }),
      ],
      (k) => values.get(k),
    );
    expect(state).toEqual({
      hidden: true,
      twinkle: 500,
      rotate: null,
      fill: '#F00',
      border: null,
      font: null,
    });
  });

  it('ignores disabled animations and unbound values', () => {
    const state = animationState(
      [
        { ...anim({ type: 'visiable', show: true }), enable: false },
        anim({ type: 'rotate', symbol: '==', value: '0' }),
      ],
      () => undefined,
    );
    expect(state.hidden).toBe(false);
    expect(state.rotate).toBeNull();
  });
});

describe('device feeds', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const signal = (id: number, value: number, ts: number): MonitorSignal =>
    ({
      id,
      name: `v${id}`,
      key: '',
      unit: '',
      decimals: 2,
      dataType: 'float32',
      kind: 'device',
      rw: 'rw',
      mapping: [],
      writeUpper: null,
      writeLower: null,
      collectUpper: null,
      collectLower: null,
      pinned: null,
      seq: 0,
      storeHistory: false,
      value,
      ts,
      quality: 0,
    }) as MonitorSignal;

  function feeds(gateways: Record<string, GatewayProbe>) {
    const { store, frame } = manualStore();
    const calls: string[] = [];
    const handlers = new Map<string, (m: LiveMessage) => void>();
    const f = new DeviceFeeds(store, {
      signals: async (id) => [signal(Number(id) * 10, 1, 100)],
      probeGateway: async (id) => {
        calls.push(`probe ${id} @${Date.now()}`);
        return gateways[id]!;
      },
      open: async (id) => {
        calls.push(`open ${id} @${Date.now()}`);
        return true;
      },
      socket: (id, onMessage, onStatus: (s: LiveSocketStatus) => void) => {
        handlers.set(id, onMessage);
        let running = false;
        return {
          start: () => ((running = true), onStatus('open')),
          stop: () => (running = false),
          get isRunning() {
            return running;
          },
        } as unknown as LiveSocket;
      },
      pollAllowed: true,
      economize: false,
      onChange: () => undefined,
    });
    return { f, store, frame, calls, handlers };
  }

  it('starts devices 100 ms apart, opens online gateways, and feeds socket frames into the store', async () => {
    vi.setSystemTime(0);
    const { f, store, frame, calls, handlers } = feeds({
      '1': { status: 'online', vpn: false },
      '2': { status: 'offline', vpn: false },
    });
    f.start(['1', '2']);
    await vi.advanceTimersByTimeAsync(OPEN_SPACING_MS + 10);
    expect(calls).toEqual(['probe 1 @0', 'open 1 @0', `probe 2 @${OPEN_SPACING_MS}`]);
    frame();
    expect(store.valueOf('s:1.10')).toMatchObject({ value: 1, stale: false });
    expect(store.valueOf('s:2.20')).toMatchObject({ value: 1, stale: true });
    expect(f.signals.get('s:1.10')?.name).toBe('v10');
    handlers.get('1')!({
      type: 'signalVal',
      equipmentId: 1,
      values: [{ signalId: 10, ts: 200, value: 7, quality: 0 }],
    });
    frame();
    expect(store.valueOf('s:1.10')?.value).toBe(7);
    f.stop();
  });

  it('turns a frame into store values; other messages carry none', () => {
    expect(
      frameValues({
        type: 'signalVal',
        equipmentId: 3,
        values: [{ signalId: 4, ts: 5, value: 6, quality: 0 }],
      }),
    ).toEqual([{ key: 's:3.4', value: 6, ts: 5, quality: 0 }]);
    expect(frameValues({ type: 'idle', ts: 1 })).toEqual([]);
  });
});

describe('project feed', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const row = (equipmentId: number, online: boolean) => ({
    equipmentId,
    interval: 3600,
    online,
    status: online ? ('online' as const) : ('offline' as const),
    vpn: false,
  });

  function projectFeed(rows: () => ReturnType<typeof row>[]) {
    const { store, frame } = manualStore();
    const opens: string[] = [];
    let onMessage: ((m: ProjectLiveMessage) => void) | null = null;
    const feed = new ProjectFeed(store, {
      signals: async () => ({
        signals: [
          {
            equipmentId: 1,
            signalId: 10,
            name: 'level',
            unit: 'm',
            decimals: 2,
            rw: 'rw',
            value: 4,
            ts: 100,
            quality: 0,
          },
        ],
        mvars: [{ mvarId: 7, value: 12, ts: null }],
      }),
      gateways: async () => rows(),
      open: async (r) => void opens.push(`${r.equipmentId} @${Date.now()}`),
      socket: (handler) => {
        onMessage = handler;
        return { start: () => undefined, stop: () => undefined } as unknown as LiveSocket<ProjectLiveMessage>;
      },
      onChange: () => undefined,
    });
    return { feed, store, frame, opens, send: (m: ProjectLiveMessage) => onMessage!(m) };
  }

  it('opens online gateways 100 ms apart, again after 3570 s, and greys offline devices', async () => {
    vi.setSystemTime(0);
    let online = true;
    const { feed, store, frame, opens } = projectFeed(() => [row(1, true), row(2, true), row(3, online)]);
    feed.start(['1', '2', '3']);
    await vi.advanceTimersByTimeAsync(250);
    expect(opens).toEqual(['1 @0', `2 @${OPEN_SPACING_MS}`, `3 @${2 * OPEN_SPACING_MS}`]);
    frame();
    expect(store.valueOf('s:1.10')).toMatchObject({ value: 4, stale: false });
    expect(store.valueOf('m:7')?.value).toBe(12);
    // the 60 s polls do not open again until the refresh time has passed
    online = false;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(opens).toHaveLength(3);
    expect(store.isStale('3')).toBe(true);
    await vi.advanceTimersByTimeAsync(3_570_000);
    expect(opens.slice(3).map((o) => o.split(' ')[0])).toEqual(['1', '2']);
    feed.stop();
  });

  it('takes signal and mvar frames of the project socket', async () => {
    const { feed, store, frame, send } = projectFeed(() => []);
    feed.start([]);
    await vi.advanceTimersByTimeAsync(0);
    send({ type: 'mvarVal', projectId: 1, values: [{ mvarId: 7, value: 13, ts: 500 }] });
    send({ type: 'signalVal', equipmentId: 1, values: [{ signalId: 10, ts: 600, value: 5, quality: 0 }] });
    frame();
    expect(store.valueOf('m:7')?.value).toBe(13);
    expect(store.valueOf('s:1.10')?.value).toBe(5);
    expect(
      projectFrameValues({ type: 'mvarVal', projectId: 1, values: [{ mvarId: 8, value: 1, ts: null }] }),
    ).toEqual([{ key: 'm:8', value: 1, ts: 0, quality: 0 }]);
    feed.stop();
  });
});

describe('value store batches', () => {
  it('applies at most APPLY_BATCH keys a frame, the longest waiting first, and the rest next', () => {
    const { store, frame, frames } = manualStore();
    const keys = Array.from({ length: APPLY_BATCH + 5 }, (_, i) => signalKey(1, i));
    store.push(keys.map((key, i) => v(key, i, 100)));
    // a newer value of the first key keeps its place in the queue
    store.push([v(keys[0]!, -1, 200)]);
    frame();
    expect(keys.filter((k) => store.valueOf(k)).length).toBe(APPLY_BATCH);
    expect(store.valueOf(keys[0]!)?.value).toBe(-1);
    expect(store.valueOf(keys.at(-1)!)).toBeUndefined();
    expect(frames).toHaveLength(1);
    frame();
    expect(store.valueOf(keys.at(-1)!)?.value).toBe(APPLY_BATCH + 4);
    expect(frames).toHaveLength(0);
  });
});

describe('pacedFrames', () => {
  /** Animation frames 16 ms apart, run by hand; `ran` holds the time of each flush. */
  function frames(schedule: (flush: () => void) => void) {
    const queue: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => queue.push(cb));
    const ran: number[] = [];
    let now = 1000;
    return {
      ran,
      queue,
      request: () => schedule(() => ran.push(now)),
      frame: () => {
        now += 16;
        queue.splice(0).forEach((cb) => cb(now));
      },
    };
  }
  afterEach(() => vi.unstubAllGlobals());

  it('runs a flush in the first animation frame at least the interval after the previous one', () => {
    const { ran, queue, request, frame } = frames(pacedFrames(100));
    request();
    frame();
    expect(ran).toEqual([1016]);
    request();
    // the frames 16 … 96 ms after the first flush wait; the one 112 ms after runs it
    for (let i = 0; i < 6; i++) frame();
    expect(ran).toEqual([1016]);
    frame();
    expect(ran).toEqual([1016, 1128]);
    frame();
    expect(ran).toEqual([1016, 1128]);
    expect(queue).toEqual([]);
  });

  it('runs sooner while urgent, but never before the shorter interval', () => {
    let urgent = false;
    const { ran, request, frame } = frames(pacedFrames(100, 50, () => urgent));
    request();
    frame();
    urgent = true;
    request();
    // 16, 32 and 48 ms after the first flush wait; 64 ms after, with values piling up, it runs
    for (let i = 0; i < 3; i++) frame();
    expect(ran).toEqual([1016]);
    frame();
    expect(ran).toEqual([1016, 1080]);
  });
});

describe('live widget wrapper', () => {
  it('changes its snapshot only when what the wrapper draws changes', () => {
    const values = new Map<string, { value: number; ts: number; quality: number; stale: boolean }>();
    const valueOf = (k: string) => values.get(k);
    const text = defaultWidget('UsualDataText', { id: 't', x: 0, y: 0 });
    values.set('s:1.5', { value: 3, ts: 10, quality: 0, stale: false });
    // no animation, fresh: a constant number whatever the value
    expect(wrapperSnapshot(text, ['s:1.5'], 's:1.5', valueOf)).toBe(0);
    values.set('s:1.5', { value: 4, ts: 20, quality: 0, stale: true });
    expect(wrapperSnapshot(text, ['s:1.5'], 's:1.5', valueOf)).toContain('20');
    const lamp = defaultWidget('ShapeRect', { id: 'r', x: 0, y: 0 });
    lamp.animation = [
      animationSchema.parse({
        type: 'fillColor',
        enable: true,
        data: { signalId: '5', equipId: '1' },
        rows: [
          { symbol: '<', value: '500', color: '#52C41A' },
          { symbol: '>=', value: '500', color: '#F5222D' },
        ],
      }),
    ];
    values.set('s:1.5', { value: 100, ts: 30, quality: 0, stale: false });
    const green = wrapperSnapshot(lamp, ['s:1.5'], '', valueOf);
    values.set('s:1.5', { value: 200, ts: 40, quality: 0, stale: false });
    expect(wrapperSnapshot(lamp, ['s:1.5'], '', valueOf)).toBe(green);
    values.set('s:1.5', { value: 700, ts: 50, quality: 0, stale: false });
    expect(wrapperSnapshot(lamp, ['s:1.5'], '', valueOf)).not.toBe(green);
  });
});
