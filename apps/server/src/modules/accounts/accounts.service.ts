import {
  AppError,
  Err,
  LIMITS,
  checkPassword,
  passwordProblemText,
  type AccountCreate,
  type AccountEdit,
  type AccountKind,
  type AccountQuery,
  type Page,
  ACCOUNT_KIND_BY_SEGMENT,
  type AccountSegment,
} from '@fieldhub/shared';
import { one, type Db } from '../../db/db';
import type { AuthContext } from '../../http/context';
import { hashPassword } from '../auth/passwordHash';
import { endSessionsOf } from '../auth/sessions';
import { checkLicenseRoom } from '../license/licensePolicy';
import { recordBy } from '../oplog/oplog.service';
import * as repo from './accounts.repo';

const notFound = () => new AppError(Err.dataMissingOrNoAccess);

/**
 * Which accounts a caller may manage: enterprise sub-accounts (internal, external) by holders of
 * account_manage in the same enterprise; enterprise admins and operation accounts by the
 * platform's operators (platform_account).
 */
function mayManage(auth: AuthContext, kind: AccountKind, orgId: number | null): boolean {
  switch (kind) {
    case 'internal':
    case 'external':
      return (
        auth.orgKind === 'enterprise' &&
        auth.auths.has('account_manage') &&
        (orgId === null || orgId === auth.orgId)
      );
    case 'enterprise':
      return auth.orgKind === 'platform' && auth.auths.has('platform_account');
    case 'operation':
      return (
        auth.orgKind === 'platform' &&
        auth.auths.has('platform_account') &&
        (orgId === null || orgId === auth.orgId)
      );
  }
}

function requireSegment(auth: AuthContext, segment: AccountSegment): AccountKind {
  const kind = ACCOUNT_KIND_BY_SEGMENT[segment];
  if (!mayManage(auth, kind, null)) throw new AppError(Err.noAccess);
  return kind;
}

/** Loads an account the caller may manage; anything else reads as missing (no existence leak). */
async function manageable(db: Db, auth: AuthContext, id: number): Promise<repo.AccountRow> {
  // a caller who manages no accounts at all is told so, whatever the id
  if (!auth.auths.has('account_manage') && !auth.auths.has('platform_account'))
    throw new AppError(Err.noAccess);
  const account = await repo.findAccount(db, id);
  if (!account || !mayManage(auth, account.kind, account.orgId)) throw notFound();
  return account;
}

function passwordError(password: string): AppError | null {
  const problem = checkPassword(password);
  if (!problem) return null;
  return new AppError(Err.parameterCheckFailed, {
    params: {
      detail: {
        'zh-CN': passwordProblemText(problem, 'zh-CN'),
        'en-US': passwordProblemText(problem, 'en-US'),
      },
    },
  });
}

/** Department and role must belong to the account's enterprise; sub-accounts need a role. */
async function checkPlacement(
  db: Db,
  orgId: number,
  kind: AccountKind,
  deptId: number | null,
  roleId: number | null,
) {
  if (kind !== 'internal' && kind !== 'external') return { deptId: null, roleId: null };
  if (!roleId) throw new AppError(Err.parameterMissing, { params: { detail: 'roleId' } });
  if (!(await one(db, 'select 1 from roles where id = $1 and org_id = $2', [roleId, orgId])))
    throw notFound();
  if (
    deptId &&
    !(await one(db, 'select 1 from departments where id = $1 and org_id = $2', [deptId, orgId]))
  ) {
    throw notFound();
  }
  return { deptId, roleId };
}

/** The enterprise's account limits (1013, 1014, 2901); also used by enrollment (account-security.md §4). */
export async function checkLimit(db: Db, orgId: number, kind: AccountKind): Promise<void> {
  if (kind === 'enterprise') {
    if ((await repo.countAccounts(db, orgId, kind)) >= LIMITS.accountsPerEnterprise) {
      throw new AppError(Err.enterpriseAccountLimit);
    }
    return;
  }
  if (kind !== 'internal' && kind !== 'external') return;
  const org = await one<{ max_internal: number | null; max_external: number | null }>(
    db,
    'select max_internal, max_external from orgs where id = $1',
    [orgId],
  );
  const max = kind === 'internal' ? org?.max_internal : org?.max_external;
  if (max != null && (await repo.countAccounts(db, orgId, kind)) >= max) {
    throw new AppError(kind === 'internal' ? Err.internalAccountLimit : Err.externalAccountLimit);
  }
}

/** A filter naming another enterprise, or a department of one, is refused like any foreign id. */
async function checkQueryScope(db: Db, orgId: number | null, q: AccountQuery): Promise<void> {
  if (orgId === null) return;
  if (q.orgId && q.orgId !== orgId) throw notFound();
  if (
    q.deptId &&
    !(await one(db, 'select 1 from departments where id = $1 and org_id = $2', [q.deptId, orgId]))
  ) {
    throw notFound();
  }
}

export async function listAccounts(
  db: Db,
  auth: AuthContext,
  q: AccountQuery,
): Promise<Page<repo.AccountRow>> {
  const kind = requireSegment(auth, q.segment);
  const orgId = kind === 'enterprise' ? null : auth.orgId;
  await checkQueryScope(db, orgId, q);
  const { list, total } = await repo.findAccounts(db, { kind, orgId }, q);
  return { list, total, pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function getAccount(db: Db, auth: AuthContext, id: number): Promise<repo.AccountRow> {
  return manageable(db, auth, id);
}

export async function createAccount(
  db: Db,
  auth: AuthContext,
  input: AccountCreate,
  ip: string,
): Promise<number> {
  const kind = requireSegment(auth, input.segment);
  let orgId = auth.orgId;
  if (kind === 'enterprise') {
    if (!input.orgId) throw new AppError(Err.parameterMissing, { params: { detail: 'orgId' } });
    const org = await one(db, "select 1 from orgs where id = $1 and kind = 'enterprise'", [input.orgId]);
    if (!org) throw new AppError(Err.organizationError);
    orgId = input.orgId;
  }
  const pwError = passwordError(input.password);
  if (pwError) throw pwError;
  // hashed before the transaction: no lock is held while scrypt runs
  const passwordHash = await hashPassword(input.password);
  return db.tx(async (tx) => {
    if (await repo.loginnameTaken(tx, input.loginname)) throw new AppError(Err.usernameExists);
    if (await repo.telTaken(tx, input.tel, null)) throw new AppError(Err.phoneExists);
    await checkLimit(tx, orgId, kind);
    if (kind !== 'operation') await checkLicenseRoom(tx, 'users');
    const placement = await checkPlacement(tx, orgId, kind, input.deptId, input.roleId);
    const id = await repo.insertAccount(tx, {
      ...input,
      ...placement,
      orgId,
      kind,
      passwordHash,
      createdBy: auth.accountId,
    });
    await recordBy(tx, auth, ip, {
      action: 'account.add',
      objectType: 'account',
      objectId: id,
      detail: { loginname: input.loginname, kind },
    });
    return id;
  });
}

export async function editAccount(db: Db, auth: AuthContext, input: AccountEdit, ip: string): Promise<void> {
  await db.tx(async (tx) => {
    const account = await manageable(tx, auth, input.id);
    if (await repo.telTaken(tx, input.tel, input.id)) throw new AppError(Err.phoneExists);
    const placement = await checkPlacement(tx, account.orgId, account.kind, input.deptId, input.roleId);
    await repo.updateAccount(tx, input.id, { ...input, ...placement });
    await recordBy(tx, auth, ip, { action: 'account.edit', objectType: 'account', objectId: input.id });
  });
}

export async function setAccountDisabled(
  db: Db,
  auth: AuthContext,
  id: number,
  disabled: boolean,
  ip: string,
) {
  await db.tx(async (tx) => {
    if (id === auth.accountId) throw new AppError(Err.noAccess);
    await manageable(tx, auth, id);
    await repo.setDisabled(tx, id, disabled);
    if (disabled) await endSessionsOf(tx, id);
    await recordBy(tx, auth, ip, {
      action: disabled ? 'account.disable' : 'account.enable',
      objectType: 'account',
      objectId: id,
    });
  });
}

export async function resetAccountPassword(
  db: Db,
  auth: AuthContext,
  id: number,
  password: string,
  ip: string,
) {
  const pwError = passwordError(password);
  if (pwError) throw pwError;
  const passwordHash = await hashPassword(password);
  await db.tx(async (tx) => {
    await manageable(tx, auth, id);
    await repo.setPasswordHash(tx, id, passwordHash);
    await endSessionsOf(tx, id);
    await recordBy(tx, auth, ip, { action: 'account.resetPassword', objectType: 'account', objectId: id });
  });
}

/**
 * Deletes an internal account (1019 otherwise), never the caller's own (1018). What the account
 * owned passes to its enterprise admin.
 */
export async function removeAccount(db: Db, auth: AuthContext, id: number, ip: string): Promise<void> {
  if (id === auth.accountId) throw new AppError(Err.cannotDeleteOwnAccount);
  await db.tx(async (tx) => {
    const account = await manageable(tx, auth, id);
    if (account.kind !== 'internal') throw new AppError(Err.onlyInternalAccountsDeletable);
    const heir = await repo.enterpriseAdminOf(tx, account.orgId);
    if (!heir) throw new AppError(Err.organizationError);
    await transferOwnedData(tx, id, heir);
    await repo.deleteAccount(tx, id);
    await recordBy(tx, auth, ip, {
      action: 'account.delete',
      objectType: 'account',
      objectId: id,
      detail: { loginname: account.loginname, heir },
    });
  });
}

/**
 * Tables whose rows belong to an account name it in `owner_account_id`; on deletion those rows
 * pass to the heir (docs/requirements/organisations-roles-permissions.md §6.2: the deleted account's devices
 * move to the enterprise admin).
 */
const OWNED_TABLES = ['equipment', 'templates'] as const;

async function transferOwnedData(db: Db, from: number, to: number): Promise<void> {
  for (const table of OWNED_TABLES) {
    await db.query(`update ${table} set owner_account_id = $2 where owner_account_id = $1`, [from, to]);
  }
}
