import { createHash, randomBytes } from 'node:crypto';
import { AppError, Err } from '@fieldhub/shared';
import { one, type Db } from '../../db/db';
import type { Clock } from '../../clock';

/** How long a websocket token may wait for its socket (the browser connects at once). */
export const LIVE_TOKEN_TTL_MS = 60_000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Issues a one-use token for the live socket of a device the caller may see (checked by the
 * caller of this function). Expired tokens of the past are swept on the way.
 */
export async function issueLiveToken(
  db: Db,
  clock: Clock,
  who: { accountId: number; orgId: number },
  equipmentId: number,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = clock.now();
  await db.query('delete from live_tokens where expires_at < $1', [now]);
  await db.query(
    'insert into live_tokens(token_hash, account_id, org_id, equipment_id, expires_at) values ($1, $2, $3, $4, $5)',
    [hashOf(token), who.accountId, who.orgId, equipmentId, new Date(now.getTime() + LIVE_TOKEN_TTL_MS)],
  );
  return token;
}

export interface LiveGrant {
  accountId: number;
  orgId: number;
  equipmentId: number;
}

/**
 * Takes a token: any instance may, once. An unknown or used token is 1021, an expired one 1020;
 * the device must still belong to the token's enterprise.
 */
export async function consumeLiveToken(db: Db, clock: Clock, token: string): Promise<LiveGrant> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw new AppError(Err.tokenInvalid);
  const row = await one<{ account_id: number; org_id: number; equipment_id: number; expires_at: Date }>(
    db,
    `delete from live_tokens t where token_hash = $1
       and exists (select 1 from equipment e where e.id = t.equipment_id and e.org_id = t.org_id)
     returning account_id, org_id, equipment_id, expires_at`,
    [hashOf(token)],
  );
  if (!row) throw new AppError(Err.tokenInvalid);
  if (row.expires_at.getTime() < clock.now().getTime()) throw new AppError(Err.tokenExpired);
  return { accountId: row.account_id, orgId: row.org_id, equipmentId: row.equipment_id };
}
