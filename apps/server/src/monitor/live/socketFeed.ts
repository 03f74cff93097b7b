import type { BusMessage, LiveMessage, LiveValue } from '@fieldhub/shared';

/** The part of a `ws` socket a feed uses (an interface, so the pacing can be unit-tested too). */
export interface FeedSocket {
  readonly bufferedAmount: number;
  readonly readyState: number;
  send(data: string): void;
  terminate(): void;
}

export interface FeedLimits {
  /** least time between two flushes to one socket (DESIGN.md §5: at most one frame per 100 ms) */
  frameGapMs: number;
  /** bytes the socket may hold unsent before the client counts as too slow and is dropped */
  maxBufferedBytes: number;
  /** alarm messages that may wait for one flush before the client is dropped */
  maxPendingEvents: number;
}

export const DEFAULT_FEED_LIMITS: FeedLimits = {
  frameGapMs: 100,
  maxBufferedBytes: 1024 * 1024,
  maxPendingEvents: 1000,
};

const OPEN = 1;

/**
 * What one live socket still has to send, and when. Values are coalesced: between two flushes
 * only the latest value of each signal is kept, so what waits is bounded by the device's signal
 * count. Alarm messages are state changes and are all kept, in order, up to a bound. A flush
 * sends one `signalVal` frame (and the alarm messages that arrived meanwhile, which are rare).
 *
 * A client that does not read is dropped, never queued for: before each flush the socket's own
 * send buffer is checked, and a socket over the limit is cut (the browser sees close code 1006,
 * reconnects after 10 s and starts again from a snapshot).
 */
export class SocketFeed {
  private values = new Map<number, LiveValue>();
  private events: BusMessage[] = [];
  private timer: NodeJS.Timeout | null = null;
  private lastFlush = 0;
  private closed = false;
  /** nothing is flushed before the snapshot went out */
  private started = false;
  /** frames sent (snapshot and idle texts included), for tests and diagnostics */
  framesSent = 0;

  constructor(
    private readonly socket: FeedSocket,
    readonly equipmentId: number,
    private readonly limits: FeedLimits,
    private readonly onDrop: (feed: SocketFeed) => void,
  ) {}

  get isClosed(): boolean {
    return this.closed;
  }

  /**
   * Sends the snapshot (the device's held values) as the socket's first frame; what arrived
   * meanwhile follows no sooner than one frame gap later.
   */
  begin(snapshot: LiveMessage): void {
    this.sendNow(snapshot);
    this.started = true;
    if (this.values.size || this.events.length) this.schedule();
  }

  /** Sends at once, outside the pacing (the snapshot, idle texts). */
  sendNow(msg: LiveMessage): void {
    if (this.closed || this.socket.readyState !== OPEN) return;
    // the snapshot is the first frame, idle text included
    if (msg.type === 'idle' && !this.started) return;
    if (this.tooSlow()) return;
    this.socket.send(JSON.stringify(msg));
    this.framesSent++;
    if (msg.type !== 'idle') this.lastFlush = Date.now();
  }

  push(msg: BusMessage): void {
    if (this.closed) return;
    if (msg.type === 'signalVal') {
      for (const v of msg.values) {
        const held = this.values.get(v.signalId);
        if (!held || held.ts <= v.ts) this.values.set(v.signalId, v);
      }
    } else {
      if (this.events.length >= this.limits.maxPendingEvents) return this.drop();
      this.events.push(msg);
    }
    this.schedule();
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
    const values = [...this.values.values()];
    const events = this.events;
    this.values = new Map();
    this.events = [];
    if (values.length)
      this.socket.send(JSON.stringify({ type: 'signalVal', equipmentId: this.equipmentId, values }));
    for (const e of events) this.socket.send(JSON.stringify(e));
    this.framesSent += (values.length ? 1 : 0) + events.length;
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
    // a close frame would wait behind the unread data: the connection is cut instead
    this.socket.terminate();
    this.onDrop(this);
  }

  /** Stops the feed (the socket closed); what waits is discarded. */
  dispose(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.values.clear();
    this.events = [];
  }
}
