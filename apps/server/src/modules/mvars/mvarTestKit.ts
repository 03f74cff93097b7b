import type { Db } from '../../db/db';
import type { Caller } from '../../../test/harness';
import { made } from '../../../test/deviceFixtures';

/**
 * Projects for the mvar and project-monitoring tests, made straight in the tables of migration
 * 0008 (the project calls are tested with the projects module): a project, its bound devices and
 * members with per-page permissions; project pages through the page calls.
 */
export async function insertProject(db: Db, orgId: number, name: string): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    'insert into projects (org_id, name) values ($1, $2) returning id',
    [orgId, name],
  );
  return row!.id;
}

export async function bindToProject(
  db: Db,
  projectId: number,
  equipmentId: number,
  title: string,
): Promise<void> {
  await db.query(
    `insert into project_equipment (project_id, equipment_id, org_id, title, key)
     select $1, e.id, e.org_id, $3, 'dev' || e.id from equipment e where e.id = $2`,
    [projectId, equipmentId, title],
  );
}

/** Makes an account a member of the project with a permission on each given page. */
export async function addMember(
  db: Db,
  projectId: number,
  accountId: number,
  pages: { pageId: number; pmsn: 'view' | 'operate' }[],
): Promise<void> {
  await db.query(
    `insert into project_accounts (project_id, account_id, org_id) select $1, $2, org_id from projects where id = $1`,
    [projectId, accountId],
  );
  for (const { pageId, pmsn } of pages)
    await db.query(
      'insert into project_page_pmsn (project_id, account_id, page_id, pmsn) values ($1, $2, $3, $4)',
      [projectId, accountId, pageId, pmsn],
    );
}

/** A page of the project through /lfscada/configuration/page/add; returns its id. */
export async function projectPage(admin: Caller, projectId: number, name: string): Promise<number> {
  return (
    await made(admin, '/lfscada/configuration/page/add', { ownerKind: 'project', ownerId: projectId, name })
  ).id;
}
