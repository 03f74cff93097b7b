import { randomBytes, randomUUID } from 'node:crypto';
import {
  AppError,
  ENROLL_MAX_ATTEMPTS,
  ENROLL_WINDOW_MINUTES,
  Err,
  checkPassword,
  passwordProblemText,
  type CallResult,
  type EnrollRegister,
  type EnrollmentRow,
  type EnrollmentState,
  type InvitationCreate,
  type InvitationRow,
  type InvitationVia,
  type Page,
  type Paging,
  type enrollCalls,
} from '@fieldhub/shared';
import type { Clock } from '../../clock';
import { claimRequest } from '../../http/requestBudget.repo';
import { isUniqueViolation, type Db } from '../../db/db';
import type { AuthContext } from '../../http/context';
import { checkLimit } from '../accounts/accounts.service';
import { blankAccountFields, insertAccount, loginnameTaken, telTaken } from '../accounts/accounts.repo';
import { hashPassword } from '../auth/passwordHash';
import { checkLicenseRoom } from '../license/licensePolicy';
import { recordBy, recordOperation } from '../oplog/oplog.service';
import * as repo from './enroll.repo';

const notFound = () => new AppError(Err.dataMissingOrNoAccess);
// letters and digits that cannot be mistaken for one another when typed from a printout
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 10;

function drawCode(): string {
  const bytes = randomBytes(CODE_LENGTH);
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
}

export async function listInvitations(
  db: Db,
  clock: Clock,
  auth: AuthContext,
  q: Paging,
): Promise<Page<InvitationRow>> {
  const { list, total } = await repo.listInvitations(
    db,
    auth.orgId,
    q.pageSize,
    (q.pageNum - 1) * q.pageSize,
  );
  const now = clock.now();
  return {
    list: list.map((i) => repo.toInvitationRow(i, now)),
    total,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}

/**
 * Creates an invitation (docs/requirements/account-security.md §4.1): role and department of the
 * caller's enterprise (90002 otherwise), an expiry in the future (10005). A role uuid already in
 * use is 3401; a drawn code that collides is drawn again.
 */
export async function createInvitation(
  db: Db,
  clock: Clock,
  auth: AuthContext,
  input: InvitationCreate,
  ip: string,
): Promise<{ id: number; code: string }> {
  const now = clock.now();
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt <= now) throw new AppError(Err.outOfRange, { params: { detail: 'expiresAt' } });
  return db.tx(async (tx) => {
    if (!(await repo.roleInOrg(tx, auth.orgId, input.roleId))) throw notFound();
    if (input.deptId && !(await repo.deptInOrg(tx, auth.orgId, input.deptId))) throw notFound();
    const chosen = input.via === 'role' ? input.roleUuid : undefined;
    for (let attempt = 0; ; attempt++) {
      const code = chosen ?? (input.via === 'role' ? randomUUID() : drawCode());
      const id = await repo.insertInvitation(tx, {
        orgId: auth.orgId,
        via: input.via,
        code,
        roleId: input.roleId,
        deptId: input.deptId,
        kind: input.kind,
        expiresAt,
        maxUses: input.maxUses ?? null,
        needsApproval: input.needsApproval,
        createdBy: auth.accountId,
        createdAt: now,
      });
      if (id !== null) {
        await recordBy(tx, auth, ip, {
          action: 'enroll.invite',
          objectType: 'invitation',
          objectId: id,
          detail: { via: input.via, code, roleId: input.roleId },
        });
        return { id, code };
      }
      if (chosen || attempt >= 5) throw new AppError(Err.roleUuidExists);
    }
  });
}

export async function revokeInvitation(db: Db, auth: AuthContext, id: number, ip: string): Promise<void> {
  await db.tx(async (tx) => {
    if (!(await repo.findInvitation(tx, auth.orgId, id))) throw notFound();
    await repo.revokeInvitation(tx, auth.orgId, id);
    await recordBy(tx, auth, ip, { action: 'enroll.revoke', objectType: 'invitation', objectId: id });
  });
}

export async function listEnrollments(
  db: Db,
  auth: AuthContext,
  q: Paging & { state?: EnrollmentState },
): Promise<Page<EnrollmentRow>> {
  const { list, total } = await repo.listEnrollments(
    db,
    auth.orgId,
    q.state,
    q.pageSize,
    (q.pageNum - 1) * q.pageSize,
  );
  return { list: list.map(repo.toEnrollmentRow), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

/** The refusal of a link that no longer works: 3402 missing or revoked, 3403 expired, 3404 used up. */
function usableInvitation(i: repo.InvitationRecord | undefined, now: Date): repo.InvitationRecord {
  if (!i) throw new AppError(Err.invitationNotFound);
  switch (repo.invitationState(i, now)) {
    case 'revoked':
      throw new AppError(Err.invitationNotFound);
    case 'expired':
      throw new AppError(Err.invitationExpired);
    case 'usedUp':
      throw new AppError(Err.invitationUsedUp);
    case 'active':
      return i;
  }
}

/** Public enrollment calls per client address (90010 beyond ENROLL_MAX_ATTEMPTS in the window). */
async function rateLimit(db: Db, clock: Clock, ip: string): Promise<void> {
  const now = clock.now();
  if (!(await claimRequest(db, `enroll:${ip}`, now, ENROLL_WINDOW_MINUTES * 60_000, ENROLL_MAX_ATTEMPTS)))
    throw new AppError(Err.tooManyRequests);
}

export async function invitationInfo(
  db: Db,
  clock: Clock,
  link: { via: InvitationVia; code: string },
  ip: string,
): Promise<CallResult<typeof enrollCalls.info>> {
  await rateLimit(db, clock, ip);
  const i = usableInvitation(await repo.invitationByLink(db, link.via, link.code), clock.now());
  return {
    orgName: i.org_name,
    roleName: i.role_name,
    deptName: i.dept_name,
    needsApproval: i.needs_approval,
  };
}

function passwordError(password: string, confirm: string): AppError | null {
  const problem = checkPassword(password, confirm);
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

/** A new account for a registration; the enterprise's limits and the licence apply (1013, 1014, 90101). */
async function makeAccount(
  db: Db,
  i: { org_id: number; account_kind: 'internal' | 'external'; role_id: number; dept_id: number | null },
  r: { loginname: string; passwordHash: string; contact: string; tel: string },
  createdBy: number | null,
): Promise<number> {
  if (await loginnameTaken(db, r.loginname)) throw new AppError(Err.usernameExists);
  if (await telTaken(db, r.tel, null)) throw new AppError(Err.phoneExists);
  await checkLimit(db, i.org_id, i.account_kind);
  await checkLicenseRoom(db, 'users');
  return insertAccount(db, {
    ...blankAccountFields,
    tel: r.tel,
    contact: r.contact,
    deptId: i.dept_id,
    roleId: i.role_id,
    orgId: i.org_id,
    kind: i.account_kind,
    loginname: r.loginname,
    passwordHash: r.passwordHash,
    createdBy,
  }).catch(takenName);
}

/** A name or phone taken by a registration at the same moment gets past the checks: 1015 / 1016. */
function takenName(err: unknown): never {
  if (
    isUniqueViolation(err, 'accounts_loginname_uq') ||
    isUniqueViolation(err, 'enrollments_pending_name_uq')
  )
    throw new AppError(Err.usernameExists);
  if (isUniqueViolation(err, 'accounts_tel_uq')) throw new AppError(Err.phoneExists);
  throw err;
}

/**
 * Registers through a link (§4.2): the account at once, or a pending registration when the
 * invitation asks for approval. Either takes one use of the invitation.
 */
export async function register(
  db: Db,
  clock: Clock,
  input: EnrollRegister,
  ip: string,
): Promise<{ state: 'approved' | 'pending' }> {
  await rateLimit(db, clock, ip);
  const pwError = passwordError(input.password, input.confirm);
  if (pwError) throw pwError;
  const passwordHash = await hashPassword(input.password);
  return db.tx(async (tx) => {
    const now = clock.now();
    const i = usableInvitation(await repo.invitationByLink(tx, input.via, input.code, true), now);
    if (await repo.pendingNameTaken(tx, input.loginname)) throw new AppError(Err.usernameExists);
    const who = { loginname: input.loginname, passwordHash, contact: input.contact, tel: input.tel };
    let accountId: number | null = null;
    if (i.needs_approval) {
      if (await loginnameTaken(tx, input.loginname)) throw new AppError(Err.usernameExists);
      if (await telTaken(tx, input.tel, null)) throw new AppError(Err.phoneExists);
    } else {
      accountId = await makeAccount(tx, i, who, null);
    }
    const state = i.needs_approval ? 'pending' : 'approved';
    await repo
      .insertEnrollment(tx, { orgId: i.org_id, invitationId: i.id, ...who, state, accountId, ip, at: now })
      .catch(takenName);
    await repo.addUse(tx, i.id, 1);
    await recordOperation(tx, {
      orgId: i.org_id,
      accountId,
      loginname: input.loginname,
      action: 'enroll.register',
      objectType: 'invitation',
      objectId: i.id,
      detail: { state, contact: input.contact },
      ip,
    });
    return { state };
  });
}

async function pendingEnrollment(db: Db, auth: AuthContext, id: number) {
  const e = await repo.findEnrollment(db, auth.orgId, id);
  if (!e) throw notFound();
  if (e.state !== 'pending') throw new AppError(Err.operationNotPermitted);
  return e;
}

/** Approves a pending registration: its account is made now, under the limits of today. */
export async function approve(db: Db, clock: Clock, auth: AuthContext, id: number, ip: string) {
  return db.tx(async (tx) => {
    const e = await pendingEnrollment(tx, auth, id);
    const i = await repo.findInvitation(tx, auth.orgId, e.invitation_id);
    if (!i) throw notFound();
    const accountId = await makeAccount(
      tx,
      i,
      { loginname: e.loginname, passwordHash: e.password_hash, contact: e.contact, tel: e.tel },
      auth.accountId,
    );
    await repo.decideEnrollment(tx, id, {
      state: 'approved',
      accountId,
      by: auth.accountId,
      at: clock.now(),
    });
    await recordBy(tx, auth, ip, {
      action: 'enroll.approve',
      objectType: 'account',
      objectId: accountId,
      detail: { loginname: e.loginname },
    });
    return { id: accountId };
  });
}

/** Refuses a pending registration; its use of the invitation is given back. */
export async function refuse(db: Db, clock: Clock, auth: AuthContext, id: number, ip: string) {
  await db.tx(async (tx) => {
    const e = await pendingEnrollment(tx, auth, id);
    await repo.decideEnrollment(tx, id, {
      state: 'refused',
      accountId: null,
      by: auth.accountId,
      at: clock.now(),
    });
    await repo.addUse(tx, e.invitation_id, -1);
    await recordBy(tx, auth, ip, {
      action: 'enroll.refuse',
      objectType: 'invitation',
      objectId: e.invitation_id,
      detail: { loginname: e.loginname },
    });
  });
}
