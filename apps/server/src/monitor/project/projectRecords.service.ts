import {
  type Lang,
  type Page,
  type ProjectAlarmAllInput,
  type ProjectAlarmExportInput,
  type ProjectAlarmRow,
  type ProjectDevice,
  type ProjectHistoryAllInput,
  type ProjectHistoryExportInput,
  type ProjectHistoryRow,
  type ProjectReportColsInput,
  type ProjectReportExportInput,
  type ProjectReportQueryInput,
} from '@fieldhub/shared';
import type { Db } from '../../db/db';
import type { AuthContext } from '../../http/context';
import { ALARM_EXPORT_MAX_ROWS, alarmsWorkbook, type AlarmExport } from '../alarms/alarmExport';
import * as alarms from '../alarms/alarms.service';
import * as history from '../history/history.service';
import { valuesWorkbook, type HistoryExport } from '../history/historyExport';
import { reportExport, type ReportExport } from '../history/reportExport';
import type { ProjectMonitorDeps } from './projectMonitor.service';
import { monitoredProject, projectSignalDevices, requireBound, throughProject } from './projectScope';

/**
 * The report, history and alarm queries of a project page over several devices
 * (docs/requirements/projects.md §7.6): history/queryAll, queryAllData, alarm/queryAll,
 * report/queryCols, custom/report/data/query and queryAll. Each checks the project as the other
 * project calls do (projectScope.ts), then runs the device calls' code through the project.
 */

interface ProjectSignalVariable extends history.HistoryVariable {
  equipmentId: number;
  equipmentTitle: string;
}

/**
 * The named signals, each of a device bound to the project (2610 otherwise), with their device's
 * project title, in the order of the devices' variables as the device history lists them.
 */
async function projectSignalVariables(
  db: Db,
  auth: AuthContext,
  projectId: number,
  signalIds: readonly number[],
): Promise<ProjectSignalVariable[]> {
  await projectSignalDevices(db, auth.orgId, projectId, signalIds);
  return db.query<ProjectSignalVariable>(
    `select v.id, v.name, v.unit, v.decimals, v.equipment_id as "equipmentId", pe.title as "equipmentTitle"
       from variables v join project_equipment pe on pe.equipment_id = v.equipment_id and pe.project_id = $1
      where v.id = any($2::int8[])
      order by pe.title, v.equipment_id,
               case v.pinned when 'top' then 0 when 'bottom' then 2 else 1 end, v.seq desc, v.id`,
    [projectId, signalIds],
  );
}

/** history/queryAll: /monitor/multi/history/query over signals of any bound devices. */
export async function historyAll(
  { db, clock }: ProjectMonitorDeps,
  auth: AuthContext,
  q: ProjectHistoryAllInput,
): Promise<Page<ProjectHistoryRow> & { totalCapped: boolean }> {
  const project = await monitoredProject(db, clock, auth, q.projectId);
  const range = history.checkedRange(q.startTime, q.endTime);
  const variables = await projectSignalVariables(db, auth, project.id, q.dataSignal);
  return history.historyPage(db, variables, range, q, (row, v) => ({
    ...row,
    equipmentId: v.equipmentId,
    equipmentTitle: v.equipmentTitle,
  }));
}

/** queryAllData: /monitor/multi/history/export over signals of any bound devices, with a device column. */
export async function historyAllExport(
  { db, clock }: ProjectMonitorDeps,
  auth: AuthContext,
  q: ProjectHistoryExportInput,
  lang: Lang,
): Promise<HistoryExport> {
  const project = await monitoredProject(db, clock, auth, q.projectId);
  const range = history.checkedRange(q.startTime, q.endTime);
  const variables = await projectSignalVariables(db, auth, project.id, q.dataSignal);
  return valuesWorkbook(
    db,
    variables.map((v) => ({ ...v, device: v.equipmentTitle })),
    range,
    { ...q, name: project.name, lang },
  );
}

/**
 * alarm/queryAll: /monitor/multi/alarm/query over the named bound devices (every bound device
 * when none is named), each row with its device's project title.
 */
export async function alarmAll(
  { db, clock }: ProjectMonitorDeps,
  auth: AuthContext,
  q: ProjectAlarmAllInput,
): Promise<Page<ProjectAlarmRow>> {
  return projectAlarms(db, auth, await monitoredProject(db, clock, auth, q.projectId), q);
}

/** The alarms of the project's devices that `q` names, for a project the caller may monitor. */
async function projectAlarms(
  db: Db,
  auth: AuthContext,
  project: { id: number },
  { equipmentIds, ...q }: Omit<ProjectAlarmAllInput, 'projectId'>,
): Promise<Page<ProjectAlarmRow>> {
  await requireBound(db, project.id, equipmentIds);
  const bound = await db.query<{ equipment_id: number; title: string }>(
    `select equipment_id, title from project_equipment
      where project_id = $1 and (cardinality($2::int8[]) = 0 or equipment_id = any($2::int8[]))`,
    [project.id, equipmentIds],
  );
  const titles = new Map(bound.map((b) => [b.equipment_id, b.title]));
  const page = await alarms.queryDevicesAlarms(db, throughProject(auth), {
    ...q,
    equipmentIds: [...titles.keys()],
  });
  return { ...page, list: page.list.map((a) => ({ ...a, equipmentTitle: titles.get(a.equipmentId) ?? '' })) };
}

/** alarm/export: what alarm/queryAll selects, as .xlsx (alarmExport.ts). */
export async function alarmExport(
  { db, clock }: ProjectMonitorDeps,
  auth: AuthContext,
  { utcOffsetMinutes, projectId, ...q }: ProjectAlarmExportInput,
  lang: Lang,
): Promise<AlarmExport> {
  const project = await monitoredProject(db, clock, auth, projectId);
  const page = await projectAlarms(db, auth, project, { ...q, pageNum: 1, pageSize: ALARM_EXPORT_MAX_ROWS });
  return alarmsWorkbook(page.list, {
    name: project.name,
    lang,
    utcOffsetMinutes,
    total: page.total,
    now: clock.now(),
  });
}

/** report/queryCols: the columns of a bound device's report. */
export async function reportCols(
  { db, clock }: ProjectMonitorDeps,
  auth: AuthContext,
  q: ProjectReportColsInput,
) {
  const project = await monitoredProject(db, clock, auth, q.projectId);
  await requireBound(db, project.id, [q.equipmentId]);
  return history.deviceReportColumns(db, throughProject(auth), q.equipmentId, q.reportId);
}

/** custom/report/data/query: /monitor/multi/report/query for a bound device. */
export async function reportRecords(
  { db, clock }: ProjectMonitorDeps,
  auth: AuthContext,
  { projectId, ...q }: ProjectReportQueryInput,
) {
  const project = await monitoredProject(db, clock, auth, projectId);
  await requireBound(db, project.id, [q.equipmentId]);
  return history.queryReportRecords(db, throughProject(auth), q);
}

/** custom/report/data/export: /monitor/multi/report/export for a bound device. */
export async function reportRecordsExport(
  { db, clock }: ProjectMonitorDeps,
  auth: AuthContext,
  { projectId, ...q }: ProjectReportExportInput,
  lang: Lang,
): Promise<ReportExport> {
  const project = await monitoredProject(db, clock, auth, projectId);
  await requireBound(db, project.id, [q.equipmentId]);
  return reportExport(db, throughProject(auth), q, lang);
}

/** queryAll: the project's devices with their gateway state and active alarms, by title. */
export async function projectDevices(
  { db, clock }: ProjectMonitorDeps,
  auth: AuthContext,
  projectId: number,
): Promise<ProjectDevice[]> {
  const project = await monitoredProject(db, clock, auth, projectId);
  const rows = await db.query<Omit<ProjectDevice, 'alarmCount'>>(
    `select pe.equipment_id as "equipmentId", pe.title, pe.key, g.status
       from project_equipment pe left join gateways g on g.equipment_id = pe.equipment_id
      where pe.project_id = $1 and pe.org_id = $2
      order by pe.title, pe.equipment_id`,
    [project.id, auth.orgId],
  );
  const counts = new Map(
    (
      await alarms.activeCounts(
        db,
        throughProject(auth),
        rows.map((r) => r.equipmentId),
      )
    ).map((c) => [c.equipmentId, c.signal + c.gateway]),
  );
  return rows.map((r) => ({ ...r, alarmCount: counts.get(r.equipmentId) ?? 0 }));
}
