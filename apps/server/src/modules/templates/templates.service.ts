import {
  AppError,
  Err,
  type Page,
  type TemplateInput,
  type TemplateRow as TemplateWireRow,
} from '@fieldhub/shared';
import { one, type Db } from '../../db/db';
import { pageClause, Where } from '../../db/where';
import type { AuthContext } from '../../http/context';
import { recordBy } from '../oplog/oplog.service';
import { visibleDevice } from '../devices/deviceScope';
import { mirrorConfig } from './configCopier';
import { scopeTemplates, visibleTemplate } from './templateScope';

export type TemplateRow = TemplateWireRow<Date>;

const columns = `t.id, t.name, t.series, t.type, t.remark, a.loginname as "ownerLoginname", t.config_version as "configVersion",
  (select count(*)::int from equipment e where e.template_id = t.id) as "deviceCount",
  (select count(*)::int from equipment e where e.template_id = t.id and coalesce(e.template_version, 0) <> t.config_version) as "mismatchCount",
  (select count(*)::int from variables v where v.template_id = t.id) as "variableCount", t.created_at as "createdAt"`;

export async function listTemplates(
  db: Db,
  auth: AuthContext,
  q: { name?: string | undefined; series?: string | undefined; pageNum: number; pageSize: number },
): Promise<Page<TemplateRow>> {
  const where = scopeTemplates(new Where(), auth);
  if (q.name) where.add('t.name ilike ?', `%${q.name}%`);
  where.addIf(q.series, 't.series = ?');
  const [count] = await db.query<{ n: number }>(
    `select count(*)::int as n from templates t where ${where}`,
    where.params,
  );
  const list = await db.query<TemplateRow>(
    `select ${columns} from templates t left join accounts a on a.id = t.owner_account_id where ${where}
      order by t.id desc ${pageClause(q)}`,
    where.params,
  );
  return { list, total: count?.n ?? 0, pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function templateDetail(db: Db, auth: AuthContext, id: number) {
  await visibleTemplate(db, auth, id);
  const row = await one<TemplateRow>(
    db,
    `select ${columns} from templates t left join accounts a on a.id = t.owner_account_id where t.id = $1`,
    [id],
  );
  const devices = await db.query<{ id: number; name: string; consistent: boolean }>(
    `select e.id, e.name, coalesce(e.template_version, 0) = t.config_version as consistent
       from equipment e join templates t on t.id = e.template_id where e.template_id = $1 order by e.id`,
    [id],
  );
  return { ...row!, devices };
}

async function checkSeries(db: Db, series: string) {
  if (!(await one(db, 'select 1 from gateway_series where name = $1', [series])))
    throw new AppError(Err.templateCreationUnsupported);
}

async function nameTaken(db: Db, orgId: number, name: string, exceptId: number | null) {
  return !!(await one(
    db,
    'select 1 from templates where org_id = $1 and lower(name) = lower($2) and id <> coalesce($3, 0)',
    [orgId, name, exceptId],
  ));
}

export async function addTemplate(db: Db, auth: AuthContext, t: TemplateInput, ip: string): Promise<number> {
  return db.tx(async (tx) => {
    await checkSeries(tx, t.series);
    if (await nameTaken(tx, auth.orgId, t.name, null)) throw new AppError(Err.templateNameExists);
    const [row] = await tx.query<{ id: number }>(
      'insert into templates(org_id, owner_account_id, name, series, type, remark) values ($1, $2, $3, $4, $5, $6) returning id',
      [auth.orgId, auth.accountId, t.name, t.series, t.type, t.remark],
    );
    await recordBy(tx, auth, ip, {
      action: 'template.add',
      objectType: 'template',
      objectId: row!.id,
      detail: { name: t.name },
    });
    return row!.id;
  });
}

/** The series is fixed once devices use the template (their gateways are of that series). */
export async function editTemplate(db: Db, auth: AuthContext, id: number, t: TemplateInput, ip: string) {
  await db.tx(async (tx) => {
    const current = await visibleTemplate(tx, auth, id);
    await checkSeries(tx, t.series);
    if (
      t.series !== current.series &&
      (await one(tx, 'select 1 from equipment where template_id = $1', [id]))
    ) {
      throw new AppError(Err.templateSeriesMismatch);
    }
    if (await nameTaken(tx, auth.orgId, t.name, id)) throw new AppError(Err.templateNameExists);
    await tx.query(
      'update templates set name = $2, series = $3, type = $4, remark = $5, updated_at = now() where id = $1',
      [id, t.name, t.series, t.type, t.remark],
    );
    await recordBy(tx, auth, ip, { action: 'template.edit', objectType: 'template', objectId: id });
  });
}

export async function deleteTemplate(db: Db, auth: AuthContext, id: number, ip: string) {
  await db.tx(async (tx) => {
    const t = await visibleTemplate(tx, auth, id);
    if (await one(tx, 'select 1 from equipment where template_id = $1', [id]))
      throw new AppError(Err.templateInUse);
    await tx.query('delete from templates where id = $1', [id]);
    await recordBy(tx, auth, ip, {
      action: 'template.delete',
      objectType: 'template',
      objectId: id,
      detail: { name: t.name },
    });
  });
}

/**
 * Binds a template to a device: the device's drivers, variables and reports become copies of the
 * template's (its own alarm rules and scripts stay) and can no longer be edited locally. A
 * device with a gateway of another series is refused (1110); binding the same template again is
 * 1125.
 */
export async function bindTemplate(
  db: Db,
  auth: AuthContext,
  equipmentId: number,
  templateId: number,
  ip: string,
) {
  await db.tx(async (tx) => {
    const device = await visibleDevice(tx, auth, equipmentId);
    const template = await visibleTemplate(tx, auth, templateId);
    if (device.template_id === templateId) throw new AppError(Err.templateAlreadyBound);
    if (device.gateway_id !== null && device.series !== template.series)
      throw new AppError(Err.templateSeriesMismatch);
    await mirrorConfig(
      tx,
      { column: 'template_id', id: templateId },
      { column: 'equipment_id', id: equipmentId, orgId: device.org_id },
      true,
    );
    await tx.query(
      `update equipment set template_id = $2, template_version = $3, series = $4, config_version = config_version + 1,
         updated_at = now() where id = $1`,
      [equipmentId, templateId, template.config_version, template.series],
    );
    await recordBy(tx, auth, ip, {
      action: 'template.bind',
      objectType: 'equipment',
      objectId: equipmentId,
      detail: { templateId },
    });
  });
}

/** Unbinding keeps the configuration as the device's own (docs/requirements/devices-and-gateways.md §5.3). */
export async function unbindTemplate(db: Db, auth: AuthContext, equipmentId: number, ip: string) {
  await db.tx(async (tx) => {
    const device = await visibleDevice(tx, auth, equipmentId);
    if (device.template_id === null) throw new AppError(Err.templateNotBound);
    for (const table of ['drivers', 'variables', 'alarm_rules', 'reports', 'scripts']) {
      await tx.query(`update ${table} set source_id = null where equipment_id = $1`, [equipmentId]);
    }
    await tx.query(
      'update equipment set template_id = null, template_version = null, updated_at = now() where id = $1',
      [equipmentId],
    );
    await recordBy(tx, auth, ip, {
      action: 'template.unbind',
      objectType: 'equipment',
      objectId: equipmentId,
      detail: { templateId: device.template_id },
    });
  });
}

/** Brings a template-bound device up to the template's current configuration (1108 when it already is). */
export async function syncTemplate(db: Db, auth: AuthContext, equipmentId: number, ip: string) {
  await db.tx(async (tx) => {
    const device = await visibleDevice(tx, auth, equipmentId);
    if (device.template_id === null) throw new AppError(Err.templateNotBound);
    const t = await one<{ config_version: number; template_version: number | null }>(
      tx,
      'select t.config_version, e.template_version from templates t join equipment e on e.template_id = t.id where e.id = $1',
      [equipmentId],
    );
    if (t && t.template_version === t.config_version) throw new AppError(Err.templateAlreadyConsistent);
    await mirrorConfig(
      tx,
      { column: 'template_id', id: device.template_id },
      { column: 'equipment_id', id: equipmentId, orgId: device.org_id },
      true,
    );
    await tx.query(
      'update equipment set template_version = $2, config_version = config_version + 1, updated_at = now() where id = $1',
      [equipmentId, t?.config_version],
    );
    await recordBy(tx, auth, ip, { action: 'template.sync', objectType: 'equipment', objectId: equipmentId });
  });
}
