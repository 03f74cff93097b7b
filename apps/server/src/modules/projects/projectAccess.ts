import { AppError, Err, type PagePmsnLevel, type ProjectPageAccess } from '@fieldhub/shared';
import { one, type Db } from '../../db/db';
import type { AuthContext } from '../../http/context';

/** What the caller may do with a project: manage it, or see the pages its pagePmsn names. */
export interface ProjectAccess {
  id: number;
  orgId: number;
  name: string;
  /** the caller holds project_manage: every page, every call */
  manage: boolean;
  /** a member's page permissions by page id; null with `manage` (all pages) */
  pagePmsn: ReadonlyMap<number, PagePmsnLevel> | null;
}

export type ProjectNeed = 'view' | 'manage';

interface ProjectRef {
  id: number;
  org_id: number;
  name: string;
}

/**
 * The project `id` for the caller. `manage` needs project_manage; `view` also works with
 * ops_center for a member of the project (docs/requirements/projects.md §4.3 pagePmsn). A missing key is
 * 90008; a project of another enterprise, or one the caller is not a member of, reads as missing (2604)
 * whatever the call, so ids of other enterprises reveal nothing.
 */
export async function projectFor(
  db: Db,
  auth: AuthContext,
  id: number,
  need: ProjectNeed,
): Promise<ProjectAccess> {
  const manage = auth.auths.has('project_manage');
  if (!manage && (need === 'manage' || !auth.auths.has('ops_center'))) throw new AppError(Err.noAccess);
  const project = await one<ProjectRef>(
    db,
    'select id, org_id, name from projects where id = $1 and org_id = $2',
    [id, auth.orgId],
  );
  if (!project) throw new AppError(Err.projectNotFound);
  const base = { id: project.id, orgId: project.org_id, name: project.name };
  if (manage) return { ...base, manage: true, pagePmsn: null };
  const member = await one(db, 'select 1 from project_accounts where project_id = $1 and account_id = $2', [
    project.id,
    auth.accountId,
  ]);
  if (!member) throw new AppError(Err.projectNotFound);
  const rows = await db.query<{ page_id: number; pmsn: PagePmsnLevel }>(
    'select page_id, pmsn from project_page_pmsn where project_id = $1 and account_id = $2',
    [project.id, auth.accountId],
  );
  return { ...base, manage: false, pagePmsn: new Map(rows.map((r) => [r.page_id, r.pmsn])) };
}

/** The caller's right on one page of a project it may view, or undefined when it has none. */
export function pageAccessIn(access: ProjectAccess, pageId: number): ProjectPageAccess | undefined {
  return access.pagePmsn === null ? 'manage' : access.pagePmsn.get(pageId);
}

/**
 * The caller's right on a project page (for the viewer and project monitoring): `manage`,
 * `operate` or `view`. A page of another enterprise, not of a project, of a project the caller
 * cannot see, or one its pagePmsn does not name, is 1903; a missing key is 90008.
 */
export async function projectPageAccessFor(
  db: Db,
  auth: AuthContext,
  pageId: number,
): Promise<{ projectId: number; access: ProjectPageAccess }> {
  const page = await one<{ project_id: number | null }>(
    db,
    'select project_id from pages where id = $1 and org_id = $2',
    [pageId, auth.orgId],
  );
  if (!page || page.project_id === null) throw new AppError(Err.pageNotFound);
  let project: ProjectAccess;
  try {
    project = await projectFor(db, auth, page.project_id, 'view');
  } catch (e) {
    if (e instanceof AppError && e.code === Err.projectNotFound) throw new AppError(Err.pageNotFound);
    throw e;
  }
  const access = pageAccessIn(project, pageId);
  if (!access) throw new AppError(Err.pageNotFound);
  return { projectId: project.id, access };
}
