import type { BusMessage, LiveValue, MvarValue, ProjectLiveMessage } from '@fieldhub/shared';
import type { FeedLimits, FeedSocket } from '../live/socketFeed';
import type { ProjectWatch } from './projectTokens';

const OPEN = 1;

/**
 * What one project socket still has to send, and when (the device socket's SocketFeed, for many
 * devices and the project's mvars). Between two flushes only the latest value of each signal and
 * each mvar is kept, so what waits is bounded by the page's bindings; alarms are all kept, in
 * order, up to a bound. A flush sends one `signalVal` frame per device, one `mvarVal` frame and
 * the alarms. A client that does not read is cut, never queued for.
 */
export class ProjectFeed {
  private values = new Map<number, Map<number, LiveValue>>();
  private mvars = new Map<number, MvarValue>();
  /** time of the newest reading behind each mvar value taken so far */
  private readonly mvarTs = new Map<number, number>();
  private events: BusMessage[] = [];
  private timer: NodeJS.Timeout | null = null;
  private lastFlush = 0;
  private closed = false;
  private started = false;
  private readonly signalIds: ReadonlySet<number>;
  private readonly mvarIds: ReadonlySet<number>;

  constructor(
    private readonly socket: FeedSocket,
    readonly watch: ProjectWatch,
    private readonly limits: FeedLimits,
    private readonly onDrop: (feed: ProjectFeed) => void,
  ) {
    this.signalIds = new Set(watch.signalIds);
    this.mvarIds = new Set(watch.mvarIds);
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Sends the snapshot frames first; what arrived meanwhile follows a frame gap later. */
  begin(snapshot: readonly ProjectLiveMessage[]): void {
    for (const frame of snapshot) {
      if (frame.type === 'mvarVal')
        for (const v of frame.values) if (v.ts !== null) this.mvarTs.set(v.mvarId, v.ts);
      this.sendNow(frame);
    }
    this.started = true;
    if (this.values.size || this.mvars.size || this.events.length) this.schedule();
  }

  /** Sends at once, outside the pacing (snapshot, idle texts). */
  sendNow(msg: ProjectLiveMessage): void {
    if (this.closed || this.socket.readyState !== OPEN) return;
    if (msg.type === 'idle' && !this.started) return;
    if (this.tooSlow()) return;
    this.socket.send(JSON.stringify(msg));
    if (msg.type !== 'idle') this.lastFlush = Date.now();
  }

  /** Takes what the page watches from a bus message (the hub routes by device and project). */
  push(msg: BusMessage): void {
    if (this.closed) return;
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
        if (this.events.length >= this.limits.maxPendingEvents) return this.drop();
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

  private schedule(): void {
    if (this.timer || !this.started) return;
    const wait = Math.max(0, this.lastFlush + this.limits.frameGapMs - Date.now());
    this.timer = setTimeout(() => this.flush(), wait);
  }

  private flush(): void {
    this.timer = null;
    if (this.closed || this.socket.readyState !== OPEN) return;
    if (this.tooSlow()) return;
    const frames: ProjectLiveMessage[] = [];
    for (const [equipmentId, held] of this.values)
      frames.push({ type: 'signalVal', equipmentId, values: [...held.values()] });
    if (this.mvars.size)
      frames.push({ type: 'mvarVal', projectId: this.watch.projectId, values: [...this.mvars.values()] });
    frames.push(...(this.events as ProjectLiveMessage[]));
    this.values = new Map();
    this.mvars = new Map();
    this.events = [];
    for (const frame of frames) this.socket.send(JSON.stringify(frame));
    this.lastFlush = Date.now();
  }

  private tooSlow(): boolean {
    if (this.socket.bufferedAmount <= this.limits.maxBufferedBytes) return false;
    this.drop();
    return true;
  }

  private drop(): void {
    if (this.closed) return;
    this.dispose();
    this.socket.terminate();
    this.onDrop(this);
  }

  dispose(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.values.clear();
    this.mvars.clear();
    this.events = [];
  }
}
