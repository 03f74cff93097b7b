import type { BusMessage, LiveValue, MvarValue, ProjectLiveMessage } from '@fieldhub/shared';
import { PacedFeed, type FeedLimits, type FeedSocket } from '../../realtime/pacedFeed';
import type { ProjectWatch } from './projectTokens';

/**
 * What one project socket still has to send (the realtime layer's PacedFeed paces it), for many
 * devices and the project's mvars. Between two flushes only the latest value of each signal and
 * each mvar is kept, so what waits is bounded by the page's bindings; alarms are all kept, in
 * order, up to a bound. A flush sends one `signalVal` frame per device, one `mvarVal` frame and
 * the alarms.
 */
export class ProjectFeed extends PacedFeed<ProjectLiveMessage> {
  private values = new Map<number, Map<number, LiveValue>>();
  private mvars = new Map<number, MvarValue>();
  /** time of the newest reading behind each mvar value taken so far */
  private readonly mvarTs = new Map<number, number>();
  private events: BusMessage[] = [];
  private readonly signalIds: ReadonlySet<number>;
  private readonly mvarIds: ReadonlySet<number>;

  constructor(
    socket: FeedSocket,
    readonly watch: ProjectWatch,
    limits: FeedLimits,
    onDrop: (feed: ProjectFeed) => void,
  ) {
    super(socket, limits, onDrop as (feed: PacedFeed<ProjectLiveMessage>) => void);
    this.signalIds = new Set(watch.signalIds);
    this.mvarIds = new Set(watch.mvarIds);
  }

  /** Sends the snapshot frames first; what arrived meanwhile follows a frame gap later. */
  override begin(snapshot: readonly ProjectLiveMessage[]): void {
    for (const frame of snapshot)
      if (frame.type === 'mvarVal')
        for (const v of frame.values) if (v.ts !== null) this.mvarTs.set(v.mvarId, v.ts);
    super.begin(snapshot);
  }

  /** Takes what the page watches from a bus message (the hub routes by device and project). */
  push(msg: BusMessage): void {
    if (this.isClosed) return;
    switch (msg.type) {
      case 'signalVal': {
        let held = this.values.get(msg.equipmentId);
        for (const v of msg.values) {
          if (!this.signalIds.has(v.signalId)) continue;
          if (!held) this.values.set(msg.equipmentId, (held = new Map()));
          const prev = held.get(v.signalId);
          if (!prev || prev.ts <= v.ts) held.set(v.signalId, v);
        }
        if (!held) return;
        break;
      }
      case 'mvarVal': {
        const mine = msg.values.filter((v) => this.mvarIds.has(v.mvarId) && !this.olderThanSeen(v));
        if (!mine.length) return;
        for (const v of mine) {
          this.mvars.set(v.mvarId, v);
          if (v.ts !== null) this.mvarTs.set(v.mvarId, v.ts);
        }
        break;
      }
      case 'signalAlarm':
      case 'gatewayAlarm':
        if (this.eventsOverLimit(this.events.length)) return;
        this.events.push(msg);
        break;
    }
    this.schedule();
  }

  /**
   * An mvar value computed from older readings than one already taken: two batches computed at
   * once may publish out of order, and the page keeps the newer.
   */
  private olderThanSeen(v: MvarValue): boolean {
    const seen = this.mvarTs.get(v.mvarId);
    return seen !== undefined && v.ts !== null && v.ts < seen;
  }

  protected hasPending(): boolean {
    return this.values.size > 0 || this.mvars.size > 0 || this.events.length > 0;
  }

  protected drain(): ProjectLiveMessage[] {
    const frames: ProjectLiveMessage[] = [];
    for (const [equipmentId, held] of this.values)
      frames.push({ type: 'signalVal', equipmentId, values: [...held.values()] });
    if (this.mvars.size)
      frames.push({ type: 'mvarVal', projectId: this.watch.projectId, values: [...this.mvars.values()] });
    frames.push(...(this.events as ProjectLiveMessage[]));
    this.values = new Map();
    this.mvars = new Map();
    this.events = [];
    return frames;
  }

  protected clear(): void {
    this.values.clear();
    this.mvars.clear();
    this.events = [];
  }
}
