import { z } from 'zod';
import { ALARM_LEVELS, ALARM_RULE_TYPE_FILTERS } from '../device/alarmRule';
import { alarmRecordRowSchema, utcOffsetInput } from '../live/monitorCalls';
import { listPageOf } from '../validation/form';
import { formId, idListSchema, pagingSchema } from '../validation/form';
import { defineCalls, noData } from './define';

/** The channels an alarm notifies by (docs/requirements/monitoring.md §7). */
export const NOTIFY_CHANNELS = ['push', 'sms', 'phone', 'voice', 'email'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

/** Most devices one alarm-record widget reads at once. */
export const LISTED_ALARM_DEVICES_MAX = 50;

// an empty form field means "not given"
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());

/** A time: epoch milliseconds (number or digits) or an ISO 8601 text. */
const timeInput = z.union([z.number(), z.string().trim()]).transform((v, ctx) => {
  const ms = typeof v === 'number' ? v : /^-?\d+$/.test(v) ? Number(v) : Date.parse(v);
  if (!Number.isFinite(ms)) {
    ctx.addIssue({ code: 'custom', message: 'not a time' });
    return z.NEVER;
  }
  return Math.trunc(ms);
});

/**
 * A trigger-time range: both ends or none, end after start, 30 days at most, not before 1970
 * (the service checks it: docs/requirements/monitoring.md §5.3).
 */
const range = { startTime: optional(timeInput), endTime: optional(timeInput) };
const state = optional(z.enum(['active', 'cleared']));

/**
 * /monitor/multi/alarm/query: a device's signal alarms of one rule type ('all': of those the caller
 * may read), active first then newest first.
 */
export const alarmQuerySchema = pagingSchema.extend({
  equipmentId: formId,
  ruleType: z.preprocess(blank, z.enum(ALARM_RULE_TYPE_FILTERS).optional().default('00')),
  state,
  level: optional(z.enum(ALARM_LEVELS)),
  ...range,
});
/** /monitor/multi/alarm/export: the filters of alarm/query and the reader's offset from UTC. */
export const alarmExportSchema = alarmQuerySchema.omit({ pageNum: true, pageSize: true }).extend({
  utcOffsetMinutes: utcOffsetInput,
});
/**
 * /monitor/multi/alarm/queryAll: the alarms of alarm/query over the devices an alarm-record widget
 * lists (docs/requirements/widgets.md §4.9), up to 50.
 */
export const listedAlarmQuerySchema = alarmQuerySchema
  .omit({ equipmentId: true })
  .extend({ equipmentIds: idListSchema(LISTED_ALARM_DEVICES_MAX) });
/** /monitor/multi/alarm/exportAll: the filters of alarm/queryAll and the reader's offset from UTC. */
export const listedAlarmExportSchema = listedAlarmQuerySchema
  .omit({ pageNum: true, pageSize: true })
  .extend({ utcOffsetMinutes: utcOffsetInput });
/** A row of alarm/queryAll: an alarm record with its device's name. */
export const listedAlarmRowSchema = alarmRecordRowSchema.extend({ equipmentTitle: z.string() });
export type ListedAlarmRow = z.output<typeof listedAlarmRowSchema>;

/** /monitor/multi/gateway/alarm/query: the offline alarms of the device's gateway. */
export const gatewayAlarmQuerySchema = pagingSchema.extend({ equipmentId: formId, state, ...range });
/** /monitor/multi/alarm/confirm: one alarm or up to 100, with an optional note. */
export const alarmConfirmSchema = z.object({
  alarmIds: idListSchema(100),
  note: z.string().trim().max(100).optional().default(''),
});
/** /monitor/multi/alarm/notification/query */
export const alarmNotificationQuerySchema = pagingSchema.extend({
  alarmId: optional(formId),
  channel: optional(z.enum(NOTIFY_CHANNELS)),
});

/** A notification made for an alarm, as the outbox shows it; times in ms. */
export const alarmNotificationRowSchema = z.object({
  id: z.number().int(),
  accountId: z.number().int().nullable(),
  /** login name of the account notified */
  loginname: z.string().nullable(),
  alarmId: z.number().int().nullable(),
  /** one of NOTIFY_CHANNELS */
  channel: z.string(),
  /** phone number or e-mail address ('' for a push) */
  recipient: z.string(),
  title: z.string(),
  body: z.string(),
  provider: z.string(),
  /** recorded (no provider for the channel), pending, sending, sent, failed or skipped */
  status: z.string(),
  error: z.string(),
  attempts: z.number().int(),
  createdAt: z.number(),
  sentAt: z.number().nullable(),
});
export type AlarmNotificationRow = z.output<typeof alarmNotificationRowSchema>;

/** Active alarms of one device (signal and gateway). */
export const activeAlarmCountSchema = z.object({
  equipmentId: z.number().int(),
  signal: z.number().int(),
  gateway: z.number().int(),
});

/**
 * Alarm records of a device (docs/requirements/monitoring.md §7): the device must be visible, and
 * the rule type's key held (monitor_equipinfo_menu_alarm for '00' and gateway alarms,
 * monitor_designer_menu_alarm for '01'; otherwise 90008).
 */
export const alarmsCalls = defineCalls('alarms', {
  alarms: {
    path: '/lfscada/monitor/multi/alarm/query',
    input: alarmQuerySchema,
    output: listPageOf(alarmRecordRowSchema),
    summary: "A page of the device's signal alarms of one rule type, active first then newest first",
  },
  exportAlarms: {
    path: '/lfscada/monitor/multi/alarm/export',
    input: alarmExportSchema,
    output: noData,
    answer: 'file',
    summary: 'The alarms of alarm/query as an .xlsx file (at most 50,000, newest active first)',
  },
  listedAlarms: {
    path: '/lfscada/monitor/multi/alarm/queryAll',
    input: listedAlarmQuerySchema,
    output: listPageOf(listedAlarmRowSchema),
    summary:
      'A page of the signal alarms of the listed devices the caller may see (others left out), active first',
  },
  exportListedAlarms: {
    path: '/lfscada/monitor/multi/alarm/exportAll',
    input: listedAlarmExportSchema,
    output: noData,
    answer: 'file',
    summary: 'The alarms of alarm/queryAll as an .xlsx file (at most 50,000, newest active first)',
  },
  gatewayAlarms: {
    path: '/lfscada/monitor/multi/gateway/alarm/query',
    input: gatewayAlarmQuerySchema,
    output: listPageOf(alarmRecordRowSchema),
    summary: "A page of the offline alarms of the device's gateway",
  },
  confirm: {
    path: '/lfscada/monitor/multi/alarm/confirm',
    input: alarmConfirmSchema,
    output: z.object({ confirmed: z.number().int() }),
    summary: 'Confirms alarms with a note, all or nothing; answers how many were newly confirmed',
  },
  isReleased: {
    path: '/lfscada/monitor/multi/alarm/isReleaseByAlarmId',
    input: z.object({ alarmId: formId }),
    output: z.boolean(),
    summary: 'Whether the alarm was released or confirmed (the browser then stops its alarm sound)',
  },
  activeCounts: {
    path: '/lfscada/monitor/multi/alarm/activeCount',
    input: z.object({ equipmentIds: idListSchema(500) }),
    output: z.array(activeAlarmCountSchema),
    access: { perm: 'monitor_view' },
    summary: 'Active alarm counts of the visible devices among up to 500 ids',
  },
  notifications: {
    path: '/lfscada/monitor/multi/alarm/notification/query',
    input: alarmNotificationQuerySchema,
    output: listPageOf(alarmNotificationRowSchema),
    summary: "Notifications made for alarms and their status (the enterprise's for its admin, else own)",
  },
});
