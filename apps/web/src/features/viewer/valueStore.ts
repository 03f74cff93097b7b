/**
 * The viewer's live values: the view-mode `WidgetRuntime` that widget bodies read through
 * `useRuntimeValue`. Socket frames and query answers are queued as they arrive and applied once
 * per animation frame; each subscriber is told only when a key it listens to changed, so a widget
 * re-renders only for its own bound values (issue 8 item 5).
 *
 * Keys: `s:{equipId}.{signalId}` for signals, `k:{systemKey}` for system keys, `m:{mvarId}` for
 * intermediate variables, `a:{equipId}` and `a:*` for alarm events (`alarmEventKey`). A value older than the one held is dropped (docs/requirements/monitoring.md §4.5).
 */
import type {
  FailedReadingRule,
  RuntimeSource,
  RuntimeValue,
  WidgetRuntime,
} from '../../app/widgets/runtime';

/** One incoming value of a source key (a socket value, a query row). */
export interface IncomingValue {
  key: string;
  value: number | string | null;
  ts: number;
  quality: number;
}

export const signalKey = (equipId: string | number, signalId: string | number) => `s:${equipId}.${signalId}`;
export const mvarKey = (mvarId: string | number) => `m:${mvarId}`;
export const systemKeyOf = (key: string) => `k:${key}`;

/** The key of a bound source, '' when it names nothing. */
export function keyOfSource(source: RuntimeSource): string {
  // a signal reference of an array has no type: it names a signal
  const s = source as {
    type?: unknown;
    mvarId?: unknown;
    systemKey?: unknown;
    signalId: string;
    equipId: string;
  };
  const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
  if (s.type === 'mvar') return text(s.mvarId) ? mvarKey(text(s.mvarId)) : '';
  if (s.type === 'system') return text(s.systemKey) ? systemKeyOf(text(s.systemKey)) : '';
  // an item of mvarArray or systemArray names its source by its own field
  if (s.type === undefined && text(s.mvarId)) return mvarKey(text(s.mvarId));
  if (s.type === undefined && text(s.systemKey)) return systemKeyOf(text(s.systemKey));
  return s.signalId && s.equipId ? signalKey(s.equipId, s.signalId) : '';
}

/** The equipment a key belongs to ('' for system keys and intermediate variables). */
export function equipOfKey(key: string): string {
  if (!key.startsWith('s:')) return '';
  return key.slice(2, key.indexOf('.'));
}

/**
 * Shortest time between two applications of queued values. Each application repaints the changed
 * widgets, and the browser then re-layerizes the whole page (its cost grows with the widget count,
 * not with the number of changes), so values are applied in an animation frame at most this often.
 */
export const APPLY_INTERVAL_MS = 100;

/**
 * Most keys applied in one frame: each changed widget is laid out and painted again in that
 * frame, so a flood of values is spread over several frames (the oldest queued keys first) rather
 * than making one long frame. Once this many keys wait, the next application comes sooner.
 */
export const APPLY_BATCH = 80;
export const APPLY_SOON_MS = 66;

/**
 * Runs `flush` in the first animation frame at least `ms` after the previous run, or at least
 * `soonMs` after it while `urgent()` holds.
 */
export function pacedFrames(ms: number, soonMs = ms, urgent: () => boolean = () => false) {
  let last = 0;
  return (flush: () => void) => {
    const tick = (now: number) => {
      const since = now - last;
      if (since < ms && !(since >= soonMs && urgent())) {
        requestAnimationFrame(tick);
        return;
      }
      last = now;
      flush();
    };
    requestAnimationFrame(tick);
  };
}

export interface ValueStoreOptions {
  scope: WidgetRuntime['scope'];
  /** a project's rule for a failed reading (docs/requirements/projects.md §2.1) */
  failedReading?: FailedReadingRule | undefined;
  /** runs `flush` before the next paint; requestAnimationFrame in the browser */
  schedule?: (flush: () => void) => void;
}

export class ValueStore implements WidgetRuntime {
  readonly mode = 'view' as const;
  readonly scope: WidgetRuntime['scope'];
  readonly failedReading: FailedReadingRule | undefined;
  private readonly held = new Map<string, RuntimeValue>();
  private readonly pending = new Map<string, IncomingValue>();
  private readonly listeners = new Map<string, Set<() => void>>();
  private readonly staleEquips = new Set<string>();
  private readonly staleChanged = new Set<string>();
  private scheduled = false;
  private readonly schedule: (flush: () => void) => void;

  constructor(options: ValueStoreOptions) {
    this.scope = options.scope;
    this.failedReading = options.failedReading;
    this.schedule =
      options.schedule ??
      pacedFrames(APPLY_INTERVAL_MS, APPLY_SOON_MS, () => this.pending.size >= APPLY_BATCH);
  }

  keyOf = (source: RuntimeSource): string => keyOfSource(source);

  valueOf = (key: string): RuntimeValue | undefined => this.held.get(key);

  subscribe = (key: string, listener: () => void): (() => void) => {
    let set = this.listeners.get(key);
    if (!set) this.listeners.set(key, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (!set.size) this.listeners.delete(key);
    };
  };

  /** Queues values; the newest per key wins, applied on the next frame. */
  push(values: Iterable<IncomingValue>): void {
    for (const v of values) {
      const queued = this.pending.get(v.key);
      if (!queued || v.ts >= queued.ts) this.pending.set(v.key, v);
    }
    this.request();
  }

  /** Marks the values of one equipment stale (its gateway is offline) or fresh again. */
  setStale(equipId: string, stale: boolean): void {
    if (stale === this.staleEquips.has(equipId)) return;
    if (stale) this.staleEquips.add(equipId);
    else this.staleEquips.delete(equipId);
    this.staleChanged.add(equipId);
    this.request();
  }

  isStale(equipId: string): boolean {
    return this.staleEquips.has(equipId);
  }

  private request(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    this.schedule(() => this.flush());
  }

  /**
   * Applies queued values, at most APPLY_BATCH changed keys (the longest waiting first; the rest
   * wait for the next frame), and tells the listeners of the keys that changed.
   */
  flush(): void {
    this.scheduled = false;
    const changed: string[] = [];
    for (const [key, v] of this.pending) {
      if (changed.length >= APPLY_BATCH) break;
      this.pending.delete(key);
      const shown = this.held.get(key);
      if (shown && v.ts < shown.ts) continue;
      const stale = this.staleEquips.has(equipOfKey(key));
      if (shown && shown.ts === v.ts && shown.value === v.value && shown.quality === v.quality) continue;
      // a failed reading keeps the last value read well (shown under the project rule `last`)
      const last = v.quality === 0 || !shown ? undefined : shown.quality === 0 ? shown.value : shown.last;
      this.held.set(key, {
        value: v.value,
        ts: v.ts,
        quality: v.quality,
        stale,
        ...(last !== undefined && { last }),
      });
      changed.push(key);
    }
    if (this.pending.size) this.request();
    if (this.staleChanged.size) {
      for (const [key, shown] of this.held) {
        const equip = equipOfKey(key);
        if (!this.staleChanged.has(equip)) continue;
        const stale = this.staleEquips.has(equip);
        if (shown.stale === stale) continue;
        this.held.set(key, { ...shown, stale });
        changed.push(key);
      }
      this.staleChanged.clear();
    }
    for (const key of changed) {
      const set = this.listeners.get(key);
      if (set) for (const listener of [...set]) listener();
    }
  }
}
