import type { Db } from '../../db/db';

/** What the wall adds to a project row, per project. */
export interface ProjectStats {
  projectId: number;
  online: number;
  offline: number;
  /** active alarms by level */
  levels: Record<string, number>;
  cover: string | null;
  lastChange: Date;
}

/**
 * Devices online and offline, active alarms by level of the bound devices, the cover (thumbnail of
 * `homePages`' page of each project) and the latest change of the project or its pages, for projects
 * of the enterprise.
 */
export async function projectStats(
  db: Db,
  orgId: number,
  projectIds: number[],
  homePages: number[],
): Promise<ProjectStats[]> {
  return db.query<ProjectStats>(
    `select p.id as "projectId",
            (select count(*)::int from project_equipment pe join gateways g on g.equipment_id = pe.equipment_id
              where pe.project_id = p.id and g.status = 'online') as online,
            (select count(*)::int from project_equipment pe left join gateways g on g.equipment_id = pe.equipment_id
              where pe.project_id = p.id and (g.status is null or g.status <> 'online')) as offline,
            coalesce((select json_object_agg(level, n) from (
                select a.level, count(*)::int as n from alarms a join project_equipment pe on pe.equipment_id = a.equipment_id
                 where pe.project_id = p.id and a.org_id = p.org_id and a.state = 'active' group by a.level) l), '{}') as levels,
            (select g.thumbnail from pages g where g.project_id = p.id and g.id = any($3::bigint[])) as cover,
            greatest(p.updated_at, (select max(g.updated_at) from pages g where g.project_id = p.id)) as "lastChange"
       from projects p where p.org_id = $1 and p.id = any($2::bigint[])`,
    [orgId, projectIds, homePages],
  );
}
