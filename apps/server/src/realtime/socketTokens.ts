import { createHash, randomBytes } from 'node:crypto';
import { AppError, Err } from '@fieldhub/shared';
import type { Clock } from '../clock';
import type { Db } from '../db/db';
import * as repo from './socketTokens.repo';

export type { SocketKind } from './socketTokens.repo';

/** How long a websocket token may wait for its socket (the browser connects at once). */
export const SOCKET_TOKEN_TTL_MS = 60_000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Who a socket is for. */
export interface SocketOwner {
  accountId: number;
  orgId: number;
}

/**
 * Issues a one-use token for a socket of the kind, carrying `scope` (what the socket may carry,
 * checked by the caller before).
 */
export async function issueSocketToken(
  db: Db,
  clock: Clock,
  kind: repo.SocketKind,
  who: SocketOwner,
  scope: unknown,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = clock.now();
  await repo.insertSocketToken(db, {
    hash: hashOf(token),
    kind,
    accountId: who.accountId,
    orgId: who.orgId,
    scope,
    now,
    expiresAt: new Date(now.getTime() + SOCKET_TOKEN_TTL_MS),
  });
  return token;
}

/**
 * Takes a token of the kind: any instance may, once. An unknown, used or malformed token is 1021,
 * an expired one 1020; `stillValid` checks what the scope names is still the owner's (else 1021).
 */
export async function consumeSocketToken<S>(
  db: Db,
  clock: Clock,
  kind: repo.SocketKind,
  token: string,
  stillValid: (who: SocketOwner, scope: S) => Promise<boolean>,
): Promise<SocketOwner & { scope: S }> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw new AppError(Err.tokenInvalid);
  const row = await repo.takeSocketToken(db, kind, hashOf(token));
  if (!row) throw new AppError(Err.tokenInvalid);
  const who = { accountId: Number(row.account_id), orgId: Number(row.org_id) };
  const scope = row.scope as S;
  if (!(await stillValid(who, scope))) throw new AppError(Err.tokenInvalid);
  if (row.expires_at.getTime() < clock.now().getTime()) throw new AppError(Err.tokenExpired);
  return { ...who, scope };
}

export const { deviceInOrg, pageInProject, accountActiveIn } = repo;
