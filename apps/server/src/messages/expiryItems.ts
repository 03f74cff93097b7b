import type { ExpireEquipType, ExpireItem } from '@fieldhub/shared';
import type { Db } from '../db/db';

const DAY_MS = 86_400_000;

/** Where each kind of item with an expiry date lives, and what names it in a reminder. */
const SOURCES: Record<ExpireEquipType, { table: string; name: string; sn: string }> = {
  project: { table: 'projects', name: 'name', sn: "''" },
  api: { table: 'api_keys', name: 'name', sn: "''" },
  card: { table: 'iot_cards', name: 'iccid', sn: 'gateway_sn' },
};

interface RawItem {
  id: number;
  org_id: number;
  name: string;
  expires_at: Date;
  gateway_sn: string;
}

/** Whole days left until `expiresAt`, rounded up (0 or less once expired). */
export function daysLeft(expiresAt: number, now: number): number {
  return Math.ceil((expiresAt - now) / DAY_MS);
}

function toItem(equipType: ExpireEquipType, r: RawItem, now: number): ExpireItem {
  const at = r.expires_at.getTime();
  return {
    equipType,
    dataId: r.id,
    name: r.name,
    expiresAt: at,
    daysLeft: daysLeft(at, now),
    expired: at <= now,
    gatewaySn: r.gateway_sn,
  };
}

/** An item of the enterprise that has an expiry date, or undefined. */
export async function findExpiryItem(
  db: Db,
  orgId: number,
  equipType: ExpireEquipType,
  id: number,
  now: number,
): Promise<ExpireItem | undefined> {
  const s = SOURCES[equipType];
  const rows = await db.query<RawItem>(
    `select id, org_id, ${s.name} as name, expires_at, ${s.sn} as gateway_sn
       from ${s.table} where org_id = $1 and id = $2 and expires_at is not null`,
    [orgId, id],
  );
  return rows[0] && toItem(equipType, rows[0], now);
}

/** An item due for a reminder: the threshold it has reached and who owns it. */
export interface DueItem extends ExpireItem {
  orgId: number;
  thresholdDays: number;
}

/**
 * Items whose expiry lies within the largest threshold (or passed less than `expiredWindowDays`
 * ago) and that have no reminder yet at the threshold they reached or a closer one. Thresholds
 * are days before expiry, descending, ending with 0 (expired).
 */
export async function dueItems(
  db: Db,
  now: Date,
  thresholds: readonly number[],
  expiredWindowDays: number,
  limit: number,
): Promise<DueItem[]> {
  const sorted = [...thresholds].sort((a, b) => a - b); // 0, 1, 7, 30
  const largest = sorted[sorted.length - 1] ?? 0;
  // the threshold reached: the closest one the time left is within
  const reached = `case ${sorted
    .map((t) => `when expires_at <= $1::timestamptz + interval '${t} days' then ${t}`)
    .join(' ')} end`;
  const parts = (Object.keys(SOURCES) as ExpireEquipType[]).map((type) => {
    const s = SOURCES[type];
    return `select '${type}'::text as equip_type, id, org_id, ${s.name}::text as name, expires_at, ${s.sn}::text as gateway_sn
              from ${s.table}
             where expires_at is not null
               and expires_at <= $1::timestamptz + interval '${largest} days'
               and expires_at > $1::timestamptz - interval '${expiredWindowDays} days'`;
  });
  const rows = await db.query<RawItem & { equip_type: ExpireEquipType; threshold: number }>(
    `select * from (
       select d.*, ${reached} as threshold from (${parts.join(' union all ')}) d
     ) x
     where not exists (
       select 1 from expire_reminders r
        where r.equip_type = x.equip_type and r.item_id = x.id and r.expires_at = x.expires_at
          and r.threshold_days <= x.threshold)
     order by x.expires_at, x.id
     limit $2`,
    [now, limit],
  );
  const t = now.getTime();
  return rows.map((r) => ({ ...toItem(r.equip_type, r, t), orgId: r.org_id, thresholdDays: r.threshold }));
}

/**
 * Claims the reminder of an item at a threshold. Only the first claim of (item, expiry date,
 * threshold) wins, whichever instance makes it: the primary key decides.
 */
export async function claimReminder(db: Db, item: DueItem): Promise<boolean> {
  const rows = await db.query(
    `insert into expire_reminders (equip_type, item_id, expires_at, threshold_days, org_id)
     values ($1, $2, $3, $4, $5) on conflict do nothing returning item_id`,
    [item.equipType, item.dataId, new Date(item.expiresAt), item.thresholdDays, item.orgId],
  );
  return rows.length === 1;
}

/**
 * Who is reminded: the enterprise's admin accounts (they hold projects, API keys and cards) and,
 * for an API key, the account that made it. Disabled accounts are left out.
 */
export async function reminderRecipients(db: Db, item: DueItem): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `select a.id from accounts a
      where a.org_id = $1 and not a.disabled
        and (a.kind = 'enterprise'
             or ($2 = 'api' and a.id = (select k.created_by from api_keys k where k.id = $3 and k.org_id = $1)))
      order by a.id`,
    [item.orgId, item.equipType, item.dataId],
  );
  return rows.map((r) => r.id);
}
