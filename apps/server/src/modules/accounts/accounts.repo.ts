import type {
  AccountFields,
  AccountKind,
  AccountQuery,
  AccountRow as AccountWireRow,
} from '@fieldhub/shared';
import { one, type Db } from '../../db/db';

/** An account as the management screens see it, read from the database (no password hash). */
export type AccountRow = AccountWireRow<Date>;

const columns = `a.id, a.org_id as "orgId", o.name as "orgName", a.kind, a.loginname, a.tel, a.email,
  a.dept_id as "deptId", d.name as "deptName", a.role_id as "roleId", r.name as "roleName", a.contact, a.address,
  a.company, a.customer_level as "customerLevel", a.security_zone as "securityZone", a.remark,
  a.landing_page as "landingPage", a.auth_region as "authRegion", a.disabled, a.use_lock as "useLock",
  a.public_key <> '' as "hasLockKey", a.created_at as "createdAt"`;
const from = `accounts a join orgs o on o.id = a.org_id
  left join departments d on d.id = a.dept_id left join roles r on r.id = a.role_id`;

/** Accounts of one kind; `orgId` null only for the platform's own listing of enterprise admins. */
export async function findAccounts(
  db: Db,
  scope: { kind: AccountKind; orgId: number | null },
  q: AccountQuery,
): Promise<{ list: AccountRow[]; total: number }> {
  const params: unknown[] = [scope.kind];
  const where = ['a.kind = $1'];
  const add = (clause: string, value: unknown) => {
    params.push(value);
    where.push(clause.replaceAll('?', `$${params.length}`));
  };
  if (scope.orgId !== null) add('a.org_id = ?', scope.orgId);
  if (q.orgId) add('a.org_id = ?', q.orgId);
  if (q.keyword)
    add(
      `(a.loginname ilike '%' || ? || '%' or a.tel like '%' || ? || '%' or a.contact ilike '%' || ? || '%')`,
      q.keyword,
    );
  if (q.deptId) add('a.dept_id = ?', q.deptId);
  if (q.disabled !== undefined) add('a.disabled = ?', q.disabled);
  const filter = where.join(' and ');
  const [count] = await db.query<{ n: number }>(
    `select count(*)::int as n from accounts a where ${filter}`,
    params,
  );
  const list = await db.query<AccountRow>(
    `select ${columns} from ${from} where ${filter} order by a.id desc limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`,
    params,
  );
  return { list, total: count?.n ?? 0 };
}

export function findAccount(db: Db, id: number): Promise<AccountRow | undefined> {
  return one<AccountRow>(db, `select ${columns} from ${from} where a.id = $1`, [id]);
}

/** The account a login name names (case-insensitive), as scripts acting for it need it. */
export function accountByLoginname(db: Db, loginname: string) {
  return one<{ accountId: number; orgId: number; loginname: string; kind: AccountKind }>(
    db,
    'select id as "accountId", org_id as "orgId", loginname, kind from accounts where lower(loginname) = lower($1)',
    [loginname],
  );
}

export async function loginnameTaken(db: Db, loginname: string): Promise<boolean> {
  return !!(await one(db, 'select 1 from accounts where lower(loginname) = lower($1)', [loginname]));
}

export async function telTaken(db: Db, tel: string, exceptId: number | null): Promise<boolean> {
  if (!tel) return false;
  return !!(await one(db, 'select 1 from accounts where tel = $1 and id <> coalesce($2, 0)', [
    tel,
    exceptId,
  ]));
}

export async function countAccounts(db: Db, orgId: number, kind: AccountKind): Promise<number> {
  const row = await one<{ n: number }>(
    db,
    'select count(*)::int as n from accounts where org_id = $1 and kind = $2',
    [orgId, kind],
  );
  return row?.n ?? 0;
}

/** Every editable field empty: where accounts the platform makes itself start (an enterprise's first admin). */
export const blankAccountFields: AccountFields = {
  tel: '',
  email: '',
  deptId: null,
  roleId: null,
  contact: '',
  address: '',
  company: '',
  customerLevel: '',
  securityZone: '',
  remark: '',
  landingPage: '',
  authRegion: '',
};

/** The editable fields as statement parameters, in the column order of insert and update. */
const valuesOf = (a: AccountFields) => [
  a.tel,
  a.email,
  a.deptId,
  a.roleId,
  a.contact,
  a.address,
  a.company,
  a.customerLevel,
  a.securityZone,
  a.remark,
  a.landingPage,
  a.authRegion,
];

export async function insertAccount(
  db: Db,
  a: AccountFields & {
    orgId: number;
    kind: AccountKind;
    loginname: string;
    passwordHash: string;
    createdBy: number | null;
  },
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `insert into accounts(org_id, kind, loginname, password_hash, tel, email, dept_id, role_id, contact, address, company,
                          customer_level, security_zone, remark, landing_page, auth_region, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17) returning id`,
    [a.orgId, a.kind, a.loginname, a.passwordHash, ...valuesOf(a), a.createdBy],
  );
  return row!.id;
}

export async function updateAccount(db: Db, id: number, a: AccountFields): Promise<void> {
  await db.query(
    `update accounts set tel = $2, email = $3, dept_id = $4, role_id = $5, contact = $6, address = $7, company = $8,
            customer_level = $9, security_zone = $10, remark = $11, landing_page = $12, auth_region = $13, updated_at = now()
      where id = $1`,
    [id, ...valuesOf(a)],
  );
}

export async function setDisabled(db: Db, id: number, disabled: boolean): Promise<void> {
  await db.query('update accounts set disabled = $2, updated_at = now() where id = $1', [id, disabled]);
}

export async function setPasswordHash(db: Db, id: number, hash: string): Promise<void> {
  await db.query('update accounts set password_hash = $2, updated_at = now() where id = $1', [id, hash]);
}

export async function deleteAccount(db: Db, id: number): Promise<void> {
  await db.query('delete from accounts where id = $1', [id]);
}

/** The enterprise admin who inherits a deleted account's data. */
export async function enterpriseAdminOf(db: Db, orgId: number): Promise<number | undefined> {
  const row = await one<{ id: number }>(
    db,
    "select id from accounts where org_id = $1 and kind = 'enterprise' order by id limit 1",
    [orgId],
  );
  return row?.id;
}
