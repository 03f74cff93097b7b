import type { WebSocket } from 'ws';
import { TIMERS, type BusMessage } from '@fieldhub/shared';
import type { LiveBus } from '../liveBus';
import type { LiveHubOptions } from '../live/liveHub';
import { DEFAULT_FEED_LIMITS, type FeedLimits } from '../live/socketFeed';
import { ProjectFeed } from './projectFeed';
import type { ProjectWatch } from './projectTokens';

/**
 * The project sockets of one server instance. The hub hears the bus once and hands a device's
 * messages to the feeds watching that device, a project's mvar values to that project's feeds;
 * every socket gets the idle text and a ping every 60 s, and one that answered none of the last
 * two pings is cut (as the device sockets' LiveHub).
 */
export class ProjectHub {
  private readonly byDevice = new Map<number, Set<ProjectFeed>>();
  private readonly byProject = new Map<number, Set<ProjectFeed>>();
  private readonly sockets = new Map<ProjectFeed, WebSocket>();
  private readonly unanswered = new WeakMap<ProjectFeed, number>();
  private readonly limits: FeedLimits;
  private readonly unsubscribe: () => void;
  private readonly idleTimer: NodeJS.Timeout;

  constructor(bus: LiveBus, options: LiveHubOptions = {}) {
    const { idleMs, ...limits } = options;
    this.limits = {
      ...DEFAULT_FEED_LIMITS,
      ...Object.fromEntries(Object.entries(limits).filter(([, v]) => v !== undefined)),
    };
    this.unsubscribe = bus.subscribe((msg) => this.dispatch(msg));
    this.idleTimer = setInterval(() => this.idleTick(), idleMs ?? TIMERS.socketIdlePing);
    this.idleTimer.unref();
  }

  get size(): number {
    return this.sockets.size;
  }

  attach(socket: WebSocket, watch: ProjectWatch): ProjectFeed {
    const feed = new ProjectFeed(socket, watch, this.limits, (f) => this.detach(f));
    for (const id of watch.equipmentIds) addTo(this.byDevice, id, feed);
    addTo(this.byProject, watch.projectId, feed);
    this.sockets.set(feed, socket);
    this.unanswered.set(feed, 0);
    socket.on('pong', () => this.unanswered.set(feed, 0));
    socket.on('close', () => this.detach(feed));
    socket.on('error', () => this.detach(feed));
    return feed;
  }

  private detach(feed: ProjectFeed): void {
    feed.dispose();
    this.sockets.delete(feed);
    for (const id of feed.watch.equipmentIds) removeFrom(this.byDevice, id, feed);
    removeFrom(this.byProject, feed.watch.projectId, feed);
  }

  private dispatch(msg: BusMessage): void {
    const feeds =
      msg.type === 'mvarVal' ? this.byProject.get(msg.projectId) : this.byDevice.get(msg.equipmentId);
    if (feeds) for (const feed of feeds) feed.push(msg);
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

function addTo<K>(index: Map<K, Set<ProjectFeed>>, key: K, feed: ProjectFeed): void {
  let set = index.get(key);
  if (!set) index.set(key, (set = new Set()));
  set.add(feed);
}

function removeFrom<K>(index: Map<K, Set<ProjectFeed>>, key: K, feed: ProjectFeed): void {
  const set = index.get(key);
  if (!set) return;
  set.delete(feed);
  if (!set.size) index.delete(key);
}
