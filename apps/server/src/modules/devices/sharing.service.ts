import { randomBytes } from 'node:crypto';
import { AppError, Err, LIMITS, type SharePerm } from '@fieldhub/shared';
import type { Db } from '../../db/db';
import type { AuthContext } from '../../http/context';
import { hashPassword } from '../auth/passwordHash';
import { recordBy } from '../oplog/oplog.service';
import { visibleDevice } from './deviceScope';
import * as repo from './sharing.repo';

/** Share state of a device: link token, whether a password is set, and the permission toggles. */
export async function shareInfo(db: Db, auth: AuthContext, equipmentId: number) {
  await visibleDevice(db, auth, equipmentId);
  return (await repo.shareState(db, equipmentId))!;
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
    await repo.setSharePasswordHash(tx, equipmentId, hash);
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
    await repo.setShareAuth(tx, equipmentId, {
      shared,
      perms: [...new Set(perms)],
      newToken: randomBytes(18).toString('base64url'),
    });
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
  const accounts = await repo.subAccountsFor(db, auth.orgId, equipmentId);
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
    if ((await repo.subAccountCount(tx, auth.orgId, ids)) !== ids.length)
      throw new AppError(Err.deviceAuthorizationFailed);
    if ((await repo.addDeviceAuth(tx, equipmentId, ids)) > LIMITS.authorizedAccountsPerDevice)
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
    if (!(await repo.removeDeviceAuth(tx, equipmentId, accountId)))
      throw new AppError(Err.deviceRevokeFailed);
    await recordBy(tx, auth, ip, {
      action: 'device.revoke',
      objectType: 'equipment',
      objectId: equipmentId,
      detail: { accountId },
    });
  });
}
