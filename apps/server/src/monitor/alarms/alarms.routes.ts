import type { FastifyInstance } from 'fastify';
import { alarmsCalls } from '@fieldhub/shared';
import type { AppContext } from '../../appContext';
import { handle } from '../../http/route';
import { sendWorkbook } from '../../modules/bulk/workbook';
import * as alarms from './alarms.service';

/**
 * Alarm calls (POST, form or JSON bodies, envelope {code, message, data}; times in ms):
 *
 * - /lfscada/monitor/multi/alarm/query {equipmentId, ruleType?='00'|'01'|'all', state?='active'|'cleared',
 *   level?, startTime?, endTime?, pageNum?, pageSize?} → Page<AlarmRecordRow> of the device's signal
 *   alarms, active first then newest first. Needs the device visible and the rule type's key
 *   (monitor_equipinfo_menu_alarm for '00', monitor_designer_menu_alarm for '01'; 'all' lists the
 *   types whose key the caller holds, 90008 with neither). A time range
 *   filters on the trigger time: both ends, end after start, ≤ 30 days, not before 1970 (10001).
 * - /lfscada/monitor/multi/alarm/export {the filters of alarm/query, utcOffsetMinutes = 480} → the
 *   .xlsx file of those records (newest active first, at most 50,000; a note when cut); refusals
 *   answer the envelope.
 * - /lfscada/monitor/multi/alarm/queryAll {equipmentIds (up to 50), the other filters of alarm/query}
 *   → Page<AlarmRecordRow & {equipmentTitle}> over the listed devices the caller may see (others, of
 *   another enterprise or outside the data range, are left out: an alarm-record widget's list);
 *   alarm/exportAll the same as .xlsx.
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
  handle(app, alarmsCalls.alarms, ({ input, auth }) => alarms.queryAlarms(db, auth, input));
  handle(app, alarmsCalls.exportAlarms, async ({ input, auth, lang, reply }) => {
    const file = await alarms.exportAlarms(db, clock, auth, input, lang);
    await sendWorkbook(reply, file.filename, file.body);
  });
  handle(app, alarmsCalls.listedAlarms, ({ input, auth }) => alarms.queryListedAlarms(db, auth, input));
  handle(app, alarmsCalls.exportListedAlarms, async ({ input, auth, lang, reply }) => {
    const file = await alarms.exportListedAlarms(db, clock, auth, input, lang);
    await sendWorkbook(reply, file.filename, file.body);
  });
  handle(app, alarmsCalls.gatewayAlarms, ({ input, auth }) => alarms.queryGatewayAlarms(db, auth, input));
  handle(app, alarmsCalls.confirm, ({ input, auth, req }) =>
    alarms.confirm(db, clock, auth, input.alarmIds, input.note, req.ip),
  );
  handle(app, alarmsCalls.isReleased, ({ input, auth }) => alarms.isReleased(db, auth, input.alarmId));
  handle(app, alarmsCalls.activeCounts, ({ input, auth }) =>
    alarms.activeCounts(db, auth, input.equipmentIds),
  );
  handle(app, alarmsCalls.notifications, ({ input, auth }) => alarms.queryOutbox(db, auth, input));
}
