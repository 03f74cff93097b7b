import { AppError, Err, type Page, type TemplateInput } from '@fieldhub/shared';
import type { Db } from '../../db/db';
import { Where } from '../../db/where';
import type { AuthContext } from '../../http/context';
import { recordBy } from '../oplog/oplog.service';
import { visibleDevice } from '../devices/deviceScope';
import { mirrorConfig } from './configCopier';
import { scopeTemplates, visibleTemplate } from './templateScope';
import * as repo from './templates.repo';
import type { TemplateRow } from './templates.repo';

export type { TemplateRow } from './templates.repo';

export async function listTemplates(
  db: Db,
  auth: AuthContext,
  q: { name?: string | undefined; series?: string | undefined; pageNum: number; pageSize: number },
): Promise<Page<TemplateRow>> {
  const where = scopeTemplates(new Where(), auth);
  if (q.name) where.add('t.name ilike ?', `%${q.name}%`);
  where.addIf(q.series, 't.series = ?');
  const { list, total } = await repo.templatePage(db, where, q);
  return { list, total, pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function templateDetail(db: Db, auth: AuthContext, id: number) {
  await visibleTemplate(db, auth, id);
  const row = await repo.templateRow(db, id);
  return { ...row!, devices: await repo.templateDevices(db, id) };
}

async function checkSeries(db: Db, series: string) {
  if (!(await repo.seriesExists(db, series))) throw new AppError(Err.templateCreationUnsupported);
}

export async function addTemplate(db: Db, auth: AuthContext, t: TemplateInput, ip: string): Promise<number> {
  return db.tx(async (tx) => {
    await checkSeries(tx, t.series);
    if (await repo.templateNameTaken(tx, auth.orgId, t.name, null))
      throw new AppError(Err.templateNameExists);
    const id = await repo.insertTemplate(tx, auth.orgId, auth.accountId, t);
    await recordBy(tx, auth, ip, {
      action: 'template.add',
      objectType: 'template',
      objectId: id,
      detail: { name: t.name },
    });
    return id;
  });
}

/** The series is fixed once devices use the template (their gateways are of that series). */
export async function editTemplate(db: Db, auth: AuthContext, id: number, t: TemplateInput, ip: string) {
  await db.tx(async (tx) => {
    const current = await visibleTemplate(tx, auth, id);
    await checkSeries(tx, t.series);
    if (t.series !== current.series && (await repo.templateInUse(tx, id)))
      throw new AppError(Err.templateSeriesMismatch);
    if (await repo.templateNameTaken(tx, auth.orgId, t.name, id)) throw new AppError(Err.templateNameExists);
    await repo.updateTemplate(tx, id, t);
    await recordBy(tx, auth, ip, { action: 'template.edit', objectType: 'template', objectId: id });
  });
}

export async function deleteTemplate(db: Db, auth: AuthContext, id: number, ip: string) {
  await db.tx(async (tx) => {
    const t = await visibleTemplate(tx, auth, id);
    if (await repo.templateInUse(tx, id)) throw new AppError(Err.templateInUse);
    await repo.deleteTemplateRow(tx, id);
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
    await repo.setDeviceTemplate(tx, equipmentId, {
      id: templateId,
      version: template.config_version,
      series: template.series,
    });
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
    await repo.detachDeviceFromTemplate(tx, equipmentId);
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
    const t = await repo.deviceTemplateVersions(tx, equipmentId);
    if (t && t.template_version === t.config_version) throw new AppError(Err.templateAlreadyConsistent);
    await mirrorConfig(
      tx,
      { column: 'template_id', id: device.template_id },
      { column: 'equipment_id', id: equipmentId, orgId: device.org_id },
      true,
    );
    await repo.setDeviceTemplateVersion(tx, equipmentId, t?.config_version);
    await recordBy(tx, auth, ip, { action: 'template.sync', objectType: 'equipment', objectId: equipmentId });
  });
}
