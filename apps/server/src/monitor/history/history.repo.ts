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

/** One variable's points of a curve, in the order the database gave them (normally newest first). */
export interface CurvePoints {
  v: number;
  ts: Float64Array;
  ys: Float64Array;
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
    const packed = row?.[`p${i}`] ?? null;
    if (packed === null) return { v, ts: new Float64Array(0), ys: new Float64Array(0) };
    return { v, ...(typeof packed === 'string' ? fromText(packed) : fromDoubles(packed)) };
  });
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
