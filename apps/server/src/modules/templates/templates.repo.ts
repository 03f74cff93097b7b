import type { TemplateInput, TemplateRow as TemplateWireRow } from '@fieldhub/shared';
import { one, type Db } from '../../db/db';
import { pageClause, type Where } from '../../db/where';

/** A template row as read from the database: times as Dates. */
export type TemplateRow = TemplateWireRow<Date>;

const columns = `t.id, t.name, t.series, t.type, t.remark, a.loginname as "ownerLoginname", t.config_version as "configVersion",
  (select count(*)::int from equipment e where e.template_id = t.id) as "deviceCount",
  (select count(*)::int from equipment e where e.template_id = t.id and coalesce(e.template_version, 0) <> t.config_version) as "mismatchCount",
  (select count(*)::int from variables v where v.template_id = t.id) as "variableCount", t.created_at as "createdAt"`;

/** One page of templates matching `where` (alias `t`), newest first, and how many match. */
export async function templatePage(db: Db, where: Where, page: { pageNum: number; pageSize: number }) {
  const [count] = await db.query<{ n: number }>(
    `select count(*)::int as n from templates t where ${where}`,
    where.params,
  );
  const list = await db.query<TemplateRow>(
    `select ${columns} from templates t left join accounts a on a.id = t.owner_account_id where ${where}
      order by t.id desc ${pageClause(page)}`,
    where.params,
  );
  return { list, total: count?.n ?? 0 };
}

export function templateRow(db: Db, id: number): Promise<TemplateRow | undefined> {
  return one<TemplateRow>(
    db,
    `select ${columns} from templates t left join accounts a on a.id = t.owner_account_id where t.id = $1`,
    [id],
  );
}

/** The devices using a template, and whether each has its current configuration. */
export function templateDevices(db: Db, id: number) {
  return db.query<{ id: number; name: string; consistent: boolean }>(
    `select e.id, e.name, coalesce(e.template_version, 0) = t.config_version as consistent
       from equipment e join templates t on t.id = e.template_id where e.template_id = $1 order by e.id`,
    [id],
  );
}

export async function seriesExists(db: Db, series: string): Promise<boolean> {
  return !!(await one(db, 'select 1 from gateway_series where name = $1', [series]));
}

export async function templateNameTaken(db: Db, orgId: number, name: string, exceptId: number | null) {
  return !!(await one(
    db,
    'select 1 from templates where org_id = $1 and lower(name) = lower($2) and id <> coalesce($3, 0)',
    [orgId, name, exceptId],
  ));
}

export async function templateInUse(db: Db, id: number): Promise<boolean> {
  return !!(await one(db, 'select 1 from equipment where template_id = $1', [id]));
}

export async function insertTemplate(
  db: Db,
  orgId: number,
  ownerId: number,
  t: TemplateInput,
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    'insert into templates(org_id, owner_account_id, name, series, type, remark) values ($1, $2, $3, $4, $5, $6) returning id',
    [orgId, ownerId, t.name, t.series, t.type, t.remark],
  );
  return row!.id;
}

export async function updateTemplate(db: Db, id: number, t: TemplateInput): Promise<void> {
  await db.query(
    'update templates set name = $2, series = $3, type = $4, remark = $5, updated_at = now() where id = $1',
    [id, t.name, t.series, t.type, t.remark],
  );
}

export async function deleteTemplateRow(db: Db, id: number): Promise<void> {
  await db.query('delete from templates where id = $1', [id]);
}

/** The device now follows the template at `version` (its configuration version moves on). */
export async function setDeviceTemplate(
  db: Db,
  equipmentId: number,
  t: { id: number; version: number; series: string },
): Promise<void> {
  await db.query(
    `update equipment set template_id = $2, template_version = $3, series = $4, config_version = config_version + 1,
       updated_at = now() where id = $1`,
    [equipmentId, t.id, t.version, t.series],
  );
}

/** The device's configuration stays as its own: no row points at the template's any more. */
export async function detachDeviceFromTemplate(db: Db, equipmentId: number): Promise<void> {
  for (const table of ['drivers', 'variables', 'alarm_rules', 'reports', 'scripts']) {
    await db.query(`update ${table} set source_id = null where equipment_id = $1`, [equipmentId]);
  }
  await db.query(
    'update equipment set template_id = null, template_version = null, updated_at = now() where id = $1',
    [equipmentId],
  );
}

/** The template's current version and the one the device has. */
export function deviceTemplateVersions(db: Db, equipmentId: number) {
  return one<{ config_version: number; template_version: number | null }>(
    db,
    'select t.config_version, e.template_version from templates t join equipment e on e.template_id = t.id where e.id = $1',
    [equipmentId],
  );
}

export async function setDeviceTemplateVersion(
  db: Db,
  equipmentId: number,
  version: number | undefined,
): Promise<void> {
  await db.query(
    'update equipment set template_version = $2, config_version = config_version + 1, updated_at = now() where id = $1',
    [equipmentId, version],
  );
}
