import { randomBytes } from 'node:crypto';
import {
  AppError,
  Err,
  type Page,
  type PageRow,
  type ProjectAddInput,
  type ProjectEditInput,
  type ProjectEditShareAuthInput,
  type ProjectEditSharePwdInput,
  type ProjectInfo,
  type ProjectPageRef,
  type ProjectQueryAllInput,
  type ProjectRow,
  type ProjectSeqSaveInput,
  type ProjectShareInfo,
  type ProjectUserRow,
} from '@fieldhub/shared';
import type { Db } from '../../db/db';
import type { AuthContext } from '../../http/context';
import { hashPassword } from '../auth/passwordHash';
import { recordBy } from '../oplog/oplog.service';
import { savePageOrder } from '../pages/pages.service';
import { projectFor } from './projectAccess';
import * as repo from './projects.repo';

const requireManage = (auth: AuthContext) => {
  if (!auth.auths.has('project_manage')) throw new AppError(Err.noAccess);
};

async function requireFreeName(db: Db, orgId: number, name: string, exceptId: number | null) {
  if (await repo.nameTaken(db, orgId, name, exceptId)) throw new AppError(Err.projectNameExists);
}

export async function queryAll(
  db: Db,
  auth: AuthContext,
  input: ProjectQueryAllInput,
): Promise<Page<ProjectRow>> {
  requireManage(auth);
  const { list, total } = await repo.projectsOf(db, auth.orgId, input);
  return { list, total, pageNum: input.pageNum, pageSize: input.pageSize };
}

/** Pages of each project that the caller may see, by project id. */
async function visiblePages(db: Db, auth: AuthContext, projectIds: number[], manage: boolean) {
  const rows = await repo.visiblePagesOf(db, auth.orgId, projectIds, auth.accountId, manage);
  const byProject = new Map<number, ProjectPageRef[]>();
  for (const r of rows) {
    const list = byProject.get(r.project_id) ?? [];
    const access = manage ? 'manage' : r.pmsn === 'operate' ? 'operate' : 'view';
    list.push({ id: r.id, name: r.name, seq: r.seq, checkpwd: r.checkpwd, access });
    byProject.set(r.project_id, list);
  }
  return byProject;
}

/** The operations centre's list: every project with project_manage, else the caller's memberships (ops_center). */
export async function queryAllByUser(db: Db, auth: AuthContext, now: Date): Promise<ProjectUserRow[]> {
  const manage = auth.auths.has('project_manage');
  if (!manage && !auth.auths.has('ops_center')) throw new AppError(Err.noAccess);
  const projects = await repo.projectsForAccount(db, auth.orgId, auth.accountId, manage);
  const pages = await visiblePages(
    db,
    auth,
    projects.map((p) => p.id),
    manage,
  );
  return projects.map((p) => repo.toUserRow(p, manage, pages.get(p.id) ?? [], now));
}

export async function info(db: Db, auth: AuthContext, id: number, now: Date): Promise<ProjectInfo> {
  const access = await projectFor(db, auth, id, 'view');
  const [project] = await repo.projectsForAccount(db, auth.orgId, auth.accountId, access.manage, access.id);
  const pages = (await visiblePages(db, auth, [access.id], access.manage)).get(access.id) ?? [];
  return {
    ...repo.toUserRow(project!, access.manage, pages, now),
    errorValShow: project!.error_val_show,
    errorDefaultVal: project!.error_default_val,
    equipCount: project!.equip_count,
    pages,
  };
}

export async function add(
  db: Db,
  auth: AuthContext,
  input: ProjectAddInput,
  ip: string,
): Promise<ProjectRow> {
  requireManage(auth);
  const id = await db.tx(async (tx) => {
    await requireFreeName(tx, auth.orgId, input.name, null);
    const id = await repo.insertProject(tx, auth.orgId, input, auth.accountId);
    await recordBy(tx, auth, ip, {
      action: 'project.add',
      objectType: 'project',
      objectId: id,
      detail: { name: input.name },
    });
    return id;
  });
  return (await repo.projectRow(db, auth.orgId, id))!;
}

export async function edit(
  db: Db,
  auth: AuthContext,
  input: ProjectEditInput,
  ip: string,
): Promise<ProjectRow> {
  const project = await db.tx(async (tx) => {
    const project = await projectFor(tx, auth, input.id, 'manage');
    await requireFreeName(tx, auth.orgId, input.name, project.id);
    await repo.updateProject(tx, auth.orgId, project.id, input, auth.accountId);
    await recordBy(tx, auth, ip, {
      action: 'project.edit',
      objectType: 'project',
      objectId: project.id,
      detail: { from: project.name, name: input.name },
    });
    return project;
  });
  return (await repo.projectRow(db, auth.orgId, project.id))!;
}

/** Deletes a project with its pages, bound equipment and members (foreign keys cascade). */
export async function remove(db: Db, auth: AuthContext, id: number, ip: string): Promise<null> {
  await db.tx(async (tx) => {
    const project = await projectFor(tx, auth, id, 'manage');
    await repo.deleteProject(tx, auth.orgId, project.id);
    await recordBy(tx, auth, ip, {
      action: 'project.delete',
      objectType: 'project',
      objectId: project.id,
      detail: { name: project.name },
    });
  });
  return null;
}

function toShareInfo(r: repo.ShareRecord): ProjectShareInfo {
  return { id: r.id, shared: r.shared, token: r.token, hasPassword: r.has_password, perms: r.perms };
}

export async function shareInfo(db: Db, auth: AuthContext, id: number): Promise<ProjectShareInfo> {
  const project = await projectFor(db, auth, id, 'manage');
  return toShareInfo((await repo.shareOf(db, auth.orgId, project.id))!);
}

/** Sets the shared link's password (stored as a scrypt hash); '' removes it. */
export async function editSharePwd(
  db: Db,
  auth: AuthContext,
  input: ProjectEditSharePwdInput,
  ip: string,
): Promise<null> {
  const project = await projectFor(db, auth, input.id, 'manage');
  // hashed before the transaction: no row stays locked while scrypt runs
  const hash = input.sharePwd ? await hashPassword(input.sharePwd) : null;
  await db.tx(async (tx) => {
    await repo.setSharePassword(tx, auth.orgId, project.id, hash, auth.accountId);
    await recordBy(tx, auth, ip, {
      action: 'project.sharePassword',
      objectType: 'project',
      objectId: project.id,
      detail: { protected: hash !== null },
    });
  });
  return null;
}

export async function editShareAuth(
  db: Db,
  auth: AuthContext,
  input: ProjectEditShareAuthInput,
  ip: string,
): Promise<ProjectShareInfo> {
  const token = randomBytes(18).toString('base64url');
  const project = await db.tx(async (tx) => {
    const project = await projectFor(tx, auth, input.id, 'manage');
    await repo.setShareAuth(
      tx,
      auth.orgId,
      project.id,
      { shared: input.shared, perms: input.perms, token },
      auth.accountId,
    );
    await recordBy(tx, auth, ip, {
      action: input.shared ? 'project.share.on' : 'project.share.off',
      objectType: 'project',
      objectId: project.id,
      detail: { perms: input.perms },
    });
    return project;
  });
  return toShareInfo((await repo.shareOf(db, auth.orgId, project.id))!);
}

/** The project's page order: the page storage's seq/save for the project. */
export function savePageSeq(
  db: Db,
  auth: AuthContext,
  input: ProjectSeqSaveInput,
  ip: string,
): Promise<PageRow[]> {
  return savePageOrder(db, auth, { ownerKind: 'project', ownerId: input.projectId, ids: input.ids }, ip);
}
