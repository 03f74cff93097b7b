import type { Lang } from '@fieldhub/shared';
import type { Db } from '../db/db';
import type { Clock } from '../clock';
import {
  accountActiveIn,
  consumeSocketToken,
  issueSocketToken,
  SOCKET_TOKEN_TTL_MS,
} from '../realtime/socketTokens';
import type { Owner } from './messages.repo';

/** How long a message-socket token may wait for its socket (the browser connects at once). */
export const MSG_TOKEN_TTL_MS = SOCKET_TOKEN_TTL_MS;

/** Issues a one-use token for the caller's message socket (frames in `lang`). */
export function issueMessageToken(db: Db, clock: Clock, who: Owner, lang: Lang): Promise<string> {
  return issueSocketToken(db, clock, 'message', who, { lang });
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
  const grant = await consumeSocketToken<{ lang: Lang }>(db, clock, 'message', token, (who) =>
    accountActiveIn(db, who.accountId, who.orgId),
  );
  return { accountId: grant.accountId, orgId: grant.orgId, lang: grant.scope.lang };
}
