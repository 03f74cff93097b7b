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

/** One variable's points of a curve: `n` pairs in `points`, "t,y,t,y,…" newest first. */
export interface CurveSeriesText {
  v: number;
  n: number;
  points: string;
}

/**
 * The points of `curveSelect`, one text per variable (one aggregate per variable, so no sort of
 * the whole set). Crossing from the database as 10 texts instead of 200,000 rows saves the
 * driver's per-row work: about half the time on PostgreSQL's wire protocol, four fifths on
 * PGlite's. JIT compilation is off for it: its planned cost passes the JIT threshold, and
 * compiling costs more than it saves on a few hundred thousand rows.
 */
export async function findCurveSeries(
  db: Db,
  ids: readonly number[],
  r: HistoryRange,
  limit: number,
): Promise<CurveSeriesText[]> {
  if (!ids.length) return [];
  const columns = ids.map(
    (_, i) =>
      `count(*) filter (where v = $${i + 3})::int as n${i},
       string_agg(${msOf('ts')}::text || ',' || y::text, ',' order by ts desc) filter (where v = $${i + 3}) as p${i}`,
  );
  const [row] = await db.tx(async (tx) => {
    await tx.query('set local jit = off');
    return tx.query<Record<string, number | string | null>>(
      `select ${columns.join(', ')} from (${curveSelect(ids.length, limit)}) q`,
      [r.start, r.end, ...ids],
    );
  });
  return ids.map((v, i) => ({ v, n: Number(row?.[`n${i}`] ?? 0), points: String(row?.[`p${i}`] ?? '') }));
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
