import type { Lang, MsgSocketFrame } from '@fieldhub/shared';
import type { Logger } from 'pino';
import type { Db } from '../db/db';
import { PacedFeed, type FeedLimits, type FeedSocket } from '../realtime/pacedFeed';
import { findMessages, unreadCounts, type Owner } from './messages.repo';

/** msgNew frames one flush sends to a socket at most */
const MAX_NEW_PER_FLUSH = 50;

/**
 * What one message socket still has to hear (docs/requirements/messages.md §5.1), paced by the
 * realtime layer. The bus carries message ids only, never another account's data: on a flush the
 * feed reads the new rows and the unread counts from the database, scoped by its own account and
 * enterprise, in its socket's language. Announcements between two flushes make one read.
 */
export class MessageFeed extends PacedFeed<MsgSocketFrame> {
  /** new messages announced since the last flush */
  private pendingIds = new Set<number>();
  /** the read state changed since the last flush */
  private changed = false;

  constructor(
    socket: FeedSocket,
    readonly owner: Owner,
    private readonly lang: Lang,
    private readonly db: Db,
    private readonly log: Logger,
    limits: FeedLimits,
    onDrop: (feed: MessageFeed) => void,
  ) {
    super(socket, limits, onDrop as (feed: PacedFeed<MsgSocketFrame>) => void);
  }

  /**
   * Sends the unread counts as the socket's first frame; what was announced meanwhile follows
   * within a frame gap. Attach the feed to the hub first, so nothing announced in between is missed.
   */
  async start(): Promise<void> {
    this.begin([{ type: 'msgUnread', unread: await unreadCounts(this.db, this.owner) }]);
  }

  /** A new message of this account. */
  announce(messageId: number): void {
    if (this.isClosed) return;
    this.pendingIds.add(messageId);
    this.schedule();
  }

  /** Messages of this account were read or deleted: the counts moved. */
  countsChanged(): void {
    if (this.isClosed) return;
    this.changed = true;
    this.schedule();
  }

  protected hasPending(): boolean {
    return this.pendingIds.size > 0 || this.changed;
  }

  protected async drain(): Promise<MsgSocketFrame[]> {
    // a burst (an alarm storm, a notice) sends its newest messages only; the counts cover all
    const ids = [...this.pendingIds].sort((x, y) => y - x).slice(0, MAX_NEW_PER_FLUSH);
    const changed = this.changed;
    this.pendingIds.clear();
    this.changed = false;
    const rows = ids.length ? await findMessages(this.db, this.owner, ids, this.lang) : [];
    const unread = await unreadCounts(this.db, this.owner);
    const frames: MsgSocketFrame[] = rows.map((message) => ({ type: 'msgNew', message, unread }));
    // a message deleted before it could be sent still moved the counts
    if (!frames.length && (changed || ids.length)) frames.push({ type: 'msgUnread', unread });
    return frames;
  }

  protected override drainFailed(err: unknown): void {
    this.log.warn({ err }, 'message socket update failed');
  }

  protected clear(): void {
    this.pendingIds.clear();
    this.changed = false;
  }
}
