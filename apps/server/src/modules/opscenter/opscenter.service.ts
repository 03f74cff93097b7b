import { ALARM_LEVELS, type CallResult, type OpsCard, type opsCenterCalls } from '@fieldhub/shared';
import type { Db } from '../../db/db';
import type { AuthContext } from '../../http/context';
import { queryAllByUser } from '../projects/projects.service';
import { projectStats } from './opscenter.repo';

/**
 * The operating centre's wall (docs/requirements/data-views.md §1.1): the projects the caller
 * operates (projects.md §1.2: all of the enterprise's with project_manage, else its memberships), in
 * their order, each with its devices online and offline, active alarms by level, cover and last change.
 */
export async function opsWall(
  db: Db,
  auth: AuthContext,
  now: Date,
): Promise<CallResult<typeof opsCenterCalls.wall>> {
  const projects = await queryAllByUser(db, auth, now);
  if (!projects.length) return [];
  const stats = new Map(
    (
      await projectStats(
        db,
        auth.orgId,
        projects.map((p) => p.id),
        projects.flatMap((p) => (p.homePageId === null ? [] : [p.homePageId])),
      )
    ).map((s) => [Number(s.projectId), s]),
  );
  return projects.map((p) => {
    const s = stats.get(p.id);
    return {
      ...p,
      devicesOnline: s?.online ?? 0,
      devicesOffline: s?.offline ?? 0,
      alarms: Object.fromEntries(ALARM_LEVELS.map((l) => [l, s?.levels[l] ?? 0])) as OpsCard['alarms'],
      cover: s?.cover ?? null,
      lastChange: s?.lastChange ?? now,
    };
  });
}
