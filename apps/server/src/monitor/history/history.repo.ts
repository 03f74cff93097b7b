import type { Db } from '../../db/db';

/** Epoch milliseconds of a timestamptz column, computed in float8 (cheaper than numeric extract). */
const msOf = (col: string) => `(date_part('epoch', ${col}) * 1000)::int8`;

export interface HistoryRange {
  start: Date;
  end: Date;
}

export interface StoredValueRow {
  variableId: number;
  ts: number;
  num: number | null;
  txt: string | null;
  quality: number;
}

/** Values of the signals in the range, newest first. */
export function findValues(
  db: Db,
  ids: readonly number[],
  r: HistoryRange,
  page: { limit: number; offset: number },
): Promise<StoredValueRow[]> {
  return db.query<StoredValueRow>(
    `select variable_id as "variableId", ${msOf('ts')} as ts, num, txt, quality
       from signal_values where variable_id = any($1::int8[]) and ts >= $2 and ts <= $3
      order by ts desc, variable_id limit ${Math.trunc(page.limit)} offset ${Math.trunc(page.offset)}`,
    [ids, r.start, r.end],
  );
}

/** How many values lie in the range, counted up to `cap` (a deep count would cost more than it tells). */
export async function countValues(
  db: Db,
  ids: readonly number[],
  r: HistoryRange,
  cap: number,
): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `select count(*)::int as n from (select 1 from signal_values
       where variable_id = any($1::int8[]) and ts >= $2 and ts <= $3 limit ${Math.trunc(cap)}) c`,
    [ids, r.start, r.end],
  );
  return row?.n ?? 0;
}

/** One variable's values after `afterMs`, oldest first (the export reads in such chunks). */
export function valuesAfter(
  db: Db,
  variableId: number,
  r: HistoryRange,
  afterMs: number | null,
  limit: number,
): Promise<StoredValueRow[]> {
  return db.query<StoredValueRow>(
    `select variable_id as "variableId", ${msOf('ts')} as ts, num, txt, quality
       from signal_values where variable_id = $1 and ts >= $2 and ts <= $3
      order by ts limit ${Math.trunc(limit)}`,
    [variableId, afterMs === null ? r.start : new Date(afterMs + 1), r.end],
  );
}

/**
 * The select of a curve: the latest `limit` numeric points of the variables in the range, newest
 * first. Parameters: $1 start, $2 end, then one id per variable. Each variable is its own index
 * range scan on (variable_id, ts), merged by time, so reading stops after `limit` rows however
 * many lie in the range. The history benchmark runs exactly this text under COPY as baseline.
 */
export function curveSelect(variableCount: number, limit: number): string {
  const branches = Array.from(
    { length: variableCount },
    (_, i) =>
      `(select variable_id, ts, num from signal_values where variable_id = $${i + 3} and ts >= $1 and ts <= $2 and num is not null order by ts desc)`,
  );
  return `select variable_id as v, ts, num as y from (${branches.join(' union all ')}) u
    order by ts desc limit ${Math.trunc(limit)}`;
}

/** One variable's points of a curve: in time order from findCurveM4; as the database gave them (normally newest first) from findCurveSeries. */
export interface CurvePoints {
  v: number;
  ts: Float64Array;
  ys: Float64Array;
}

/** A curve as the database computed it (`findCurveM4`). */
export interface CurveM4 {
  /** the points read: at most `limit` */
  read: number;
  /** more points lay in the range than `limit` */
  truncated: boolean;
  /** the time the buckets start at: the range's start, or the oldest point kept when truncated */
  from: number;
  series: CurvePoints[];
}

/**
 * M4 downsampling in the database (the rule of m4.ts, equal to it point for point): the latest
 * points of the variables in the range, at most `limit` (when more lay in it, the points of the
 * time the limit falls on are all left out, so no instant is kept in part), each variable's cut into
 * `width` equal time buckets from `from` (the range's start, or the oldest point kept) to the
 * range's end, each bucket giving its first, last, lowest (the first of equals) and highest (the
 * first of equals) point. Only those points cross: a 200,000 point read leaves the database as at
 * most 4 × width points a variable, packed one value per variable (PostgreSQL: binary doubles;
 * PGlite: "t,y,…" text).
 *
 * Bucket numbers are computed in float8 on whole milliseconds, as m4.ts computes them in doubles,
 * so both agree at bucket edges. Each bucket's times and values are gathered in time order (each
 * variable's rows come from its own index scan in time order and are hashed into their buckets as
 * they come), and its four points picked from those arrays by position; the random series of
 * curveM4.test.ts check it. JIT is off (compiling costs more than it saves here).
 */
export async function findCurveM4(
  db: Db,
  ids: readonly number[],
  r: HistoryRange,
  limit: number,
  width: number,
): Promise<CurveM4> {
  const empty = { read: 0, truncated: false, from: r.start.getTime(), series: [] };
  if (!ids.length) return empty;
  const sql = curveM4Sql(db.kind, ids.length, limit, width);
  const [row] = await db.tx(async (tx) => {
    await tx.query('set local jit = off');
    await tx.query("set local work_mem = '64MB'");
    // a bucket's arrays take its rows in the order they arrive: no parallel workers interleaving
    // them, and no sort (PostgreSQL's is not stable) to group them instead of hashing
    await tx.query('set local max_parallel_workers_per_gather = 0');
    await tx.query('set local enable_sort = off');
    return tx.query<Record<string, Uint8Array | string | number | boolean | null>>(sql, [
      r.start,
      r.end,
      ...ids,
    ]);
  });
  if (!row) return empty;
  return {
    read: Number(row.read),
    truncated: row.truncated === true,
    from: Number(row.f),
    series: ids.map((v, i) => {
      const packed = row[`p${i}`] as Uint8Array | string | null;
      return { v, ...fromPacked(packed ?? null) };
    }),
  };
}

/**
 * The statement of `findCurveM4` (the partitions benchmark runs it on a table of its own).
 * Parameters: $1 start, $2 end, then one id per variable.
 *
 * Three steps, each variable its own index scan on (variable_id, ts): the time of the first point
 * past the limit (`cut`: one read of all variables merged newest first, stopping there), the
 * oldest time after it (`from`: one index probe a variable), then one read of the points kept,
 * grouped by variable and bucket. On bench/history.bench.ts's data this took a third of the time
 * of the earlier one-read form (the read kept in a CTE with row numbers, the four points as
 * min/max of [t, y] arrays per bucket): 1.05 × a bare COPY of the points against 3.01 ×.
 */
export function curveM4Sql(kind: Db['kind'], variableCount: number, limit: number, width: number): string {
  const binary = kind === 'postgres';
  const keep = Math.trunc(limit);
  const buckets = Math.max(1, Math.floor(width));
  const ids = Array.from({ length: variableCount }, (_, i) => `$${i + 3}`);
  const own = (id: string) => `variable_id = ${id} and ts >= $1 and ts <= $2 and num is not null`;
  const ms = (col: string) => `round(date_part('epoch', ${col}) * 1000)`;
  const newestFirst = ids.map((id) => `(select ts from signal_values where ${own(id)} order by ts desc)`);
  const oldestAfterCut = ids.map(
    (id) => `(select ts from signal_values where ${own(id)} and ts > c order by ts limit 1)`,
  );
  const kept = ids.map(
    (id) => `(select ${id}::int8 as v, ${ms('ts')} as t, num as y from signal_values
       where ${own(id)} and ts > coalesce((select c from cut), '-infinity') order by ts)`,
  );
  const columns = ids.map((id, i) => {
    const only = `filter (where v = ${id})`;
    return binary
      ? `string_agg(float8send(t) || float8send(y), ''::bytea order by t) ${only} as p${i}`
      : `string_agg(t::int8::text || ',' || y::text, ',' order by t) ${only} as p${i}`;
  });
  return `
    with cut as materialized (
      select (select ts from (${newestFirst.join(' union all ')}) n order by ts desc offset ${keep} limit 1) as c),
    span as (
      select c is not null as truncated,
             case when c is null then ${ms('$1::timestamptz')}
                  else coalesce((select ${ms('min(ts)')} from (${oldestAfterCut.join(' union all ')}) o), ${ms('c')}) end as f,
             ${ms('$2::timestamptz')} as e
        from cut),
    b as (
      select v, array_agg(t) as ts, array_agg(y) as ys, min(y) as lo, max(y) as hi
        from (${kept.join(' union all ')}) k, span
       group by v, case when e - f <= 0 then 0
                        else least(greatest(floor((t - f) * ${buckets}::float8 / (e - f)), 0), ${buckets - 1}) end),
    p as (
      select v, ts[i] as t, ys[i] as y, case when pick = 1 then n else 0 end as n
        from (select v, ts, ys, array_position(ys, lo) as l, array_position(ys, hi) as h, cardinality(ys) as n from b) x,
             lateral (values (1, 1), (2, l), (3, h), (4, n)) picks(pick, i)
       where pick = 1 or (pick = 2 and l <> 1) or (pick = 3 and h <> 1 and h <> l) or (pick = 4 and n <> 1 and n <> l and n <> h))
    select (select truncated from span), coalesce(sum(n), 0)::int as read, (select f from span),
           ${columns.join(', ')}
      from p`;
}

/**
 * The points of `curveSelect`, one packed value per variable (one aggregate per variable, so no
 * sort of the whole set): crossing from the database as 10 values instead of 200,000 rows saves
 * the driver's per-row work. PostgreSQL packs them as binary doubles (bytea, decoded without any
 * text parsing); PGlite, whose bytea decoding is slow, as "t,y,t,y,…" text. Either is several
 * times quicker than rows.
 *
 * The aggregates take the rows in the order the subquery gives them (newest first), without an
 * ORDER BY of their own that would sort each variable again; SQL does not promise that order, so
 * the reader checks it (`curveOf` sorts when it does not hold). JIT compilation is off: the
 * planned cost passes the JIT threshold, and compiling costs more than it saves here.
 */
export async function findCurveSeries(
  db: Db,
  ids: readonly number[],
  r: HistoryRange,
  limit: number,
): Promise<CurvePoints[]> {
  if (!ids.length) return [];
  const binary = db.kind === 'postgres';
  const columns = ids.map((_, i) => {
    const only = `filter (where v = $${i + 3})`;
    return binary
      ? `string_agg(float8send(date_part('epoch', ts) * 1000) || float8send(y), ''::bytea) ${only} as p${i}`
      : `string_agg(${msOf('ts')}::text || ',' || y::text, ',') ${only} as p${i}`;
  });
  const [row] = await db.tx(async (tx) => {
    await tx.query('set local jit = off');
    return tx.query<Record<string, Uint8Array | string | null>>(
      `select ${columns.join(', ')} from (${curveSelect(ids.length, limit)}) q`,
      [r.start, r.end, ...ids],
    );
  });
  return ids.map((v, i) => {
    return { v, ...fromPacked(row?.[`p${i}`] ?? null) };
  });
}

/** A variable's points packed by the database: big-endian double pairs (PostgreSQL) or "t,y,…" text (PGlite). */
export function fromPacked(packed: Uint8Array | string | null): { ts: Float64Array; ys: Float64Array } {
  if (packed === null) return { ts: new Float64Array(0), ys: new Float64Array(0) };
  return typeof packed === 'string' ? fromText(packed) : fromDoubles(packed);
}

/** Big-endian (time, value) double pairs, as float8send writes them. */
function fromDoubles(bytes: Uint8Array): { ts: Float64Array; ys: Float64Array } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const n = Math.floor(bytes.byteLength / 16);
  const ts = new Float64Array(n);
  const ys = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    ts[i] = Math.round(view.getFloat64(16 * i));
    ys[i] = view.getFloat64(16 * i + 8);
  }
  return { ts, ys };
}

function fromText(text: string): { ts: Float64Array; ys: Float64Array } {
  const parts = text.split(',');
  const n = Math.floor(parts.length / 2);
  const ts = new Float64Array(n);
  const ys = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    ts[i] = +parts[2 * i]!;
    ys[i] = +parts[2 * i + 1]!;
  }
  return { ts, ys };
}

export interface ReportColumn {
  variableId: number;
  name: string;
  unit: string;
  aggregation: string;
}

export function reportColumns(db: Db, reportId: number): Promise<ReportColumn[]> {
  return db.query<ReportColumn>(
    `select ri.variable_id as "variableId", v.name, v.unit, ri.aggregation
       from report_items ri join variables v on v.id = ri.variable_id
      where ri.report_id = $1 order by ri.seq, ri.variable_id, ri.aggregation`,
    [reportId],
  );
}

export async function findReportRecords(
  db: Db,
  reportId: number,
  equipmentId: number,
  r: HistoryRange,
  page: { limit: number; offset: number },
): Promise<{ rows: { ts: number; values: Record<string, Record<string, number | null>> }[]; total: number }> {
  const params = [reportId, equipmentId, r.start, r.end];
  const where = 'report_id = $1 and equipment_id = $2 and ts >= $3 and ts <= $4';
  const [count] = await db.query<{ n: number }>(
    `select count(*)::int as n from report_records where ${where}`,
    params,
  );
  const rows = await db.query<{ ts: number; values: Record<string, Record<string, number | null>> }>(
    `select ${msOf('ts')} as ts, values from report_records where ${where}
      order by ts desc limit ${Math.trunc(page.limit)} offset ${Math.trunc(page.offset)}`,
    params,
  );
  return { rows, total: count?.n ?? 0 };
}
