import { z } from 'zod';
import { formBool, formId, listPageOf, pagingSchema } from '../validation/form';
import { LIMITS } from '../timers';
import { GATEWAY_STATUSES } from '../device/gateway';
import { DATA_TYPES, RW_MODES, VARIABLE_KINDS } from '../device/variable';
import { valueFormatSchema } from '../device/valueFormat';
import type { LocalizedText } from '../errors/appError';

/**
 * Inputs and answers of the monitoring calls (docs/requirements/monitoring.md §10: monitoring, live
 * data and the history calls of the device detail tabs). Every time is milliseconds since the epoch;
 * inputs also take an ISO 8601 text. docs/monitor-api.md describes each call with examples.
 */

const equipmentRef = z.object({ equipmentId: formId });

/** One id or a list of ids, as JSON arrays or form lists (`ids[0]=1`) send them. */
const idList = (max: number) =>
  z
    .union([z.array(formId), formId.transform((id) => [id])])
    .pipe(z.array(z.number()).max(max))
    .transform((ids) => [...new Set(ids)]);

/**
 * A point in time: epoch milliseconds (number or digits) or an ISO 8601 text. Range rules (1970,
 * order, span) are checked by `historyRangeProblem`, so the caller gets the rule's own message.
 */
export const timeInput = z.union([z.number(), z.string().trim().min(1)]).transform((v, ctx) => {
  const ms = typeof v === 'number' ? v : /^-?\d+$/.test(v) ? Number(v) : Date.parse(v);
  if (!Number.isFinite(ms)) {
    ctx.addIssue({ code: 'custom', message: 'not a time' });
    return z.NEVER;
  }
  return Math.trunc(ms);
});

const timeRange = { startTime: timeInput, endTime: timeInput };

/**
 * What a history range may not be (docs/requirements/monitoring.md §5.3: start before end, 30 days at most,
 * not before 1970).
 */
export type HistoryRangeProblem = 'before1970' | 'order' | 'span';

export function historyRangeProblem(startMs: number, endMs: number): HistoryRangeProblem | null {
  if (startMs < 0 || endMs < 0) return 'before1970';
  if (endMs <= startMs) return 'order';
  if (endMs - startMs > LIMITS.historySpanDays * 86_400_000) return 'span';
  return null;
}

/** The detail of catalogue code 10001 (parameter check failed) for each range problem. */
export const HISTORY_RANGE_DETAIL: Record<HistoryRangeProblem, LocalizedText> = {
  before1970: { 'zh-CN': '日期不能早于 1970 年', 'en-US': 'dates before 1970 are not accepted' },
  order: { 'zh-CN': '结束时间必须晚于开始时间', 'en-US': 'the end time must be later than the start time' },
  span: {
    'zh-CN': `查询时间跨度不能超过 ${LIMITS.historySpanDays} 天`,
    'en-US': `the query span may not exceed ${LIMITS.historySpanDays} days`,
  },
};

// --- calls -------------------------------------------------------------------------------------

/** /lfscada/websocket/monitor/token, /monitor/multi/signal/query, /gateway/info, setFollow, cancleFollow */
export const monitorEquipmentSchema = equipmentRef;

/**
 * /lfscada/monitor/multi/open: `interval` is the `delay` of docs/requirements/monitoring.md §4.1 in seconds
 * (600 for a device).
 */
export const monitorOpenSchema = equipmentRef.extend({
  interval: z.coerce.number().int().min(10).max(3600).optional().default(600),
});

const cardFilters = {
  groupId: formId.optional(),
  /** with the devices of every subgroup (default) or the group's own only */
  withSubgroups: formBool.optional().default(true),
  keyword: z.string().trim().max(50).optional(),
  /** gateway state; 'unbound' = devices without a gateway */
  status: z.enum(['online', 'offline', 'sleeping', 'unbound']).optional(),
  /** only the devices the caller follows */
  followed: formBool.optional(),
};

/** /lfscada/monitor/equipment/query and queryByGroup (paged device cards) */
export const monitorCardQuerySchema = pagingSchema.extend(cardFilters);
/** /lfscada/monitor/equipment/queryAllByGroup and queryAllForMap (every matching device, no paging) */
export const monitorCardAllSchema = z.object(cardFilters);

/** /lfscada/monitor/multi/history/query: stored values, newest first. */
export const historyQuerySchema = pagingSchema.extend({
  equipmentId: formId,
  /** absent: every variable of the device */
  variableIds: idList(500).optional(),
  ...timeRange,
});

/** /lfscada/monitor/multi/history/export: the same rows as an .xlsx file. */
/** The reader's offset from UTC in minutes, for the times an export writes (default UTC+8, Asia/Shanghai). */
export const utcOffsetInput = z.coerce.number().int().min(-720).max(840).optional().default(480);

export const historyExportSchema = equipmentRef.extend({
  variableIds: idList(500).optional(),
  ...timeRange,
  utcOffsetMinutes: utcOffsetInput,
});

/** /lfscada/monitor/multi/report/query: records of one historical report, newest first. */
export const reportRecordQuerySchema = pagingSchema.extend({
  equipmentId: formId,
  reportId: formId,
  ...timeRange,
});

/**
 * /lfscada/monitor/multi/report/export: the records of one historical report in the range as
 * .xlsx (newest first, at most 100,000), times in the reader's offset from UTC (default UTC+8).
 */
export const reportExportSchema = equipmentRef.extend({
  reportId: formId,
  ...timeRange,
  utcOffsetMinutes: utcOffsetInput,
});
export type ReportExportInput = z.infer<typeof reportExportSchema>;

/** /lfscada/monitor/multi/curve/query: up to 10 variables, downsampled to about `width` pixels. */
export const curveQuerySchema = equipmentRef.extend({
  variableIds: idList(LIMITS.historyCurveVariables).pipe(z.array(z.number()).min(1)),
  ...timeRange,
  width: z.coerce.number().int().min(10).max(4000).optional().default(1000),
});

// --- answers -----------------------------------------------------------------------------------

/** A stored or live value: a number, a text, or none. */
const signalValue = z.union([z.number(), z.string(), z.null()]);

/** A variable of the real-time tab with its latest value (null when none was ever received). */
export const monitorSignalSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  key: z.string(),
  unit: z.string(),
  decimals: z.number().int(),
  dataType: z.enum(DATA_TYPES),
  kind: z.enum(VARIABLE_KINDS),
  rw: z.enum(RW_MODES),
  mapping: z.array(z.object({ value: z.union([z.number(), z.string()]), text: z.string() })),
  writeUpper: z.number().nullable(),
  writeLower: z.number().nullable(),
  /** the collection limits: the designer's default scale of a gauge or tank bound to it */
  collectUpper: z.number().nullable(),
  collectLower: z.number().nullable(),
  pinned: z.enum(['top', 'bottom']).nullable(),
  seq: z.number().int(),
  storeHistory: z.boolean(),
  value: signalValue,
  /** time of the value (ms) */
  ts: z.number().nullable(),
  /** 0 = good, otherwise the catalogue code of the failed read */
  quality: z.number().int().nullable(),
});
export type MonitorSignal = z.output<typeof monitorSignalSchema>;

export const monitorGatewayInfoSchema = z.object({
  sn: z.string(),
  series: z.string(),
  model: z.string(),
  firmware: z.string(),
  status: z.enum(GATEWAY_STATUSES),
  signalStrength: z.number().nullable(),
  /** cellular base-station location as the gateway reported it, with the time it was stamped */
  location: z
    .looseObject({ lng: z.number().optional(), lat: z.number().optional(), at: z.string().optional() })
    .nullable(),
  networkMode: z.string(),
  remoteMode: z.string(),
  /** the platform's configuration differs from what the gateway runs */
  syncNeeded: z.boolean(),
  lastSeenAt: z.number().nullable(),
  /** VPN pass-through is not offered by this platform; always false */
  vpn: z.boolean(),
});
export type MonitorGatewayInfo = z.output<typeof monitorGatewayInfoSchema>;

export const monitorOpenResultSchema = z.object({
  online: z.boolean(),
  status: z.enum(GATEWAY_STATUSES),
  /** monitoring was recorded as open (only for an online gateway) */
  opened: z.boolean(),
  /** when the opening lapses unless re-opened (ms) */
  expiresAt: z.number().nullable(),
});
export type MonitorOpenResult = z.output<typeof monitorOpenResultSchema>;

export const monitorGroupNodeSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  seq: z.number().int(),
  /** devices of this group itself that the caller may see */
  deviceCount: z.number().int(),
  onlineCount: z.number().int(),
});
export type MonitorGroupNode = z.output<typeof monitorGroupNodeSchema>;

export const monitorDeviceCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  groupId: z.number().int().nullable(),
  groupName: z.string().nullable(),
  image: z.string(),
  address: z.string(),
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  sn: z.string().nullable(),
  series: z.string().nullable(),
  /** null: no gateway bound */
  gatewayStatus: z.enum(GATEWAY_STATUSES).nullable(),
  syncNeeded: z.boolean(),
  /** active (unresolved) alarms of the device */
  alarmCount: z.number().int(),
  /** the caller follows this device (followed devices come first) */
  followed: z.boolean(),
  /** the device's own configuration pages, opened from the list (docs/requirements/monitoring.md §2.5) */
  pageCount: z.number().int(),
});
export type MonitorDeviceCard = z.output<typeof monitorDeviceCardSchema>;

export const historyValueRowSchema = z.object({
  variableId: z.number().int(),
  name: z.string(),
  unit: z.string(),
  ts: z.number(),
  value: signalValue,
  quality: z.number().int(),
});
export type HistoryValueRow = z.output<typeof historyValueRowSchema>;

/** Answer of /monitor/multi/history/query: a page of values; the total stops counting at 100,000. */
export const historyPageSchema = listPageOf(historyValueRowSchema).extend({
  /** the total reached the counting cap: there are at least that many */
  totalCapped: z.boolean(),
});

export const reportRecordPageSchema = z.object({
  columns: z.array(
    z.object({ variableId: z.number().int(), name: z.string(), unit: z.string(), aggregation: z.string() }),
  ),
  /** values[variableId][aggregation] as the gateway recorded them */
  list: z.array(
    z.object({ ts: z.number(), values: z.record(z.string(), z.record(z.string(), z.number().nullable())) }),
  ),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
});
export type ReportRecordPage = z.output<typeof reportRecordPageSchema>;

export const curveSeriesSchema = z.object({
  variableId: z.number().int(),
  name: z.string(),
  unit: z.string(),
  /** [time ms, value], ascending; each bucket's first, last, min and max */
  points: z.array(z.tuple([z.number(), z.number()])),
});
export type CurveSeries = z.output<typeof curveSeriesSchema>;

export const curveResultSchema = z.object({
  /** the range the points cover: `startTime`, or the oldest point read when `truncated` */
  from: z.number(),
  to: z.number(),
  /** more than 200,000 points lay in the range; only the latest were read */
  truncated: z.boolean(),
  /** points read before downsampling */
  rawPoints: z.number().int(),
  series: z.array(curveSeriesSchema),
});
export type CurveResult = z.output<typeof curveResultSchema>;

// --- websocket ---------------------------------------------------------------------------------

/**
 * Close code of a live socket refused by the server; the close reason is the catalogue code
 * (1020 token expired, 1021 token invalid), whose message the browser looks up.
 */
export const LIVE_CLOSE_REFUSED = 4001;

/** An alarm record as the calls answer it; times are milliseconds since the epoch. */
export const alarmRecordRowSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['signal', 'gateway']),
  equipmentId: z.number().int(),
  ruleId: z.number().int().nullable(),
  variableId: z.number().int().nullable(),
  variableName: z.string(),
  ruleType: z.enum(['00', '01']),
  condition: z.string(),
  threshold: z.number().nullable(),
  threshold2: z.number().nullable(),
  level: z.string(),
  /** the rule's content (empty for gateway alarms: the screen names the gateway state) */
  content: z.string(),
  sn: z.string().nullable(),
  state: z.enum(['active', 'cleared']),
  triggerValue: signalValue,
  releaseValue: signalValue,
  /**
   * how the variable's values read (decimals, type, unit, mapping), for the values above; null for
   * gateway alarms and when the variable was deleted since (docs/requirements/monitoring.md §3.13)
   */
  valueFormat: valueFormatSchema.nullable(),
  triggeredAt: z.number(),
  releasedAt: z.number().nullable(),
  confirmedAt: z.number().nullable(),
  /** login name of the account that confirmed it */
  confirmedBy: z.string().nullable(),
  confirmNote: z.string(),
  /**
   * learnt late: raised by replayed history or by a sample older than one already judged, and
   * recorded with its true times (docs/requirements/monitoring.md §7.5)
   */
  delayed: z.boolean().optional(),
});
export type AlarmRecordRow = z.output<typeof alarmRecordRowSchema>;
