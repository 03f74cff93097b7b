import type { SummaryAggregation, SummaryPeriod } from '@fieldhub/shared';
import { one, type Db } from '../../db/db';
import type { Where } from '../../db/where';
import { markRollups } from '../../monitor/history/rollups.repo';

/** Narrows `where` (alias `e`) to the devices of a group and its subgroups. */
export function inGroup(where: Where, orgId: number, groupId: number): Where {
  return where.add(
    `e.group_id in (with recursive sub(id) as (select id from equipment_groups where id = ? and org_id = ?
       union all select c.id from equipment_groups c join sub on c.parent_id = sub.id) select id from sub)`,
    groupId,
    orgId,
  );
}

/** What a definition check needs of a would-be source variable. */
export interface SourceVariable {
  id: number;
  kind: string;
  data_type: string;
}

/** Variables of devices of the enterprise among `ids` (template variables are no sources). */
export function sourceVariablesIn(db: Db, orgId: number, ids: number[]): Promise<SourceVariable[]> {
  return db.query<SourceVariable>(
    `select id, kind, data_type from variables
      where org_id = $1 and equipment_id is not null and id = any($2::bigint[])`,
    [orgId, ids],
  );
}

/** Another summary variable of the enterprise with the same sorted sources, aggregation and period. */
export async function summaryTwinExists(
  db: Db,
  orgId: number,
  sources: number[],
  aggregation: SummaryAggregation,
  period: SummaryPeriod,
  exceptId: number | null,
): Promise<boolean> {
  const row = await one(
    db,
    `select 1 from variables
      where org_id = $1 and kind = 'summary' and summary_sources = $2::bigint[]
        and summary_aggregation = $3 and summary_period = $4 and ($5::bigint is null or id <> $5)`,
    [orgId, sources, aggregation, period, exceptId],
  );
  return row !== undefined;
}

/** A stored summary definition, as computing it needs. */
export interface SummaryDefinition {
  id: number;
  org_id: number;
  equipment_id: number;
  summary_sources: number[];
  summary_aggregation: SummaryAggregation;
  summary_period: SummaryPeriod;
  summary_done_until: Date | null;
}

const definitionColumns = `v.id, v.org_id, v.equipment_id, v.summary_sources, v.summary_aggregation, v.summary_period,
  v.summary_done_until`;

/**
 * Summary variables of every enterprise whose current period (in `tz` at `now`) has moved past what
 * they computed, least recently computed first (the scheduler's batch).
 */
export function summaryBatch(db: Db, now: Date, tz: string, limit: number): Promise<SummaryDefinition[]> {
  return db.query<SummaryDefinition>(
    `select ${definitionColumns} from variables v
      where v.kind = 'summary' and v.equipment_id is not null
        and (v.summary_done_until is null or v.summary_done_until < date_trunc(v.summary_period, $1::timestamptz, $2))
      order by v.summary_done_until nulls first, v.id limit ${Math.trunc(limit)}`,
    [now, tz],
  );
}

/** A summary variable on a device the caller may see (`where` scopes alias `e`), or undefined. */
export function visibleSummary(db: Db, where: Where, id: number): Promise<SummaryDefinition | undefined> {
  where.add("v.id = ? and v.kind = 'summary'", id);
  return one<SummaryDefinition>(
    db,
    `select ${definitionColumns} from variables v join equipment e on e.id = v.equipment_id where ${where}`,
    where.params,
  );
}

/** Start of the period holding `at` (in `tz`), and of the period `back` periods before it. */
export async function periodStart(
  db: Db,
  period: SummaryPeriod,
  at: Date,
  tz: string,
  back = 0,
): Promise<Date> {
  const [row] = await db.query<{ d: Date }>(
    `select date_trunc($1, $2::timestamptz - make_interval(
              hours => case when $1 = 'hour' then $4::int else 0 end,
              days => case when $1 = 'day' then $4::int else 0 end,
              months => case when $1 = 'month' then $4::int else 0 end), $3) as d`,
    [period, at, tz, back],
  );
  return new Date(row!.d);
}

/** Time of the oldest stored sample of the sources at or after `from`, or null. */
export async function firstSampleAfter(db: Db, sources: number[], from: Date): Promise<Date | null> {
  const [row] = await db.query<{ ts: Date | null }>(
    `select min(ts) as ts from signal_values where variable_id = any($1::bigint[]) and ts >= $2`,
    [sources, from],
  );
  return row?.ts ? new Date(row.ts) : null;
}

// the aggregation as SQL; the values come from the closed list of SUMMARY_AGGREGATIONS
const AGGREGATE_SQL: Record<SummaryAggregation, string> = {
  sum: 'sum(num)',
  avg: 'avg(num)',
  min: 'min(num)',
  max: 'max(num)',
  count: 'count(num)::float8',
};

/**
 * The aggregate of the sources' numeric samples per period starting in [from, to), by period start
 * (data-views.md §2.1): one value per period that has samples.
 */
export function aggregatePeriods(
  db: Db,
  d: Pick<SummaryDefinition, 'summary_sources' | 'summary_aggregation' | 'summary_period'>,
  from: Date,
  to: Date,
  tz: string,
): Promise<{ ts: Date; value: number }[]> {
  return db.query<{ ts: Date; value: number }>(
    `select date_trunc($1, ts, $2) as ts, ${AGGREGATE_SQL[d.summary_aggregation]} as value
       from signal_values
      where variable_id = any($3::bigint[]) and ts >= $4 and ts < $5 and num is not null
      group by 1 order by 1`,
    [d.summary_period, tz, d.summary_sources, from, to],
  );
}

/**
 * Replaces the summary variable's stored values in [from, to) by `rows` (a recomputed period
 * replaces its value; a period whose samples are gone loses its value).
 */
export async function replaceSummaryValues(
  db: Db,
  d: Pick<SummaryDefinition, 'id' | 'equipment_id'>,
  from: Date,
  to: Date,
  rows: { ts: Date; value: number }[],
): Promise<void> {
  await db.query('delete from signal_values where variable_id = $1 and ts >= $2 and ts < $3', [
    d.id,
    from,
    to,
  ]);
  await markRollups(db, [{ variableId: d.id, from: from.getTime(), to: to.getTime() }]);
  if (!rows.length) return;
  await db.query(
    `insert into signal_values (equipment_id, variable_id, ts, num, quality)
     select $1, $2, t, n, 0 from unnest($3::timestamptz[], $4::float8[]) as u(t, n)`,
    [d.equipment_id, d.id, rows.map((r) => new Date(r.ts)), rows.map((r) => r.value)],
  );
}

/** Records that the scheduler computed the summary variable up to `until`. */
export async function markDone(db: Db, id: number, until: Date): Promise<void> {
  await db.query('update variables set summary_done_until = $2 where id = $1', [id, until]);
}

/** Forgets a summary variable's results (its definition changed): the scheduler starts over. */
export async function resetSummary(db: Db, id: number): Promise<void> {
  await db.query('delete from signal_values where variable_id = $1', [id]);
  await markRollups(db, [{ variableId: id, from: 0, to: 8.64e15 }]);
  await db.query('update variables set summary_done_until = null where id = $1', [id]);
}

/** A summary variable as the summary screen lists it. */
export interface SummaryVariableRecord {
  id: number;
  name: string;
  unit: string;
  decimals: number;
  equipmentId: number;
  equipmentName: string;
  groupId: number | null;
  aggregation: SummaryAggregation;
  period: SummaryPeriod;
  sourceCount: number;
  doneUntil: Date | null;
}

/** Summary variables on the devices `where` admits (alias `e`), by device then variable name. */
export function summaryVariablesOf(db: Db, where: Where): Promise<SummaryVariableRecord[]> {
  return db.query<SummaryVariableRecord>(
    `select v.id, v.name, v.unit, v.decimals, e.id as "equipmentId", e.name as "equipmentName",
            e.group_id as "groupId", v.summary_aggregation as aggregation, v.summary_period as period,
            cardinality(v.summary_sources) as "sourceCount", v.summary_done_until as "doneUntil"
       from variables v join equipment e on e.id = v.equipment_id
      where v.kind = 'summary' and ${where}
      order by lower(e.name), lower(v.name), v.id`,
    where.params,
  );
}

/** A candidate source: a numeric device-read or computed variable of a device `where` admits. */
export interface SourceCandidate {
  id: number;
  name: string;
  unit: string;
  equipmentId: number;
  equipmentName: string;
  groupId: number | null;
}

export function sourceCandidatesOf(db: Db, where: Where): Promise<SourceCandidate[]> {
  return db.query<SourceCandidate>(
    `select v.id, v.name, v.unit, e.id as "equipmentId", e.name as "equipmentName", e.group_id as "groupId"
       from variables v join equipment e on e.id = v.equipment_id
      where v.kind <> 'summary' and v.data_type not in ('string') and ${where}
      order by lower(e.name), e.id, v.seq desc, v.id`,
    where.params,
  );
}

/** Stored values of the variables in [from, to), by variable and time. */
export function summaryValuesOf(
  db: Db,
  ids: number[],
  from: Date,
  to: Date,
): Promise<{ variableId: number; ts: Date; value: number }[]> {
  return db.query(
    `select variable_id as "variableId", ts, num as value from signal_values
      where variable_id = any($1::bigint[]) and ts >= $2 and ts < $3 and num is not null
      order by variable_id, ts`,
    [ids, from, to],
  );
}

/** Devices `where` admits (alias `e`): how many, how many with an online gateway. */
export async function deviceTotals(db: Db, where: Where): Promise<{ devices: number; online: number }> {
  const [row] = await db.query<{ devices: number; online: number }>(
    `select count(*)::int as devices, count(g.id) filter (where g.status = 'online')::int as online
       from equipment e left join gateways g on g.equipment_id = e.id where ${where}`,
    where.params,
  );
  return row ?? { devices: 0, online: 0 };
}

/** Alarms raised and write commands sent since `since` on the devices `where` admits (alias `e`). */
export async function activitySince(
  db: Db,
  where: Where,
  since: Date,
): Promise<{ alarms: number; writes: number }> {
  const n = where.params.length;
  const [row] = await db.query<{ alarms: number; writes: number }>(
    `select (select count(*)::int from alarms a join equipment e on e.id = a.equipment_id
              where a.triggered_at >= $${n + 1} and ${where}) as alarms,
            (select count(*)::int from command_tasks c join equipment e on e.id = c.equipment_id
              where c.kind = 'write' and c.created_at >= $${n + 1} and ${where}) as writes`,
    [...where.params, since],
  );
  return row ?? { alarms: 0, writes: 0 };
}
