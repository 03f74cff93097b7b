import { z } from 'zod';
import { formBool, formId, pagingSchema } from '../validation/form';
import { LIMITS } from '../timers';
import type { GatewayStatus } from '../device/gateway';
import type { DataType, VariableKind } from '../device/variable';
import type { RwMode } from '../address/dataTypes';
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

/** A variable of the real-time tab with its latest value (null when none was ever received). */
export interface MonitorSignal {
  id: number;
  name: string;
  key: string;
  unit: string;
  decimals: number;
  dataType: DataType;
  kind: VariableKind;
  rw: RwMode;
  mapping: { value: number | string; text: string }[];
  writeUpper: number | null;
  writeLower: number | null;
  pinned: 'top' | 'bottom' | null;
  seq: number;
  storeHistory: boolean;
  value: number | string | null;
  /** time of the value (ms) */
  ts: number | null;
  /** 0 = good, otherwise the catalogue code of the failed read */
  quality: number | null;
}

export interface MonitorGatewayInfo {
  sn: string;
  series: string;
  model: string;
  firmware: string;
  status: GatewayStatus;
  signalStrength: number | null;
  /** cellular base-station location as the gateway reported it */
  location: { lng?: number; lat?: number; at?: string; [k: string]: unknown } | null;
  networkMode: string;
  remoteMode: string;
  /** the platform's configuration differs from what the gateway runs */
  syncNeeded: boolean;
  lastSeenAt: number | null;
  /** VPN pass-through is not offered by this platform; always false */
  vpn: boolean;
}

export interface MonitorOpenResult {
  online: boolean;
  status: GatewayStatus;
  /** monitoring was recorded as open (only for an online gateway) */
  opened: boolean;
  /** when the opening lapses unless re-opened (ms) */
  expiresAt: number | null;
}

export interface MonitorGroupNode {
  id: number;
  parentId: number | null;
  name: string;
  seq: number;
  /** devices of this group itself that the caller may see */
  deviceCount: number;
  onlineCount: number;
}

export interface MonitorDeviceCard {
  id: number;
  name: string;
  groupId: number | null;
  groupName: string | null;
  image: string;
  address: string;
  lng: number | null;
  lat: number | null;
  sn: string | null;
  series: string | null;
  /** null: no gateway bound */
  gatewayStatus: GatewayStatus | null;
  syncNeeded: boolean;
  /** active (unresolved) alarms of the device */
  alarmCount: number;
  /** the caller follows this device (followed devices come first) */
  followed: boolean;
}

export interface HistoryValueRow {
  variableId: number;
  name: string;
  unit: string;
  ts: number;
  value: number | string | null;
  quality: number;
}

export interface ReportRecordPage {
  columns: { variableId: number; name: string; unit: string; aggregation: string }[];
  /** values[variableId][aggregation] as the gateway recorded them */
  list: { ts: number; values: Record<string, Record<string, number | null>> }[];
  total: number;
  pageNum: number;
  pageSize: number;
}

export interface CurveSeries {
  variableId: number;
  name: string;
  unit: string;
  /** [time ms, value], ascending; each bucket's first, last, min and max */
  points: [number, number][];
}

export interface CurveResult {
  /** the range the points cover: `startTime`, or the oldest point read when `truncated` */
  from: number;
  to: number;
  /** more than 200,000 points lay in the range; only the latest were read */
  truncated: boolean;
  /** points read before downsampling */
  rawPoints: number;
  series: CurveSeries[];
}

// --- websocket ---------------------------------------------------------------------------------

/**
 * Close code of a live socket refused by the server; the close reason is the catalogue code
 * (1020 token expired, 1021 token invalid), whose message the browser looks up.
 */
export const LIVE_CLOSE_REFUSED = 4001;

/** An alarm record as the calls answer it; times are milliseconds since the epoch. */
export interface AlarmRecordRow {
  id: number;
  kind: 'signal' | 'gateway';
  equipmentId: number;
  ruleId: number | null;
  variableId: number | null;
  variableName: string;
  ruleType: '00' | '01';
  condition: string;
  threshold: number | null;
  threshold2: number | null;
  level: string;
  /** the rule's content (empty for gateway alarms: the screen names the gateway state) */
  content: string;
  sn: string | null;
  state: 'active' | 'cleared';
  triggerValue: number | string | null;
  releaseValue: number | string | null;
  triggeredAt: number;
  releasedAt: number | null;
  confirmedAt: number | null;
  /** login name of the account that confirmed it */
  confirmedBy: string | null;
  confirmNote: string;
}
