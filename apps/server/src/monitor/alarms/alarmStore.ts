import type { AlarmCondition, GatewayAlarm, SignalAlarm } from '@fieldhub/shared';
import { ALARM_LEVELS } from '@fieldhub/shared';
import { one, type Db } from '../../db/db';

/**
 * SQL of the alarm engine: rules and active alarms of a device, raising and releasing. Raising
 * relies on the partial unique indexes of migration 0004 (one active alarm per rule and variable,
 * one per device's gateway): a second raise, from a concurrent batch or another server instance,
 * inserts nothing and the caller adopts the alarm already active.
 */

export type SampleValue = number | string | null;

/** An enabled alarm rule of a device, with what its alarms copy. */
export interface RuleDef {
  id: number;
  variableId: number;
  variableName: string;
  ruleType: '00' | '01';
  condition: AlarmCondition;
  value: number | null;
  value2: number | null;
  level: string;
  content: string;
  methods: string[];
  filterCount: number;
  voiceLoops: number;
}

export interface DeviceHead {
  orgId: number;
  name: string;
  version: number;
}

/** An active signal alarm as the engine holds it. */
export interface ActiveSignalAlarm {
  id: number;
  ruleId: number;
  variableId: number;
  level: string;
  content: string;
  triggerValue: SampleValue;
  triggeredAt: number;
}

export async function deviceVersion(db: Db, equipmentId: number): Promise<number | null> {
  const row = await one<{ v: number }>(db, 'select config_version as v from equipment where id = $1', [
    equipmentId,
  ]);
  return row ? row.v : null;
}

export async function deviceHead(db: Db, equipmentId: number): Promise<DeviceHead | undefined> {
  return one<DeviceHead>(
    db,
    'select org_id as "orgId", name, config_version as version from equipment where id = $1',
    [equipmentId],
  );
}

export async function enabledRules(db: Db, equipmentId: number): Promise<RuleDef[]> {
  return db.query<RuleDef>(
    `select r.id, r.variable_id as "variableId", v.name as "variableName", r.rule_type as "ruleType",
            r.condition, r.value, r.value2, r.level, r.content, r.methods, r.filter_count as "filterCount",
            r.voice_loops as "voiceLoops"
       from alarm_rules r join variables v on v.id = r.variable_id
      where r.equipment_id = $1 and r.enabled
      order by r.id`,
    [equipmentId],
  );
}

const activeColumns = `id, rule_id as "ruleId", variable_id as "variableId", level, content,
  trigger_value as "triggerValue", (extract(epoch from triggered_at) * 1000)::float8 as "triggeredAt"`;

export async function activeSignalAlarms(db: Db, equipmentId: number): Promise<ActiveSignalAlarm[]> {
  return db.query<ActiveSignalAlarm>(
    `select ${activeColumns} from alarms where equipment_id = $1 and kind = 'signal' and state = 'active'`,
    [equipmentId],
  );
}

export async function activeAlarmOfRule(
  db: Db,
  ruleId: number,
  variableId: number,
): Promise<ActiveSignalAlarm | undefined> {
  return one<ActiveSignalAlarm>(
    db,
    `select ${activeColumns} from alarms where rule_id = $1 and variable_id = $2 and kind = 'signal' and state = 'active'`,
    [ruleId, variableId],
  );
}

/** Releases an active alarm; false when it was no longer active (released elsewhere). */
export async function releaseSignalAlarm(
  db: Db,
  alarmId: number,
  value: SampleValue,
  ts: number,
): Promise<boolean> {
  const rows = await db.query(
    `update alarms set state = 'cleared', released_at = greatest($3, triggered_at), release_value = $2::text::jsonb
      where id = $1 and state = 'active' returning id`,
    [alarmId, JSON.stringify(value), new Date(ts)],
  );
  return rows.length > 0;
}

/** Raises the gateway-offline alarm of a device; undefined when one is already active. */
export async function insertGatewayAlarm(
  db: Db,
  equipmentId: number,
  sn: string,
  at: Date,
): Promise<{ id: number; orgId: number; name: string; triggeredAt: number } | undefined> {
  return one(
    db,
    `with raised as (
       insert into alarms (org_id, equipment_id, kind, sn, level, triggered_at)
       select org_id, id, 'gateway', $2, 'serious', $3 from equipment where id = $1
       on conflict (equipment_id) where state = 'active' and kind = 'gateway' do nothing
       returning id, org_id, equipment_id, triggered_at)
     select r.id, r.org_id as "orgId", e.name, (extract(epoch from r.triggered_at) * 1000)::float8 as "triggeredAt"
       from raised r join equipment e on e.id = r.equipment_id`,
    [equipmentId, sn, at],
  );
}

/** Releases the active gateway alarm(s) of a device or of the gateway (bound elsewhere since). */
export async function releaseGatewayAlarms(
  db: Db,
  equipmentId: number,
  sn: string,
  at: Date,
): Promise<{ id: number; equipmentId: number; sn: string; triggeredAt: number; releasedAt: number }[]> {
  return db.query(
    `update alarms set state = 'cleared', released_at = greatest($3, triggered_at)
      where kind = 'gateway' and state = 'active' and (equipment_id = $1 or sn = $2)
      returning id, equipment_id as "equipmentId", sn,
                (extract(epoch from triggered_at) * 1000)::float8 as "triggeredAt",
                (extract(epoch from released_at) * 1000)::float8 as "releasedAt"`,
    [equipmentId, sn, at],
  );
}

/** Level as the live messages carry it: its rank in ALARM_LEVELS (info 0 … urgent 3). */
export function levelRank(level: string): number {
  const i = (ALARM_LEVELS as readonly string[]).indexOf(level);
  return i < 0 ? 1 : i;
}

export function signalAlarmMessage(
  a: ActiveSignalAlarm,
  state: 'active' | 'cleared',
  value: SampleValue,
  releasedAt: number | null,
): SignalAlarm {
  return {
    alarmId: a.id,
    ruleId: a.ruleId,
    signalId: a.variableId,
    level: levelRank(a.level),
    state,
    value,
    message: a.content,
    triggeredAt: Math.round(a.triggeredAt),
    releasedAt: releasedAt === null ? null : Math.round(releasedAt),
  };
}

export function gatewayAlarmMessage(
  a: { id: number; triggeredAt: number },
  sn: string,
  status: GatewayAlarm['status'],
  releasedAt: number | null,
): GatewayAlarm {
  return {
    alarmId: a.id,
    sn,
    status,
    state: releasedAt === null ? 'active' : 'cleared',
    triggeredAt: Math.round(a.triggeredAt),
    releasedAt: releasedAt === null ? null : Math.round(releasedAt),
  };
}

/** An alarm recorded late, with what its notice needs (its rule's methods, the enterprise's setting). */
export interface LateAlarm {
  id: number;
  orgId: number;
  equipmentId: number;
  equipmentName: string;
  state: 'active' | 'cleared';
  level: string;
  ruleType: '00' | '01';
  content: string;
  triggerValue: SampleValue;
  triggeredAt: number;
  methods: string[];
  voiceLoops: number;
  /** orgs.notify_delayed_alarms: whether alarms already over are told at all */
  notifyDelayed: boolean;
}

/**
 * Claims the notices of the alarms among `ids` still waiting to be told: clears their
 * `notice_pending` and answers their ids. Run in the transaction that records the notices, so an
 * alarm is told once whichever instance (or start) gets there first.
 */
export async function claimPendingNotices(db: Db, ids: readonly number[]): Promise<number[]> {
  const rows = await db.query<{ id: string | number }>(
    'update alarms set notice_pending = false where id = any($1::bigint[]) and notice_pending returning id',
    [ids],
  );
  return rows.map((r) => Number(r.id));
}

/** The alarms learnt late whose notices were still waiting when the server stopped, by device. */
export async function pendingNoticesByDevice(db: Db): Promise<{ equipmentId: number; ids: number[] }[]> {
  const rows = await db.query<{ equipmentId: number; ids: (string | number)[] }>(
    `select equipment_id as "equipmentId", array_agg(id order by triggered_at, id) as ids
       from alarms where notice_pending group by equipment_id`,
  );
  return rows.map((r) => ({ equipmentId: Number(r.equipmentId), ids: r.ids.map(Number) }));
}

/** The signal alarms among `ids` that still exist, in raise order. */
export async function lateAlarms(db: Db, ids: readonly number[]): Promise<LateAlarm[]> {
  const rows = await db.query<LateAlarm>(
    `select a.id, a.org_id as "orgId", a.equipment_id as "equipmentId", e.name as "equipmentName", a.state,
            a.level, a.rule_type as "ruleType", a.content, a.trigger_value as "triggerValue",
            (date_part('epoch', a.triggered_at) * 1000)::int8 as "triggeredAt",
            coalesce(r.methods, '{}') as methods, coalesce(r.voice_loops, 1) as "voiceLoops",
            o.notify_delayed_alarms as "notifyDelayed"
       from alarms a join equipment e on e.id = a.equipment_id join orgs o on o.id = a.org_id
       left join alarm_rules r on r.id = a.rule_id
      where a.id = any($1::bigint[]) and a.kind = 'signal'
      order by a.triggered_at, a.id`,
    [ids],
  );
  return rows.map((r) => ({ ...r, triggeredAt: Number(r.triggeredAt) }));
}
