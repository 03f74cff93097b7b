import {
  AppError,
  Err,
  PROJECT_OPEN_DELAY_S,
  type Lang,
  type GatewayStatus,
  type LiveValue,
  type MonitorOpenResult,
  type ProjectAlarmConfirmInput,
  type ProjectAlarmCount,
  type ProjectAlarmQueryInput,
  type ProjectCurveQueryInput,
  type ProjectEquipCount,
  type ProjectEquipCountInput,
  type ProjectGatewayOpenInput,
  type ProjectGatewayQueryInput,
  type ProjectGatewayRow,
  type ProjectHistoryQueryInput,
  type ProjectLiveMessage,
  type ProjectPageInfo,
  type ProjectPagePasswordInput,
  type ProjectSignal,
  type ProjectSignalAnswer,
  type ProjectSignalQueryInput,
  type ProjectWriteInput,
} from '@fieldhub/shared';
import type { Db } from '../../db/db';
import type { Clock } from '../../clock';
import type { AuthContext } from '../../http/context';
import { taskOutcome } from '../../link/commandTasks';
import * as commands from '../../link/commands.service';
import type { LinkClient } from '../../link/linkClient';
import { currentMvarValues } from '../../modules/mvars/mvarValues';
import { mvarDefinitions } from '../../modules/mvars/mvars.repo';
import { unlockPage } from '../../modules/pages/pagePassword';
import * as pages from '../../modules/pages/pages.repo';
import * as projects from '../../modules/projects/projects.repo';
import { viewedPage } from '../../modules/pages/pages.service';
import { openMonitor } from '../board/deviceDetail';
import { latestValues } from '../board/latestValues';
import * as alarms from '../alarms/alarms.service';
import * as history from '../history/history.service';
import type { ValueCache } from '../valueCache';
import {
  monitoredPage,
  monitoredProject,
  projectSignalDevices,
  requireBound,
  servedBindings,
  throughProject,
} from './projectScope';
import { issueProjectToken, type ProjectWatch } from './projectTokens';

export interface ProjectMonitorDeps {
  db: Db;
  clock: Clock;
  cache: ValueCache;
  /** the MQTT side; null when the server runs without it (writes then fail like an unsent command) */
  link: () => LinkClient;
}

/**
 * gateway/query: the gateway state of the page's devices, one row per device of the project, in
 * the order named (devices not bound to the project are left out).
 */
export async function gatewayQuery(
  { db, clock }: ProjectMonitorDeps,
  auth: AuthContext,
  input: ProjectGatewayQueryInput,
): Promise<ProjectGatewayRow[]> {
  const { projectId } = await monitoredPage(db, clock, auth, input.pageId);
  const { equipmentIds } = await servedBindings(db, auth.orgId, projectId, {
    dataEquip: input.dataEquip,
    dataSignal: [],
    dataMvar: [],
  });
  const rows = await db.query<{ equipment_id: number; status: GatewayStatus | null }>(
    'select e.id as equipment_id, g.status from equipment e left join gateways g on g.equipment_id = e.id where e.id = any($1::int8[])',
    [equipmentIds],
  );
  const status = new Map(rows.map((r) => [r.equipment_id, r.status]));
  return equipmentIds.map((equipmentId) => ({
    equipmentId,
    interval: PROJECT_OPEN_DELAY_S,
    online: status.get(equipmentId) === 'online',
    status: status.get(equipmentId) ?? null,
    vpn: false,
  }));
}

/** gateway/open: the device monitor of /monitor/multi/open, for a device bound to the project. */
export async function gatewayOpen(
  { db, clock }: ProjectMonitorDeps,
  auth: AuthContext,
  input: ProjectGatewayOpenInput,
): Promise<MonitorOpenResult> {
  const project = await monitoredProject(db, clock, auth, input.projectId);
  await requireBound(db, project.id, [input.equipmentId]);
  return openMonitor(db, clock, throughProject(auth), input.equipmentId, input.delay);
}

/** signal/query: the latest values of the page's signals and mvars that the project serves. */
export async function signalQuery(
  { db, clock, cache }: ProjectMonitorDeps,
  auth: AuthContext,
  input: ProjectSignalQueryInput,
): Promise<ProjectSignalAnswer> {
  const { projectId } = await monitoredPage(db, clock, auth, input.pageId);
  const served = await servedBindings(db, auth.orgId, projectId, { ...input, dataEquip: [] });
  const signalIds = [...served.signalDevices.keys()];
  const config = await db.query<Omit<ProjectSignal, 'value' | 'ts' | 'quality'>>(
    `select v.equipment_id as "equipmentId", v.id as "signalId", v.name, v.unit, v.decimals, v.rw
       from variables v where v.id = any($1::int8[]) order by v.equipment_id, v.id`,
    [signalIds],
  );
  const held = new Map((await latestValues(db, cache, signalIds)).map((v) => [v.signalId, v]));
  const signals = config.map((s) => {
    const live = held.get(s.signalId);
    return { ...s, value: live?.value ?? null, ts: live?.ts ?? null, quality: live?.quality ?? null };
  });
  return { signals, mvars: await currentMvarValues(db, cache, served.mvars) };
}

/**
 * signal/writeVal: the device write of /monitor/multi/signal/writeVal (checks 2001-2007, task uuid)
 * for a signal of a device bound to the project. A member writes only with an `operate` page
 * permission on the project (2006 otherwise).
 */
export async function writeVal(
  deps: ProjectMonitorDeps,
  auth: AuthContext,
  input: ProjectWriteInput,
  ip: string,
): Promise<{ uuid: string }> {
  const { db, clock } = deps;
  const project = await monitoredProject(db, clock, auth, input.projectId);
  if (!project.manage && ![...(project.pagePmsn?.values() ?? [])].includes('operate'))
    throw new AppError(Err.noWritePermission);
  const devices = await projectSignalDevices(db, auth.orgId, project.id, [input.signalId]);
  const equipmentId = devices.get(input.signalId)!;
  return commands.writeValue(
    { db, clock, link: deps.link() },
    throughProject(auth),
    { equipmentId, signalId: input.signalId, value: input.value },
    ip,
  );
}

/** signal/callback: the task's outcome (tasks are the enterprise's, as /equipment/multi/callback). */
export function writeCallback(
  { db, clock }: ProjectMonitorDeps,
  auth: AuthContext,
  uuid: string,
  lang: Lang,
) {
  if (!auth.auths.has('project_manage') && !auth.auths.has('ops_center')) throw new AppError(Err.noAccess);
  return taskOutcome(db, clock, auth.orgId, uuid, lang);
}

/** equip/queryCount: the project's devices by gateway state and active alarms. */
export async function equipCount(
  { db, clock }: ProjectMonitorDeps,
  auth: AuthContext,
  input: ProjectEquipCountInput,
): Promise<ProjectEquipCount> {
  const project = await monitoredProject(db, clock, auth, input.projectId);
  const rows = await db.query<{ online: boolean; alarm: boolean }>(
    `select coalesce(g.status = 'online', false) as online,
            exists (select 1 from alarms a where a.org_id = pe.org_id and a.equipment_id = pe.equipment_id
                       and a.state = 'active') as alarm
       from project_equipment pe left join gateways g on g.equipment_id = pe.equipment_id
      where pe.project_id = $1 and pe.org_id = $2`,
    [project.id, auth.orgId],
  );
  const matches = (r: { online: boolean; alarm: boolean }) =>
    (input.online === undefined || r.online === input.online) &&
    (input.alarm === undefined || r.alarm === input.alarm);
  const online = rows.filter((r) => r.online).length;
  return {
    count: rows.filter(matches).length,
    total: rows.length,
    online,
    offline: rows.length - online,
    alarm: rows.filter((r) => r.alarm).length,
  };
}

/** alarm/queryCount: active alarms of the project's devices. */
export async function alarmCount(
  { db, clock }: ProjectMonitorDeps,
  auth: AuthContext,
  projectId: number,
): Promise<ProjectAlarmCount> {
  const project = await monitoredProject(db, clock, auth, projectId);
  const [row] = await db.query<{ signal: number; gateway: number }>(
    `select count(*) filter (where a.kind = 'signal')::int as signal,
            count(*) filter (where a.kind = 'gateway')::int as gateway
       from alarms a join project_equipment pe on pe.equipment_id = a.equipment_id and pe.org_id = a.org_id
      where pe.project_id = $1 and a.org_id = $2 and a.state = 'active'`,
    [project.id, auth.orgId],
  );
  const signal = row?.signal ?? 0;
  const gateway = row?.gateway ?? 0;
  return { total: signal + gateway, signal, gateway };
}

/**
 * page/info: the page as a viewer gets it (pages.viewedPage): `locked` without its document until
 * validPassword succeeded in this login session, and only the widgets of the account's authRegion.
 */
export async function pageInfo(
  { db, clock }: ProjectMonitorDeps,
  auth: AuthContext,
  id: number,
): Promise<ProjectPageInfo> {
  const { projectId } = await monitoredPage(db, clock, auth, id);
  const page = (await pages.pageInOrg(db, auth.orgId, id, true))!;
  const project = (await projects.projectRow(db, auth.orgId, projectId))!;
  const { errorValShow, errorDefaultVal } = project;
  return { ...(await viewedPage(db, auth, page)), projectId, errorValShow, errorDefaultVal };
}

/** page/validPassword: opens a protected page for this login session (pagePassword.ts). */
export async function validPassword(
  { db, clock }: ProjectMonitorDeps,
  auth: AuthContext,
  input: ProjectPagePasswordInput,
): Promise<null> {
  await monitoredPage(db, clock, auth, input.id);
  await unlockPage(db, clock, auth, (await pages.pageInOrg(db, auth.orgId, input.id))!, input.password);
  return null;
}

/** history/query: /monitor/multi/history/query for a device bound to the project. */
export async function historyQuery(
  { db, clock }: ProjectMonitorDeps,
  auth: AuthContext,
  { projectId, ...input }: ProjectHistoryQueryInput,
) {
  const project = await monitoredProject(db, clock, auth, projectId);
  await requireBound(db, project.id, [input.equipmentId]);
  return history.queryHistory(db, throughProject(auth), input);
}

/** queryAllForCurve: /monitor/multi/curve/query for a device bound to the project. */
export async function curveQuery(
  { db, clock }: ProjectMonitorDeps,
  auth: AuthContext,
  { projectId, ...input }: ProjectCurveQueryInput,
) {
  const project = await monitoredProject(db, clock, auth, projectId);
  await requireBound(db, project.id, [input.equipmentId]);
  return history.queryCurve(db, throughProject(auth), input);
}

/** alarm/query: /monitor/multi/alarm/query for a device bound to the project (designer rules by default). */
export async function alarmQuery(
  { db, clock }: ProjectMonitorDeps,
  auth: AuthContext,
  { projectId, ...input }: ProjectAlarmQueryInput,
) {
  const project = await monitoredProject(db, clock, auth, projectId);
  await requireBound(db, project.id, [input.equipmentId]);
  return alarms.queryAlarms(db, throughProject(auth), input);
}

/** alarm/confirm: /monitor/multi/alarm/confirm for alarms of devices bound to the project. */
export async function alarmConfirm(
  { db, clock }: ProjectMonitorDeps,
  auth: AuthContext,
  input: ProjectAlarmConfirmInput,
  ip: string,
) {
  const project = await monitoredProject(db, clock, auth, input.projectId);
  const owners = await db.query<{ equipment_id: number }>(
    'select distinct equipment_id from alarms where id = any($1::int8[]) and org_id = $2',
    [input.alarmIds, auth.orgId],
  );
  await requireBound(
    db,
    project.id,
    owners.map((o) => o.equipment_id),
  );
  return alarms.confirm(db, clock, throughProject(auth), input.alarmIds, input.note, ip);
}

/** Issues the socket's token for what the project serves of what the page asks to watch. */
export async function projectToken(
  db: Db,
  clock: Clock,
  auth: AuthContext,
  input: { pageId: number; dataEquip: number[]; dataSignal: number[]; dataMvar: number[] },
): Promise<string> {
  const { projectId } = await monitoredPage(db, clock, auth, input.pageId);
  const served = await servedBindings(db, auth.orgId, projectId, input);
  return issueProjectToken(db, clock, auth, {
    projectId,
    pageId: input.pageId,
    equipmentIds: [...new Set([...served.equipmentIds, ...served.signalDevices.values()])],
    signalIds: [...served.signalDevices.keys()],
    mvarIds: served.mvars.map((m) => m.id),
  });
}

/** The first frames of a project socket: held values per device, then the mvars. */
export async function snapshotOf(
  db: Db,
  cache: ValueCache,
  watch: ProjectWatch,
): Promise<ProjectLiveMessage[]> {
  const byDevice = new Map<number, LiveValue[]>();
  const deviceOf = new Map(
    (
      await db.query<{ id: number; equipment_id: number }>(
        'select id, equipment_id from variables where id = any($1::int8[])',
        [watch.signalIds],
      )
    ).map((r) => [r.id, r.equipment_id]),
  );
  for (const v of await latestValues(db, cache, watch.signalIds)) {
    const equipmentId = deviceOf.get(v.signalId);
    if (equipmentId === undefined) continue;
    byDevice.set(equipmentId, [...(byDevice.get(equipmentId) ?? []), v]);
  }
  // every watched device gets its frame, empty or not, so the page knows the socket is live
  for (const equipmentId of watch.equipmentIds) if (!byDevice.has(equipmentId)) byDevice.set(equipmentId, []);
  const frames: ProjectLiveMessage[] = [...byDevice].map(([equipmentId, values]) => ({
    type: 'signalVal',
    equipmentId,
    values,
  }));
  if (watch.mvarIds.length) {
    const defs = await mvarDefinitions(db, watch.projectId, watch.mvarIds);
    frames.push({
      type: 'mvarVal',
      projectId: watch.projectId,
      values: await currentMvarValues(db, cache, defs),
    });
  }
  return frames;
}
