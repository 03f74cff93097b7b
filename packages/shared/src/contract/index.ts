import type { CallDef } from './define';
import { authCalls } from './auth';
import { userCalls } from './user';
import { oplogCalls } from './oplog';
import { orgCalls } from './org';
import { accountsCalls } from './accounts';
import { devicesCalls } from './devices';
import { deviceConfigCalls } from './deviceConfig';
import { gatewaysCalls } from './gateways';
import { groupCalls } from './groups';
import { templatesCalls } from './templates';
import { linkCalls } from './link';
import { firmwareCalls } from './firmware';
import { bulkCalls } from './bulk';
import { alarmsCalls } from './alarms';
import { pagesCalls } from './pages';
import { mvarsCalls } from './mvars';
import { projectsCalls } from './projects';
import { monitorCalls } from './monitor';
import { projectMonitorCalls } from './projectMonitor';
import { messagesCalls } from './messages';
import { summaryCalls } from './summary';
import { opsCenterCalls } from './opsCenter';
import { dataCenterCalls } from './dataCenter';
import { mapCalls } from './map';
import { weatherCalls } from './weather';
import { materialsCalls } from './materials';
import { excelCalls } from './excel';
import { inspectionCalls } from './inspections';
import { repairsCalls } from './repairs';
import { enrollCalls } from './enroll';
import { lockCalls } from './lock';
import { licenseCalls } from './license';
import { securityCalls } from './security';
import { marketCalls } from './market';

export * from './define';
export * from './auth';
export * from './user';
export * from './oplog';
export * from './org';
export * from './accounts';
export * from './devices';
export * from './deviceConfig';
export * from './gateways';
export * from './groups';
export * from './templates';
export * from './link';
export * from './firmware';
export * from './bulk';
export * from './alarms';
export * from './pages';
export * from './mvars';
export * from './projects';
export * from './monitor';
export * from './projectMonitor';
export * from './messages';
export * from './summary';
export * from './opsCenter';
export * from './dataCenter';
export * from './map';
export * from './weather';
export * from './materials';
export * from './excel';
export * from './inspections';
export * from './repairs';
export * from './enroll';
export * from './lock';
export * from './license';
export * from './security';
export * from './market';
export { openApiDocument } from './openapi';

/**
 * Every call of the contract, area by area. The server registers exactly these (a test compares
 * them with the registered routes) and the OpenAPI document lists them.
 */
export const CALL_AREAS: Record<string, Record<string, CallDef>> = {
  auth: authCalls,
  user: userCalls,
  oplog: oplogCalls,
  org: orgCalls,
  accounts: accountsCalls,
  devices: devicesCalls,
  deviceConfig: deviceConfigCalls,
  gateways: gatewaysCalls,
  groups: groupCalls,
  templates: templatesCalls,
  link: linkCalls,
  firmware: firmwareCalls,
  bulk: bulkCalls,
  alarms: alarmsCalls,
  pages: pagesCalls,
  mvars: mvarsCalls,
  projects: projectsCalls,
  monitor: monitorCalls,
  projectMonitor: projectMonitorCalls,
  messages: messagesCalls,
  summary: summaryCalls,
  opsCenter: opsCenterCalls,
  dataCenter: dataCenterCalls,
  map: mapCalls,
  weather: weatherCalls,
  materials: materialsCalls,
  excel: excelCalls,
  inspections: inspectionCalls,
  repairs: repairsCalls,
  enroll: enrollCalls,
  lock: lockCalls,
  license: licenseCalls,
  security: securityCalls,
  market: marketCalls,
};

export const ALL_CALLS: readonly CallDef[] = Object.values(CALL_AREAS).flatMap((area) => Object.values(area));
