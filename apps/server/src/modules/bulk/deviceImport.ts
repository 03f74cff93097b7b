import {
  AppError,
  Err,
  GROUP_NAME_MAX,
  isAppError,
  LIMITS,
  SN_PATTERN,
  VERIFY_CODE_PATTERN,
  equipmentSchema,
  type EquipmentInput,
  type EquipmentQuery,
  type Lang,
} from '@fieldhub/shared';
import { one, type Db } from '../../db/db';
import { Where } from '../../db/where';
import type { Clock } from '../../clock';
import type { AuthContext } from '../../http/context';
import { scopeDevices } from '../devices/deviceScope';
import { findDevices } from '../devices/devices.repo';
import { addDevice } from '../devices/devices.service';
import { checkVerifyCode } from '../gateways/bindAttempts';
import { bindCheckedGateway } from '../gateways/gateways.service';
import { addGroup } from '../groups/groups.service';
import { scopeTemplates } from '../templates/templateScope';
import { bindTemplate } from '../templates/templates.service';
import { openJob, type JobRunner, type Progress } from './bulkJobs';
import { deviceCells, deviceRaw, deviceSheet, digitsCell, groupPath } from './deviceSheet';
import { errorOfRow, importDetails, parseRow, rowError, RowsRejected, type RowError } from './bulkJobs';
import type { XlsxFile } from './variableImport';
import { buildWorkbook, MAX_IMPORT_ROWS, readWorkbook, type SheetRow } from './workbook';

/** Full names of the enterprise's groups by id, as `parent/child`. */
async function groupPaths(db: Db, orgId: number): Promise<Map<number, string>> {
  const groups = await db.query<{ id: number; parent_id: number | null; name: string }>(
    'select id, parent_id, name from equipment_groups where org_id = $1',
    [orgId],
  );
  const byId = new Map(groups.map((g) => [g.id, g]));
  const pathOf = (id: number, depth = 0): string => {
    const g = byId.get(id)!;
    // the tree is at most 10 levels; the bound guards against a cycle in bad data
    return g.parent_id === null || depth > LIMITS.groupLevels
      ? g.name
      : `${pathOf(g.parent_id, depth + 1)}/${g.name}`;
  };
  return new Map(groups.map((g) => [g.id, pathOf(g.id)]));
}

/** The devices the caller may see (with the list's filters), as .xlsx. */
export async function exportDevices(
  db: Db,
  auth: AuthContext,
  q: EquipmentQuery,
  lang: Lang,
): Promise<XlsxFile> {
  const { list } = await findDevices(db, scopeDevices(new Where(), auth), {
    ...q,
    pageNum: 1,
    pageSize: MAX_IMPORT_ROWS,
  });
  const paths = await groupPaths(db, auth.orgId);
  const rows = list.map((d) => deviceCells(d, d.groupId ? (paths.get(d.groupId) ?? null) : null));
  const content = await buildWorkbook(deviceSheet, lang, rows, { series: null });
  return { filename: lang === 'zh-CN' ? '设备列表.xlsx' : 'devices.xlsx', content };
}

export async function deviceTemplate(lang: Lang): Promise<XlsxFile> {
  const content = await buildWorkbook(deviceSheet, lang, [], { series: null });
  return { filename: lang === 'zh-CN' ? '设备导入模板.xlsx' : 'device-import-template.xlsx', content };
}

export async function startDeviceImport(
  db: Db,
  clock: Clock,
  runner: JobRunner,
  auth: AuthContext,
  content: Buffer,
  ip: string,
): Promise<{ jobId: string }> {
  const { rows } = await readWorkbook(content, deviceSheet);
  const jobId = await openJob(db, auth, 'devices', `org:${auth.orgId}:devices`, rows.length);
  runner.start(jobId, rows.length, (progress) => importDevices(db, clock, auth, rows, ip, progress));
  return { jobId };
}

/** A checked row: what to create and what to bind. */
interface DevicePlan {
  row: number;
  device: EquipmentInput;
  group: string[] | null;
  templateId: number | null;
  gateway: { sn: string; verifyCode: string } | null;
}

/**
 * All or nothing. Rows are checked first (form schema, names new to the enterprise and to the
 * file, group paths, templates by name, gateway SNs free, then the verification codes of rows
 * otherwise fine, with the binding's limit on wrong codes, so an import cannot guess codes
 * faster); then one transaction creates groups and devices and binds templates and gateways.
 */
async function importDevices(
  db: Db,
  clock: Clock,
  auth: AuthContext,
  rows: SheetRow[],
  ip: string,
  progress: Progress,
): Promise<Record<string, unknown>> {
  const errors: RowError[] = [];
  const plans: DevicePlan[] = [];
  const firstRowOfName = new Map<string, number>();
  const firstRowOfSn = new Map<string, number>();
  for (const [i, r] of rows.entries()) {
    const err = (column: string, code: number, detail: RowError['detail'] = null) =>
      errors.push(rowError(r.row, column, code, detail));
    const before = errors.length;
    const parsed = parseRow(equipmentSchema, deviceRaw(r.cells));
    if (!parsed.ok)
      for (const issue of parsed.issues) err(issue.field, Err.parameterCheckFailed, issue.detail);
    const name = String(r.cells.name ?? '').toLowerCase();
    const sameName = firstRowOfName.get(name);
    if (sameName !== undefined) err('name', Err.deviceNameExists, importDetails.duplicateInFile(sameName));
    else if (name) firstRowOfName.set(name, r.row);
    if (parsed.ok && sameName === undefined && (await nameTaken(db, auth.orgId, name)))
      err('name', Err.deviceNameExists);

    const group = groupPath(r.cells.group ?? null);
    if (group && group.some((s) => !s || s.length > GROUP_NAME_MAX))
      err('group', Err.parameterCheckFailed, importDetails.groupPath);
    else if (group && group.length > LIMITS.groupLevels) err('group', Err.groupDepthLimit);

    const template = r.cells.template ?? null;
    const templateId = template === null ? null : await templateByName(db, auth, String(template));
    if (templateId === undefined) err('template', Err.dataMissingOrNoAccess);

    const sn = digitsCell(r.cells.gatewaySn ?? null, 12);
    const verifyCode = digitsCell(r.cells.verifyCode ?? null, 6);
    if (sn !== null) {
      const sameSn = firstRowOfSn.get(sn);
      if (!SN_PATTERN.test(sn)) err('gatewaySn', Err.gatewaySnFormat);
      else if (sameSn !== undefined) err('gatewaySn', Err.duplicateSn, importDetails.duplicateInFile(sameSn));
      else {
        firstRowOfSn.set(sn, r.row);
        const problem = await gatewayProblem(db, auth, sn);
        if (problem) err('gatewaySn', problem);
      }
      if (verifyCode === null || !VERIFY_CODE_PATTERN.test(verifyCode))
        err('verifyCode', Err.parameterCheckFailed, importDetails.codeRequired);
    }
    // counted against the binding's limit here: a wrong code counted inside the import's
    // transaction would be rolled back with it
    if (parsed.ok && errors.length === before && sn !== null && verifyCode !== null) {
      try {
        await checkVerifyCode(db, clock, auth.accountId, sn, verifyCode);
      } catch (e) {
        if (!isAppError(e)) throw e;
        err(e.code === Err.gatewaySnOrCodeWrong ? 'verifyCode' : 'gatewaySn', e.code);
      }
    }
    if (parsed.ok && errors.length === before)
      plans.push({
        row: r.row,
        device: parsed.data,
        group,
        templateId: templateId ?? null,
        gateway: sn && verifyCode ? { sn, verifyCode } : null,
      });
    await progress(i + 1);
  }
  if (errors.length) throw new RowsRejected(errors);

  await db.tx(async (tx) => {
    const groupIds = new Map<string, number>();
    for (const plan of plans) {
      let column = 'group';
      try {
        const groupId = plan.group ? await ensureGroup(tx, auth, plan.group, groupIds, ip) : null;
        column = 'name';
        const id = await addDevice(tx, auth, { ...plan.device, groupId }, ip);
        column = 'template';
        if (plan.templateId !== null) await bindTemplate(tx, auth, id, plan.templateId, ip);
        column = 'gatewaySn';
        if (plan.gateway) await bindCheckedGateway(tx, auth, { equipmentId: id, ...plan.gateway }, ip);
      } catch (e) {
        if (!isAppError(e)) throw e;
        errors.push(errorOfRow(plan.row, e.code === Err.gatewaySnOrCodeWrong ? 'verifyCode' : column, e));
      }
    }
    // nothing is kept when a row failed while being stored (a wrong code, a full group)
    if (errors.length) throw new RowsRejected(errors);
  });
  return { created: plans.length };
}

async function nameTaken(db: Db, orgId: number, lowerName: string): Promise<boolean> {
  return !!(await one(db, 'select 1 from equipment where org_id = $1 and lower(name) = $2', [
    orgId,
    lowerName,
  ]));
}

/** A template the caller may see by name: its id, or undefined when there is none. */
async function templateByName(db: Db, auth: AuthContext, name: string): Promise<number | undefined> {
  const where = scopeTemplates(new Where(), auth).add('lower(t.name) = lower(?)', name.trim());
  const row = await one<{ id: number }>(
    db,
    `select t.id from templates t where ${where} limit 1`,
    where.params,
  );
  return row?.id;
}

/**
 * Why an SN cannot be bound before its code is checked: 1302 unknown, 1104 bound to another
 * device of this enterprise, 1303 bound elsewhere (which device is that enterprise's business).
 */
async function gatewayProblem(db: Db, auth: AuthContext, sn: string): Promise<number | null> {
  const row = await one<{ equipment_id: number | null; org_id: number | null }>(
    db,
    'select equipment_id, org_id from gateways where sn = $1',
    [sn],
  );
  if (!row) return Err.gatewayNotFound;
  if (row.equipment_id === null) return null;
  return row.org_id === auth.orgId ? Err.gatewayBoundToOtherDevice : Err.gatewayAlreadyBound;
}

/** The group at the end of a path, creating missing ones with the group rules (1201-1203, 2103). */
async function ensureGroup(
  db: Db,
  auth: AuthContext,
  path: string[],
  known: Map<string, number>,
  ip: string,
): Promise<number> {
  let parentId: number | null = null;
  for (const [i, name] of path.entries()) {
    const key = path
      .slice(0, i + 1)
      .map((s) => s.toLowerCase())
      .join('/');
    let id = known.get(key);
    if (id === undefined) {
      const row: { id: number } | undefined = await one<{ id: number }>(
        db,
        `select id from equipment_groups where org_id = $1 and coalesce(parent_id, 0) = coalesce($2, 0)
            and lower(name) = lower($3)`,
        [auth.orgId, parentId, name],
      );
      id = row?.id ?? (await addGroup(db, auth, { name, parentId, seq: 0 }, ip));
      known.set(key, id);
    }
    parentId = id;
  }
  if (parentId === null) throw new AppError(Err.parentGroupError);
  return parentId;
}
