import type { WebSocket } from 'ws';
import { TIMERS, type Lang, type MsgBusEvent, type MsgRow, type MsgSocketFrame } from '@fieldhub/shared';
import type { Logger } from 'pino';
import type { Db } from '../db/db';
import type { LiveBus } from '../monitor/liveBus';
import { findMessages, unreadCounts, type Owner } from './messages.repo';

export interface MessageHubOptions {
  /** how often every socket gets the idle text and a ping (docs/requirements/messages.md §5.1: 60 s) */
  idleMs?: number;
  /** least time between two flushes to one account's sockets (DESIGN.md §5: 100 ms) */
  frameGapMs?: number;
  /** bytes a socket may hold unsent before it counts as too slow and is cut */
  maxBufferedBytes?: number;
}

const OPEN = 1;
/** msgNew frames one flush sends to a socket at most */
const MAX_NEW_PER_FLUSH = 50;

/** The sockets of one account on this instance, and what they still have to hear. */
interface AccountFeed {
  owner: Owner;
  /** each socket with the language of its frames */
  sockets: Map<WebSocket, Lang>;
  /** new messages announced since the last flush */
  pendingIds: Set<number>;
  /** the read state changed since the last flush */
  changed: boolean;
  timer: NodeJS.Timeout | null;
  flushing: boolean;
  lastFlush: number;
}

/**
 * The message sockets of one server instance, by account. It hears the bus's message events
 * (from this instance or, with Redis, any other), and for each account with a socket here reads
 * the new rows and the unread counts from the database, scoped by the socket's account and
 * enterprise: the bus carries ids only, never another account's data. Announcements of one
 * account are coalesced into one read per 100 ms; a client that does not read is cut, not queued for.
 */
export class MessageHub {
  private readonly accounts = new Map<number, AccountFeed>();
  private readonly unanswered = new WeakMap<WebSocket, number>();
  private readonly unsubscribe: () => void;
  private readonly idleTimer: NodeJS.Timeout;
  private readonly frameGapMs: number;
  private readonly maxBuffered: number;

  constructor(
    private readonly db: Db,
    bus: LiveBus,
    private readonly log: Logger,
    options: MessageHubOptions = {},
  ) {
    this.frameGapMs = options.frameGapMs ?? 100;
    this.maxBuffered = options.maxBufferedBytes ?? 1024 * 1024;
    this.unsubscribe = bus.subscribeMsg((event) => this.hear(event));
    this.idleTimer = setInterval(() => this.idleTick(), options.idleMs ?? TIMERS.socketIdlePing);
    this.idleTimer.unref();
  }

  /** Sockets held, over all accounts. */
  get size(): number {
    let n = 0;
    for (const feed of this.accounts.values()) n += feed.sockets.size;
    return n;
  }

  /** Adds a socket of the account and sends it the unread counts. */
  attach(socket: WebSocket, owner: Owner, lang: Lang): void {
    let feed = this.accounts.get(owner.accountId);
    if (!feed) {
      feed = {
        owner,
        sockets: new Map(),
        pendingIds: new Set(),
        changed: false,
        timer: null,
        flushing: false,
        lastFlush: 0,
      };
      this.accounts.set(owner.accountId, feed);
    }
    feed.sockets.set(socket, lang);
    this.unanswered.set(socket, 0);
    socket.on('pong', () => this.unanswered.set(socket, 0));
    socket.on('close', () => this.detach(owner.accountId, socket));
    socket.on('error', () => this.detach(owner.accountId, socket));
    void unreadCounts(this.db, owner)
      .then((unread) => this.send(feed, socket, { type: 'msgUnread', unread }))
      .catch((err: unknown) => this.log.warn({ err }, 'message socket snapshot failed'));
  }

  private detach(accountId: number, socket: WebSocket): void {
    const feed = this.accounts.get(accountId);
    if (!feed) return;
    feed.sockets.delete(socket);
    if (feed.sockets.size) return;
    if (feed.timer) clearTimeout(feed.timer);
    this.accounts.delete(accountId);
  }

  private hear(event: MsgBusEvent): void {
    switch (event.type) {
      case 'msgCreated':
        for (const { accountId, messageId } of event.items) {
          const feed = this.accounts.get(accountId);
          if (!feed) continue;
          feed.pendingIds.add(messageId);
          this.schedule(feed);
        }
        return;
      case 'msgChanged':
        for (const accountId of event.accountIds) {
          const feed = this.accounts.get(accountId);
          if (!feed) continue;
          feed.changed = true;
          this.schedule(feed);
        }
        return;
      default: {
        const unknown: never = event;
        this.log.warn({ event: unknown }, 'unknown message event');
      }
    }
  }

  private schedule(feed: AccountFeed): void {
    if (feed.timer || feed.flushing) return;
    const wait = Math.max(0, feed.lastFlush + this.frameGapMs - Date.now());
    feed.timer = setTimeout(() => {
      feed.timer = null;
      void this.flush(feed);
    }, wait);
  }

  private async flush(feed: AccountFeed): Promise<void> {
    if (!feed.sockets.size) return;
    feed.flushing = true;
    // a burst (an alarm storm, a notice) sends its newest messages only; the counts cover all
    const ids = [...feed.pendingIds].sort((x, y) => y - x).slice(0, MAX_NEW_PER_FLUSH);
    const changed = feed.changed;
    feed.pendingIds.clear();
    feed.changed = false;
    try {
      const langs = new Set(feed.sockets.values());
      const rows = new Map<Lang, MsgRow[]>();
      for (const lang of langs)
        rows.set(lang, ids.length ? await findMessages(this.db, feed.owner, ids, lang) : []);
      const unread = await unreadCounts(this.db, feed.owner);
      for (const [socket, lang] of feed.sockets) {
        const frames: MsgSocketFrame[] = (rows.get(lang) ?? []).map((message) => ({
          type: 'msgNew',
          message,
          unread,
        }));
        // a message deleted before it could be sent still moved the counts
        if (!frames.length && (changed || ids.length)) frames.push({ type: 'msgUnread', unread });
        for (const frame of frames) this.send(feed, socket, frame);
      }
    } catch (err) {
      this.log.warn({ err }, 'message socket update failed');
    } finally {
      feed.flushing = false;
      feed.lastFlush = Date.now();
      if (feed.pendingIds.size || feed.changed) this.schedule(feed);
    }
  }

  private send(feed: AccountFeed, socket: WebSocket, frame: MsgSocketFrame): void {
    if (socket.readyState !== OPEN) return;
    if (socket.bufferedAmount > this.maxBuffered) {
      socket.terminate();
      this.detach(feed.owner.accountId, socket);
      return;
    }
    socket.send(JSON.stringify(frame));
  }

  private idleTick(): void {
    const idle: MsgSocketFrame = { type: 'idle', ts: Date.now() };
    for (const feed of [...this.accounts.values()]) {
      for (const socket of [...feed.sockets.keys()]) {
        const missed = this.unanswered.get(socket) ?? 0;
        if (missed >= 2) {
          // no pong to the last two pings: a peer gone without a close
          socket.terminate();
          this.detach(feed.owner.accountId, socket);
          continue;
        }
        this.unanswered.set(socket, missed + 1);
        this.send(feed, socket, idle);
        if (socket.readyState === OPEN) socket.ping();
      }
    }
  }

  close(): void {
    clearInterval(this.idleTimer);
    this.unsubscribe();
    for (const feed of this.accounts.values()) {
      if (feed.timer) clearTimeout(feed.timer);
      for (const socket of feed.sockets.keys()) socket.close(1001);
    }
    this.accounts.clear();
  }
}
