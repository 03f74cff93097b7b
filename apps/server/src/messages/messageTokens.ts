import { createHash, randomBytes } from 'node:crypto';
import { AppError, Err, type Lang } from '@fieldhub/shared';
import { one, type Db } from '../db/db';
import type { Clock } from '../clock';
import type { Owner } from './messages.repo';

/** How long a message-socket token may wait for its socket (the browser connects at once). */
export const MSG_TOKEN_TTL_MS = 60_000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Issues a one-use token for the caller's message socket (frames in `lang`); expired tokens are swept on the way. */
export async function issueMessageToken(db: Db, clock: Clock, who: Owner, lang: Lang): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = clock.now();
  await db.query('delete from msg_tokens where expires_at < $1', [now]);
  await db.query(
    'insert into msg_tokens (token_hash, account_id, org_id, lang, expires_at) values ($1, $2, $3, $4, $5)',
    [hashOf(token), who.accountId, who.orgId, lang, new Date(now.getTime() + MSG_TOKEN_TTL_MS)],
  );
  return token;
}

/**
 * Takes a token: any instance may, once. Unknown or used is 1021, expired 1020; the account
 * must still be enabled and in the token's enterprise.
 */
export async function consumeMessageToken(
  db: Db,
  clock: Clock,
  token: string,
): Promise<Owner & { lang: Lang }> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw new AppError(Err.tokenInvalid);
  const row = await one<{ account_id: number; org_id: number; lang: Lang; expires_at: Date }>(
    db,
    `delete from msg_tokens t where token_hash = $1
       and exists (select 1 from accounts a where a.id = t.account_id and a.org_id = t.org_id and not a.disabled)
     returning account_id, org_id, lang, expires_at`,
    [hashOf(token)],
  );
  if (!row) throw new AppError(Err.tokenInvalid);
  if (row.expires_at.getTime() < clock.now().getTime()) throw new AppError(Err.tokenExpired);
  return { accountId: row.account_id, orgId: row.org_id, lang: row.lang };
}
