import type { WebSocket } from 'ws';
import { TIMERS, type BusMessage } from '@fieldhub/shared';
import type { LiveBus } from '../liveBus';
import { DEFAULT_FEED_LIMITS, SocketFeed, type FeedLimits } from './socketFeed';

export interface LiveHubOptions extends Partial<FeedLimits> {
  /** how often every socket gets the idle text (docs/requirements/monitoring.md §5.1: 60 s) */
  idleMs?: number;
}

/**
 * The live sockets of one server instance, by device. The hub hears the bus once and hands each
 * message to the feeds of its device only; every socket gets the idle text and a ping every
 * 60 s, and a socket that answered none of the last two pings is cut (a peer gone without a close).
 */
export class LiveHub {
  private readonly feeds = new Map<number, Set<SocketFeed>>();
  /** idle ticks since the socket last answered a ping */
  private readonly unanswered = new WeakMap<SocketFeed, number>();
  private readonly sockets = new Map<SocketFeed, WebSocket>();
  private readonly limits: FeedLimits;
  private readonly unsubscribe: () => void;
  private readonly idleTimer: NodeJS.Timeout;

  constructor(bus: LiveBus, options: LiveHubOptions = {}) {
    this.limits = { ...DEFAULT_FEED_LIMITS, ...stripUndefined(options) };
    this.unsubscribe = bus.subscribe((msg) => this.dispatch(msg));
    this.idleTimer = setInterval(() => this.idleTick(), options.idleMs ?? TIMERS.socketIdlePing);
    this.idleTimer.unref();
  }

  /** Sockets held, over all devices. */
  get size(): number {
    return this.sockets.size;
  }

  attach(socket: WebSocket, equipmentId: number): SocketFeed {
    const feed = new SocketFeed(socket, equipmentId, this.limits, (f) => this.detach(f));
    let set = this.feeds.get(equipmentId);
    if (!set) this.feeds.set(equipmentId, (set = new Set()));
    set.add(feed);
    this.sockets.set(feed, socket);
    this.unanswered.set(feed, 0);
    socket.on('pong', () => this.unanswered.set(feed, 0));
    socket.on('close', () => this.detach(feed));
    socket.on('error', () => this.detach(feed));
    return feed;
  }

  private detach(feed: SocketFeed): void {
    feed.dispose();
    this.sockets.delete(feed);
    const set = this.feeds.get(feed.equipmentId);
    if (!set) return;
    set.delete(feed);
    if (!set.size) this.feeds.delete(feed.equipmentId);
  }

  private dispatch(msg: BusMessage): void {
    if (msg.type === 'mvarVal') return; // a project's values: the project sockets carry them
    const set = this.feeds.get(msg.equipmentId);
    if (!set) return;
    for (const feed of set) feed.push(msg);
  }

  private idleTick(): void {
    const idle = { type: 'idle' as const, ts: Date.now() };
    for (const [feed, socket] of this.sockets) {
      const missed = this.unanswered.get(feed) ?? 0;
      if (missed >= 2) {
        socket.terminate();
        this.detach(feed);
        continue;
      }
      this.unanswered.set(feed, missed + 1);
      feed.sendNow(idle);
      if (!feed.isClosed) socket.ping();
    }
  }

  close(): void {
    clearInterval(this.idleTimer);
    this.unsubscribe();
    for (const feed of [...this.sockets.keys()]) this.detach(feed);
  }
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
