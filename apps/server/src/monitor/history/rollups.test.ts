/**
 * Curve rollups (docs/requirements/gateway-link.md §10.4; issue 22 item 2): a curve read from the
 * rollups equals the M4 kernel over every stored point on the same epoch-aligned columns, on
 * random series (truncated or not, ties of values, variables sharing times), after the rollup job
 * went over them; values stored late mark their time, the curve then reads the points until the
 * next run builds those hours again; retention takes the rollups with the values. On PGlite and,
 * in the services pass, PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../../../test/harness';
import { writeValues } from '../../link/valueWriter';
import { m4Aligned } from './m4';
import { expectCurve, expectedCurve } from '../../../test/curveOracle';
import { curveOf } from './history.service';
import { until } from '@fieldhub/testkit';
import { curveFromRollups, nextBackfill, rollupGrid, runRollups, ROLLUP_SEAL_MS } from './rollups';
import { deleteRollupsBefore, rollupState, rollupStepFor, ROLLUP_STEPS } from './rollups.repo';
import { findBuckets } from '../../modules/datacenter/dataCenter.repo';
import { DATA_CENTER_INTERVALS, seededRandom as random } from '@fieldhub/shared';

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform();
});
afterAll(async () => {
  await p.stop();
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let nextVariable = 8_000_000;
/** Each round's values lie after the last round's, so the job's runs go forward with them. */
let nextStart = Date.UTC(2025, 5, 3, 7, 13, 11, 417);

/** Runs the job at `now` until it has gone back to the oldest partition. */
async function rollUpTo(now: number) {
  let lo = Infinity;
  for (;;) {
    const run = await runRollups(p.ctx.db, now);
    if (run.lo === lo && run.marks === 0) return run;
    lo = run.lo;
  }
}

/** The kernel's curve of the series on the columns the rollups give for its span (none: no points). */
function expected(
  series: Map<number, [number, number][]>,
  start: number,
  end: number,
  limit: number,
  width: number,
) {
  let grid: ReturnType<typeof rollupGrid> = null;
  const curve = expectedCurve(series, start, limit, (ts, ys, from) => {
    grid = rollupGrid(end - from, width);
    return grid ? m4Aligned(ts, ys, grid.column) : [];
  });
  return { ...curve, grid: grid ?? rollupGrid(end - curve.from, width) };
}

/** Random values of a few variables over a span of up to three days, stored; with `shared`, variables share times. */
async function randomSeries(rnd: () => number, shared: boolean) {
  const variables = (shared ? 2 : 1) + Math.floor(rnd() * 4);
  const span = HOUR + Math.floor(rnd() * 3 * DAY);
  const start = nextStart;
  const end = start + span;
  nextStart = end + DAY + Math.floor(rnd() * HOUR);
  const times = new Set<number>();
  const count = Math.floor(rnd() * 2500);
  while (times.size < count) times.add(start + Math.floor(rnd() * (span + 1)));
  const ties = rnd() < 0.5;
  const series = new Map<number, [number, number][]>();
  const ids = Array.from({ length: variables }, () => nextVariable++);
  for (const v of ids) series.set(v, []);
  const value = () => (ties ? Math.floor(rnd() * 4) : (rnd() - 0.5) * 1e6);
  for (const t of [...times].sort((a, b) => a - b)) {
    if (shared) {
      for (const v of ids) if (rnd() < 0.6) series.get(v)!.push([t, value()]);
    } else series.get(ids[Math.floor(rnd() * variables)]!)!.push([t, value()]);
  }
  await store(series);
  return { ids, series, start, end };
}

async function store(series: Map<number, [number, number][]>) {
  for (const [v, pts] of series)
    await writeValues(
      p.ctx.db,
      1,
      pts.map(([ts, value]) => ({ variableId: v, ts, value, quality: 0 })),
    );
}

async function check(
  context: string,
  ids: number[],
  series: Map<number, [number, number][]>,
  start: number,
  end: number,
  limit: number,
  width: number,
): Promise<boolean> {
  const range = { start: new Date(start), end: new Date(end) };
  const got = await curveFromRollups(p.ctx.db, ids, range, limit, width);
  const want = expected(series, start, end, limit, width);
  if (!got) return false;
  expect(want.grid, context).not.toBeNull();
  expectCurve(got, want, context);
  // the curve call takes this way by itself
  const variablesOf = ids.map((id) => ({ id, name: String(id), unit: '', decimals: 2 }));
  const call = await curveOf(p.ctx.db, variablesOf, range, width, limit);
  expect(
    call.series.map((s) => s.points),
    context,
  ).toEqual(got.series.map((s) => Array.from(s.ts, (t, i) => [t, s.ys[i]])));
  return true;
}

describe('curve rollups', () => {
  it('picks the largest step whose whole buckets make a column of one to two pixels', () => {
    expect(rollupGrid(7 * DAY, 1000)).toEqual({ step: 900_000, column: 900_000 });
    expect(rollupGrid(2.8 * DAY, 1000)).toEqual({ step: 300_000, column: 300_000 });
    expect(rollupGrid(1000 * 70_000, 1000)).toEqual({ step: 60_000, column: 120_000 });
    expect(rollupGrid(30 * DAY, 100)).toEqual({ step: HOUR, column: 8 * HOUR });
    expect(rollupGrid(HOUR, 1000)).toBeNull();
    for (const [span, width] of [
      [5 * DAY, 733],
      [19 * HOUR, 1920],
      [29 * DAY, 61],
    ] as const) {
      const g = rollupGrid(span, width)!;
      expect(g.column % g.step).toBe(0);
      expect(ROLLUP_STEPS).toContain(g.step);
      expect(g.column).toBeGreaterThanOrEqual(span / width);
      expect(g.column).toBeLessThanOrEqual((2 * span) / width);
    }
  });

  it('looks back an hour to a week a run, more while runs are quick and less while slow', () => {
    expect(nextBackfill(HOUR, 100)).toBe(2 * HOUR);
    expect(nextBackfill(4 * DAY, 100)).toBe(7 * DAY);
    expect(nextBackfill(DAY, 3000)).toBe(DAY);
    expect(nextBackfill(DAY, 9000)).toBe(12 * HOUR);
    expect(nextBackfill(HOUR, 9000)).toBe(HOUR);
    expect(nextBackfill(DAY, 0)).toBe(DAY);
  });

  it('is run by the platform every ROLLUP_INTERVAL_MS', async () => {
    const other = await startTestPlatform({ ROLLUP_INTERVAL_MS: '100' });
    try {
      const state = await until('the first run', async () => (await rollupState(other.ctx.db)) ?? undefined);
      expect(state.hi - state.lo).toBeGreaterThanOrEqual(0);
      expect(Date.now() - state.hi).toBeGreaterThanOrEqual(ROLLUP_SEAL_MS);
    } finally {
      await other.stop();
    }
  });

  it('equals the M4 kernel on the same columns over random series, truncated or not', async () => {
    let used = 0;
    let rounds = 0;
    for (let seed = 1; seed <= 24; seed++) {
      const rnd = random(seed);
      const shared = seed > 16;
      const { ids, series, start, end } = await randomSeries(rnd, shared);
      await rollUpTo(end + ROLLUP_SEAL_MS + 2 * HOUR);
      const total = [...series.values()].reduce((n, pts) => n + pts.length, 0);
      for (let k = 0; k < 3; k++) {
        const limit = rnd() < 0.6 ? Math.max(1, Math.floor(total * rnd())) : 200_000;
        const width = 2 + Math.floor(rnd() * 400);
        rounds++;
        if (
          await check(
            `seed ${seed}.${k}${shared ? ', shared times' : ''}`,
            ids,
            series,
            start,
            end,
            limit,
            width,
          )
        )
          used++;
      }
    }
    // most rounds' columns are a minute or more: those read the rollups
    expect(used).toBeGreaterThan(rounds / 2);
    // about 4 s on an idle machine, 13 s at load 6
  }, 60_000);

  it('reads the points while late values are marked, and the rollups again once the job built their hours', async () => {
    const rnd = random(99);
    const { ids, series, start, end } = await randomSeries(rnd, true);
    await rollUpTo(end + ROLLUP_SEAL_MS + 2 * HOUR);
    const range = { start: new Date(start), end: new Date(end) };
    expect(await curveFromRollups(p.ctx.db, ids, range, 200_000, 100)).not.toBeNull();
    // a gateway's backfill: new values inside the rolled-up time, a new lowest and highest among them
    const late = new Map<number, [number, number][]>();
    for (const v of ids) {
      const t = start + Math.floor((end - start) / 2) + (v % 7);
      late.set(v, [
        [t, -5e6],
        [t + 60_001, 5e6],
      ]);
      series.get(v)!.push(...late.get(v)!);
    }
    await store(late);
    expect(await curveFromRollups(p.ctx.db, ids, range, 200_000, 100)).toBeNull();
    await rollUpTo(end + ROLLUP_SEAL_MS + 2 * HOUR);
    expect(await check('after the backfill', ids, series, start, end, 200_000, 100)).toBe(true);
  });

  it("gives the data center's buckets as the values do, from the rollups of the buckets' whole parts", async () => {
    for (let seed = 200; seed < 206; seed++) {
      const rnd = random(seed);
      const { ids, series, start, end } = await randomSeries(rnd, seed % 2 === 0);
      await rollUpTo(end + ROLLUP_SEAL_MS + 2 * HOUR);
      const intervalMs = DATA_CENTER_INTERVALS[Math.floor(rnd() * DATA_CENTER_INTERVALS.length)]! * 1000;
      const offsetMs = [0, 480, -300, 345][seed % 4]! * 60_000;
      const from = start + Math.floor(rnd() * (end - start) * 0.3);
      const to = end - Math.floor(rnd() * (end - start) * 0.3);
      const context = `seed ${seed}, ${intervalMs / 60_000} min buckets offset ${offsetMs / 60_000} min`;
      const want = new Map<
        string,
        { avg: number; min: number; max: number; first: number; last: number; count: number }
      >();
      for (const [v, pts] of series)
        for (const [t, y] of pts) {
          if (t < from || t > to) continue;
          const b = Math.floor((t + offsetMs) / intervalMs) * intervalMs - offsetMs;
          const w = want.get(`${v}@${b}`);
          if (!w) want.set(`${v}@${b}`, { avg: y, min: y, max: y, first: y, last: y, count: 1 });
          else {
            w.avg += y;
            w.min = Math.min(w.min, y);
            w.max = Math.max(w.max, y);
            w.last = y;
            w.count++;
          }
        }
      for (const w of want.values()) w.avg /= w.count;
      const read = async () => {
        const rows = await findBuckets(
          p.ctx.db,
          ids,
          { start: new Date(from), end: new Date(to) },
          { intervalMs, offsetMs },
          { limit: 100_000, offset: 0, order: 'asc' },
        );
        return new Map(rows.map((r) => [`${r.variableId}@${r.ts}`, r]));
      };
      const got = await read();
      expect([...got.keys()].sort(), context).toEqual([...want.keys()].sort());
      for (const [key, w] of want) {
        const g = got.get(key)!;
        expect({ ...g, avg: 0 }, `${context}, ${key}`).toMatchObject({ ...w, avg: 0 });
        expect(g.avg, `${context}, ${key}`).toBeCloseTo(w.avg, 6);
      }
      // the buckets' whole parts came from the rollups: with the values under them gone, nothing changes
      const step = rollupStepFor(intervalMs, offsetMs)!;
      await p.ctx.db.query(
        `delete from signal_values where variable_id = any($1::int8[]) and ts >= $2 and ts < $3`,
        [ids, new Date(Math.ceil(from / step) * step), new Date(Math.floor(to / step) * step)],
      );
      const after = await read();
      for (const [key, g] of got) expect(after.get(key), `${context}, ${key} without its values`).toEqual(g);
    }
  });

  it('leaves time after the seal to the points and takes the rollups away with retention', async () => {
    const rnd = random(123);
    const { ids, series, start, end } = await randomSeries(rnd, false);
    // the job ran while the last hours were not sealed yet: the curve reads them from the points
    await rollUpTo(end + ROLLUP_SEAL_MS - 3 * HOUR);
    expect(await check('partly rolled up', ids, series, start, end, 200_000, 50)).toBe(true);
    await deleteRollupsBefore(p.ctx.db, end + DAY);
    const left = await p.ctx.db.query('select 1 from signal_rollups where variable_id = any($1::int8[])', [
      ids,
    ]);
    expect(left).toHaveLength(0);
  });
});
