import type { Db } from '../src/db/db';
import type { Caller } from './harness';
import { made } from './deviceFixtures';

/** A project row as the management calls answer it (the fields tests look at). */
export interface ProjectRowT {
  id: number;
  name: string;
  remark: string;
  seq: number;
  errorValShow: string;
  errorDefaultVal: string;
  pageCount: number;
  equipCount: number;
  accountCount: number;
  shared: boolean;
  hasSharePwd: boolean;
  createdBy: string;
}

export const projectBase = '/lfscada/project';

/** A new project of the caller's enterprise. */
export function addProject(admin: Caller, name: string, extra: Record<string, unknown> = {}) {
  return made<ProjectRowT>(admin, `${projectBase}/add`, { name, ...extra });
}

/** A page of a project through the page storage; answers its id. */
export async function addProjectPage(admin: Caller, projectId: number, name: string): Promise<number> {
  return (
    await made(admin, '/lfscada/configuration/page/add', { ownerKind: 'project', ownerId: projectId, name })
  ).id;
}

/** A device of the caller's enterprise; answers its id. */
export async function addDevice(admin: Caller, name: string): Promise<number> {
  return (await made(admin, '/lfscada/equipment/multi/add', { name })).id;
}

/**
 * `count` enabled internal accounts of the enterprise, inserted straight into the table (they
 * never log in, and the account API would hash a password for each); answers their ids.
 */
export async function bulkAccounts(db: Db, orgId: number, prefix: string, count: number): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `insert into accounts (org_id, kind, loginname, password_hash)
     select $1, 'internal', $2 || '-' || n, 'not-a-login' from generate_series(1, $3::int) n
     returning id`,
    [orgId, prefix, count],
  );
  return rows.map((r) => r.id);
}

/**
 * A project of the organisation straight in the table, for tests of what hangs on projects (mvars,
 * project monitoring); the project calls themselves are tested with the projects module.
 */
export async function insertProject(db: Db, orgId: number, name: string): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    'insert into projects (org_id, name) values ($1, $2) returning id',
    [orgId, name],
  );
  return row!.id;
}

/** Binds a device to the project under `title`, straight in the table. */
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
