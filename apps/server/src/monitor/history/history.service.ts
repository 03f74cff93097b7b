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
import {
  countValues,
  findCurvePoints,
  findReportRecords,
  findValues,
  reportColumns,
  type HistoryRange,
} from './history.repo';

/** A history list counts its rows up to this many (10,000 pages of 10). */
export const HISTORY_COUNT_CAP = 100_000;

/** The range of a history call, or 10001 naming the broken rule (seed 000 §5). */
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
  const byId = new Map(variables.map((v) => [v.id, v]));
  const ids = variables.map((v) => v.id);
  const total = ids.length ? await countValues(db, ids, range, HISTORY_COUNT_CAP) : 0;
  const rows = ids.length
    ? await findValues(db, ids, range, { limit: q.pageSize, offset: (q.pageNum - 1) * q.pageSize })
    : [];
  const list = rows.map((r) => {
    const v = byId.get(r.variableId)!;
    return {
      variableId: r.variableId,
      name: v.name,
      unit: v.unit,
      ts: r.ts,
      value: r.num ?? r.txt,
      quality: r.quality,
    };
  });
  return { list, total, totalCapped: total >= HISTORY_COUNT_CAP, pageNum: q.pageNum, pageSize: q.pageSize };
}

/** /monitor/multi/report/query: records of one of the device's historical reports, newest first. */
export async function queryReportRecords(
  db: Db,
  auth: AuthContext,
  q: z.infer<typeof reportRecordQuerySchema>,
): Promise<ReportRecordPage> {
  const range = checkedRange(q.startTime, q.endTime);
  await visibleDevice(db, auth, q.equipmentId);
  const report = await one(db, 'select 1 from reports where id = $1 and equipment_id = $2', [
    q.reportId,
    q.equipmentId,
  ]);
  if (!report) throw new AppError(Err.dataMissingOrNoAccess);
  const columns = await reportColumns(db, q.reportId);
  const { rows, total } = await findReportRecords(db, q.reportId, q.equipmentId, range, {
    limit: q.pageSize,
    offset: (q.pageNum - 1) * q.pageSize,
  });
  return { columns, list: rows, total, pageNum: q.pageNum, pageSize: q.pageSize };
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

/** The curve of variables already checked to be the caller's (the benchmark calls this too). */
export async function curveOf(
  db: Db,
  variables: readonly HistoryVariable[],
  range: HistoryRange,
  width: number,
  maxPoints: number = LIMITS.historyCurvePoints,
): Promise<CurveResult> {
  // one row more than the limit tells whether the range held more
  const rows = await findCurvePoints(
    db,
    variables.map((v) => v.id),
    range,
    maxPoints + 1,
  );
  const truncated = rows.length > maxPoints;
  if (truncated) rows.length = maxPoints;
  const from = truncated ? rows[rows.length - 1]!.t : range.start.getTime();
  const to = range.end.getTime();

  // rows are newest first: fill each variable's arrays from the back to get ascending times
  const counts = new Map<number, number>(variables.map((v) => [v.id, 0]));
  for (const r of rows) counts.set(r.v, (counts.get(r.v) ?? 0) + 1);
  const ts = new Map<number, Float64Array>();
  const ys = new Map<number, Float64Array>();
  const fill = new Map<number, number>();
  for (const [id, n] of counts) {
    ts.set(id, new Float64Array(n));
    ys.set(id, new Float64Array(n));
    fill.set(id, n);
  }
  for (const r of rows) {
    const i = fill.get(r.v)! - 1;
    fill.set(r.v, i);
    ts.get(r.v)![i] = r.t;
    ys.get(r.v)![i] = r.y;
  }
  const series: CurveSeries[] = variables.map((v) => ({
    variableId: v.id,
    name: v.name,
    unit: v.unit,
    points: m4(ts.get(v.id)!, ys.get(v.id)!, from, to, width),
  }));
  return { from, to, truncated, rawPoints: rows.length, series };
}
