import { randomBytes } from 'node:crypto';
import { AppError, Err, LOCK_CHALLENGE_SECONDS } from '@fieldhub/shared';
import type { Clock } from '../../clock';
import type { Db } from '../../db/db';
import type { AuthContext } from '../../http/context';
import { endSession } from '../auth/sessions';
import { recordBy } from '../oplog/oplog.service';
import * as repo from './lock.repo';
import { lockSignatureValid, parseLockKey } from './lockKey';

/** A fresh challenge bound to the caller's session (docs/requirements/account-security.md §5.1). */
export async function issueChallenge(db: Db, clock: Clock, auth: AuthContext): Promise<string> {
  const value = randomBytes(32).toString('base64url');
  await repo.putChallenge(
    db,
    auth.sessionHash,
    value,
    new Date(clock.now().getTime() + LOCK_CHALLENGE_SECONDS * 1000),
  );
  return value;
}

/**
 * Checks the signature of the session's challenge with the account's lock key. An account without
 * `useLock` has nothing to prove. A missing, expired or reused challenge, a missing key or a wrong
 * signature is 1012: the session ends and the failure is logged.
 */
export async function validateLock(
  db: Db,
  clock: Clock,
  auth: AuthContext,
  verifyData: string,
  ip: string,
): Promise<void> {
  const account = await repo.lockAccount(db, auth.accountId);
  if (!account?.use_lock) return;
  const challenge = await repo.takeChallenge(db, auth.sessionHash);
  const key = parseLockKey(account.public_key);
  const reason = !challenge
    ? 'no challenge'
    : challenge.expires_at <= clock.now()
      ? 'challenge expired'
      : !key
        ? 'no lock key'
        : !lockSignatureValid(key, challenge.value, verifyData)
          ? 'wrong signature'
          : null;
  if (!reason) {
    await repo.markLockVerified(db, auth.sessionHash, clock.now());
    return;
  }
  await db.tx(async (tx) => {
    await endSession(tx, auth.sessionHash);
    await recordBy(tx, auth, ip, {
      action: 'lock.failed',
      objectType: 'account',
      objectId: auth.accountId,
      detail: { reason },
    });
  });
  throw new AppError(Err.lockValidationFailed);
}

/**
 * Turns the lock check on or off for an internal or external account of the caller's enterprise
 * and registers its key (needs account_manage; anything else reads as missing, 90002). A key that
 * is not an Ed25519 public key is 10007.
 */
export async function setAccountLock(
  db: Db,
  auth: AuthContext,
  input: { id: number; useLock: boolean; publicKey?: string | undefined },
  ip: string,
): Promise<void> {
  if (input.publicKey !== undefined && input.publicKey.trim() && !parseLockKey(input.publicKey))
    throw new AppError(Err.fileFormatWrong);
  await db.tx(async (tx) => {
    const account = await repo.lockAccount(tx, input.id);
    if (
      !account ||
      account.org_id !== auth.orgId ||
      (account.kind !== 'internal' && account.kind !== 'external')
    )
      throw new AppError(Err.dataMissingOrNoAccess);
    await repo.setLock(tx, input.id, input.useLock, input.publicKey?.trim());
    await recordBy(tx, auth, ip, {
      action: 'lock.set',
      objectType: 'account',
      objectId: input.id,
      detail: { useLock: input.useLock, keyChanged: input.publicKey !== undefined },
    });
  });
}
