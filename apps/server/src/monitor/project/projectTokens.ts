import { createHash, randomBytes } from 'node:crypto';
import { AppError, Err } from '@fieldhub/shared';
import { one, type Db } from '../../db/db';
import type { Clock } from '../../clock';
import { LIVE_TOKEN_TTL_MS } from '../live/liveTokens';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** What a project socket carries: checked when its token was issued. */
export interface ProjectWatch {
  projectId: number;
  pageId: number;
  /** devices whose alarms (and signals' values) the page shows */
  equipmentIds: readonly number[];
  signalIds: readonly number[];
  mvarIds: readonly number[];
}

/** Issues a one-use token (valid 60 s, like the device socket's) for a checked watch list. */
export async function issueProjectToken(
  db: Db,
  clock: Clock,
  who: { accountId: number; orgId: number },
  watch: ProjectWatch,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = clock.now();
  await db.query('delete from project_live_tokens where expires_at < $1', [now]);
  await db.query(
    `insert into project_live_tokens (token_hash, account_id, org_id, project_id, page_id, equipment_ids,
                                      signal_ids, mvar_ids, expires_at)
     values ($1, $2, $3, $4, $5, $6::int8[], $7::int8[], $8::int8[], $9)`,
    [
      hashOf(token),
      who.accountId,
      who.orgId,
      watch.projectId,
      watch.pageId,
      watch.equipmentIds,
      watch.signalIds,
      watch.mvarIds,
      new Date(now.getTime() + LIVE_TOKEN_TTL_MS),
    ],
  );
  return token;
}

/**
 * Takes a token: any instance may, once. Unknown or used is 1021, expired 1020; the page must still
 * be a page of the token's project in the token's enterprise.
 */
export async function consumeProjectToken(db: Db, clock: Clock, token: string): Promise<ProjectWatch> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw new AppError(Err.tokenInvalid);
  const row = await one<{
    project_id: number;
    page_id: number;
    equipment_ids: unknown[];
    signal_ids: unknown[];
    mvar_ids: unknown[];
    expires_at: Date;
  }>(
    db,
    `delete from project_live_tokens t where token_hash = $1
       and exists (select 1 from pages p where p.id = t.page_id and p.project_id = t.project_id and p.org_id = t.org_id)
     returning project_id, page_id, equipment_ids::int8[], signal_ids::int8[], mvar_ids::int8[], expires_at`,
    [hashOf(token)],
  );
  if (!row) throw new AppError(Err.tokenInvalid);
  if (row.expires_at.getTime() < clock.now().getTime()) throw new AppError(Err.tokenExpired);
  return {
    projectId: row.project_id,
    pageId: row.page_id,
    equipmentIds: row.equipment_ids.map(Number),
    signalIds: row.signal_ids.map(Number),
    mvarIds: row.mvar_ids.map(Number),
  };
}
