import type { SharePerm } from '@fieldhub/shared';
import { one, type Db } from '../../db/db';

/** Share state of a device: whether shared, its link token, whether a password is set, what the link shows. */
export async function shareState(db: Db, equipmentId: number) {
  const row = await one<{ shared: boolean; token: string | null; has_password: boolean; perms: SharePerm[] }>(
    db,
    'select shared, share_token as token, share_password_hash is not null as has_password, share_perms as perms from equipment where id = $1',
    [equipmentId],
  );
  return row && { shared: row.shared, token: row.token, hasPassword: row.has_password, perms: row.perms };
}

export async function setSharePasswordHash(db: Db, equipmentId: number, hash: string | null): Promise<void> {
  await db.query('update equipment set share_password_hash = $2 where id = $1', [equipmentId, hash]);
}

/** Sharing on or off with what the link may show; `newToken` is kept only when the device has none yet. */
export async function setShareAuth(
  db: Db,
  equipmentId: number,
  s: { shared: boolean; perms: readonly SharePerm[]; newToken: string },
): Promise<void> {
  await db.query(
    `update equipment set shared = $2, share_perms = $3, share_token = coalesce(share_token, $4) where id = $1`,
    [equipmentId, s.shared, s.perms, s.newToken],
  );
}

/** The enterprise's sub-accounts, each with whether it is authorised on the device. */
export function subAccountsFor(db: Db, orgId: number, equipmentId: number) {
  return db.query<{ id: number; loginname: string; kind: string; contact: string; authorized: boolean }>(
    `select a.id, a.loginname, a.kind, a.contact,
            exists (select 1 from equipment_auth ea where ea.equipment_id = $1 and ea.account_id = a.id) as authorized
       from accounts a where a.org_id = $2 and a.kind in ('internal', 'external') order by a.loginname`,
    [equipmentId, orgId],
  );
}

/** How many of these ids are sub-accounts of the enterprise. */
export async function subAccountCount(db: Db, orgId: number, ids: readonly number[]): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    "select count(*)::int as n from accounts where id = any($1::bigint[]) and org_id = $2 and kind in ('internal', 'external')",
    [ids, orgId],
  );
  return row?.n ?? 0;
}

/** Authorises the accounts on the device (kept where already) and answers how many are authorised now. */
export async function addDeviceAuth(db: Db, equipmentId: number, ids: readonly number[]): Promise<number> {
  await db.query(
    'insert into equipment_auth(equipment_id, account_id) select $1, unnest($2::bigint[]) on conflict do nothing',
    [equipmentId, ids],
  );
  const [count] = await db.query<{ n: number }>(
    'select count(*)::int as n from equipment_auth where equipment_id = $1',
    [equipmentId],
  );
  return count?.n ?? 0;
}

/** Whether the account was authorised on the device (and is no longer). */
export async function removeDeviceAuth(db: Db, equipmentId: number, accountId: number): Promise<boolean> {
  const rows = await db.query(
    'delete from equipment_auth where equipment_id = $1 and account_id = $2 returning account_id',
    [equipmentId, accountId],
  );
  return rows.length > 0;
}
