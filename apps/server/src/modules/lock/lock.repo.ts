import { one, type Db } from '../../db/db';

export interface LockAccount {
  id: number;
  org_id: number;
  kind: string;
  use_lock: boolean;
  public_key: string;
}

export function lockAccount(db: Db, id: number) {
  return one<LockAccount>(db, 'select id, org_id, kind, use_lock, public_key from accounts where id = $1', [
    id,
  ]);
}

/** Stores a new challenge for the session; the session's older ones stop counting. */
export async function putChallenge(
  db: Db,
  sessionHash: string,
  value: string,
  expiresAt: Date,
): Promise<void> {
  await db.query('delete from lock_challenges where session_hash = $1', [sessionHash]);
  await db.query('insert into lock_challenges(value, session_hash, expires_at) values ($1, $2, $3)', [
    value,
    sessionHash,
    expiresAt,
  ]);
}

/** Takes the session's challenge: it is gone afterwards, answered or not (single use). */
export async function takeChallenge(db: Db, sessionHash: string) {
  const rows = await db.query<{ value: string; expires_at: Date }>(
    'delete from lock_challenges where session_hash = $1 returning value, expires_at',
    [sessionHash],
  );
  return rows[0];
}

/** The session proved its lock now. */
export async function markLockVerified(db: Db, sessionHash: string, at: Date): Promise<void> {
  await db.query('update sessions set lock_verified_at = $2 where token_hash = $1', [sessionHash, at]);
}

export async function setLock(
  db: Db,
  id: number,
  useLock: boolean,
  publicKey: string | undefined,
): Promise<void> {
  await db.query(
    'update accounts set use_lock = $2, public_key = coalesce($3, public_key), updated_at = now() where id = $1',
    [id, useLock, publicKey ?? null],
  );
}
