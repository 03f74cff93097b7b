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
