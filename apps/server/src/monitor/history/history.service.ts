import type { z } from 'zod';
import {
  AppError,
  Err,
  HISTORY_RANGE_DETAIL,
  historyRangeProblem,
  LIMITS,
  type CurveResult,
  type CurveSeries,
  type curveQuerySchema,
  type historyQuerySchema,
  type HistoryValueRow,
  type Page,
  type ReportRecordPage,
  type reportRecordQuerySchema,
} from '@fieldhub/shared';
import { one, type Db } from '../../db/db';
import type { AuthContext } from '../../http/context';
import { visibleDevice } from '../../modules/devices/deviceScope';
import { m4 } from './m4';
import { curveFromRollups } from './rollups';
import {
  countValues,
  findCurveM4,
  findCurveSeries,
  type CurveM4,
  findReportRecords,
  findValues,
  reportColumns,
  type HistoryRange,
} from './history.repo';

/** A history list counts its rows up to this many (10,000 pages of 10). */
export const HISTORY_COUNT_CAP = 100_000;

/** The range of a history call, or 10001 naming the broken rule (docs/requirements/monitoring.md §5.3). */
export function checkedRange(startMs: number, endMs: number): HistoryRange {
  const problem = historyRangeProblem(startMs, endMs);
  if (problem)
    throw new AppError(Err.parameterCheckFailed, {
      params: { detail: HISTORY_RANGE_DETAIL[problem] },
      data: { rule: problem },
    });
  return { start: new Date(startMs), end: new Date(endMs) };
}

export interface HistoryVariable {
  id: number;
  name: string;
  unit: string;
  decimals: number;
}

/**
 * The device's variables named by `ids` (all of them when absent), in the device's order; an id
 * that is not one of the device's variables is 1714.
 */
export async function deviceVariables(
  db: Db,
  equipmentId: number,
  ids?: readonly number[],
): Promise<HistoryVariable[]> {
  const rows = await db.query<HistoryVariable>(
    `select v.id, v.name, v.unit, v.decimals from variables v
      where v.equipment_id = $1 and ($2::int8[] is null or v.id = any($2::int8[]))
      order by case v.pinned when 'top' then 0 when 'bottom' then 2 else 1 end, v.seq desc, v.id`,
    [equipmentId, ids ?? null],
  );
  if (ids && rows.length !== ids.length) throw new AppError(Err.variableNotFound);
  return rows;
}

/** /monitor/multi/history/query: stored values in the range, newest first, paged. */
export async function queryHistory(
  db: Db,
  auth: AuthContext,
  q: z.infer<typeof historyQuerySchema>,
): Promise<Page<HistoryValueRow> & { totalCapped: boolean }> {
  const range = checkedRange(q.startTime, q.endTime);
  await visibleDevice(db, auth, q.equipmentId);
  const variables = await deviceVariables(db, q.equipmentId, q.variableIds);
  return historyPage(db, variables, range, q, (v) => v);
}

/**
 * A page of the stored values of variables already checked to be the caller's, newest first,
 * counted up to HISTORY_COUNT_CAP; `row` adds what the call tells about each value's variable.
 */
export async function historyPage<V extends HistoryVariable, R>(
  db: Db,
  variables: readonly V[],
  range: HistoryRange,
  paging: { pageNum: number; pageSize: number },
  row: (value: HistoryValueRow, variable: V) => R,
): Promise<Page<R> & { totalCapped: boolean }> {
  const byId = new Map(variables.map((v) => [v.id, v]));
  const ids = variables.map((v) => v.id);
  const total = ids.length ? await countValues(db, ids, range, HISTORY_COUNT_CAP) : 0;
  const { pageNum, pageSize } = paging;
  const rows = ids.length
    ? await findValues(db, ids, range, { limit: pageSize, offset: (pageNum - 1) * pageSize })
    : [];
  const list = rows.map((r) => {
    const v = byId.get(r.variableId)!;
    return row(
      {
        variableId: r.variableId,
        name: v.name,
        unit: v.unit,
        ts: r.ts,
        value: r.num ?? r.txt,
        quality: r.quality,
      },
      v,
    );
  });
  return { list, total, totalCapped: total >= HISTORY_COUNT_CAP, pageNum, pageSize };
}

/** /monitor/multi/report/query: records of one of the device's historical reports, newest first. */
export async function queryReportRecords(
  db: Db,
  auth: AuthContext,
  q: z.infer<typeof reportRecordQuerySchema>,
): Promise<ReportRecordPage> {
  const range = checkedRange(q.startTime, q.endTime);
  const columns = await deviceReportColumns(db, auth, q.equipmentId, q.reportId);
  const { rows, total } = await findReportRecords(db, q.reportId, q.equipmentId, range, {
    limit: q.pageSize,
    offset: (q.pageNum - 1) * q.pageSize,
  });
  return { columns, list: rows, total, pageNum: q.pageNum, pageSize: q.pageSize };
}

/**
 * The columns of one of the device's reports (its variables with their aggregation): the device
 * must be the caller's (1101) and the report the device's own (90002).
 */
export async function deviceReportColumns(
  db: Db,
  auth: AuthContext,
  equipmentId: number,
  reportId: number,
): Promise<ReportRecordPage['columns']> {
  await visibleDevice(db, auth, equipmentId);
  const report = await one(db, 'select 1 from reports where id = $1 and equipment_id = $2', [
    reportId,
    equipmentId,
  ]);
  if (!report) throw new AppError(Err.dataMissingOrNoAccess);
  return reportColumns(db, reportId);
}

/**
 * /monitor/multi/curve/query: the latest 200,000 numeric points of up to 10 variables in the
 * range, each variable downsampled with M4 to about `width` pixel columns. When more points lay
 * in the range, the curve starts at the oldest point read (`truncated`); zooming in re-queries
 * a narrower range and so gets finer points.
 */
export async function queryCurve(
  db: Db,
  auth: AuthContext,
  q: z.infer<typeof curveQuerySchema>,
): Promise<CurveResult> {
  const range = checkedRange(q.startTime, q.endTime);
  await visibleDevice(db, auth, q.equipmentId);
  const variables = await deviceVariables(db, q.equipmentId, q.variableIds);
  return curveOf(db, variables, range, q.width);
}

/**
 * Where a curve's M4 runs when the rollups do not serve it, by database, as bench/history.bench.ts
 * measured it on the 2-core machine (gateway-link.md §10.2): M4 in SQL reads the kept points twice
 * (once merged newest first to find where the limit falls, once per variable to aggregate) and
 * measured 1.05–1.53 × a bare COPY of the points on PostgreSQL (1.59–1.74 × on PGlite) against
 * 0.90–1.26 × for reading the points packed and running the kernel here.
 */
export const CURVE_M4_IN: Record<Db['kind'], 'database' | 'server'> = {
  postgres: 'server',
  pglite: 'server',
};

/**
 * The curve of variables already checked to be the caller's (the benchmark calls this too): from
 * the rollups where they serve (rollups.ts: columns of whole rollup buckets), else from the
 * points with the M4 where CURVE_M4_IN says; `m4In` forces one way.
 */
export async function curveOf(
  db: Db,
  variables: readonly HistoryVariable[],
  range: HistoryRange,
  width: number,
  maxPoints: number = LIMITS.historyCurvePoints,
  m4In?: 'rollups' | 'database' | 'server',
): Promise<CurveResult> {
  const ids = variables.map((v) => v.id);
  const rolled =
    m4In === undefined || m4In === 'rollups'
      ? await curveFromRollups(db, ids, range, maxPoints, width)
      : null;
  const raw = m4In === 'rollups' || m4In === undefined ? CURVE_M4_IN[db.kind] : m4In;
  const curve =
    rolled ??
    (raw === 'database'
      ? await findCurveM4(db, ids, range, maxPoints, width)
      : await curveInServer(db, variables, range, width, maxPoints));
  const byId = new Map(curve.series.map((s) => [s.v, s]));
  const series: CurveSeries[] = variables.map((v) => {
    const own = byId.get(v.id);
    return {
      variableId: v.id,
      name: v.name,
      unit: v.unit,
      points: own ? Array.from(own.ts, (t, i): [number, number] => [t, own.ys[i]!]) : [],
    };
  });
  return {
    from: curve.from,
    to: range.end.getTime(),
    truncated: curve.truncated,
    rawPoints: curve.read,
    series,
  };
}

/** The curve's points read packed from the database and downsampled here with the M4 kernel. */
async function curveInServer(
  db: Db,
  variables: readonly HistoryVariable[],
  range: HistoryRange,
  width: number,
  maxPoints: number,
): Promise<CurveM4> {
  // one point more than the limit tells whether the range held more
  const fetched = await findCurveSeries(
    db,
    variables.map((v) => v.id),
    range,
    maxPoints + 1,
  );
  const parsed = new Map<number, { ts: Float64Array; ys: Float64Array }>();
  let read = 0;
  for (const series of fetched) {
    parsed.set(series.v, pointsInTimeOrder(series.ts, series.ys));
    read += series.ts.length;
  }
  const truncated = read > maxPoints;
  let from = range.start.getTime();
  if (truncated) {
    // the extra point lies at the oldest time read: every point of that time is left out (the
    // limit keeps no instant in part, as findCurveM4); the curve starts at the oldest point kept
    let cut = Infinity;
    for (const s of parsed.values()) if (s.ts.length) cut = Math.min(cut, s.ts[0]!);
    from = Infinity;
    for (const [v, s] of parsed) {
      let first = 0;
      while (first < s.ts.length && s.ts[first] === cut) first++;
      read -= first;
      parsed.set(v, { ts: s.ts.subarray(first), ys: s.ys.subarray(first) });
      if (first < s.ts.length) from = Math.min(from, s.ts[first]!);
    }
    if (from === Infinity) from = cut;
  }
  const to = range.end.getTime();
  const series = variables.map((v) => {
    const own = parsed.get(v.id);
    const points = own ? m4(own.ts, own.ys, from, to, width) : [];
    return {
      v: v.id,
      ts: Float64Array.from(points, (p) => p[0]),
      ys: Float64Array.from(points, (p) => p[1]),
    };
  });
  return { read, truncated, from, series };
}
/**
 * The points in ascending time: reversed when newest first (as the database normally gives
 * them), sorted when in any other order.
 */
export function pointsInTimeOrder(
  ts: Float64Array,
  ys: Float64Array,
): { ts: Float64Array; ys: Float64Array } {
  let descending = true;
  for (let i = 1; i < ts.length && descending; i++) if (ts[i]! > ts[i - 1]!) descending = false;
  if (descending) return { ts: ts.reverse(), ys: ys.reverse() };
  const order = Array.from(ts.keys()).sort((a, b) => ts[a]! - ts[b]!);
  return { ts: Float64Array.from(order, (i) => ts[i]!), ys: Float64Array.from(order, (i) => ys[i]!) };
}
