/**
 * Timers and limits of docs/requirements/client-rules.md §6 and §8, in milliseconds unless the name says
 * otherwise.
 */
export const TIMERS = {
  httpTimeout: 120_000,
  chunkLoadTimeout: 120_000,
  socketRetry: 10_000,
  gatewayPoll: 60_000,
  monitorReopen: 580_000,
  idleThreshold: 120_000,
  projectGatewayRefresh: 3_570_000,
  lockCheck: 60_000,
  notificationDisplay: 10_000,
  titleScrollStep: 200,
  socketIdlePing: 60_000,
  writeCallbackWait: 60_000,
  openCallGap: 100,
} as const;

/** `delay` argument of the open-monitor calls (seconds): 3600 for projects, 600 for the equipment monitor. */
export const MONITOR_OPEN_DELAY = { project: 3600, equipment: 600 } as const;

export const LIMITS = {
  batchModules: 100,
  variablesPerReport: 100,
  mappings: 100,
  configPages: 100,
  pagePermissions: 10,
  authorizedAccountsPerDevice: 50,
  devicesPerInspectionPlan: 30,
  inspectionItems: 50,
  uploadedMaterials: 10,
  accountsPerEnterprise: 5,
  groupLevels: 10,
  nodesPerParent: 500,
  videoConfigsPerOrg: 1,
  locationRefreshPerDay: 5,
  historyCurvePoints: 200_000,
  historyCurveVariables: 10,
  historySpanDays: 30,
  defaultPageSize: 10,
  unreadBadgeMax: 99,
} as const;
