/**
 * Curve rollups (docs/requirements/gateway-link.md §10.4): the M4 of every numeric variable's
 * values per bucket of 1, 5, 15 and 60 minutes, kept by one instance at a time (a leased job), so
 * that a curve over many points reads one row per pixel column instead of its points.
 *
 * What is rolled up: every minute of [lo, hi). `hi` follows the clock ROLLUP_SEAL_MS behind, so
 * values arriving live never land below it. Values stored below it later (a gateway's backfill, a
 * redelivery, a summary recomputed) are marked in the commit that stores them (values older than
 * ROLLUP_MARK_AGE_MS when stored: `rollupMarksOf`); each run builds the hours they touch again.
 * `lo` starts at the first run and goes back run by run to the oldest month partition (an hour to
 * a week a run, as long as it takes about BACKFILL_BUDGET_MS).
 * A curve uses the rollups only over covered time without marks, in one snapshot
 * (`curveFromRollups`), and otherwise reads the points.
 */
import type { Db } from '../../db/db';
import type { Clock } from '../../clock';
import { startLeasedJob, type LeasedJob } from '../../messages/schedulerLease';
import { monthPartitions } from '../../link/historyRetention.repo';
import {
  HOUR,
  MINUTE,
  ROLLUP_STEPS,
  anyMark,
  countPoints,
  deleteMarks,
  newestAt,
  oldestIn,
  oldestMarks,
  rollUpAgain,
  rollUpWindow,
  rollupCounts,
  rollupCurveSql,
  rollupState,
  saveRollupState,
  type RollupMark,
  type Span,
} from './rollups.repo';
import type { CurveM4, CurvePoints, HistoryRange } from './history.repo';
import { fromPacked } from './history.repo';

/** How far behind the clock the rolled-up time stays. */
export const ROLLUP_SEAL_MS = 20 * 60_000;
/**
 * Values older than this when stored are marked. Less than the seal by a store's longest
 * transaction; above the lag of a loaded fleet (docs/scale-out.md), so live values make no marks.
 */
export const ROLLUP_MARK_AGE_MS = 10 * 60_000;
/** Marks handled by one run at most (the rest by the next). */
export const ROLLUP_MARKS_PER_RUN = 5_000;
const DAY = 86_400_000;
/** A run goes back this far at most, and at least an hour (the job adapts it to the data's density). */
export const ROLLUP_BACKFILL_MAX_MS = 7 * DAY;
/** A run's look into the past should take about this long. */
const BACKFILL_BUDGET_MS = 5_000;

const floorTo = (t: number, step: number) => Math.floor(t / step) * step;
const ceilTo = (t: number, step: number) => Math.ceil(t / step) * step;

/**
 * The marks for values being stored at `now`: per variable, the range of its numeric values
 * older than ROLLUP_MARK_AGE_MS (values arriving live make none).
 */
export function rollupMarksOf(
  rows: Iterable<{ variableId: number; ts: number; value: unknown }>,
  now: number,
): RollupMark[] {
  const before = now - ROLLUP_MARK_AGE_MS;
  const ranges = new Map<number, RollupMark>();
  for (const r of rows) {
    if (r.ts >= before || typeof r.value !== 'number') continue;
    const m = ranges.get(r.variableId);
    if (!m) ranges.set(r.variableId, { variableId: r.variableId, from: r.ts, to: r.ts + 1 });
    else {
      if (r.ts < m.from) m.from = r.ts;
      if (r.ts + 1 > m.to) m.to = r.ts + 1;
    }
  }
  return [...ranges.values()];
}

/** Each variable's marks widened to whole hours, clipped to [lo, hi), overlapping ones merged. */
export function rangesToRollAgain(marks: readonly RollupMark[], lo: number, hi: number): RollupMark[] {
  const byVariable = new Map<number, [number, number][]>();
  for (const m of marks) {
    const a = Math.max(lo, floorTo(m.from, HOUR));
    const b = Math.min(hi, ceilTo(m.to, HOUR));
    if (b <= a) continue;
    let list = byVariable.get(m.variableId);
    if (!list) byVariable.set(m.variableId, (list = []));
    list.push([a, b]);
  }
  const out: RollupMark[] = [];
  for (const [variableId, list] of byVariable) {
    list.sort((x, y) => x[0] - y[0]);
    let [a, b] = list[0]!;
    for (const [c, d] of list.slice(1)) {
      if (c <= b) b = Math.max(b, d);
      else {
        out.push({ variableId, from: a, to: b });
        [a, b] = [c, d];
      }
    }
    out.push({ variableId, from: a, to: b });
  }
  return out;
}

/** What a run did. */
export interface RollupRun {
  lo: number;
  hi: number;
  /** marks handled */
  marks: number;
  /** how long its look into the past took, ms (0: none) */
  backfillMs: number;
}

/**
 * One run at `now`: the minutes up to the seal rolled up and the marks handled in one snapshot
 * (so a value committed meanwhile is either in it or marked for the next run), then `backfill` ms
 * more of the past (whole hours), towards the oldest month partition.
 */
export async function runRollups(db: Db, now: number, backfill = DAY): Promise<RollupRun> {
  const target = floorTo(now - ROLLUP_SEAL_MS, MINUTE);
  const { lo, hi, marks } = await db.tx(async (tx) => {
    await tx.query('set transaction isolation level repeatable read');
    // each minute's values are sorted in memory, not on disk
    await tx.query("set local work_mem = '64MB'");
    const state = await rollupState(tx);
    if (!state) {
      // the first run only sets out the covered time, empty: writers mark late values from its
      // commit on, so no value committed during a run that rolls up escapes both
      const start = floorTo(target, HOUR);
      await saveRollupState(tx, start, start);
      return { lo: start, hi: start, marks: 0 };
    }
    const hi = Math.max(state.hi, target);
    await rollUpWindow(tx, state.hi, hi, state.lo);
    const marks = await oldestMarks(tx, ROLLUP_MARKS_PER_RUN);
    await rollUpAgain(tx, rangesToRollAgain(marks, state.lo, hi));
    await deleteMarks(
      tx,
      marks.map((m) => m.id),
    );
    await saveRollupState(tx, state.lo, hi);
    return { lo: state.lo, hi, marks: marks.length };
  });
  const [oldest] = await monthPartitions(db, 'signal_values');
  if (!oldest || oldest.from >= lo) return { lo, hi, marks, backfillMs: 0 };
  const from = Math.max(oldest.from, lo - Math.max(HOUR, floorTo(backfill, HOUR)));
  const began = performance.now();
  await db.tx(async (tx) => {
    await tx.query('set transaction isolation level repeatable read');
    await tx.query("set local work_mem = '64MB'");
    await rollUpWindow(tx, from, lo, from);
    await saveRollupState(tx, from, hi);
  });
  return { lo: from, hi, marks, backfillMs: Math.max(1, performance.now() - began) };
}

/** The next run's look into the past: doubled while quick, halved while slow, an hour to a week. */
export function nextBackfill(backfill: number, tookMs: number): number {
  if (tookMs === 0) return backfill;
  if (tookMs > BACKFILL_BUDGET_MS) return Math.max(HOUR, floorTo(backfill / 2, HOUR));
  if (tookMs < BACKFILL_BUDGET_MS / 4) return Math.min(ROLLUP_BACKFILL_MAX_MS, backfill * 2);
  return backfill;
}

/** Runs the rollups every `intervalMs` on the one instance holding its lease. */
export function startRollupJob(
  db: Db,
  clock: Clock,
  intervalMs: number,
  log: { warn(obj: object, msg: string): void },
): LeasedJob<RollupRun> {
  let backfill: number = HOUR;
  return startLeasedJob({
    db,
    clock,
    name: 'curve-rollups',
    intervalMs,
    log,
    what: 'curve rollups',
    // the wall clock, as the writers' marks use: a virtual clock would roll up the future
    run: async () => {
      const run = await runRollups(db, Date.now(), backfill);
      backfill = nextBackfill(backfill, run.backfillMs);
      return run;
    },
  });
}

/** A region of time whose values are counted by one means, newest first. */
interface Region extends Span {
  /** counted from rollups of this step; absent: from the values */
  step?: number;
  n: number;
}

/**
 * The column width of a curve over `span` ms in `width` pixels, and the rollup step it reads:
 * the largest step of which a whole number of buckets makes a column at most twice the pixel
 * column (so the curve has between half and all of `width` columns); null when none does.
 */
export function rollupGrid(span: number, width: number): { step: number; column: number } | null {
  const pixel = span / Math.max(1, Math.floor(width));
  for (let i = ROLLUP_STEPS.length - 1; i >= 0; i--) {
    const step = ROLLUP_STEPS[i]!;
    const column = Math.max(1, Math.ceil(pixel / step)) * step;
    if (column <= 2 * pixel) return { step, column };
  }
  return null;
}

/**
 * The curve (the latest `limit` points of the variables in the range, M4 per column) from the
 * rollups, with columns of a whole number of rollup buckets aligned to the Unix epoch
 * (`rollupGrid`); null when the rollups cannot give it: time not covered or marked, columns
 * under half a minute, or no whole column inside the rolled-up time. Counting, cutting and
 * reading happen in one snapshot.
 */
export async function curveFromRollups(
  db: Db,
  ids: readonly number[],
  range: HistoryRange,
  limit: number,
  width: number,
): Promise<CurveM4 | null> {
  if (!ids.length) return null;
  const start = range.start.getTime();
  const end = range.end.getTime();
  return db.tx(async (tx) => {
    await tx.query('set transaction isolation level repeatable read');
    const state = await rollupState(tx);
    if (!state || state.lo > start || (await anyMark(tx, ids, start, end))) return null;
    const a = ceilTo(start, MINUTE);
    const b = floorTo(Math.min(state.hi, end + 1), MINUTE);
    if (b <= a) return null;
    const cut = await cutOf(tx, ids, start, end, a, b, limit);
    const from = cut.truncated ? cut.from : start;
    // the limit fell on the newest time: every value of it is left out, none kept
    if (cut.read === 0)
      return {
        read: 0,
        truncated: cut.truncated,
        from,
        series: ids.map((v) => ({ v, ...fromPacked(null) })),
      };
    const grid = rollupGrid(end - from, width);
    if (!grid) return null;
    const r0 = ceilTo(from, grid.column);
    const r1 = floorTo(Math.min(floorTo(state.hi, grid.step), end + 1), grid.column);
    if (r1 <= r0) return null;
    await tx.query('set local jit = off');
    const [row] = await tx.query<Record<string, Uint8Array | string | null>>(
      rollupCurveSql(tx.kind, ids.length, grid.step, grid.column),
      [from, end, r0, r1, ...ids],
    );
    const series: CurvePoints[] = ids.map((v, i) => ({ v, ...fromPacked(row?.[`p${i}`] ?? null) }));
    return { read: cut.read, truncated: cut.truncated, from, series };
  });
}

/**
 * Where the limit falls: the counts of the rolled-up minutes (hours where whole) and of the
 * values outside them, walked newest first; inside the hour it falls in, its minutes; inside
 * that minute (or time not rolled up), the values themselves.
 */
async function cutOf(
  db: Db,
  ids: readonly number[],
  start: number,
  end: number,
  a: number,
  b: number,
  limit: number,
): Promise<{ truncated: boolean; read: number; from: number }> {
  const ah = ceilTo(a, HOUR);
  const bh = floorTo(b, HOUR);
  const rolled = async (step: number, from: number, to: number): Promise<Region[]> =>
    (await rollupCounts(db, ids, step, from, to)).map((c) => ({
      from: c.bucket,
      to: c.bucket + step,
      step,
      n: c.n,
    }));
  const regions: Region[] = [
    { from: b, to: end, toClosed: true, n: await countPoints(db, ids, { from: b, to: end, toClosed: true }) },
  ];
  if (bh > ah) {
    regions.push(
      ...(await rolled(MINUTE, bh, b)),
      ...(await rolled(HOUR, ah, bh)),
      ...(await rolled(MINUTE, a, ah)),
    );
  } else regions.push(...(await rolled(MINUTE, a, b)));
  regions.push({ from: start, to: a, n: await countPoints(db, ids, { from: start, to: a }) });

  let newer = 0;
  let i = 0;
  while (i < regions.length && newer + regions[i]!.n <= limit) newer += regions[i++]!.n;
  if (i === regions.length) return { truncated: false, read: newer, from: start };
  let region = regions[i]!;
  if (region.step === HOUR) {
    const minutes = await rolled(MINUTE, region.from, region.to);
    let j = 0;
    while (newer + minutes[j]!.n <= limit) newer += minutes[j++]!.n;
    region = minutes[j]!;
  }
  const span: Span = { from: region.from, to: region.to, toClosed: region.toClosed };
  const cut = (await newestAt(db, ids, span, limit - newer))!;
  // every value at the time the limit falls on is left out
  const after: Span = { from: cut, to: region.to, fromOpen: true, toClosed: region.toClosed };
  const read = newer + (await countPoints(db, ids, after));
  const from = (await oldestIn(db, ids, { from: cut, to: end, fromOpen: true, toClosed: true })) ?? cut;
  return { truncated: true, read, from };
}
