import { randomBytes } from 'node:crypto';
import { AppError, Err, LIMITS, type SharePerm } from '@fieldhub/shared';
import { one, type Db } from '../../db/db';
import type { AuthContext } from '../../http/context';
import { hashPassword } from '../auth/passwordHash';
import { recordBy } from '../oplog/oplog.service';
import { visibleDevice } from './deviceScope';

/** Share state of a device: link token, whether a password is set, and the permission toggles. */
export async function shareInfo(db: Db, auth: AuthContext, equipmentId: number) {
  await visibleDevice(db, auth, equipmentId);
  const row = await one<{ shared: boolean; token: string | null; has_password: boolean; perms: SharePerm[] }>(
    db,
    'select shared, share_token as token, share_password_hash is not null as has_password, share_perms as perms from equipment where id = $1',
    [equipmentId],
  );
  return { shared: row!.shared, token: row!.token, hasPassword: row!.has_password, perms: row!.perms };
}

/** Sets the share password; an empty one removes it (the link then opens without a password). */
export async function editSharePassword(
  db: Db,
  auth: AuthContext,
  equipmentId: number,
  password: string,
  ip: string,
) {
  await visibleDevice(db, auth, equipmentId);
  // hashed before the transaction: no row stays locked while scrypt runs
  const hash = password ? await hashPassword(password) : null;
  await db.tx(async (tx) => {
    await tx.query('update equipment set share_password_hash = $2 where id = $1', [equipmentId, hash]);
    await recordBy(tx, auth, ip, {
      action: 'share.password',
      objectType: 'equipment',
      objectId: equipmentId,
    });
  });
}

/** Turns sharing on or off and sets what the link may show; a link token is made on first use. */
export async function editShareAuth(
  db: Db,
  auth: AuthContext,
  equipmentId: number,
  shared: boolean,
  perms: SharePerm[],
  ip: string,
) {
  await db.tx(async (tx) => {
    await visibleDevice(tx, auth, equipmentId);
    await tx.query(
      `update equipment set shared = $2, share_perms = $3, share_token = coalesce(share_token, $4) where id = $1`,
      [equipmentId, shared, [...new Set(perms)], randomBytes(18).toString('base64url')],
    );
    await recordBy(tx, auth, ip, {
      action: shared ? 'share.on' : 'share.off',
      objectType: 'equipment',
      objectId: equipmentId,
      detail: { perms },
    });
  });
}

/** Accounts authorised on a device, and the enterprise's other sub-accounts that could be. */
export async function deviceAuthorizations(db: Db, auth: AuthContext, equipmentId: number) {
  await visibleDevice(db, auth, equipmentId);
  const accounts = await db.query<{
    id: number;
    loginname: string;
    kind: string;
    contact: string;
    authorized: boolean;
  }>(
    `select a.id, a.loginname, a.kind, a.contact,
            exists (select 1 from equipment_auth ea where ea.equipment_id = $1 and ea.account_id = a.id) as authorized
       from accounts a where a.org_id = $2 and a.kind in ('internal', 'external') order by a.loginname`,
    [equipmentId, auth.orgId],
  );
  return {
    authorized: accounts.filter((a) => a.authorized),
    candidates: accounts.filter((a) => !a.authorized),
  };
}

/** Authorises accounts of the same enterprise on a device, at most 50 in all (1127). */
export async function authorizeAccounts(
  db: Db,
  auth: AuthContext,
  equipmentId: number,
  accountIds: number[],
  ip: string,
) {
  await db.tx(async (tx) => {
    await visibleDevice(tx, auth, equipmentId);
    const ids = [...new Set(accountIds)];
    const [valid] = await tx.query<{ n: number }>(
      "select count(*)::int as n from accounts where id = any($1::bigint[]) and org_id = $2 and kind in ('internal', 'external')",
      [ids, auth.orgId],
    );
    if ((valid?.n ?? 0) !== ids.length) throw new AppError(Err.deviceAuthorizationFailed);
    await tx.query(
      'insert into equipment_auth(equipment_id, account_id) select $1, unnest($2::bigint[]) on conflict do nothing',
      [equipmentId, ids],
    );
    const [count] = await tx.query<{ n: number }>(
      'select count(*)::int as n from equipment_auth where equipment_id = $1',
      [equipmentId],
    );
    if ((count?.n ?? 0) > LIMITS.authorizedAccountsPerDevice)
      throw new AppError(Err.deviceAuthorizationLimit);
    await recordBy(tx, auth, ip, {
      action: 'device.authorize',
      objectType: 'equipment',
      objectId: equipmentId,
      detail: { accountIds: ids },
    });
  });
}

/** Cancelling an authorisation also stops that account's alarm messages for the device. */
export async function cancelAuthorization(
  db: Db,
  auth: AuthContext,
  equipmentId: number,
  accountId: number,
  ip: string,
) {
  await db.tx(async (tx) => {
    await visibleDevice(tx, auth, equipmentId);
    const rows = await tx.query(
      'delete from equipment_auth where equipment_id = $1 and account_id = $2 returning account_id',
      [equipmentId, accountId],
    );
    if (!rows.length) throw new AppError(Err.deviceRevokeFailed);
    await recordBy(tx, auth, ip, {
      action: 'device.revoke',
      objectType: 'equipment',
      objectId: equipmentId,
      detail: { accountId },
    });
  });
}
