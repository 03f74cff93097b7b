/**
 * The realtime layer (docs/requirements/monitoring.md §5.1, messages.md §5.1; DESIGN.md §5): what
 * every platform websocket shares, whatever it carries (device values, a project page's values,
 * messages). A feed paces one socket; the hub (realtimeHub.ts) routes to feeds and keeps them alive.
 */

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
  /** state-change messages (alarms) that may wait for one flush before the client is dropped */
  maxPendingEvents: number;
}

export const DEFAULT_FEED_LIMITS: FeedLimits = {
  frameGapMs: 100,
  maxBufferedBytes: 1024 * 1024,
  maxPendingEvents: 1000,
};

/** The limits with the given ones (undefined ones left at their default). */
export function feedLimits(options: Partial<FeedLimits> = {}): FeedLimits {
  const given = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));
  return { ...DEFAULT_FEED_LIMITS, ...given };
}

const OPEN = 1;

/**
 * What one socket still has to send, and when. A subclass takes messages in (`push`, coalescing
 * values so that what waits stays bounded) and `drain`s them into frames; this class sends them
 * at most once per frame gap, and never before the snapshot (`begin`). A client that does not read
 * is dropped, never queued for: before each send the socket's own buffer is checked, and a socket
 * over the limit is cut (the browser sees close code 1006, reconnects and starts from a snapshot).
 */
export abstract class PacedFeed<Frame extends { type: string }> {
  private timer: NodeJS.Timeout | null = null;
  private lastFlush = 0;
  private closed = false;
  /** a drain that reads (the database) is under way: the next flush waits for it */
  private flushing = false;
  /** nothing is flushed before the snapshot went out */
  private started = false;
  /** frames sent (snapshot and idle texts included), for tests and diagnostics */
  framesSent = 0;

  constructor(
    protected readonly socket: FeedSocket,
    protected readonly limits: FeedLimits,
    private readonly onDrop: (feed: PacedFeed<Frame>) => void,
  ) {}

  get isClosed(): boolean {
    return this.closed;
  }

  /** Whether anything waits for the next flush. */
  protected abstract hasPending(): boolean;
  /** Takes what waits, as the frames of one flush (in order). */
  protected abstract drain(): Frame[] | Promise<Frame[]>;
  /** Discards what waits (the feed stopped). */
  protected abstract clear(): void;
  /** A drain that reads failed: what it took is lost, the next one may succeed (a subclass logs it). */
  protected drainFailed(err: unknown): void {
    void err;
  }

  /**
   * Sends the snapshot frames as the socket's first; what arrived meanwhile follows no sooner than
   * one frame gap later.
   */
  begin(snapshot: readonly Frame[]): void {
    for (const frame of snapshot) this.sendNow(frame);
    this.started = true;
    if (this.hasPending()) this.schedule();
  }

  /** Sends at once, outside the pacing (the snapshot, idle texts). */
  sendNow(frame: Frame): void {
    if (this.closed || this.socket.readyState !== OPEN) return;
    // the snapshot is the first frame, idle text included
    if (frame.type === 'idle' && !this.started) return;
    if (this.tooSlow()) return;
    this.socket.send(JSON.stringify(frame));
    this.framesSent++;
    if (frame.type !== 'idle') this.lastFlush = Date.now();
  }

  /** A subclass took something in: a flush follows within a frame gap. */
  protected schedule(): void {
    if (this.timer || this.flushing || !this.started || this.closed) return;
    const wait = Math.max(0, this.lastFlush + this.limits.frameGapMs - Date.now());
    this.timer = setTimeout(() => this.flush(), wait);
  }

  /** More state changes wait than the limit: the client is too slow and is cut. */
  protected eventsOverLimit(waiting: number): boolean {
    if (waiting < this.limits.maxPendingEvents) return false;
    this.drop();
    return true;
  }

  private flush(): void {
    this.timer = null;
    if (this.closed || this.socket.readyState !== OPEN) return;
    if (this.tooSlow()) return;
    let drained: Frame[] | Promise<Frame[]>;
    try {
      drained = this.drain();
    } catch (err) {
      this.drainFailed(err);
      return this.flushed();
    }
    if (!(drained instanceof Promise)) {
      this.send(drained);
      return this.flushed();
    }
    // a drain that reads: nothing else is flushed until it is done
    this.flushing = true;
    drained
      .then(
        (frames) => this.send(frames),
        (err: unknown) => this.drainFailed(err),
      )
      .finally(() => {
        this.flushing = false;
        this.flushed();
      });
  }

  private send(frames: readonly Frame[]): void {
    for (const frame of frames) {
      if (this.closed || this.socket.readyState !== OPEN || this.tooSlow()) return;
      this.socket.send(JSON.stringify(frame));
      this.framesSent++;
    }
  }

  private flushed(): void {
    this.lastFlush = Date.now();
    if (this.hasPending()) this.schedule();
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
    this.clear();
  }
}
