import {
  type AlarmRecordRow,
  type AlarmRuleTypeFilter,
  AppError,
  Err,
  LIMITS,
  type Lang,
  type LocalizedText,
  type Page,
  type PermissionKey,
} from '@fieldhub/shared';
import type { Db } from '../../db/db';
import type { Clock } from '../../clock';
import type { AuthContext } from '../../http/context';
import { visibleDevice, visibleDevicesAmong } from '../../modules/devices/deviceScope';
import { recordBy } from '../../modules/oplog/oplog.service';
import { ALARM_EXPORT_MAX_ROWS, alarmsWorkbook, type AlarmExport } from './alarmExport';
import {
  activeAlarmCounts,
  alarmHead,
  alarmHeads,
  confirmAlarms,
  findAlarms,
  findOutbox,
  type OutboxRow,
} from './alarmRecords';

/**
 * Alarm calls: who may read and confirm which alarm. A device's alarm records need the device to
 * be visible to the caller (another enterprise's device reads as missing) and the permission key
 * of the rule type (docs/requirements/organisations-roles-permissions.md §4.4): '00' equipment info →
 * monitor_equipinfo_menu_alarm, '01' designer → monitor_designer_menu_alarm. Gateway alarms belong to the
 * equipment info ('00').
 */
const RULE_TYPE_KEY: Record<'00' | '01', PermissionKey> = {
  '00': 'monitor_equipinfo_menu_alarm',
  '01': 'monitor_designer_menu_alarm',
};

function requireAlarmKey(auth: AuthContext, ruleType: '00' | '01'): void {
  if (!auth.auths.has(RULE_TYPE_KEY[ruleType])) throw new AppError(Err.noAccess);
}

/** The rule types a query lists: the one asked (its key held), or for 'all' those whose key is held. */
function readableRuleTypes(auth: AuthContext, filter: AlarmRuleTypeFilter): ('00' | '01')[] {
  if (filter !== 'all') {
    requireAlarmKey(auth, filter);
    return [filter];
  }
  const held = (['00', '01'] as const).filter((t) => auth.auths.has(RULE_TYPE_KEY[t]));
  if (!held.length) throw new AppError(Err.noAccess);
  return held;
}

const RANGE_DETAIL: Record<'both' | 'before1970' | 'order' | 'span', LocalizedText> = {
  both: { 'zh-CN': '开始时间和结束时间必须同时填写', 'en-US': 'give both the start and the end time' },
  before1970: { 'zh-CN': '日期不能早于 1970 年', 'en-US': 'dates before 1970 are not accepted' },
  order: { 'zh-CN': '结束时间必须晚于开始时间', 'en-US': 'the end time must be later than the start time' },
  span: {
    'zh-CN': `查询时间跨度不能超过 ${LIMITS.historySpanDays} 天`,
    'en-US': `the query span may not exceed ${LIMITS.historySpanDays} days`,
  },
};

/**
 * The time range of an alarm history query (docs/requirements/monitoring.md §5.3: both times, start ≠ end,
 * end after start, at most 30 days, nothing before 1970). No range at all means every record.
 */
export function alarmRange(startTime?: number, endTime?: number): { from?: number; to?: number } {
  if (startTime === undefined && endTime === undefined) return {};
  const fail = (why: keyof typeof RANGE_DETAIL) =>
    new AppError(Err.parameterCheckFailed, { params: { detail: RANGE_DETAIL[why] } });
  if (startTime === undefined || endTime === undefined) throw fail('both');
  if (startTime < 0 || endTime < 0) throw fail('before1970');
  if (endTime <= startTime) throw fail('order');
  if (endTime - startTime > LIMITS.historySpanDays * 86_400_000) throw fail('span');
  return { from: startTime, to: endTime };
}

export interface AlarmQuery {
  equipmentId: number;
  ruleType: AlarmRuleTypeFilter;
  state?: 'active' | 'cleared';
  level?: string;
  startTime?: number;
  endTime?: number;
  pageNum: number;
  pageSize: number;
}

/** Signal alarms of a device (active and history), of one rule type or all the caller may read. */
export async function queryAlarms(
  db: Db,
  auth: AuthContext,
  { equipmentId, ...q }: AlarmQuery,
): Promise<Page<AlarmRecordRow>> {
  return queryDevicesAlarms(db, auth, { ...q, equipmentIds: [equipmentId] });
}

/**
 * Signal alarms of several devices (active and history), of one rule type or all the caller may
 * read, in one list: every
 * device must be visible to the caller (1101 otherwise, as for one device).
 */
export async function queryDevicesAlarms(
  db: Db,
  auth: AuthContext,
  q: Omit<AlarmQuery, 'equipmentId'> & { equipmentIds: readonly number[] },
): Promise<Page<AlarmRecordRow>> {
  const ruleTypes = readableRuleTypes(auth, q.ruleType);
  const ids = [...new Set(q.equipmentIds)];
  if ((await visibleDevicesAmong(db, auth, ids)).length !== ids.length)
    throw new AppError(Err.deviceNotFound);
  return findAlarms(db, {
    ...alarmRange(q.startTime, q.endTime),
    orgId: auth.orgId,
    equipmentIds: ids,
    kind: 'signal',
    ruleTypes,
    state: q.state,
    level: q.level,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  });
}

/**
 * alarm/queryAll: the signal alarms of the devices an alarm-record widget lists
 * (docs/requirements/widgets.md §4.9), each row with its device's name. A page names its devices
 * once for every viewer, so a device the caller may not see (another enterprise's, outside its data
 * range) is left out rather than refusing the whole list; the rule-type key is checked as for one.
 */
export async function queryListedAlarms(
  db: Db,
  auth: AuthContext,
  { equipmentIds, ...q }: Omit<AlarmQuery, 'equipmentId'> & { equipmentIds: readonly number[] },
): Promise<Page<AlarmRecordRow & { equipmentTitle: string }>> {
  readableRuleTypes(auth, q.ruleType);
  alarmRange(q.startTime, q.endTime);
  const visible = await visibleDevicesAmong(db, auth, equipmentIds);
  if (!visible.length) return { list: [], total: 0, pageNum: q.pageNum, pageSize: q.pageSize };
  const names = new Map(visible.map((d) => [d.id, d.name]));
  const page = await queryDevicesAlarms(db, auth, { ...q, equipmentIds: [...names.keys()] });
  return { ...page, list: page.list.map((r) => ({ ...r, equipmentTitle: names.get(r.equipmentId) ?? '' })) };
}

/** alarm/exportAll: the records of alarm/queryAll as .xlsx (alarmExport.ts), named after the first device. */
export async function exportListedAlarms(
  db: Db,
  clock: Clock,
  auth: AuthContext,
  {
    utcOffsetMinutes,
    ...q
  }: Omit<AlarmQuery, 'equipmentId' | 'pageNum' | 'pageSize'> & {
    equipmentIds: readonly number[];
    utcOffsetMinutes: number;
  },
  lang: Lang,
): Promise<AlarmExport> {
  const page = await queryListedAlarms(db, auth, { ...q, pageNum: 1, pageSize: ALARM_EXPORT_MAX_ROWS });
  const first = (await visibleDevicesAmong(db, auth, q.equipmentIds))[0];
  return alarmsWorkbook(page.list, {
    name: first?.name ?? '',
    lang,
    utcOffsetMinutes,
    total: page.total,
    now: clock.now(),
  });
}

/** alarm/export: the records of an alarm query of one device as .xlsx (alarmExport.ts). */
export async function exportAlarms(
  db: Db,
  clock: Clock,
  auth: AuthContext,
  {
    equipmentId,
    utcOffsetMinutes,
    ...q
  }: Omit<AlarmQuery, 'pageNum' | 'pageSize'> & { utcOffsetMinutes: number },
  lang: Lang,
): Promise<AlarmExport> {
  const device = await visibleDevice(db, auth, equipmentId);
  const page = await queryDevicesAlarms(db, auth, {
    ...q,
    equipmentIds: [equipmentId],
    pageNum: 1,
    pageSize: ALARM_EXPORT_MAX_ROWS,
  });
  return alarmsWorkbook(
    page.list.map((r) => ({ ...r, equipmentTitle: device.name })),
    { name: device.name, lang, utcOffsetMinutes, total: page.total, now: clock.now() },
  );
}

/** Gateway-offline alarms of a device. */
export async function queryGatewayAlarms(
  db: Db,
  auth: AuthContext,
  q: Omit<AlarmQuery, 'ruleType' | 'level'>,
): Promise<Page<AlarmRecordRow>> {
  requireAlarmKey(auth, '00');
  const device = await visibleDevice(db, auth, q.equipmentId);
  return findAlarms(db, {
    ...alarmRange(q.startTime, q.endTime),
    orgId: device.org_id,
    equipmentIds: [device.id],
    kind: 'gateway',
    state: q.state,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  });
}

/** Throws 90002 unless the caller may see the device (an alarm of an unseen device is "missing"). */
async function requireVisibleAlarmDevice(db: Db, auth: AuthContext, equipmentId: number): Promise<void> {
  try {
    await visibleDevice(db, auth, equipmentId);
  } catch (err) {
    if (err instanceof AppError && err.code === Err.deviceNotFound)
      throw new AppError(Err.dataMissingOrNoAccess);
    throw err;
  }
}

/**
 * Confirms (acknowledges) alarms, signal or gateway, active or released: all of them or none.
 * Writes one operation-log entry per device.
 */
export async function confirm(
  db: Db,
  clock: Clock,
  auth: AuthContext,
  alarmIds: readonly number[],
  note: string,
  ip: string,
): Promise<{ confirmed: number }> {
  const ids = [...new Set(alarmIds)];
  return db.tx(async (tx) => {
    const heads = await alarmHeads(tx, auth.orgId, ids);
    if (heads.length !== ids.length) throw new AppError(Err.dataMissingOrNoAccess);
    const devices = new Map<number, number[]>();
    for (const h of heads) devices.set(h.equipmentId, [...(devices.get(h.equipmentId) ?? []), h.id]);
    for (const equipmentId of devices.keys()) await requireVisibleAlarmDevice(tx, auth, equipmentId);
    for (const h of heads) requireAlarmKey(auth, h.kind === 'gateway' ? '00' : h.ruleType);
    const confirmed = await confirmAlarms(tx, auth.orgId, ids, auth.accountId, note, clock.now());
    for (const [equipmentId, alarms] of devices)
      await recordBy(tx, auth, ip, {
        action: 'alarm.confirm',
        objectType: 'equipment',
        objectId: equipmentId,
        detail: { alarmIds: alarms, note },
      });
    return { confirmed };
  });
}

/**
 * /isReleaseByAlarmId: whether the alarm needs no more attention, i.e. it was released (its
 * condition is gone) or someone confirmed it. The browser stops repeating the alarm sound on true
 * (docs/requirements/monitoring.md §7.4: the sound stops if the alarm was already handled).
 */
export async function isReleased(db: Db, auth: AuthContext, alarmId: number): Promise<boolean> {
  const head = await alarmHead(db, auth.orgId, alarmId);
  if (!head) throw new AppError(Err.dataMissingOrNoAccess);
  await requireVisibleAlarmDevice(db, auth, head.equipmentId);
  return head.state === 'cleared' || head.confirmed;
}

/** Active alarm counts of the given devices the caller sees (others are left out silently). */
export async function activeCounts(db: Db, auth: AuthContext, equipmentIds: readonly number[]) {
  const visible = await visibleDevicesAmong(db, auth, equipmentIds);
  if (!visible.length) return [];
  return activeAlarmCounts(
    db,
    auth.orgId,
    visible.map((v) => v.id),
  );
}

/**
 * Notifications made for alarms (what the providers sent or, by default, only recorded). The
 * enterprise admin sees the whole enterprise's; every other account its own.
 */
export async function queryOutbox(
  db: Db,
  auth: AuthContext,
  q: { alarmId?: number; channel?: string; pageNum: number; pageSize: number },
): Promise<Page<OutboxRow>> {
  return findOutbox(db, {
    orgId: auth.orgId,
    accountId: auth.kind === 'enterprise' ? undefined : auth.accountId,
    alarmId: q.alarmId,
    channel: q.channel,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  });
}
