import type { EnrollmentRow, EnrollmentState, InvitationRow, InvitationVia } from '@fieldhub/shared';
import { isUniqueViolation, one, type Db } from '../../db/db';

/** An invitation as the service reads it (docs/requirements/account-security.md §4). */
export interface InvitationRecord {
  id: number;
  org_id: number;
  via: InvitationVia;
  code: string;
  role_id: number;
  role_name: string;
  dept_id: number | null;
  dept_name: string | null;
  account_kind: 'internal' | 'external';
  expires_at: Date | null;
  max_uses: number | null;
  used: number;
  pending: number;
  needs_approval: boolean;
  revoked: boolean;
  created_at: Date;
  org_name: string;
}

const INVITATION_COLUMNS = `i.id, i.org_id, i.via, i.code, i.role_id, r.name as role_name, i.dept_id, d.name as dept_name,
  i.account_kind, i.expires_at, i.max_uses, i.used, i.needs_approval, i.revoked, i.created_at, o.name as org_name,
  (select count(*)::int from enrollments e where e.invitation_id = i.id and e.state = 'pending') as pending`;
const INVITATION_FROM = `invitations i join roles r on r.id = i.role_id join orgs o on o.id = i.org_id
  left join departments d on d.id = i.dept_id`;

/** Why an invitation no longer works, or 'active'. */
export function invitationState(i: InvitationRecord, now: Date): InvitationRow['state'] {
  if (i.revoked) return 'revoked';
  if (i.expires_at && i.expires_at <= now) return 'expired';
  if (i.max_uses != null && i.used >= i.max_uses) return 'usedUp';
  return 'active';
}

export function toInvitationRow(i: InvitationRecord, now: Date): InvitationRow {
  return {
    id: i.id,
    via: i.via,
    code: i.code,
    roleId: i.role_id,
    roleName: i.role_name,
    deptId: i.dept_id,
    deptName: i.dept_name,
    kind: i.account_kind,
    expiresAt: i.expires_at?.toISOString() ?? null,
    maxUses: i.max_uses,
    used: i.used,
    pending: i.pending,
    needsApproval: i.needs_approval,
    state: invitationState(i, now),
    createdAt: i.created_at.toISOString(),
  };
}

export async function listInvitations(db: Db, orgId: number, limit: number, offset: number) {
  const list = await db.query<InvitationRecord>(
    `select ${INVITATION_COLUMNS} from ${INVITATION_FROM} where i.org_id = $1 order by i.id desc limit $2 offset $3`,
    [orgId, limit, offset],
  );
  const total = (await one<{ n: number }>(
    db,
    'select count(*)::int as n from invitations where org_id = $1',
    [orgId],
  ))!.n;
  return { list, total };
}

export function findInvitation(db: Db, orgId: number, id: number) {
  return one<InvitationRecord>(
    db,
    `select ${INVITATION_COLUMNS} from ${INVITATION_FROM} where i.id = $1 and i.org_id = $2`,
    [id, orgId],
  );
}

/** The invitation a public link names, locked for the registering transaction. */
export function invitationByLink(db: Db, via: InvitationVia, code: string, lock = false) {
  return one<InvitationRecord>(
    db,
    `select ${INVITATION_COLUMNS} from ${INVITATION_FROM} where lower(i.code) = lower($1) and i.via = $2
     ${lock ? 'for update of i' : ''}`,
    [code, via],
  );
}

export async function roleInOrg(db: Db, orgId: number, roleId: number): Promise<boolean> {
  return !!(await one(db, 'select 1 from roles where id = $1 and org_id = $2', [roleId, orgId]));
}

export async function deptInOrg(db: Db, orgId: number, deptId: number): Promise<boolean> {
  return !!(await one(db, 'select 1 from departments where id = $1 and org_id = $2', [deptId, orgId]));
}

/** Stores an invitation; false when its code is already taken (any letter case). */
export async function insertInvitation(
  db: Db,
  i: {
    orgId: number;
    via: InvitationVia;
    code: string;
    roleId: number;
    deptId: number | null;
    kind: 'internal' | 'external';
    expiresAt: Date | null;
    maxUses: number | null;
    needsApproval: boolean;
    createdBy: number;
    createdAt: Date;
  },
): Promise<number | null> {
  try {
    const [row] = await db.query<{ id: number }>(
      `insert into invitations(org_id, via, code, role_id, dept_id, account_kind, expires_at, max_uses, needs_approval,
                               created_by, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id`,
      [
        i.orgId,
        i.via,
        i.code,
        i.roleId,
        i.deptId,
        i.kind,
        i.expiresAt,
        i.maxUses,
        i.needsApproval,
        i.createdBy,
        i.createdAt,
      ],
    );
    return row!.id;
  } catch (err) {
    if (isUniqueViolation(err, 'invitations_code_uq')) return null;
    throw err;
  }
}

export async function revokeInvitation(db: Db, orgId: number, id: number): Promise<void> {
  await db.query('update invitations set revoked = true where id = $1 and org_id = $2', [id, orgId]);
}

export async function addUse(db: Db, id: number, delta: 1 | -1): Promise<void> {
  await db.query('update invitations set used = greatest(used + $2, 0) where id = $1', [id, delta]);
}

interface EnrollmentRecord {
  id: number;
  org_id: number;
  invitation_id: number;
  code: string;
  loginname: string;
  password_hash: string;
  contact: string;
  tel: string;
  state: EnrollmentState;
  account_id: number | null;
  created_at: Date;
  decided_at: Date | null;
}

export function toEnrollmentRow(e: EnrollmentRecord): EnrollmentRow {
  return {
    id: e.id,
    invitationId: e.invitation_id,
    code: e.code,
    loginname: e.loginname,
    contact: e.contact,
    tel: e.tel,
    state: e.state,
    accountId: e.account_id,
    createdAt: e.created_at.toISOString(),
    decidedAt: e.decided_at?.toISOString() ?? null,
  };
}

const ENROLLMENT_COLUMNS = `e.id, e.org_id, e.invitation_id, i.code, e.loginname, e.password_hash, e.contact, e.tel, e.state,
  e.account_id, e.created_at, e.decided_at`;

export async function listEnrollments(
  db: Db,
  orgId: number,
  state: EnrollmentState | undefined,
  limit: number,
  offset: number,
) {
  const where = 'e.org_id = $1 and ($2::text is null or e.state = $2)';
  const list = await db.query<EnrollmentRecord>(
    `select ${ENROLLMENT_COLUMNS} from enrollments e join invitations i on i.id = e.invitation_id
      where ${where} order by e.id desc limit $3 offset $4`,
    [orgId, state ?? null, limit, offset],
  );
  const total = (await one<{ n: number }>(db, `select count(*)::int as n from enrollments e where ${where}`, [
    orgId,
    state ?? null,
  ]))!.n;
  return { list, total };
}

export function findEnrollment(db: Db, orgId: number, id: number) {
  return one<EnrollmentRecord>(
    db,
    `select ${ENROLLMENT_COLUMNS} from enrollments e join invitations i on i.id = e.invitation_id
      where e.id = $1 and e.org_id = $2 for update of e`,
    [id, orgId],
  );
}

export async function pendingNameTaken(db: Db, loginname: string): Promise<boolean> {
  return !!(await one(
    db,
    "select 1 from enrollments where lower(loginname) = lower($1) and state = 'pending'",
    [loginname],
  ));
}

export async function insertEnrollment(
  db: Db,
  e: {
    orgId: number;
    invitationId: number;
    loginname: string;
    passwordHash: string;
    contact: string;
    tel: string;
    state: EnrollmentState;
    accountId: number | null;
    ip: string;
    at: Date;
  },
): Promise<void> {
  await db.query(
    `insert into enrollments(org_id, invitation_id, loginname, password_hash, contact, tel, state, account_id, ip,
                             created_at, decided_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, case when $7 = 'pending' then null else $10::timestamptz end)`,
    [
      e.orgId,
      e.invitationId,
      e.loginname,
      e.passwordHash,
      e.contact,
      e.tel,
      e.state,
      e.accountId,
      e.ip,
      e.at,
    ],
  );
}

export async function decideEnrollment(
  db: Db,
  id: number,
  d: { state: 'approved' | 'refused'; accountId: number | null; by: number; at: Date },
): Promise<void> {
  await db.query(
    'update enrollments set state = $2, account_id = $3, decided_by = $4, decided_at = $5 where id = $1',
    [id, d.state, d.accountId, d.by, d.at],
  );
}
