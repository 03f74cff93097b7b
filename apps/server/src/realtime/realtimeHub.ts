import type { WebSocket } from 'ws';
import { TIMERS } from '@fieldhub/shared';
import { feedLimits, type FeedLimits, type PacedFeed } from './pacedFeed';

/** A feed the hub can keep alive: any paced feed, whatever frames it carries. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyFeed = PacedFeed<any>;

/**
 * Topics a feed listens to: `device:<equipmentId>` (a device's values and alarms),
 * `project:<projectId>` (a project's intermediate variables), `account:<accountId>` (messages).
 */
export type Topic = `device:${number}` | `project:${number}` | `account:${number}`;

export interface RealtimeHubOptions extends Partial<FeedLimits> {
  /** how often every socket gets the idle text and a ping (docs/requirements/monitoring.md §5.1: 60 s) */
  idleMs?: number;
}

interface Held {
  socket: WebSocket;
  topics: readonly Topic[];
  /** idle ticks since the socket last answered a ping */
  unanswered: number;
}

/**
 * Every platform websocket of one server instance, whatever it carries. Feeds are attached with
 * the topics they listen to; `publish` hands a message to the feeds of one topic only. Every
 * socket gets the idle text and a ping each idle interval, and one that answered none of the last
 * two pings is cut (a peer gone without a close). Pacing, coalescing and back-pressure are the
 * feeds' (pacedFeed.ts).
 */
export class RealtimeHub {
  private readonly byTopic = new Map<Topic, Set<AnyFeed>>();
  private readonly held = new Map<AnyFeed, Held>();
  private readonly idleTimer: NodeJS.Timeout;
  /** the pacing and back-pressure limits of every feed */
  readonly limits: FeedLimits;

  constructor(options: RealtimeHubOptions = {}) {
    const { idleMs: _idle, ...limits } = options;
    this.limits = feedLimits(limits);
    this.idleTimer = setInterval(() => this.idleTick(), options.idleMs ?? TIMERS.socketIdlePing);
    this.idleTimer.unref();
  }

  /** Sockets held. */
  get size(): number {
    return this.held.size;
  }

  /** Sockets held that listen to a kind of topic (`device`, `project`, `account`). */
  sizeOf(kind: Topic extends `${infer K}:${number}` ? K : never): number {
    let n = 0;
    for (const h of this.held.values()) if (h.topics.some((t) => t.startsWith(`${kind}:`))) n++;
    return n;
  }

  /**
   * Makes a socket's feed with the hub's limits (dropped from the hub when it cuts a slow client)
   * and attaches it to the topics. Attach before reading the snapshot, so nothing published in
   * between is missed; the feed sends nothing before its snapshot.
   */
  open<F extends AnyFeed>(
    socket: WebSocket,
    topics: readonly Topic[],
    make: (limits: FeedLimits, onDrop: (feed: AnyFeed) => void) => F,
  ): F {
    return this.attach(
      socket,
      make(this.limits, (feed) => this.detach(feed)),
      topics,
    );
  }

  attach<F extends AnyFeed>(socket: WebSocket, feed: F, topics: readonly Topic[]): F {
    this.held.set(feed, { socket, topics, unanswered: 0 });
    for (const topic of topics) {
      let set = this.byTopic.get(topic);
      if (!set) this.byTopic.set(topic, (set = new Set()));
      set.add(feed);
    }
    socket.on('pong', () => {
      const h = this.held.get(feed);
      if (h) h.unanswered = 0;
    });
    socket.on('close', () => this.detach(feed));
    socket.on('error', () => this.detach(feed));
    return feed;
  }

  /** Hands a message to every feed listening to the topic. */
  publish<F = AnyFeed>(topic: Topic, deliver: (feed: F) => void): void {
    const set = this.byTopic.get(topic);
    if (set) for (const feed of set) deliver(feed as unknown as F);
  }

  /** Stops a feed and forgets its socket (closed, errored, or dropped by the feed as too slow). */
  detach(feed: AnyFeed): void {
    feed.dispose();
    const h = this.held.get(feed);
    if (!h) return;
    this.held.delete(feed);
    for (const topic of h.topics) {
      const set = this.byTopic.get(topic);
      if (!set) continue;
      set.delete(feed);
      if (!set.size) this.byTopic.delete(topic);
    }
  }

  private idleTick(): void {
    const idle = { type: 'idle' as const, ts: Date.now() };
    for (const [feed, h] of [...this.held]) {
      if (h.unanswered >= 2) {
        h.socket.terminate();
        this.detach(feed);
        continue;
      }
      h.unanswered++;
      feed.sendNow(idle);
      if (!feed.isClosed) h.socket.ping();
    }
  }

  /** Closes every socket (going away) and stops the heartbeat. */
  close(): void {
    clearInterval(this.idleTimer);
    for (const [feed, h] of [...this.held]) {
      this.detach(feed);
      h.socket.close(1001);
    }
  }
}
