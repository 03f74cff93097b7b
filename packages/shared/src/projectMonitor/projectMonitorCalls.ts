import { z } from 'zod';
import { formBool, formId, pagingSchema } from '../validation/form';
import { commaIdList } from '../mvar/mvarCalls';
import {
  alarmRecordRowSchema,
  historyValueRowSchema,
  reportExportSchema,
  timeInput,
  utcOffsetInput,
} from '../live/monitorCalls';
import { LIMITS } from '../timers';
import { ALARM_LEVELS, ALARM_RULE_TYPE_FILTERS } from '../device/alarmRule';
import { GATEWAY_STATUSES } from '../device/gateway';
import { RW_MODES } from '../device/variable';
import { pageInfoSchema, pagePasswordSchema } from '../pages/pageCalls';
import { mvarValueSchema } from './projectSocket';
import { PROJECT_ERROR_VAL_SHOW } from '../project/projectCalls';

/**
 * Project monitoring (docs/requirements/projects.md §7, §9; issue 8): the calls a live project
 * page makes, under `/lfscada/monitor/project/*`. JSON or form bodies (`dataEquip` and
 * `dataSignal` as comma-joined ids, lists or single ids), answers in the envelope `{code, message,
 * data}`, times in ms since the epoch.
 *
 * Access: ops_center or project_manage, a project of the caller's enterprise (2604 otherwise), a
 * page of that project (1903 otherwise) and, for pages with per-page permissions (pagePmsn, the
 * project management part), an account the page's permissions name (1903 otherwise). The page
 * reads (gateway/query, signal/query, token) leave out devices not bound to the project, their
 * signals and other projects' mvars; the calls on one device or signal answer 2610 for those. A
 * password-protected page answers page/info
 * `locked` until page/validPassword succeeded in this login session. docs/project-monitor-api.md
 * shows each call with an example.
 */

/**
 * How long a project page's gateways stay open after gateway/open (docs/requirements/projects.md §7.1: delay
 * 3600 s).
 */
export const PROJECT_OPEN_DELAY_S = 3600;
/** Most devices one page call may name. */
export const PROJECT_PAGE_EQUIP_MAX = 500;
/** Most signals one page call may name. */
export const PROJECT_PAGE_SIGNAL_MAX = 5000;
/** Most mvars one page call may name. */
export const PROJECT_PAGE_MVAR_MAX = 500;
/** Wrong page passwords an account may try per page within the lock window before it must wait. */
export const PAGE_PASSWORD_ATTEMPTS = 5;
/** Minutes the page password stays refused after too many wrong tries. */
export const PAGE_PASSWORD_LOCK_MINUTES = 15;

const dataEquip = commaIdList(PROJECT_PAGE_EQUIP_MAX);
const dataSignal = commaIdList(PROJECT_PAGE_SIGNAL_MAX);
const dataMvar = commaIdList(PROJECT_PAGE_MVAR_MAX);

// --- calls -------------------------------------------------------------------------------------

/** gateway/query {pageId, dataEquip} → ProjectGatewayRow[] (one per named device, in order) */
export const projectGatewayQuerySchema = z.object({ pageId: formId, dataEquip });
export type ProjectGatewayQueryInput = z.infer<typeof projectGatewayQuerySchema>;

/**
 * gateway/open {projectId, equipmentId, interval?, delay = 3600} → MonitorOpenResult. `interval`
 * is the row's value sent back (ignored); `delay` is how long the opening lasts, in seconds. The
 * browser calls it for online rows without vpn, 100 ms apart, and again every 3570 s.
 */
export const projectGatewayOpenSchema = z.object({
  projectId: formId,
  equipmentId: formId,
  interval: z.coerce.number().int().min(0).max(86_400).optional(),
  delay: z.coerce.number().int().min(10).max(PROJECT_OPEN_DELAY_S).optional().default(PROJECT_OPEN_DELAY_S),
});
export type ProjectGatewayOpenInput = z.infer<typeof projectGatewayOpenSchema>;

/**
 * /lfscada/websocket/monitor/project/token {pageId, dataEquip?, dataSignal?, dataMvar?} → the
 * token (text, valid 60 s, once) for `/lfscada/ws/project/signal/subscribe/{token}`. The socket
 * carries the named signals' values, the named mvars' values and the alarms of the named devices
 * (devices of the named signals included).
 */
export const projectTokenSchema = z.object({
  pageId: formId,
  dataEquip: dataEquip.optional().default([]),
  dataSignal: dataSignal.optional().default([]),
  dataMvar: dataMvar.optional().default([]),
});
export type ProjectTokenInput = z.infer<typeof projectTokenSchema>;

/** signal/query {pageId, dataSignal?, dataMvar?} → ProjectSignalAnswer (latest values) */
export const projectSignalQuerySchema = z.object({
  pageId: formId,
  dataSignal: dataSignal.optional().default([]),
  dataMvar: dataMvar.optional().default([]),
});
export type ProjectSignalQueryInput = z.infer<typeof projectSignalQuerySchema>;

/**
 * signal/writeVal {projectId, signalId, value} → {uuid}; then signal/callback {uuid} until the
 * status is success or failure (schedule of docs/requirements/monitoring.md §6.2; the viewer waits 60 s,
 * docs/requirements/projects.md §7.3). The checks of the device write: write permission monitor_write (2006),
 * the signal's device bound to the project (2610), writable (2002), within the write limits (2003/2004), a
 * valid write formula (2005), an online gateway (2001 without gateway, 1304 offline).
 */
export const projectWriteSchema = z.object({
  projectId: formId,
  signalId: formId,
  value: z.union([z.number(), z.boolean(), z.string().max(1024)]),
});
export type ProjectWriteInput = z.infer<typeof projectWriteSchema>;

/** signal/callback {uuid} → CommandOutcome (the same as /lfscada/equipment/multi/callback) */
export const projectCallbackSchema = z.object({ uuid: z.uuid() });

/**
 * equip/queryCount {projectId, online?, alarm?} → ProjectEquipCount. `count` is the number of
 * bound devices matching the filters (online: gateway online or not; alarm: with an active
 * alarm or without).
 */
export const projectEquipCountSchema = z.object({
  projectId: formId,
  online: formBool.optional(),
  alarm: formBool.optional(),
});
export type ProjectEquipCountInput = z.infer<typeof projectEquipCountSchema>;

/** alarm/queryCount {projectId} → ProjectAlarmCount (active alarms of the bound devices) */
export const projectAlarmCountSchema = z.object({ projectId: formId });

/** page/info {id} → ProjectPageInfo (the browser caches it per id; refetch after validPassword) */
export const projectPageInfoSchema = z.object({ id: formId });

/**
 * page/validPassword {id, password} → null. A wrong password is 1904; after 5 wrong tries within
 * 15 minutes the page refuses every try for 15 minutes (2654). Success unlocks the page for this
 * login session.
 */
export const projectPagePasswordSchema = pagePasswordSchema;
export type ProjectPagePasswordInput = z.infer<typeof projectPagePasswordSchema>;

const range = { startTime: timeInput, endTime: timeInput };
const variableIds = z
  .union([z.array(formId), formId.transform((id) => [id])])
  .pipe(z.array(z.number()).max(500));

/**
 * history/query {projectId, equipmentId, variableIds?, startTime, endTime, pageNum, pageSize} →
 * Page<HistoryValueRow> as /lfscada/monitor/multi/history/query, for a device bound to the project.
 */
export const projectHistoryQuerySchema = pagingSchema.extend({
  projectId: formId,
  equipmentId: formId,
  variableIds: variableIds.optional(),
  ...range,
});
export type ProjectHistoryQueryInput = z.infer<typeof projectHistoryQuerySchema>;

/**
 * queryAllForCurve {projectId, equipmentId, variableIds (1-10), startTime, endTime, width = 1000}
 * → CurveResult as /lfscada/monitor/multi/curve/query.
 */
export const projectCurveQuerySchema = z.object({
  projectId: formId,
  equipmentId: formId,
  variableIds: variableIds.pipe(z.array(z.number()).min(1).max(LIMITS.historyCurveVariables)),
  ...range,
  width: z.coerce.number().int().min(10).max(4000).optional().default(1000),
});
export type ProjectCurveQueryInput = z.infer<typeof projectCurveQuerySchema>;

/**
 * history/queryAll {projectId, dataSignal, startTime, endTime, pageNum, pageSize} →
 * Page<ProjectHistoryRow> & {totalCapped}: the stored values of signals of any devices bound to
 * the project (2610 for a signal that is not), newest first, with the range rules and the count
 * cap of /lfscada/monitor/multi/history/query.
 */
export const projectHistoryAllSchema = pagingSchema.extend({
  projectId: formId,
  dataSignal: dataSignal.pipe(z.array(z.number()).min(1)),
  ...range,
});
export type ProjectHistoryAllInput = z.infer<typeof projectHistoryAllSchema>;

/**
 * queryAllData {projectId, dataSignal, startTime, endTime, utcOffsetMinutes = 480} → the .xlsx
 * file of those values, as /lfscada/monitor/multi/history/export with a device column (errors
 * answer the envelope).
 */
export const projectHistoryExportSchema = z.object({
  projectId: formId,
  dataSignal: dataSignal.pipe(z.array(z.number()).min(1)),
  ...range,
  utcOffsetMinutes: utcOffsetInput,
});
export type ProjectHistoryExportInput = z.infer<typeof projectHistoryExportSchema>;

/**
 * report/queryCols {projectId, equipmentId, reportId} → ReportRecordPage['columns']: the
 * variables of one of the device's reports with their aggregation (90002 for a report that is
 * not the device's).
 */
export const projectReportColsSchema = z.object({ projectId: formId, equipmentId: formId, reportId: formId });
export type ProjectReportColsInput = z.infer<typeof projectReportColsSchema>;

/**
 * custom/report/data/query {projectId, equipmentId, reportId, startTime, endTime, pageNum,
 * pageSize} → ReportRecordPage as /lfscada/monitor/multi/report/query.
 */
export const projectReportQuerySchema = pagingSchema.extend({
  projectId: formId,
  equipmentId: formId,
  reportId: formId,
  ...range,
});
export type ProjectReportQueryInput = z.infer<typeof projectReportQuerySchema>;

/** custom/report/data/export {projectId, equipmentId, reportId, startTime, endTime, utcOffsetMinutes?} → .xlsx */
export const projectReportExportSchema = reportExportSchema.extend({ projectId: formId });
export type ProjectReportExportInput = z.infer<typeof projectReportExportSchema>;

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * alarm/query {projectId, equipmentId, ruleType = '01', state?, level?, startTime?, endTime?,
 * pageNum, pageSize} → Page<AlarmRecordRow> as /lfscada/monitor/multi/alarm/query, for a device
 * bound to the project. Pages show designer alarms ('01', key monitor_designer_menu_alarm) by
 * default; '00' needs monitor_equipinfo_menu_alarm (90008 without the key); 'all' lists the types
 * whose key the caller holds (90008 with neither).
 */
export const projectAlarmQuerySchema = pagingSchema.extend({
  projectId: formId,
  equipmentId: formId,
  ruleType: z.preprocess(blank, z.enum(ALARM_RULE_TYPE_FILTERS).optional().default('01')),
  state: z.preprocess(blank, z.enum(['active', 'cleared']).optional()),
  level: z.preprocess(blank, z.enum(ALARM_LEVELS).optional()),
  startTime: z.preprocess(blank, timeInput.optional()),
  endTime: z.preprocess(blank, timeInput.optional()),
});
export type ProjectAlarmQueryInput = z.infer<typeof projectAlarmQuerySchema>;

/**
 * alarm/confirm {projectId, alarmIds (one or up to 100), note?} → {confirmed} as
 * /lfscada/monitor/multi/alarm/confirm; every alarm must be of a device bound to the project
 * (2610), all or nothing.
 */
export const projectAlarmConfirmSchema = z.object({
  projectId: formId,
  alarmIds: commaIdList(100).pipe(z.array(z.number()).min(1)),
  note: z.string().trim().max(100).optional().default(''),
});
export type ProjectAlarmConfirmInput = z.infer<typeof projectAlarmConfirmSchema>;

/**
 * alarm/queryAll {projectId, equipmentIds? (all bound devices when absent or empty), ruleType =
 * '01', state?, level?, startTime?, endTime?, pageNum, pageSize} → Page<ProjectAlarmRow>: the
 * signal alarms of several bound devices (2610 for a device that is not), active first, then the
 * newest; the rule-type keys and range rules of alarm/query.
 */
export const projectAlarmAllSchema = pagingSchema.extend({
  projectId: formId,
  equipmentIds: dataEquip.optional().default([]),
  ruleType: z.preprocess(blank, z.enum(ALARM_RULE_TYPE_FILTERS).optional().default('01')),
  state: z.preprocess(blank, z.enum(['active', 'cleared']).optional()),
  level: z.preprocess(blank, z.enum(ALARM_LEVELS).optional()),
  startTime: z.preprocess(blank, timeInput.optional()),
  endTime: z.preprocess(blank, timeInput.optional()),
});
export type ProjectAlarmAllInput = z.infer<typeof projectAlarmAllSchema>;

/**
 * alarm/export {projectId, equipmentIds?, ruleType = '01', state?, level?, startTime?, endTime?,
 * utcOffsetMinutes = 480} → the .xlsx file of what alarm/queryAll selects (newest first, at most
 * 50,000 records); refusals answer the envelope as alarm/queryAll does.
 */
export const projectAlarmExportSchema = projectAlarmAllSchema.omit({ pageNum: true, pageSize: true }).extend({
  utcOffsetMinutes: utcOffsetInput,
});
export type ProjectAlarmExportInput = z.infer<typeof projectAlarmExportSchema>;

/** queryAll {projectId} → ProjectDevice[]: every device bound to the project, by title. */
export const projectDevicesSchema = z.object({ projectId: formId });

// --- answers -----------------------------------------------------------------------------------

/** A value as read: a number, a text, or none. */
const signalValue = z.union([z.number(), z.string(), z.null()]);
const gatewayStatus = z.enum(GATEWAY_STATUSES);

export const projectGatewayRowSchema = z.object({
  equipmentId: z.number().int(),
  /** seconds an opening lasts (PROJECT_OPEN_DELAY_S), sent back with gateway/open */
  interval: z.number().int(),
  online: z.boolean(),
  /** null: no gateway bound */
  status: gatewayStatus.nullable(),
  /** VPN pass-through is not offered by this platform; always false */
  vpn: z.boolean(),
});
export type ProjectGatewayRow = z.output<typeof projectGatewayRowSchema>;

/** A page signal with its latest value (null while none was ever received). */
export const projectSignalSchema = z.object({
  equipmentId: z.number().int(),
  signalId: z.number().int(),
  name: z.string(),
  unit: z.string(),
  decimals: z.number().int(),
  rw: z.enum(RW_MODES),
  value: signalValue,
  ts: z.number().nullable(),
  /** 0 = good, otherwise the catalogue code of the failed read */
  quality: z.number().int().nullable(),
});
export type ProjectSignal = z.output<typeof projectSignalSchema>;

export const projectSignalAnswerSchema = z.object({
  signals: z.array(projectSignalSchema),
  mvars: z.array(mvarValueSchema),
});
export type ProjectSignalAnswer = z.output<typeof projectSignalAnswerSchema>;

export const projectEquipCountAnswerSchema = z.object({
  count: z.number().int(),
  total: z.number().int(),
  online: z.number().int(),
  offline: z.number().int(),
  /** devices with at least one active alarm */
  alarm: z.number().int(),
});
export type ProjectEquipCount = z.output<typeof projectEquipCountAnswerSchema>;

export const projectAlarmCountAnswerSchema = z.object({
  /** active signal alarms plus active gateway-offline alarms */
  total: z.number().int(),
  signal: z.number().int(),
  gateway: z.number().int(),
});
export type ProjectAlarmCount = z.output<typeof projectAlarmCountAnswerSchema>;

/**
 * page/info: the page row with `locked` (password-protected and not yet unlocked in this session:
 * validPassword first) and the document only when the page is not locked for the caller, with the
 * project's rule for a failed reading (docs/requirements/projects.md §2.1: `errorValShow` `custom`
 * shows `errorDefaultVal`, `last` the last value read).
 */
export const projectPageInfoAnswerSchema = pageInfoSchema.extend({
  projectId: z.number().int(),
  errorValShow: z.enum(PROJECT_ERROR_VAL_SHOW),
  errorDefaultVal: z.string(),
});
export type ProjectPageInfo = z.output<typeof projectPageInfoAnswerSchema>;

/** A history row of history/queryAll: the device value row with its device. */
export const projectHistoryRowSchema = historyValueRowSchema.extend({
  equipmentId: z.number().int(),
  /** the title the device is bound to the project with */
  equipmentTitle: z.string(),
});
export type ProjectHistoryRow = z.output<typeof projectHistoryRowSchema>;

/** An alarm row of alarm/queryAll: the device alarm record with the device's project title. */
export const projectAlarmRowSchema = alarmRecordRowSchema.extend({ equipmentTitle: z.string() });
export type ProjectAlarmRow = z.output<typeof projectAlarmRowSchema>;

/** A device bound to the project, as queryAll answers it. */
export const projectDeviceSchema = z.object({
  equipmentId: z.number().int(),
  /** the title given when binding it to the project */
  title: z.string(),
  /** the key it is bound with (unique in the project) */
  key: z.string(),
  /** null: no gateway bound */
  status: gatewayStatus.nullable(),
  /** active alarms, signal and gateway */
  alarmCount: z.number().int(),
});
export type ProjectDevice = z.output<typeof projectDeviceSchema>;
