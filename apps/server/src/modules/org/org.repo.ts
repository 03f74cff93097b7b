import type {
  DepartmentRow,
  EnterpriseRow as EnterpriseWireRow,
  RoleRow as RoleWireRow,
} from '@fieldhub/shared';
import { HISTORY_RETENTION_MONTHS } from '@fieldhub/shared';
import { one, type Db } from '../../db/db';

/** Roles and enterprises as read from the database: timestamps as Dates. */
export type RoleRow = RoleWireRow<Date>;

export type EnterpriseRow = EnterpriseWireRow<Date>;

// --- departments -------------------------------------------------------------------------------

export function departmentsOf(db: Db, orgId: number): Promise<DepartmentRow[]> {
  return db.query<DepartmentRow>(
    `select d.id, d.parent_id as "parentId", d.name, d.seq, d.remark,
            (select count(*)::int from accounts a where a.dept_id = d.id) as "accountCount"
       from departments d where d.org_id = $1 order by d.seq desc, d.id`,
    [orgId],
  );
}

export function departmentIn(db: Db, orgId: number, id: number) {
  return one<{ id: number; parent_id: number | null }>(
    db,
    'select id, parent_id from departments where id = $1 and org_id = $2',
    [id, orgId],
  );
}

export async function departmentNameTaken(
  db: Db,
  orgId: number,
  parentId: number | null,
  name: string,
  exceptId: number | null,
) {
  return !!(await one(
    db,
    `select 1 from departments where org_id = $1 and coalesce(parent_id, 0) = coalesce($2, 0)
        and lower(name) = lower($3) and id <> coalesce($4, 0)`,
    [orgId, parentId, name, exceptId],
  ));
}

export async function insertDepartment(
  db: Db,
  orgId: number,
  d: { name: string; parentId: number | null; seq: number; remark: string },
) {
  const [row] = await db.query<{ id: number }>(
    'insert into departments(org_id, parent_id, name, seq, remark) values ($1, $2, $3, $4, $5) returning id',
    [orgId, d.parentId, d.name, d.seq, d.remark],
  );
  return row!.id;
}

export async function updateDepartment(
  db: Db,
  id: number,
  d: { name: string; parentId: number | null; seq: number; remark: string },
) {
  await db.query('update departments set name = $2, parent_id = $3, seq = $4, remark = $5 where id = $1', [
    id,
    d.name,
    d.parentId,
    d.seq,
    d.remark,
  ]);
}

export async function departmentInUse(db: Db, id: number): Promise<boolean> {
  return !!(await one(
    db,
    'select 1 where exists (select 1 from departments where parent_id = $1) or exists (select 1 from accounts where dept_id = $1)',
    [id],
  ));
}

export async function deleteDepartment(db: Db, id: number) {
  await db.query('delete from departments where id = $1', [id]);
}

// --- roles -------------------------------------------------------------------------------------

const roleColumns = `r.id, r.name, r.role_type as "roleType", r.data_range as "dataRange", r.permissions, r.remark,
  (select count(*)::int from accounts a where a.role_id = r.id) as "accountCount", r.created_at as "createdAt"`;

export function rolesOf(db: Db, orgId: number, name: string | undefined): Promise<RoleRow[]> {
  return db.query<RoleRow>(
    `select ${roleColumns} from roles r where r.org_id = $1 and ($2::text is null or r.name ilike '%' || $2 || '%')
      order by r.id`,
    [orgId, name ?? null],
  );
}

export function roleIn(db: Db, orgId: number, id: number) {
  return one<RoleRow>(db, `select ${roleColumns} from roles r where r.id = $1 and r.org_id = $2`, [
    id,
    orgId,
  ]);
}

export async function roleNameTaken(db: Db, orgId: number, name: string, exceptId: number | null) {
  return !!(await one(
    db,
    'select 1 from roles where org_id = $1 and lower(name) = lower($2) and id <> coalesce($3, 0)',
    [orgId, name, exceptId],
  ));
}

interface RoleValues {
  name: string;
  roleType: string;
  dataRange: string;
  permissions: string[];
  remark: string;
}

export async function insertRole(db: Db, orgId: number, r: RoleValues) {
  const [row] = await db.query<{ id: number }>(
    'insert into roles(org_id, name, role_type, data_range, permissions, remark) values ($1, $2, $3, $4, $5, $6) returning id',
    [orgId, r.name, r.roleType, r.dataRange, r.permissions, r.remark],
  );
  return row!.id;
}

export async function updateRole(db: Db, id: number, r: RoleValues) {
  await db.query(
    'update roles set name = $2, role_type = $3, data_range = $4, permissions = $5, remark = $6 where id = $1',
    [id, r.name, r.roleType, r.dataRange, r.permissions, r.remark],
  );
}

export async function deleteRole(db: Db, id: number) {
  await db.query('delete from roles where id = $1', [id]);
}

// --- enterprises -------------------------------------------------------------------------------

const enterpriseColumns = `o.id, o.name, o.contact, o.tel, o.address, o.remark, o.disabled, o.max_internal as "maxInternal",
  o.max_external as "maxExternal", o.notify_delayed_alarms as "notifyDelayedAlarms",
  o.data_center_enabled as "dataCenterEnabled", o.history_retention_months as "historyRetentionMonths",
  (select count(*)::int from accounts a where a.org_id = o.id) as "accountCount",
  (select a.loginname from accounts a where a.org_id = o.id and a.kind = 'enterprise' order by a.id limit 1) as "adminLoginname",
  o.created_at as "createdAt"`;

export async function findEnterprises(
  db: Db,
  q: { name?: string | undefined; pageNum: number; pageSize: number },
) {
  const params = [q.name ?? null];
  const filter = "o.kind = 'enterprise' and ($1::text is null or o.name ilike '%' || $1 || '%')";
  const [count] = await db.query<{ n: number }>(
    `select count(*)::int as n from orgs o where ${filter}`,
    params,
  );
  const list = await db.query<EnterpriseRow>(
    `select ${enterpriseColumns} from orgs o where ${filter} order by o.id desc
      limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`,
    params,
  );
  return { list, total: count?.n ?? 0 };
}

export function findEnterprise(db: Db, id: number) {
  return one<EnterpriseRow>(
    db,
    `select ${enterpriseColumns} from orgs o where o.id = $1 and o.kind = 'enterprise'`,
    [id],
  );
}

export function findOrg(db: Db, id: number) {
  return one<EnterpriseRow & { kind: string }>(
    db,
    `select ${enterpriseColumns}, o.kind from orgs o where o.id = $1`,
    [id],
  );
}

export async function orgNameTaken(db: Db, name: string, exceptId: number | null) {
  return !!(await one(db, 'select 1 from orgs where lower(name) = lower($1) and id <> coalesce($2, 0)', [
    name,
    exceptId,
  ]));
}

interface OrgValues {
  name: string;
  contact: string;
  tel: string;
  address: string;
  remark: string;
  maxInternal: number | null;
  maxExternal: number | null;
  /** on unless said otherwise */
  notifyDelayedAlarms?: boolean;
  /** on unless said otherwise */
  dataCenterEnabled?: boolean;
  /** the column's default unless said otherwise */
  historyRetentionMonths?: number | undefined;
}

export async function insertOrg(db: Db, kind: 'platform' | 'enterprise', o: OrgValues) {
  const [row] = await db.query<{ id: number }>(
    `insert into orgs(kind, name, contact, tel, address, remark, max_internal, max_external, notify_delayed_alarms, data_center_enabled,
       history_retention_months)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id`,
    [
      kind,
      o.name,
      o.contact,
      o.tel,
      o.address,
      o.remark,
      o.maxInternal,
      o.maxExternal,
      o.notifyDelayedAlarms ?? true,
      o.dataCenterEnabled ?? true,
      o.historyRetentionMonths ?? HISTORY_RETENTION_MONTHS.default,
    ],
  );
  return row!.id;
}

export async function updateOrg(db: Db, id: number, o: OrgValues) {
  await db.query(
    `update orgs set name = $2, contact = $3, tel = $4, address = $5, remark = $6, max_internal = $7, max_external = $8,
       notify_delayed_alarms = coalesce($9, notify_delayed_alarms), data_center_enabled = coalesce($10, data_center_enabled),
       history_retention_months = coalesce($11, history_retention_months)
      where id = $1`,
    [
      id,
      o.name,
      o.contact,
      o.tel,
      o.address,
      o.remark,
      o.maxInternal,
      o.maxExternal,
      o.notifyDelayedAlarms ?? null,
      o.dataCenterEnabled ?? null,
      o.historyRetentionMonths ?? null,
    ],
  );
}

export async function setOrgDisabled(db: Db, id: number, disabled: boolean) {
  await db.query('update orgs set disabled = $2 where id = $1', [id, disabled]);
  if (disabled) await db.query('delete from sessions where org_id = $1', [id]);
}

export async function deleteOrg(db: Db, id: number) {
  await db.query('delete from orgs where id = $1', [id]);
}

/** External companies of an enterprise: the distinct company names of its external accounts. */
export async function externalCompaniesOf(db: Db, orgId: number): Promise<string[]> {
  const rows = await db.query<{ company: string }>(
    "select distinct company from accounts where org_id = $1 and kind = 'external' and company <> '' order by company",
    [orgId],
  );
  return rows.map((r) => r.company);
}
