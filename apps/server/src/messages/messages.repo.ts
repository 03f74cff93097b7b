import {
  MSG_TYPES,
  type Lang,
  type MsgEquipType,
  type MsgQuery,
  type MsgRow,
  type MsgType,
  type MsgUnreadCount,
  type ValueFormat,
} from '@fieldhub/shared';
import type { Db } from '../db/db';
import { valueFormatSql } from '../modules/config/variables';

/** Whose messages: an account in its enterprise. Every statement here is scoped by both. */
export interface Owner {
  accountId: number;
  orgId: number;
}

export interface RawRow {
  id: number;
  title: string;
  body: string;
  kind: MsgType;
  equip_type: MsgEquipType;
  data_id: number | null;
  data_status: string;
  read_at: Date | null;
  created_at: Date;
  alarm_id: number | null;
  alarm_broadcast_times: number;
  img_url: string;
  ignored_at: Date | null;
  data: Record<string, unknown>;
  /** the alarm's variable's value format (alarm messages whose alarm and variable still exist) */
  value_format: ValueFormat | null;
}

const COLUMNS = `m.id, m.title, m.body, m.kind, m.equip_type, m.data_id, m.data_status, m.read_at, m.created_at,
  m.alarm_id, m.alarm_broadcast_times, m.img_url, m.ignored_at, m.data, ${valueFormatSql('v')} as value_format`;

/** Messages with the variable of their alarm, for the format of the alarm's value. */
const FROM = `messages m left join alarms a on a.id = m.alarm_id and a.org_id = m.org_id
  left join variables v on v.id = a.variable_id and v.org_id = m.org_id`;

const OWN = 'm.account_id = $1 and m.org_id = $2 and m.deleted_at is null';

type Texts = { title?: Record<string, unknown>; note?: Record<string, unknown> };

/** A text of `data` in the reader's language: i18n.title / i18n.note, or an alarm's `text`. */
function localized(r: RawRow, field: 'title' | 'note', lang: Lang): string | undefined {
  const i18n = r.data.i18n as Texts | undefined;
  const given =
    i18n?.[field] ?? (field === 'note' ? (r.data.text as Record<string, unknown> | undefined) : undefined);
  const text = given?.[lang];
  return typeof text === 'string' ? text : undefined;
}

/** The row as the browser gets it; title and note in the reader's language where both were stored. */
export function toMsgRow(r: RawRow, lang: Lang): MsgRow {
  const { ruleType, value } = r.data;
  return {
    id: r.id,
    title: localized(r, 'title', lang) ?? r.title,
    note: localized(r, 'note', lang) ?? r.body,
    type: r.kind,
    equipType: r.equip_type,
    dataId: r.data_id,
    dataStatus: r.data_status,
    read: r.read_at !== null,
    readTime: r.read_at ? r.read_at.getTime() : null,
    gmtCreate: r.created_at.getTime(),
    alarmId: r.alarm_id,
    alarmBroadcastTimes: r.alarm_broadcast_times,
    imgUrl: r.img_url,
    ignored: r.ignored_at !== null,
    level: typeof r.data.level === 'string' ? r.data.level : null,
    ruleType: ruleType === '00' || ruleType === '01' ? ruleType : null,
    value: typeof value === 'number' || typeof value === 'string' ? value : null,
    valueFormat: r.value_format,
  };
}

/** One message of the owner with its `data`, or undefined (another's, deleted or missing). */
export async function findMessage(db: Db, who: Owner, id: number): Promise<RawRow | undefined> {
  const rows = await db.query<RawRow>(`select ${COLUMNS} from ${FROM} where ${OWN} and m.id = $3`, [
    who.accountId,
    who.orgId,
    id,
  ]);
  return rows[0];
}

/** Messages of the owner by id (announced on the bus, then read by the instance holding the socket). */
export async function findMessages(
  db: Db,
  who: Owner,
  ids: readonly number[],
  lang: Lang,
): Promise<MsgRow[]> {
  const rows = await db.query<RawRow>(
    `select ${COLUMNS} from ${FROM} where ${OWN} and m.id = any($3::bigint[]) order by m.id`,
    [who.accountId, who.orgId, ids],
  );
  return rows.map((r) => toMsgRow(r, lang));
}

export async function queryMessages(
  db: Db,
  who: Owner,
  q: MsgQuery,
  lang: Lang,
): Promise<{ list: MsgRow[]; total: number }> {
  const params: unknown[] = [who.accountId, who.orgId];
  const conds = [OWN];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    conds.push(sql(`$${params.length}`));
  };
  if (q.readState === 'read') conds.push('m.read_at is not null');
  if (q.readState === 'unread') conds.push('m.read_at is null');
  if (q.type) add((n) => `m.kind = ${n}`, q.type);
  if (q.equipType) add((n) => `m.equip_type = ${n}`, q.equipType);
  if (q.dataId !== undefined) add((n) => `m.data_id = ${n}`, q.dataId);
  // a device id: messages about that device (ids of other kinds of item may be equal)
  if (q.equipmentId !== undefined) {
    conds.push("m.equip_type = 'eg'");
    add((n) => `m.data_id = ${n}`, q.equipmentId);
  }
  if (q.keyword) {
    const like = `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    add((n) => `(m.title ilike ${n} or m.body ilike ${n})`, like);
  }
  const where = conds.join(' and ');
  const [{ total }] = (await db.query<{ total: number }>(
    `select count(*)::int as total from messages m where ${where}`,
    params,
  )) as [{ total: number }];
  const rows = await db.query<RawRow>(
    `select ${COLUMNS} from ${FROM} where ${where} order by m.id desc limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`,
    params,
  );
  return { list: rows.map((r) => toMsgRow(r, lang)), total };
}

export async function unreadCounts(db: Db, who: Owner): Promise<MsgUnreadCount> {
  const rows = await db.query<{ kind: MsgType; n: number }>(
    `select m.kind, count(*)::int as n from messages m where ${OWN} and m.read_at is null group by m.kind`,
    [who.accountId, who.orgId],
  );
  const byType = Object.fromEntries(MSG_TYPES.map((t) => [t, 0])) as Record<MsgType, number>;
  for (const r of rows) byType[r.kind] = r.n;
  return { count: rows.reduce((sum, r) => sum + r.n, 0), byType };
}

/** How many of `ids` are the owner's live messages (all-or-nothing checks). */
export async function countOwn(db: Db, who: Owner, ids: readonly number[]): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `select count(*)::int as n from messages m where ${OWN} and m.id = any($3::bigint[])`,
    [who.accountId, who.orgId, ids],
  );
  return row?.n ?? 0;
}

export async function markRead(db: Db, who: Owner, ids: readonly number[], at: Date): Promise<number> {
  const rows = await db.query(
    `update messages m set read_at = $4 where ${OWN} and m.read_at is null and m.id = any($3::bigint[]) returning m.id`,
    [who.accountId, who.orgId, ids, at],
  );
  return rows.length;
}

export async function markAllRead(db: Db, who: Owner, type: MsgType | undefined, at: Date): Promise<number> {
  const rows = await db.query(
    `update messages m set read_at = $3 where ${OWN} and m.read_at is null and ($4::text is null or m.kind = $4)
     returning m.id`,
    [who.accountId, who.orgId, at, type ?? null],
  );
  return rows.length;
}

export async function markItemRead(
  db: Db,
  who: Owner,
  equipType: MsgEquipType,
  dataId: number,
  at: Date,
): Promise<number> {
  const rows = await db.query(
    `update messages m set read_at = $5 where ${OWN} and m.read_at is null and m.equip_type = $3 and m.data_id = $4
     returning m.id`,
    [who.accountId, who.orgId, equipType, dataId, at],
  );
  return rows.length;
}

export async function softDelete(db: Db, who: Owner, ids: readonly number[], at: Date): Promise<number> {
  const rows = await db.query(
    `update messages m set deleted_at = $4 where ${OWN} and m.id = any($3::bigint[]) returning m.id`,
    [who.accountId, who.orgId, ids, at],
  );
  return rows.length;
}

/** Ignoring a message also reads it: it no longer pops up, sounds or counts as unread. */
export async function setIgnored(db: Db, who: Owner, id: number, at: Date): Promise<number> {
  const rows = await db.query(
    `update messages m set ignored_at = coalesce(m.ignored_at, $4), read_at = coalesce(m.read_at, $4)
      where ${OWN} and m.id = $3 returning m.id`,
    [who.accountId, who.orgId, id, at],
  );
  return rows.length;
}

/**
 * A message to store for one account (the fields of docs/requirements/messages.md §1.2 beyond id, read and
 * time).
 */
export interface NewMessage {
  orgId: number;
  accountId: number;
  type: MsgType;
  equipType: MsgEquipType;
  dataId: number | null;
  title: string;
  note: string;
  data?: Record<string, unknown>;
}

/** Stores messages (one statement for any number) and returns what the bus announces. */
export async function insertMessages(
  db: Db,
  rows: readonly NewMessage[],
): Promise<{ accountId: number; messageId: number }[]> {
  if (!rows.length) return [];
  return db.query<{ accountId: number; messageId: number }>(
    `insert into messages (org_id, account_id, kind, equip_type, data_id, title, body, data)
     select o, a, k, e, d, t, b, j::jsonb
       from unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[], $5::bigint[], $6::text[], $7::text[], $8::text[])
         as u(o, a, k, e, d, t, b, j)
     returning account_id as "accountId", id as "messageId"`,
    [
      rows.map((r) => r.orgId),
      rows.map((r) => r.accountId),
      rows.map((r) => r.type),
      rows.map((r) => r.equipType),
      rows.map((r) => r.dataId),
      rows.map((r) => r.title),
      rows.map((r) => r.note),
      rows.map((r) => JSON.stringify(r.data ?? {})),
    ],
  );
}
