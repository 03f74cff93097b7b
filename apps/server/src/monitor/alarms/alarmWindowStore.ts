import { one, type Db } from '../../db/db';
import type { AlarmSpan, KernelSample } from './alarmKernel';
import type { RecordedAlarm } from './alarmReconcile';
import type { ActiveSignalAlarm, RuleDef } from './alarmStore';

/**
 * SQL of judging a late sample in its place (docs/requirements/monitoring.md §7.5): a variable's
 * stored samples around a time (signal_values), the records of a rule in a time window, and the
 * corrections that make those records the kernel's alarms of the window.
 */

/** Holds the variable's alarm corrections to this transaction (others wait for its end). */
export async function lockVariableWindow(db: Db, variableId: number): Promise<void> {
  await db.query("select pg_advisory_xact_lock(hashtext('alarm-window:' || $1::text))::text", [variableId]);
}

const msOf = (col: string) => `(date_part('epoch', ${col}) * 1000)::int8`;

interface SampleRow {
  ts: number;
  num: number | null;
  txt: string | null;
  quality: number;
}
const sample = (r: SampleRow): KernelSample => ({
  ts: Number(r.ts),
  value: r.num ?? r.txt,
  quality: r.quality,
});

/** Time of the newest stored sample of a variable other than at the times given; null when none. */
export async function newestSampleTsExcept(
  db: Db,
  variableId: number,
  except: readonly number[],
): Promise<number | null> {
  const row = await one<{ ts: number | null }>(
    db,
    `select ${msOf('max(ts)')} as ts from signal_values
      where variable_id = $1 and ts <> all($2::timestamptz[])`,
    [variableId, except.map((t) => new Date(t))],
  );
  return row?.ts == null ? null : Number(row.ts);
}

/** Up to `limit` stored samples of a variable before `ts`, newest first. */
export async function samplesBefore(
  db: Db,
  variableId: number,
  ts: number,
  limit: number,
): Promise<KernelSample[]> {
  const rows = await db.query<SampleRow>(
    `select ${msOf('ts')} as ts, num, txt, quality from signal_values
      where variable_id = $1 and ts < $2 order by ts desc limit ${Math.trunc(limit)}`,
    [variableId, new Date(ts)],
  );
  return rows.map(sample);
}

/** Up to `limit` stored samples of a variable in [from, to] after `after` (exclusive), oldest first. */
export async function samplesBetween(
  db: Db,
  variableId: number,
  from: number,
  to: number,
  after: number | null,
  limit: number,
): Promise<KernelSample[]> {
  const rows = await db.query<SampleRow>(
    `select ${msOf('ts')} as ts, num, txt, quality from signal_values
      where variable_id = $1 and ts >= $2 and ts <= $3 and ($4::timestamptz is null or ts > $4)
      order by ts limit ${Math.trunc(limit)}`,
    [variableId, new Date(from), new Date(to), after === null ? null : new Date(after)],
  );
  return rows.map(sample);
}

const recordColumns = `id, trigger_value as "raiseValue", release_value as "releaseValue",
  ${msOf('triggered_at')} as "raisedAt", ${msOf('released_at')} as "releasedAt"`;

const recorded = (r: RecordedAlarm): RecordedAlarm => ({
  ...r,
  raisedAt: Number(r.raisedAt),
  releasedAt: r.releasedAt === null ? null : Number(r.releasedAt),
});

/** The rule's last alarm raised before `ts` on the variable, if any. */
export async function alarmBefore(
  db: Db,
  ruleId: number,
  variableId: number,
  ts: number,
): Promise<RecordedAlarm | undefined> {
  const row = await one<RecordedAlarm>(
    db,
    `select ${recordColumns} from alarms
      where kind = 'signal' and rule_id = $1 and variable_id = $2 and triggered_at < $3
      order by triggered_at desc limit 1`,
    [ruleId, variableId, new Date(ts)],
  );
  return row && recorded(row);
}

/** The rule's alarms on the variable raised within [from, to], in raise order. */
export async function alarmsBetween(
  db: Db,
  ruleId: number,
  variableId: number,
  from: number,
  to: number,
): Promise<RecordedAlarm[]> {
  const rows = await db.query<RecordedAlarm>(
    `select ${recordColumns} from alarms
      where kind = 'signal' and rule_id = $1 and variable_id = $2 and triggered_at >= $3 and triggered_at <= $4
      order by triggered_at, id`,
    [ruleId, variableId, new Date(from), new Date(to)],
  );
  return rows.map(recorded);
}

/** Gives a record the times and values of the alarm it stands for (active when not released). */
export async function correctAlarm(db: Db, id: number, span: AlarmSpan): Promise<void> {
  await db.query(
    `update alarms set triggered_at = $2, trigger_value = $3::text::jsonb, released_at = $4,
            release_value = $5::text::jsonb, state = case when $4::timestamptz is null then 'active' else 'cleared' end
      where id = $1`,
    [
      id,
      new Date(span.raisedAt),
      JSON.stringify(span.raiseValue),
      span.releasedAt === null ? null : new Date(span.releasedAt),
      span.releasedAt === null ? null : JSON.stringify(span.releaseValue),
    ],
  );
}

/** Removes records the corrected series no longer supports; their messages stay, unlinked. */
export async function removeAlarms(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length) await db.query('delete from alarms where id = any($1::bigint[])', [ids]);
}

/**
 * Records an alarm with its true times; undefined when it is still active and the rule already
 * has an active alarm (the partial unique index keeps one per rule and variable).
 */
export async function insertAlarmSpan(
  db: Db,
  equipmentId: number,
  orgId: number,
  rule: RuleDef,
  span: AlarmSpan,
  delayed: boolean,
): Promise<ActiveSignalAlarm | undefined> {
  const row = await one<ActiveSignalAlarm>(
    db,
    `insert into alarms (org_id, equipment_id, kind, rule_id, variable_id, variable_name, rule_type, condition,
                         threshold, threshold2, level, content, trigger_value, triggered_at, state, released_at,
                         release_value, delayed, notice_pending)
     values ($1, $2, 'signal', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::text::jsonb, $13,
             case when $14::timestamptz is null then 'active' else 'cleared' end, $14, $15::text::jsonb, $16, $16)
     on conflict (rule_id, variable_id) where state = 'active' and kind = 'signal' do nothing
     returning id, rule_id as "ruleId", variable_id as "variableId", level, content, trigger_value as "triggerValue",
               ${msOf('triggered_at')} as "triggeredAt"`,
    [
      orgId,
      equipmentId,
      rule.id,
      rule.variableId,
      rule.variableName,
      rule.ruleType,
      rule.condition,
      rule.value,
      rule.value2,
      rule.level,
      rule.content,
      JSON.stringify(span.raiseValue),
      new Date(span.raisedAt),
      span.releasedAt === null ? null : new Date(span.releasedAt),
      span.releasedAt === null ? null : JSON.stringify(span.releaseValue),
      delayed,
    ],
  );
  return row && { ...row, triggeredAt: Number(row.triggeredAt) };
}
