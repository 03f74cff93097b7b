import {
  AppError,
  EXPIRE_EQUIP_TYPES,
  Err,
  type ExpireDetail,
  type ExpireEquipType,
  type ExpireNotice,
  type Lang,
  type MsgChangeResult,
  type MsgEquipType,
  type MsgInfo,
  type MsgPage,
  type MsgQuery,
  type MsgType,
  type MsgUnreadCount,
} from '@fieldhub/shared';
import type { Db } from '../db/db';
import type { Clock } from '../clock';
import type { LiveBus } from '../monitor/liveBus';
import { findExpiryItem } from './expiryItems';
import * as repo from './messages.repo';
import type { Owner } from './messages.repo';

/**
 * The message centre of one account (docs/requirements/messages.md §1.3, §6). A caller only ever reads or
 * changes its own messages in its own enterprise: an id that is not one of them reads as
 * missing (90002), and a list with such an id changes nothing. Every change that moves the
 * caller's read state is announced on the bus, so the caller's other sockets update their badge.
 */
export interface MessageDeps {
  db: Db;
  clock: Clock;
  bus: LiveBus;
}

const missing = () => new AppError(Err.dataMissingOrNoAccess);

async function changed(deps: MessageDeps, who: Owner, n: number): Promise<MsgChangeResult> {
  if (n > 0) await deps.bus.publishMsg({ type: 'msgChanged', accountIds: [who.accountId] });
  return { changed: n };
}

export function unreadCount(deps: MessageDeps, who: Owner): Promise<MsgUnreadCount> {
  return repo.unreadCounts(deps.db, who);
}

export async function query(deps: MessageDeps, who: Owner, q: MsgQuery, lang: Lang): Promise<MsgPage> {
  const { list, total } = await repo.queryMessages(deps.db, who, q, lang);
  return { list, total, pageNum: q.pageNum, pageSize: q.pageSize };
}

/** All or nothing: every id must be one of the caller's messages. */
async function requireOwn(db: Db, who: Owner, ids: readonly number[]): Promise<void> {
  if ((await repo.countOwn(db, who, ids)) !== ids.length) throw missing();
}

export async function markAsRead(deps: MessageDeps, who: Owner, ids: number[]): Promise<MsgChangeResult> {
  const n = await deps.db.tx(async (tx) => {
    await requireOwn(tx, who, ids);
    return repo.markRead(tx, who, ids, deps.clock.now());
  });
  return changed(deps, who, n);
}

export async function allMarkAsRead(
  deps: MessageDeps,
  who: Owner,
  type: MsgType | undefined,
): Promise<MsgChangeResult> {
  return changed(deps, who, await repo.markAllRead(deps.db, who, type, deps.clock.now()));
}

export async function markAsReadForItem(
  deps: MessageDeps,
  who: Owner,
  equipType: MsgEquipType,
  dataId: number,
): Promise<MsgChangeResult> {
  return changed(deps, who, await repo.markItemRead(deps.db, who, equipType, dataId, deps.clock.now()));
}

export async function remove(deps: MessageDeps, who: Owner, ids: number[]): Promise<MsgChangeResult> {
  const n = await deps.db.tx(async (tx) => {
    await requireOwn(tx, who, ids);
    return repo.softDelete(tx, who, ids, deps.clock.now());
  });
  return changed(deps, who, n);
}

export async function setIgnore(deps: MessageDeps, who: Owner, id: number): Promise<MsgChangeResult> {
  const n = await repo.setIgnored(deps.db, who, id, deps.clock.now());
  if (!n) throw missing();
  return changed(deps, who, n);
}

const isText = (v: unknown): v is { 'zh-CN': string; 'en-US': string } =>
  !!v &&
  typeof v === 'object' &&
  typeof (v as Record<string, unknown>)['zh-CN'] === 'string' &&
  typeof (v as Record<string, unknown>)['en-US'] === 'string';

/** One message with its details; opening it reads it. */
export async function info(deps: MessageDeps, who: Owner, id: number, lang: Lang): Promise<MsgInfo> {
  const raw = await repo.findMessage(deps.db, who, id);
  if (!raw) throw missing();
  if (!raw.read_at) {
    const at = deps.clock.now();
    if (await repo.markRead(deps.db, who, [id], at)) {
      raw.read_at = at;
      await deps.bus.publishMsg({ type: 'msgChanged', accountIds: [who.accountId] });
    }
  }
  const row = repo.toMsgRow(raw, lang);
  const subject = typeof raw.data.subject === 'string' ? raw.data.subject : raw.title;
  return {
    ...row,
    text: isText(raw.data.text) ? raw.data.text : { 'zh-CN': raw.body, 'en-US': raw.body },
    subject,
  };
}

const isExpireType = (t: string): t is ExpireEquipType =>
  (EXPIRE_EQUIP_TYPES as readonly string[]).includes(t);

/**
 * The item behind an expiry reminder: by the reminder's id, or by the item when the caller has
 * a reminder about it (the detail route carries only the item).
 */
export async function expireDetail(
  deps: MessageDeps,
  who: Owner,
  by: { id?: number; equipType?: ExpireEquipType; dataId?: number },
): Promise<ExpireDetail> {
  const now = deps.clock.now().getTime();
  let equipType: ExpireEquipType;
  let dataId: number;
  let msgId: number | null;
  if (by.id !== undefined) {
    const raw = await repo.findMessage(deps.db, who, by.id);
    if (!raw || raw.kind !== 'expire' || !isExpireType(raw.equip_type) || raw.data_id === null)
      throw missing();
    equipType = raw.equip_type;
    dataId = raw.data_id;
    msgId = raw.id;
  } else {
    equipType = by.equipType!;
    dataId = by.dataId!;
    const mine = await repo.queryMessages(
      deps.db,
      who,
      { readState: 'all', type: 'expire', equipType, dataId, pageNum: 1, pageSize: 1 },
      'en-US',
    );
    if (!mine.total) throw missing();
    msgId = mine.list[0]?.id ?? null;
  }
  const item = await findExpiryItem(deps.db, who.orgId, equipType, dataId, now);
  if (!item) throw missing();
  return { ...item, msgId };
}

/** The popup after login: the latest reminder of each item, not ignored, newest first. */
export async function expireNotices(deps: MessageDeps, who: Owner): Promise<ExpireNotice[]> {
  const rows = await deps.db.query<{
    id: number;
    equip_type: ExpireEquipType;
    data_id: number;
    threshold: number;
    read_at: Date | null;
    created_at: Date;
  }>(
    `select * from (
       select distinct on (m.equip_type, m.data_id) m.id, m.equip_type, m.data_id, m.read_at, m.created_at,
              coalesce((m.data ->> 'thresholdDays')::int, 0) as threshold, m.ignored_at
         from messages m
        where m.account_id = $1 and m.org_id = $2 and m.deleted_at is null and m.kind = 'expire'
          and m.data_id is not null
        order by m.equip_type, m.data_id, m.id desc
     ) latest
     where latest.ignored_at is null
     order by latest.id desc
     limit 50`,
    [who.accountId, who.orgId],
  );
  const now = deps.clock.now().getTime();
  const out: ExpireNotice[] = [];
  for (const r of rows) {
    if (!isExpireType(r.equip_type)) continue;
    const item = await findExpiryItem(deps.db, who.orgId, r.equip_type, r.data_id, now);
    if (!item) continue; // the item was deleted since
    out.push({
      ...item,
      msgId: r.id,
      thresholdDays: r.threshold,
      read: r.read_at !== null,
      gmtCreate: r.created_at.getTime(),
    });
  }
  return out;
}
