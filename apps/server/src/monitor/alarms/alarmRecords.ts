import type { AlarmRecordRow, Page } from '@fieldhub/shared';
import { one, type Db } from '../../db/db';
import { pageClause, Where } from '../../db/where';
import { valueFormatSql } from '../../modules/config/variables';

/**
 * SQL of the alarm calls: alarm records of a device, confirmation, counts, the notification
 * outbox. Every statement is scoped by the caller's enterprise (org_id) besides the device check
 * the service makes first.
 */

const ms = (column: string) => `(extract(epoch from ${column}) * 1000)::float8`;

/** The alarm's variable, if it still exists (the record keeps its own name and rule copy). */
const variableJoin = 'left join variables v on v.id = a.variable_id and v.org_id = a.org_id';

const recordColumns = `a.id, a.kind, a.equipment_id as "equipmentId", a.rule_id as "ruleId", a.variable_id as "variableId",
  a.variable_name as "variableName", a.rule_type as "ruleType", a.condition, a.threshold, a.threshold2, a.level,
  a.content, a.sn, a.state, a.trigger_value as "triggerValue", a.release_value as "releaseValue",
  ${ms('a.triggered_at')} as "triggeredAt", ${ms('a.released_at')} as "releasedAt",
  ${ms('a.confirmed_at')} as "confirmedAt", c.loginname as "confirmedBy", a.confirm_note as "confirmNote", a.delayed,
  ${valueFormatSql('v')} as "valueFormat"`;

export interface AlarmFilter {
  orgId: number;
  equipmentIds: readonly number[];
  kind: 'signal' | 'gateway';
  /** the rule types listed (all when absent) */
  ruleTypes?: readonly ('00' | '01')[];
  state?: 'active' | 'cleared';
  level?: string;
  /** triggered within [from, to] (ms) */
  from?: number;
  to?: number;
  pageNum: number;
  pageSize: number;
}

/** A page of the alarm records of devices: active ones first, then the newest first. */
export async function findAlarms(db: Db, f: AlarmFilter): Promise<Page<AlarmRecordRow>> {
  const where = new Where()
    .add('a.org_id = ?', f.orgId)
    .add('a.equipment_id = any(?::bigint[])', [...f.equipmentIds])
    .add('a.kind = ?', f.kind)
    .addIf(f.ruleTypes && [...f.ruleTypes], 'a.rule_type = any(?::text[])')
    .addIf(f.state, 'a.state = ?')
    .addIf(f.level, 'a.level = ?')
    .addIf(f.from === undefined ? undefined : new Date(f.from), 'a.triggered_at >= ?')
    .addIf(f.to === undefined ? undefined : new Date(f.to), 'a.triggered_at <= ?');
  const [count] = await db.query<{ n: number }>(
    `select count(*)::int as n from alarms a where ${where}`,
    where.params,
  );
  const list = await db.query<AlarmRecordRow>(
    `select ${recordColumns} from alarms a left join accounts c on c.id = a.confirmed_by ${variableJoin}
      where ${where}
      order by (a.state = 'active') desc, a.triggered_at desc, a.id desc ${pageClause(f)}`,
    where.params,
  );
  return {
    list: list.map(roundTimes),
    total: count?.n ?? 0,
    pageNum: f.pageNum,
    pageSize: f.pageSize,
  };
}

function roundTimes(r: AlarmRecordRow): AlarmRecordRow {
  const round = (t: number | null) => (t === null ? null : Math.round(t));
  return {
    ...r,
    triggeredAt: Math.round(r.triggeredAt),
    releasedAt: round(r.releasedAt),
    confirmedAt: round(r.confirmedAt),
  };
}

/** The alarm's device, kind, rule type and state, within the caller's enterprise. */
export interface AlarmHead {
  id: number;
  equipmentId: number;
  kind: 'signal' | 'gateway';
  ruleType: '00' | '01';
  state: 'active' | 'cleared';
  confirmed: boolean;
}

export async function alarmHeads(db: Db, orgId: number, ids: readonly number[]): Promise<AlarmHead[]> {
  return db.query<AlarmHead>(
    `select id, equipment_id as "equipmentId", kind, rule_type as "ruleType", state,
            confirmed_at is not null as confirmed
       from alarms where org_id = $1 and id = any($2::bigint[])`,
    [orgId, ids],
  );
}

export async function alarmHead(db: Db, orgId: number, id: number): Promise<AlarmHead | undefined> {
  return (await alarmHeads(db, orgId, [id]))[0];
}

/**
 * Confirms (acknowledges) alarms. An alarm confirmed before keeps its first confirmation: who
 * handled it first is what the record must tell. Returns how many were newly confirmed.
 */
export async function confirmAlarms(
  db: Db,
  orgId: number,
  ids: readonly number[],
  accountId: number,
  note: string,
  at: Date,
): Promise<number> {
  const rows = await db.query(
    `update alarms set confirmed_at = $4, confirmed_by = $3, confirm_note = $5
      where org_id = $1 and id = any($2::bigint[]) and confirmed_at is null returning id`,
    [orgId, ids, accountId, at, note],
  );
  return rows.length;
}

/** Active alarms per device (signal and gateway), for the devices given. */
export async function activeAlarmCounts(
  db: Db,
  orgId: number,
  equipmentIds: readonly number[],
): Promise<{ equipmentId: number; signal: number; gateway: number }[]> {
  return db.query(
    `select equipment_id as "equipmentId",
            count(*) filter (where kind = 'signal')::int as signal,
            count(*) filter (where kind = 'gateway')::int as gateway
       from alarms where org_id = $1 and equipment_id = any($2::bigint[]) and state = 'active'
      group by equipment_id order by equipment_id`,
    [orgId, equipmentIds],
  );
}

/** A notification as the outbox shows it. */
export interface OutboxRow {
  id: number;
  accountId: number | null;
  loginname: string | null;
  alarmId: number | null;
  channel: string;
  recipient: string;
  title: string;
  body: string;
  provider: string;
  status: string;
  error: string;
  attempts: number;
  createdAt: number;
  sentAt: number | null;
}

export async function findOutbox(
  db: Db,
  f: {
    orgId: number;
    accountId?: number;
    alarmId?: number;
    channel?: string;
    pageNum: number;
    pageSize: number;
  },
): Promise<Page<OutboxRow>> {
  const where = new Where()
    .add('o.org_id = ?', f.orgId)
    .addIf(f.accountId, 'o.account_id = ?')
    .addIf(f.alarmId, 'o.alarm_id = ?')
    .addIf(f.channel, 'o.channel = ?');
  const count = await one<{ n: number }>(
    db,
    `select count(*)::int as n from notification_outbox o where ${where}`,
    where.params,
  );
  const list = await db.query<OutboxRow>(
    `select o.id, o.account_id as "accountId", a.loginname, o.alarm_id as "alarmId", o.channel, o.recipient, o.title,
            o.body, o.provider, o.status, o.error, o.attempts, ${ms('o.created_at')} as "createdAt",
            ${ms('o.sent_at')} as "sentAt"
       from notification_outbox o left join accounts a on a.id = o.account_id
      where ${where} order by o.id desc ${pageClause(f)}`,
    where.params,
  );
  return {
    list: list.map((r) => ({
      ...r,
      createdAt: Math.round(r.createdAt),
      sentAt: r.sentAt === null ? null : Math.round(r.sentAt),
    })),
    total: count?.n ?? 0,
    pageNum: f.pageNum,
    pageSize: f.pageSize,
  };
}
