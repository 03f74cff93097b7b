import { AppError, Err, type NoticeDetail, type Page } from '@fieldhub/shared';
import type { Db } from '../db/db';
import type { Clock } from '../clock';
import type { AuthContext } from '../http/context';
import type { LiveBus } from '../monitor/liveBus';

/** Accounts announced per bus event, so one notice to many accounts is several small events. */
const ANNOUNCE_CHUNK = 1000;

interface RawNotice {
  id: number;
  title: string;
  content: string;
  publisher: string;
  created_at: Date;
}

const toDetail = (r: RawNotice): NoticeDetail => ({
  id: r.id,
  title: r.title,
  content: r.content,
  publisher: r.publisher,
  gmtCreate: r.created_at.getTime(),
});

/** Only the platform's own operation accounts publish notices (menu system/msg). */
function requirePlatformOperator(auth: AuthContext): void {
  if (auth.orgKind !== 'platform' || !auth.auths.has('platform_system')) throw new AppError(Err.noAccess);
}

/**
 * Publishes a public notice: stored once, and a message (type notice, equipType public, dataId
 * the notice) for every enabled account of every enterprise and of the platform, in one
 * transaction; the sockets hear about it after the commit.
 */
export async function publishNotice(
  deps: { db: Db; clock: Clock; bus: LiveBus },
  auth: AuthContext,
  input: { title: string; content: string },
): Promise<NoticeDetail> {
  requirePlatformOperator(auth);
  const at = deps.clock.now();
  const { notice, items } = await deps.db.tx(async (tx) => {
    const [notice] = (await tx.query<RawNotice>(
      `insert into notices (title, content, publisher_id, publisher, created_at) values ($1, $2, $3, $4, $5)
       returning id, title, content, publisher, created_at`,
      [input.title, input.content, auth.accountId, auth.loginname, at],
    )) as [RawNotice];
    const note = input.content.length > 200 ? `${input.content.slice(0, 199)}…` : input.content;
    const items = await tx.query<{ accountId: number; messageId: number }>(
      `insert into messages (org_id, account_id, kind, equip_type, data_id, title, body, data, created_at)
       select a.org_id, a.id, 'notice', 'public', $1, $2, $3, $4::jsonb, $5 from accounts a where not a.disabled
       returning account_id as "accountId", id as "messageId"`,
      [notice.id, input.title, note, JSON.stringify({ subject: input.title }), at],
    );
    return { notice, items };
  });
  for (let i = 0; i < items.length; i += ANNOUNCE_CHUNK)
    await deps.bus.publishMsg({ type: 'msgCreated', items: items.slice(i, i + ANNOUNCE_CHUNK) });
  return toDetail(notice);
}

/** A public notice: open to every logged-in account (each was sent it). */
export async function noticeDetail(db: Db, id: number): Promise<NoticeDetail> {
  const [row] = await db.query<RawNotice>(
    'select id, title, content, publisher, created_at from notices where id = $1',
    [id],
  );
  if (!row) throw new AppError(Err.dataMissingOrNoAccess);
  return toDetail(row);
}

/** Published notices, newest first (platform operators). */
export async function queryNotices(
  db: Db,
  auth: AuthContext,
  q: { pageNum: number; pageSize: number; keyword?: string },
): Promise<Page<NoticeDetail>> {
  requirePlatformOperator(auth);
  const like = q.keyword ? `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = '($1::text is null or title ilike $1 or content ilike $1)';
  const [{ total }] = (await db.query<{ total: number }>(
    `select count(*)::int as total from notices where ${where}`,
    [like],
  )) as [{ total: number }];
  const rows = await db.query<RawNotice>(
    `select id, title, content, publisher, created_at from notices where ${where}
      order by id desc limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`,
    [like],
  );
  return { list: rows.map(toDetail), total, pageNum: q.pageNum, pageSize: q.pageSize };
}
