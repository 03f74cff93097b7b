import {
  AppError,
  Err,
  PAGE_PMSN_MAX,
  PROJECT_ACCOUNTS_MAX,
  type PagePmsn,
  type ProjectAccount,
  type ProjectMember,
  type ProjectPmsnAddInput,
  type ProjectPmsnDeleteInput,
  type ProjectPmsnEditInput,
  type ProjectPmsnQueryNoPmsnUserInput,
} from '@fieldhub/shared';
import type { Db } from '../../db/db';
import type { AuthContext } from '../../http/context';
import { recordBy } from '../oplog/oplog.service';
import { projectFor, type ProjectAccess } from './projectAccess';
import * as repo from './projectMembers.repo';
import { lockProject } from './projects.repo';

export async function members(db: Db, auth: AuthContext, projectId: number): Promise<ProjectMember[]> {
  const project = await projectFor(db, auth, projectId, 'manage');
  return repo.membersOf(db, auth.orgId, project.id);
}

export async function nonMembers(
  db: Db,
  auth: AuthContext,
  input: ProjectPmsnQueryNoPmsnUserInput,
): Promise<ProjectAccount[]> {
  const project = await projectFor(db, auth, input.projectId, 'manage');
  return repo.nonMembersOf(db, auth.orgId, project.id, input.keyword);
}

/**
 * The pages named must be the project's (2612), and each may have at most PAGE_PMSN_MAX members
 * with a permission once `accountIds` hold theirs (1902).
 */
async function checkPagePmsn(
  db: Db,
  project: ProjectAccess,
  accountIds: number[],
  pagePmsn: PagePmsn[],
): Promise<void> {
  if (!pagePmsn.length) return;
  const pageIds = pagePmsn.map((p) => p.pageId);
  if ((await repo.countProjectPages(db, project.orgId, project.id, pageIds)) !== pageIds.length) {
    throw new AppError(Err.pageNotInProject);
  }
  const others = await repo.pmsnCountsOn(db, project.id, pageIds, accountIds);
  if (pageIds.some((id) => (others.get(id) ?? 0) + accountIds.length > PAGE_PMSN_MAX)) {
    throw new AppError(Err.pagePermissionLimit);
  }
}

/** Every refusal is decided before anything is written, inside one transaction with the project locked. */
export async function addMembers(
  db: Db,
  auth: AuthContext,
  input: ProjectPmsnAddInput,
  ip: string,
): Promise<ProjectMember[]> {
  const project = await projectFor(db, auth, input.projectId, 'manage');
  const ids = [...new Set(input.accountIds)];
  await db.tx(async (tx) => {
    await lockProject(tx, project.orgId, project.id);
    if ((await repo.countEligibleAccounts(tx, project.orgId, ids)) !== ids.length) {
      throw new AppError(Err.dataMissingOrNoAccess);
    }
    const already = await repo.membersAmong(tx, project.orgId, project.id, ids);
    if (already.length)
      throw new AppError(Err.projectAccountExists, { params: { name: already[0]!.loginname } });
    if ((await repo.countMembers(tx, project.orgId, project.id)) + ids.length > PROJECT_ACCOUNTS_MAX) {
      throw new AppError(Err.projectAccountLimit);
    }
    await checkPagePmsn(tx, project, ids, input.pagePmsn);
    await repo.insertMembers(tx, project.orgId, project.id, ids, auth.accountId);
    await repo.replacePagePmsn(tx, project.id, ids, input.pagePmsn);
    await recordBy(tx, auth, ip, {
      action: 'project.pmsn.add',
      objectType: 'project',
      objectId: project.id,
      detail: { accountIds: ids, pagePmsn: input.pagePmsn },
    });
  });
  return repo.membersOf(db, auth.orgId, project.id);
}

export async function editMember(
  db: Db,
  auth: AuthContext,
  input: ProjectPmsnEditInput,
  ip: string,
): Promise<ProjectMember> {
  const project = await projectFor(db, auth, input.projectId, 'manage');
  await db.tx(async (tx) => {
    await lockProject(tx, project.orgId, project.id);
    if (!(await repo.membersAmong(tx, project.orgId, project.id, [input.accountId])).length) {
      throw new AppError(Err.projectAccountNotMember);
    }
    await checkPagePmsn(tx, project, [input.accountId], input.pagePmsn);
    await repo.replacePagePmsn(tx, project.id, [input.accountId], input.pagePmsn);
    await recordBy(tx, auth, ip, {
      action: 'project.pmsn.edit',
      objectType: 'project',
      objectId: project.id,
      detail: { accountId: input.accountId, pagePmsn: input.pagePmsn },
    });
  });
  return (await repo.membersOf(db, auth.orgId, project.id)).find((m) => m.id === input.accountId)!;
}

export async function deleteMembers(
  db: Db,
  auth: AuthContext,
  input: ProjectPmsnDeleteInput,
  ip: string,
): Promise<null> {
  const project = await projectFor(db, auth, input.projectId, 'manage');
  const ids = [...new Set(input.accountIds)];
  await db.tx(async (tx) => {
    await lockProject(tx, project.orgId, project.id);
    if ((await repo.membersAmong(tx, project.orgId, project.id, ids)).length !== ids.length) {
      throw new AppError(Err.projectAccountNotMember);
    }
    await repo.deleteMembers(tx, project.orgId, project.id, ids);
    await recordBy(tx, auth, ip, {
      action: 'project.pmsn.delete',
      objectType: 'project',
      objectId: project.id,
      detail: { accountIds: ids },
    });
  });
  return null;
}
