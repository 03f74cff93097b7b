import type { z } from 'zod';
import {
  AppError,
  Err,
  isPermissionKey,
  roleTypeMayHold,
  checkPassword,
  passwordProblemText,
  type departmentSchema,
  type enterpriseSchema,
  type Page,
  type roleSchema,
} from '@fieldhub/shared';
import type { Db } from '../../db/db';
import type { AuthContext } from '../../http/context';
import { hashPassword } from '../auth/passwordHash';
import { recordBy } from '../oplog/oplog.service';
import { blankAccountFields, insertAccount, loginnameTaken, telTaken } from '../accounts/accounts.repo';
import { checkLicenseRoom } from '../license/licensePolicy';
import * as repo from './org.repo';

type DepartmentInput = z.infer<typeof departmentSchema>;
type RoleInput = z.infer<typeof roleSchema>;
type EnterpriseInput = z.infer<typeof enterpriseSchema>;

const notFound = () => new AppError(Err.dataMissingOrNoAccess);

// --- departments: always within the caller's enterprise ----------------------------------------

export const listDepartments = (db: Db, auth: AuthContext) => repo.departmentsOf(db, auth.orgId);

/** A parent must be in the same enterprise and must not be the department itself or below it. */
async function checkParent(db: Db, orgId: number, parentId: number | null, selfId: number | null) {
  let cursor = parentId;
  while (cursor !== null) {
    if (cursor === selfId) throw new AppError(Err.parentGroupError);
    const parent = await repo.departmentIn(db, orgId, cursor);
    if (!parent) throw notFound();
    cursor = parent.parent_id;
  }
}

export async function addDepartment(db: Db, auth: AuthContext, d: DepartmentInput, ip: string) {
  return db.tx(async (tx) => {
    await checkParent(tx, auth.orgId, d.parentId, null);
    if (await repo.departmentNameTaken(tx, auth.orgId, d.parentId, d.name, null))
      throw new AppError(Err.departmentNameExists);
    const id = await repo.insertDepartment(tx, auth.orgId, d);
    await recordBy(tx, auth, ip, {
      action: 'dept.add',
      objectType: 'dept',
      objectId: id,
      detail: { name: d.name },
    });
    return id;
  });
}

export async function editDepartment(db: Db, auth: AuthContext, id: number, d: DepartmentInput, ip: string) {
  await db.tx(async (tx) => {
    if (!(await repo.departmentIn(tx, auth.orgId, id))) throw notFound();
    await checkParent(tx, auth.orgId, d.parentId, id);
    if (await repo.departmentNameTaken(tx, auth.orgId, d.parentId, d.name, id))
      throw new AppError(Err.departmentNameExists);
    await repo.updateDepartment(tx, id, d);
    await recordBy(tx, auth, ip, { action: 'dept.edit', objectType: 'dept', objectId: id });
  });
}

export async function removeDepartment(db: Db, auth: AuthContext, id: number, ip: string) {
  await db.tx(async (tx) => {
    if (!(await repo.departmentIn(tx, auth.orgId, id))) throw notFound();
    if (await repo.departmentInUse(tx, id)) throw new AppError(Err.inUseCannotDelete);
    await repo.deleteDepartment(tx, id);
    await recordBy(tx, auth, ip, { action: 'dept.delete', objectType: 'dept', objectId: id });
  });
}

// --- roles -------------------------------------------------------------------------------------

/** Unknown keys are a parameter error; admin keys on an operation role are 1017. */
function checkPermissions(r: RoleInput): string[] {
  const keys = [...new Set(r.permissions)];
  const unknown = keys.find((k) => !isPermissionKey(k));
  if (unknown)
    throw new AppError(Err.parameterCheckFailed, { params: { detail: `permissions: ${unknown}` } });
  if (keys.some((k) => !roleTypeMayHold(r.roleType, k))) throw new AppError(Err.roleTypeError);
  return keys;
}

export const listRoles = (db: Db, auth: AuthContext, name?: string) => repo.rolesOf(db, auth.orgId, name);

export async function getRole(db: Db, auth: AuthContext, id: number) {
  const role = await repo.roleIn(db, auth.orgId, id);
  if (!role) throw notFound();
  return role;
}

export async function addRole(db: Db, auth: AuthContext, r: RoleInput, ip: string) {
  const permissions = checkPermissions(r);
  return db.tx(async (tx) => {
    if (await repo.roleNameTaken(tx, auth.orgId, r.name, null)) throw new AppError(Err.roleNameExists);
    const id = await repo.insertRole(tx, auth.orgId, { ...r, permissions });
    await recordBy(tx, auth, ip, {
      action: 'role.add',
      objectType: 'role',
      objectId: id,
      detail: { name: r.name },
    });
    return id;
  });
}

export async function editRole(db: Db, auth: AuthContext, id: number, r: RoleInput, ip: string) {
  const permissions = checkPermissions(r);
  await db.tx(async (tx) => {
    if (!(await repo.roleIn(tx, auth.orgId, id))) throw notFound();
    if (await repo.roleNameTaken(tx, auth.orgId, r.name, id)) throw new AppError(Err.roleNameExists);
    await repo.updateRole(tx, id, { ...r, permissions });
    await recordBy(tx, auth, ip, { action: 'role.edit', objectType: 'role', objectId: id });
  });
}

export async function removeRole(db: Db, auth: AuthContext, id: number, ip: string) {
  await db.tx(async (tx) => {
    const role = await repo.roleIn(tx, auth.orgId, id);
    if (!role) throw notFound();
    if (role.accountCount > 0) throw new AppError(Err.inUseCannotDelete);
    await repo.deleteRole(tx, id);
    await recordBy(tx, auth, ip, { action: 'role.delete', objectType: 'role', objectId: id });
  });
}

// --- enterprises: managed by the platform's operation accounts ---------------------------------

export async function listEnterprises(
  db: Db,
  q: { name?: string | undefined; pageNum: number; pageSize: number },
): Promise<Page<repo.EnterpriseRow>> {
  const { list, total } = await repo.findEnterprises(db, q);
  return { list, total, pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function getEnterprise(db: Db, id: number) {
  const org = await repo.findEnterprise(db, id);
  if (!org) throw notFound();
  return org;
}

/** A new enterprise comes with its first enterprise admin account. */
export async function addEnterprise(
  db: Db,
  auth: AuthContext,
  e: EnterpriseInput & { adminLoginname: string; adminPassword: string; adminTel: string },
  ip: string,
) {
  const problem = checkPassword(e.adminPassword);
  if (problem) {
    throw new AppError(Err.parameterCheckFailed, {
      params: {
        detail: {
          'zh-CN': passwordProblemText(problem, 'zh-CN'),
          'en-US': passwordProblemText(problem, 'en-US'),
        },
      },
    });
  }
  // hashed before the transaction: no lock is held while scrypt runs
  const passwordHash = await hashPassword(e.adminPassword);
  return db.tx(async (tx) => {
    if (await repo.orgNameTaken(tx, e.name, null)) throw new AppError(Err.enterpriseNameExists);
    if (await loginnameTaken(tx, e.adminLoginname)) throw new AppError(Err.usernameExists);
    if (await telTaken(tx, e.adminTel, null)) throw new AppError(Err.phoneExists);
    await checkLicenseRoom(tx, 'users');
    const orgId = await repo.insertOrg(tx, 'enterprise', e);
    await insertAccount(tx, {
      orgId,
      kind: 'enterprise',
      loginname: e.adminLoginname,
      passwordHash,
      ...blankAccountFields,
      tel: e.adminTel,
      contact: e.contact,
      createdBy: auth.accountId,
    });
    await recordBy(tx, auth, ip, {
      action: 'enterprise.add',
      objectType: 'org',
      objectId: orgId,
      detail: { name: e.name },
    });
    return orgId;
  });
}

export async function editEnterprise(db: Db, auth: AuthContext, id: number, e: EnterpriseInput, ip: string) {
  await db.tx(async (tx) => {
    await getEnterprise(tx, id);
    if (await repo.orgNameTaken(tx, e.name, id)) throw new AppError(Err.enterpriseNameExists);
    await repo.updateOrg(tx, id, e);
    await recordBy(tx, auth, ip, { action: 'enterprise.edit', objectType: 'org', objectId: id });
  });
}

export async function setEnterpriseDisabled(
  db: Db,
  auth: AuthContext,
  id: number,
  disabled: boolean,
  ip: string,
) {
  await db.tx(async (tx) => {
    await getEnterprise(tx, id);
    await repo.setOrgDisabled(tx, id, disabled);
    await recordBy(tx, auth, ip, {
      action: disabled ? 'enterprise.disable' : 'enterprise.enable',
      objectType: 'org',
      objectId: id,
    });
  });
}

/** Only a disabled enterprise can be deleted, so a slip cannot wipe a working customer. */
export async function removeEnterprise(db: Db, auth: AuthContext, id: number, ip: string) {
  await db.tx(async (tx) => {
    const org = await getEnterprise(tx, id);
    if (!org.disabled) throw new AppError(Err.inUseCannotDelete);
    await repo.deleteOrg(tx, id);
    await recordBy(tx, auth, ip, {
      action: 'enterprise.delete',
      objectType: 'org',
      objectId: id,
      detail: { name: org.name },
    });
  });
}

export async function myOrg(db: Db, auth: AuthContext) {
  const org = await repo.findOrg(db, auth.orgId);
  if (!org) throw notFound();
  return org;
}
