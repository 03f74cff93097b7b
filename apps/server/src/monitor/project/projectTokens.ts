import type { Db } from '../../db/db';
import type { Clock } from '../../clock';
import { consumeSocketToken, issueSocketToken, pageInProject } from '../../realtime/socketTokens';

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
export function issueProjectToken(
  db: Db,
  clock: Clock,
  who: { accountId: number; orgId: number },
  watch: ProjectWatch,
): Promise<string> {
  return issueSocketToken(db, clock, 'project', who, watch);
}

/**
 * Takes a token: any instance may, once. Unknown or used is 1021, expired 1020; the page must still
 * be a page of the token's project in the token's enterprise.
 */
export async function consumeProjectToken(db: Db, clock: Clock, token: string): Promise<ProjectWatch> {
  const grant = await consumeSocketToken<ProjectWatch>(db, clock, 'project', token, (who, watch) =>
    pageInProject(db, watch.pageId, watch.projectId, who.orgId),
  );
  const w = grant.scope;
  return {
    projectId: w.projectId,
    pageId: w.pageId,
    equipmentIds: w.equipmentIds.map(Number),
    signalIds: w.signalIds.map(Number),
    mvarIds: w.mvarIds.map(Number),
  };
}
