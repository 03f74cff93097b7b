import type { BusMessage, LiveMessage, LiveValue } from '@fieldhub/shared';
import { PacedFeed, type FeedLimits, type FeedSocket } from '../../realtime/pacedFeed';

export { DEFAULT_FEED_LIMITS, type FeedLimits, type FeedSocket } from '../../realtime/pacedFeed';

/**
 * What one device's live socket still has to send (the realtime layer's PacedFeed paces it).
 * Values are coalesced: between two flushes only the latest value of each signal is kept, so what
 * waits is bounded by the device's signal count. Alarm messages are state changes and are all
 * kept, in order, up to a bound. A flush sends one `signalVal` frame and the alarm messages that
 * arrived meanwhile (which are rare).
 */
export class SocketFeed extends PacedFeed<LiveMessage> {
  private values = new Map<number, LiveValue>();
  private events: BusMessage[] = [];

  constructor(
    socket: FeedSocket,
    readonly equipmentId: number,
    limits: FeedLimits,
    onDrop: (feed: SocketFeed) => void,
  ) {
    super(socket, limits, onDrop as (feed: PacedFeed<LiveMessage>) => void);
  }

  /** Sends the snapshot (the device's held values) as the socket's first frame. */
  override begin(snapshot: LiveMessage | readonly LiveMessage[]): void {
    super.begin(Array.isArray(snapshot) ? snapshot : [snapshot as LiveMessage]);
  }

  push(msg: BusMessage): void {
    if (this.isClosed) return;
    if (msg.type === 'mvarVal') return; // a project's values: the project sockets carry them
    if (msg.type === 'signalVal') {
      for (const v of msg.values) {
        const held = this.values.get(v.signalId);
        if (!held || held.ts <= v.ts) this.values.set(v.signalId, v);
      }
    } else {
      if (this.eventsOverLimit(this.events.length)) return;
      this.events.push(msg);
    }
    this.schedule();
  }

  protected hasPending(): boolean {
    return this.values.size > 0 || this.events.length > 0;
  }

  protected drain(): LiveMessage[] {
    const frames: LiveMessage[] = [];
    if (this.values.size)
      frames.push({ type: 'signalVal', equipmentId: this.equipmentId, values: [...this.values.values()] });
    frames.push(...(this.events as LiveMessage[]));
    this.values = new Map();
    this.events = [];
    return frames;
  }

  protected clear(): void {
    this.values.clear();
    this.events = [];
  }
}
