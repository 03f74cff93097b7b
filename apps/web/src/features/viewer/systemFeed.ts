/**
 * Live values of the system keys a page shows (docs/requirements/pages-and-designer.md §6.2): the
 * clock keys tick every second, `user` is the logged-in account, and the counts (devices, online,
 * offline, active alarms of the page's scope) are asked at start, again shortly after an alarm or
 * gateway frame of the page's sockets, and every gateway-poll interval for the scope's devices that
 * are not on the page. Values go into the `ValueStore` like any other source.
 */
import { TIMERS } from '@fieldhub/shared';
import { SYSTEM_KEY_SOURCE, clockText, type SystemKey } from '@fieldhub/hmi';
import { systemKeyOf, type IncomingValue, type ValueStore } from './valueStore';

/** The counts of the page's scope (a device page: its device; a project page: the project's devices). */
export interface ScopeCounts {
  devices: number;
  online: number;
  offline: number;
  /** active alarms, signal and gateway */
  alarms: number;
}

export interface SystemFeedDeps {
  /** the system keys the page shows */
  keys: readonly SystemKey[];
  /** the logged-in account's name */
  user: string;
  counts(): Promise<ScopeCounts>;
  now?: () => number;
}

/** How long after an alarm or gateway frame the counts are asked again (frames come in bursts). */
export const COUNTS_SETTLE_MS = 1000;

const COUNT_OF: Readonly<Partial<Record<SystemKey, keyof ScopeCounts>>> = {
  deviceCount: 'devices',
  onlineCount: 'online',
  offlineCount: 'offline',
  alarmCount: 'alarms',
};

/** The store entries of the counts for the keys shown. */
export function countValues(keys: readonly SystemKey[], counts: ScopeCounts, ts: number): IncomingValue[] {
  return keys.flatMap((key) => {
    const field = COUNT_OF[key];
    return field ? [{ key: systemKeyOf(key), value: counts[field], ts, quality: 0 }] : [];
  });
}

/** The store entries of the clock keys shown at `ts`. */
export function clockValues(keys: readonly SystemKey[], ts: number): IncomingValue[] {
  const at = new Date(ts);
  return keys.flatMap((key) =>
    key === 'time' || key === 'date' || key === 'datetime'
      ? [{ key: systemKeyOf(key), value: clockText(key, at), ts, quality: 0 }]
      : [],
  );
}

/**
 * The devices a device page watches: those it binds, and its own device when it shows counts, so
 * the device's alarm and gateway frames reach the counts.
 */
export function devicesWatched(
  bound: readonly string[],
  keys: readonly SystemKey[],
  pageDevice: string,
): string[] {
  const counts = keys.some((k) => SYSTEM_KEY_SOURCE[k] === 'counts');
  return counts && pageDevice && !bound.includes(pageDevice) ? [...bound, pageDevice] : [...bound];
}

export class SystemFeed {
  private clockTimer: ReturnType<typeof setTimeout> | null = null;
  private countsTimer: ReturnType<typeof setInterval> | null = null;
  private settle: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private readonly now: () => number;
  private readonly clock: SystemKey[];
  private readonly counted: SystemKey[];

  constructor(
    private readonly store: ValueStore,
    private readonly deps: SystemFeedDeps,
  ) {
    this.now = deps.now ?? Date.now;
    this.clock = deps.keys.filter((k) => SYSTEM_KEY_SOURCE[k] === 'clock');
    this.counted = deps.keys.filter((k) => SYSTEM_KEY_SOURCE[k] === 'counts');
  }

  start(): void {
    if (this.deps.keys.includes('user'))
      this.store.push([{ key: systemKeyOf('user'), value: this.deps.user, ts: this.now(), quality: 0 }]);
    if (this.clock.length) this.tick();
    if (this.counted.length) {
      void this.askCounts();
      this.countsTimer = setInterval(() => void this.askCounts(), TIMERS.gatewayPoll);
    }
  }

  stop(): void {
    this.stopped = true;
    if (this.clockTimer) clearTimeout(this.clockTimer);
    if (this.countsTimer) clearInterval(this.countsTimer);
    if (this.settle) clearTimeout(this.settle);
  }

  /** An alarm or gateway frame arrived: the counts are asked again once the burst settles. */
  changed = (): void => {
    if (this.stopped || !this.counted.length || this.settle) return;
    this.settle = setTimeout(() => {
      this.settle = null;
      void this.askCounts();
    }, COUNTS_SETTLE_MS);
  };

  /** Pushes the clock keys, then again at the start of the next second. */
  private tick(): void {
    if (this.stopped) return;
    const now = this.now();
    this.store.push(clockValues(this.clock, now));
    this.clockTimer = setTimeout(() => this.tick(), 1000 - (now % 1000));
  }

  private async askCounts(): Promise<void> {
    try {
      const counts = await this.deps.counts();
      if (!this.stopped) this.store.push(countValues(this.counted, counts, this.now()));
    } catch {
      // the next frame or interval asks again; the keys keep their last values meanwhile
    }
  }
}
