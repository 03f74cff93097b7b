import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ALARM_LEVELS, formId, idListSchema, pagingSchema, utcOffsetInput } from '@fieldhub/shared';
import type { AppContext } from '../../appContext';
import { call } from '../../http/route';
import { NOTIFY_CHANNELS } from '../notify/providers';
import { attachmentHeader, XLSX_TYPE } from '../../modules/bulk/workbook';
import * as alarms from './alarms.service';

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

const range = { startTime: optional(timeInput), endTime: optional(timeInput) };
const state = optional(z.enum(['active', 'cleared']));

export const alarmQuerySchema = pagingSchema.extend({
  equipmentId: formId,
  ruleType: z.preprocess(blank, z.enum(['00', '01']).optional().default('00')),
  state,
  level: optional(z.enum(ALARM_LEVELS)),
  ...range,
});
export const alarmExportSchema = alarmQuerySchema.omit({ pageNum: true, pageSize: true }).extend({
  utcOffsetMinutes: utcOffsetInput,
});
export const gatewayAlarmQuerySchema = pagingSchema.extend({ equipmentId: formId, state, ...range });
export const alarmConfirmSchema = z.object({
  alarmIds: idListSchema(100),
  note: z.string().trim().max(100).optional().default(''),
});

/**
 * Alarm calls (POST, form or JSON bodies, envelope {code, message, data}; times in ms):
 *
 * - /lfscada/monitor/multi/alarm/query {equipmentId, ruleType?='00'|'01', state?='active'|'cleared',
 *   level?, startTime?, endTime?, pageNum?, pageSize?} → Page<AlarmRecordRow> of the device's signal
 *   alarms, active first then newest first. Needs the device visible and the rule type's key
 *   (monitor_equipinfo_menu_alarm for '00', monitor_designer_menu_alarm for '01'). A time range
 *   filters on the trigger time: both ends, end after start, ≤ 30 days, not before 1970 (10001).
 * - /lfscada/monitor/multi/alarm/export {the filters of alarm/query, utcOffsetMinutes = 480} → the
 *   .xlsx file of those records (newest active first, at most 50,000; a note when cut); refusals
 *   answer the envelope.
 * - /lfscada/monitor/multi/gateway/alarm/query {equipmentId, state?, startTime?, endTime?, paging}
 *   → Page<AlarmRecordRow> of gateway-offline alarms (key monitor_equipinfo_menu_alarm).
 * - /lfscada/monitor/multi/alarm/confirm {alarmIds (one or up to 100), note? ≤ 100} → {confirmed}
 *   (newly confirmed; an alarm confirmed before keeps its first confirmation). All or nothing:
 *   an alarm of another enterprise or of an unseen device is 90002, a missing key 90008.
 * - /lfscada/monitor/multi/alarm/isReleaseByAlarmId {alarmId} → true when the alarm was released
 *   or confirmed (the browser then stops its alarm sound), false while it still needs attention.
 * - /lfscada/monitor/multi/alarm/activeCount {equipmentIds (up to 500)} → [{equipmentId, signal,
 *   gateway}] active alarms of the visible devices among them (key monitor_view).
 * - /lfscada/monitor/multi/alarm/notification/query {alarmId?, channel?, paging} → Page<OutboxRow>:
 *   the notifications made for alarms (SMS, phone, voice, push, e-mail) and their status; the
 *   enterprise admin sees the enterprise's, other accounts their own.
 */
export function alarmRoutes(app: FastifyInstance, { db, clock }: AppContext): void {
  const base = '/lfscada/monitor/multi';
  call(app, `${base}/alarm/query`, { input: alarmQuerySchema }, ({ input, auth }) =>
    alarms.queryAlarms(db, auth, input),
  );
  call(app, `${base}/alarm/export`, { input: alarmExportSchema }, async ({ input, auth, lang, reply }) => {
    const file = await alarms.exportAlarms(db, clock, auth, input, lang);
    return reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', attachmentHeader(file.filename))
      .send(file.body);
  });
  call(app, `${base}/gateway/alarm/query`, { input: gatewayAlarmQuerySchema }, ({ input, auth }) =>
    alarms.queryGatewayAlarms(db, auth, input),
  );
  call(app, `${base}/alarm/confirm`, { input: alarmConfirmSchema }, ({ input, auth, req }) =>
    alarms.confirm(db, clock, auth, input.alarmIds, input.note, req.ip),
  );
  call(app, `${base}/alarm/isReleaseByAlarmId`, { input: z.object({ alarmId: formId }) }, ({ input, auth }) =>
    alarms.isReleased(db, auth, input.alarmId),
  );
  call(
    app,
    `${base}/alarm/activeCount`,
    { input: z.object({ equipmentIds: idListSchema(500) }), access: { perm: 'monitor_view' } },
    ({ input, auth }) => alarms.activeCounts(db, auth, input.equipmentIds),
  );
  call(
    app,
    `${base}/alarm/notification/query`,
    {
      input: pagingSchema.extend({
        alarmId: optional(formId),
        channel: optional(z.enum(NOTIFY_CHANNELS)),
      }),
    },
    ({ input, auth }) => alarms.queryOutbox(db, auth, input),
  );
}
