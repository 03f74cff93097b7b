/**
 * The statements of the curve rollups (docs/requirements/gateway-link.md §10.4): building them
 * from stored values, marking what went stale, counting, and reading a curve from them.
 * Times are Unix milliseconds throughout; a value's time is its `ts` rounded to the millisecond,
 * as the curve reads it.
 */
import type { Db } from '../../db/db';

/** The bucket sizes, smallest first; each divides the next, and an hour divides a month. */
export const ROLLUP_STEPS = [60_000, 300_000, 900_000, 3_600_000] as const;
export const MINUTE = ROLLUP_STEPS[0];
export const HOUR = ROLLUP_STEPS[ROLLUP_STEPS.length - 1]!;

const ms = (col: string) => `round(date_part('epoch', ${col}) * 1000)`;
const at = (param: string) => `to_timestamp(${param}::float8 / 1000.0)`;

/** What the rollups cover (null before the first run). */
export async function rollupState(db: Db): Promise<{ lo: number; hi: number } | null> {
  const [row] = await db.query<{ lo: string | number; hi: string | number }>(
    'select lo, hi from signal_rollup_state where id = 1',
  );
  return row ? { lo: Number(row.lo), hi: Number(row.hi) } : null;
}

export async function saveRollupState(db: Db, lo: number, hi: number): Promise<void> {
  await db.query(
    `insert into signal_rollup_state (id, lo, hi) values (1, $1, $2)
     on conflict (id) do update set lo = excluded.lo, hi = excluded.hi`,
    [lo, hi],
  );
}

/** Stale ranges: [from, to) of a variable. */
export interface RollupMark {
  variableId: number;
  from: number;
  to: number;
}

/**
 * Notes that the rollups of these ranges no longer hold (in the commit that changed the values);
 * nothing while no rollups were ever made (the job off), so marks do not pile up unread.
 */
export async function markRollups(db: Db, marks: readonly RollupMark[]): Promise<void> {
  if (!marks.length) return;
  await db.query(
    `insert into signal_rollup_marks (variable_id, t_from, t_to)
     select * from unnest($1::int8[], $2::int8[], $3::int8[]) where exists (select 1 from signal_rollup_state)`,
    [marks.map((m) => m.variableId), marks.map((m) => Math.floor(m.from)), marks.map((m) => Math.ceil(m.to))],
  );
}

/** The oldest marks, at most `limit`. */
export async function oldestMarks(db: Db, limit: number): Promise<(RollupMark & { id: number })[]> {
  const rows = await db.query<{
    id: string | number;
    v: string | number;
    f: string | number;
    t: string | number;
  }>(
    `select id, variable_id as v, t_from as f, t_to as t from signal_rollup_marks order by id limit ${Math.trunc(limit)}`,
  );
  return rows.map((r) => ({ id: Number(r.id), variableId: Number(r.v), from: Number(r.f), to: Number(r.t) }));
}

export async function deleteMarks(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length) await db.query('delete from signal_rollup_marks where id = any($1::int8[])', [ids]);
}

/** Whether a mark touches [from, to] of any of the variables. */
export async function anyMark(db: Db, ids: readonly number[], from: number, to: number): Promise<boolean> {
  const rows = await db.query(
    `select 1 from signal_rollup_marks where variable_id = any($1::int8[]) and t_from <= $3 and t_to > $2 limit 1`,
    [ids, from, to],
  );
  return rows.length > 0;
}

/**
 * The minute rollups of the stored numeric values `source` selects (a from-list holding
 * signal_values `s` with its conditions, parameters from $1), written over any there. Two passes
 * over the values, each a hash aggregate grouped by variable and minute alone (on a day of 10
 * variables measured 2 µs a value, against 2.9 µs sorting each minute's values into arrays): the
 * count, sum, first and last times, lowest and highest values per minute; then the values at those
 * times and the first times of those values (the first of equals).
 */
function minuteRollupsSql(source: string): string {
  return `
    with r as materialized (
      select s.variable_id as v, ${ms('s.ts')} as t, s.num as y from ${source} and s.num is not null),
    a as (
      select v, floor(t / ${MINUTE}) * ${MINUTE} as b, count(*)::int as n, sum(y) as total, min(t) as tf,
             max(t) as tl, min(y) as lo, max(y) as hi
        from r group by 1, 2)
    insert into signal_rollups (variable_id, step, bucket, n, total, t_first, y_first, t_last, y_last, t_min, y_min, t_max, y_max)
    -- grouped by variable and minute alone (each of a's columns is one value per group)
    select a.v, ${MINUTE}, a.b, min(a.n), min(a.total), min(a.tf), min(r.y) filter (where r.t = a.tf), min(a.tl),
           min(r.y) filter (where r.t = a.tl), min(r.t) filter (where r.y = a.lo), min(a.lo),
           min(r.t) filter (where r.y = a.hi), min(a.hi)
      from r join a on r.v = a.v and floor(r.t / ${MINUTE}) * ${MINUTE} = a.b
     group by a.v, a.b
    on conflict (variable_id, step, bucket) do update set
      n = excluded.n, total = excluded.total, t_first = excluded.t_first, y_first = excluded.y_first, t_last = excluded.t_last,
      y_last = excluded.y_last, t_min = excluded.t_min, y_min = excluded.y_min, t_max = excluded.t_max,
      y_max = excluded.y_max`;
}

/**
 * The rollups of `step` made from those of the step below it, for the buckets of `step` that
 * `source` selects (a from-list holding the lower rollups `r` with its conditions, parameters
 * from $1).
 */
function levelRollupsSql(step: number, below: number, source: string): string {
  return `
    insert into signal_rollups (variable_id, step, bucket, n, total, t_first, y_first, t_last, y_last, t_min, y_min, t_max, y_max)
    select v, ${step}, b, n, total, tf[1], yf[1], tl[k], yl[k], tn[l], yn[l], tx[h], yx[h]
      from (select v, b, n, total, tf, yf, tl, yl, tn, yn, tx, yx, cardinality(tf) as k,
                   array_position(yn, lo) as l, array_position(yx, hi) as h
              from (select r.variable_id as v, floor(r.bucket / ${step}) * ${step} as b, sum(r.n)::int as n,
                           sum(r.total) as total,
                           array_agg(r.t_first order by r.bucket) as tf, array_agg(r.y_first order by r.bucket) as yf,
                           array_agg(r.t_last order by r.bucket) as tl, array_agg(r.y_last order by r.bucket) as yl,
                           array_agg(r.t_min order by r.bucket) as tn, array_agg(r.y_min order by r.bucket) as yn,
                           array_agg(r.t_max order by r.bucket) as tx, array_agg(r.y_max order by r.bucket) as yx,
                           min(r.y_min) as lo, max(r.y_max) as hi
                      from ${source} and r.step = ${below}
                     group by 1, 2) g) x
    on conflict (variable_id, step, bucket) do update set
      n = excluded.n, total = excluded.total, t_first = excluded.t_first, y_first = excluded.y_first, t_last = excluded.t_last,
      y_last = excluded.y_last, t_min = excluded.t_min, y_min = excluded.y_min, t_max = excluded.t_max,
      y_max = excluded.y_max`;
}

/**
 * Rolls up every variable's values in [from, to) (whole minutes): the minute rollups, then for
 * each larger step the buckets lying wholly inside [lo, to) that overlap [from, to).
 */
export async function rollUpWindow(db: Db, from: number, to: number, lo: number): Promise<void> {
  if (to <= from) return;
  await db.query(minuteRollupsSql(`signal_values s where s.ts >= ${at('$1')} and s.ts < ${at('$2')}`), [
    from,
    to,
  ]);
  for (let i = 1; i < ROLLUP_STEPS.length; i++) {
    const step = ROLLUP_STEPS[i]!;
    const a = Math.max(Math.floor(from / step) * step, Math.ceil(lo / step) * step);
    const b = Math.floor(to / step) * step;
    if (b <= a) continue;
    await db.query(
      levelRollupsSql(step, ROLLUP_STEPS[i - 1]!, `signal_rollups r where r.bucket >= $1 and r.bucket < $2`),
      [a, b],
    );
  }
}

/**
 * Builds again the rollups of variables' ranges (whole hours inside the covered time): deletes
 * those there, then rolls the values up again.
 */
export async function rollUpAgain(db: Db, ranges: readonly RollupMark[]): Promise<void> {
  if (!ranges.length) return;
  const params = [ranges.map((r) => r.variableId), ranges.map((r) => r.from), ranges.map((r) => r.to)];
  const m = `unnest($1::int8[], $2::int8[], $3::int8[]) as m(v, a, b)`;
  await db.query(
    `delete from signal_rollups r using ${m} where r.variable_id = m.v and r.bucket >= m.a and r.bucket < m.b`,
    params,
  );
  await db.query(
    minuteRollupsSql(
      `${m} join signal_values s on s.variable_id = m.v and s.ts >= ${at('m.a')} and s.ts < ${at('m.b')} where true`,
    ),
    params,
  );
  for (let i = 1; i < ROLLUP_STEPS.length; i++)
    await db.query(
      levelRollupsSql(
        ROLLUP_STEPS[i]!,
        ROLLUP_STEPS[i - 1]!,
        `${m} join signal_rollups r on r.variable_id = m.v and r.bucket >= m.a and r.bucket < m.b where true`,
      ),
      params,
    );
}

/** Deletes rollups of buckets starting before `before`: all variables', or an enterprise's. */
export async function deleteRollupsBefore(db: Db, before: number, orgId?: number): Promise<void> {
  if (orgId === undefined) await db.query('delete from signal_rollups where bucket < $1', [before]);
  else
    await db.query(
      `delete from signal_rollups where variable_id in (select id from variables where org_id = $1) and bucket < $2`,
      [orgId, before],
    );
}

/** Counts of numeric values per bucket of `step` in [from, to), all variables together, newest first. */
export async function rollupCounts(
  db: Db,
  ids: readonly number[],
  step: number,
  from: number,
  to: number,
): Promise<{ bucket: number; n: number }[]> {
  if (to <= from) return [];
  const rows = await db.query<{ b: string | number; n: string | number }>(
    `select bucket as b, sum(n)::int8 as n from signal_rollups
      where variable_id = any($1::int8[]) and step = ${step} and bucket >= $2 and bucket < $3
      group by bucket order by bucket desc`,
    [ids, from, to],
  );
  return rows.map((r) => ({ bucket: Number(r.b), n: Number(r.n) }));
}

/** A time range in Unix ms: [from, to) unless said otherwise. */
export interface Span {
  from: number;
  to: number;
  /** `from` left out */
  fromOpen?: boolean;
  /** `to` included */
  toClosed?: boolean;
}

const within = (s: Span, a: string, b: string) =>
  `ts ${s.fromOpen ? '>' : '>='} ${at(a)} and ts ${s.toClosed ? '<=' : '<'} ${at(b)}`;

/** How many numeric values the variables hold in the span. */
export async function countPoints(db: Db, ids: readonly number[], span: Span): Promise<number> {
  if (span.to < span.from) return 0;
  const [row] = await db.query<{ n: string | number }>(
    `select count(*)::int8 as n from signal_values
      where variable_id = any($1::int8[]) and ${within(span, '$2', '$3')} and num is not null`,
    [ids, span.from, span.to],
  );
  return Number(row?.n ?? 0);
}

/**
 * The time of the numeric value of the variables in the span with `offset` newer ones there
 * (0: the newest); null when there are not that many.
 */
export async function newestAt(
  db: Db,
  ids: readonly number[],
  span: Span,
  offset: number,
): Promise<number | null> {
  const branches = ids.map(
    (_, i) =>
      `(select ts from signal_values where variable_id = $${i + 3} and ${within(span, '$1', '$2')}
          and num is not null order by ts desc)`,
  );
  const [row] = await db.query<{ c: string | number | null }>(
    `select ${ms('ts')} as c from (${branches.join(' union all ')}) n order by ts desc offset ${Math.trunc(offset)} limit 1`,
    [span.from, span.to, ...ids],
  );
  return row?.c === undefined || row.c === null ? null : Number(row.c);
}

/** The oldest time of a numeric value of the variables in the span. */
export async function oldestIn(db: Db, ids: readonly number[], span: Span): Promise<number | null> {
  const branches = ids.map(
    (_, i) =>
      `(select ts from signal_values where variable_id = $${i + 3} and ${within(span, '$1', '$2')}
          and num is not null order by ts limit 1)`,
  );
  const [row] = await db.query<{ f: string | number | null }>(
    `select ${ms('min(ts)')} as f from (${branches.join(' union all ')}) o`,
    [span.from, span.to, ...ids],
  );
  return row?.f === undefined || row.f === null ? null : Number(row.f);
}

/**
 * A curve from rollups of `step` for the columns [r0, r1) (whole columns of `width` ms, each a
 * whole number of buckets) and from the stored values for the rest of [from, to]: each column's
 * first, lowest, highest and last point, each point once, packed per variable in time order
 * (PostgreSQL: big-endian double pairs; PGlite: "t,y,…" text). Parameters: $1 from, $2 to,
 * $3 r0, $4 r1, then the ids.
 */
export function rollupCurveSql(kind: Db['kind'], variableCount: number, step: number, width: number): string {
  const ids = Array.from({ length: variableCount }, (_, i) => `$${i + 5}`);
  const col = (t: string) => `floor(${t} / ${width}::float8)`;
  // whole buckets: one rollup a column passes as it is; several are merged by position
  const rolled =
    width === step
      ? `select variable_id as v, t_first as tf, y_first as yf, t_min as tn, y_min as yn, t_max as tx, y_max as yx,
                t_last as tl, y_last as yl
           from signal_rollups where variable_id in (${ids.join(', ')}) and step = ${step} and bucket >= $3 and bucket < $4`
      : `select v, tf[1] as tf, yf[1] as yf, tn[array_position(yn, lo)] as tn, lo as yn, tx[array_position(yx, hi)] as tx,
                hi as yx, tl[cardinality(tl)] as tl, yl[cardinality(yl)] as yl
           from (select variable_id as v, array_agg(t_first order by bucket) as tf, array_agg(y_first order by bucket) as yf,
                        array_agg(t_min order by bucket) as tn, array_agg(y_min order by bucket) as yn,
                        array_agg(t_max order by bucket) as tx, array_agg(y_max order by bucket) as yx,
                        array_agg(t_last order by bucket) as tl, array_agg(y_last order by bucket) as yl,
                        min(y_min) as lo, max(y_max) as hi
                   from signal_rollups where variable_id in (${ids.join(', ')}) and step = ${step} and bucket >= $3 and bucket < $4
                  group by variable_id, ${col('bucket')}) g`;
  // the columns outside [r0, r1): from the values themselves
  const raw = `select v, ts[1] as tf, ys[1] as yf, ts[array_position(ys, lo)] as tn, lo as yn,
                      ts[array_position(ys, hi)] as tx, hi as yx, ts[cardinality(ts)] as tl, ys[cardinality(ys)] as yl
                 from (select v, array_agg(t order by t) as ts, array_agg(y order by t) as ys, min(y) as lo, max(y) as hi
                         from (select variable_id as v, ${ms('ts')} as t, num as y from signal_values
                                where variable_id in (${ids.join(', ')}) and num is not null
                                  and ts >= ${at('$1')} and ts <= ${at('$2')}
                                  and (ts < ${at('$3')} or ts >= ${at('$4')})) r
                        group by v, ${col('t')}) g`;
  const packed = (id: string, i: number) => {
    const only = `filter (where v = ${id})`;
    return kind === 'postgres'
      ? `string_agg(float8send(t) || float8send(y), ''::bytea order by t) ${only} as p${i}`
      : `string_agg(t::int8::text || ',' || y::text, ',' order by t) ${only} as p${i}`;
  };
  return `
    with c as (${rolled} union all ${raw}),
    p as (
      select v, tf as t, yf as y from c
      union all select v, tn, yn from c where tn <> tf
      union all select v, tx, yx from c where tx <> tf and tx <> tn
      union all select v, tl, yl from c where tl <> tf and tl <> tn and tl <> tx)
    select ${ids.map(packed).join(', ')} from p`;
}

/** The largest rollup step dividing both the bucket length and its offset (ms); null when none does. */
export function rollupStepFor(intervalMs: number, offsetMs: number): number | null {
  for (let i = ROLLUP_STEPS.length - 1; i >= 0; i--) {
    const step = ROLLUP_STEPS[i]!;
    if (intervalMs % step === 0 && ((offsetMs % step) + step) % step === 0) return step;
  }
  return null;
}

/**
 * The numeric values of variables in a range, grouped later into buckets of `$5` ms offset by `$4`
 * ms (`b`: a bucket's start), as rows of (variable_id, b, n, total, tf, yf, tl, yl, lo, hi): one
 * row per rollup of `step` lying wholly in the range and the rolled-up time (when the range is
 * covered and no mark touches it; read in the same statement, so in one snapshot), one per value
 * elsewhere. The buckets must be whole numbers of `step` (`rollupStepFor`; null: values only).
 * Parameters: $1 ids, $2 start, $3 end (timestamptz), $4 offset ms, $5 bucket ms.
 */
export function bucketedValuesSql(step: number | null): string {
  const bucketOf = (t: string) => `(floor((${t} + $4) / $5) * $5 - $4)::int8`;
  const raw = (where: string) => `
    select variable_id, ${bucketOf(ms('ts'))} as b, 1 as n, num as total, ${ms('ts')} as tf, num as yf,
           ${ms('ts')} as tl, num as yl, num as lo, num as hi
      from signal_values where variable_id = any($1::int8[]) and num is not null and ${where}`;
  if (step === null) return raw('ts >= $2 and ts <= $3');
  return `
    with st as materialized (
      select s.hi, s.lo <= ${ms('$2::timestamptz')} and not exists (
               select 1 from signal_rollup_marks m where m.variable_id = any($1::int8[])
                  and m.t_from <= ${ms('$3::timestamptz')} and m.t_to > ${ms('$2::timestamptz')}) as clean
        from signal_rollup_state s),
    w as materialized (
      select r0, r1, coalesce(clean, false) and r1 > r0 as rolled
        from (select ceil(${ms('$2::timestamptz')} / ${step}) * ${step} as r0,
                     coalesce(floor(least(floor((select hi from st) / ${step}) * ${step}, ${ms('$3::timestamptz')} + 1) / ${step}) * ${step}, 0) as r1,
                     (select clean from st) as clean) x)
    select variable_id, ${bucketOf('bucket')} as b, n, total, t_first as tf, y_first as yf, t_last as tl, y_last as yl,
           y_min as lo, y_max as hi
      from signal_rollups
     where (select rolled from w) and variable_id = any($1::int8[]) and step = ${step}
       and bucket >= (select r0 from w) and bucket < (select r1 from w)
    union all ${raw(`ts >= $2 and ts < (select case when rolled then ${at('r0')} else 'infinity' end from w)`)}
    union all ${raw(`ts >= (select case when rolled then ${at('r1')} else 'infinity' end from w) and ts <= $3`)}`;
}
