/**
 * The curve's M4 computed in the database equals the M4 kernel (m4.ts) on random series
 * (docs/requirements/monitoring.md §5.4; issue 22 item 2): the same points, truncated or not, with
 * ties of values, one-point buckets, variables sharing times (the limit falling on one of them) and
 * a zero-length range; on PGlite and, in the services pass, PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../../../test/harness';
import { writeValues } from '../../link/valueWriter';
import { findCurveM4 } from './history.repo';
import { m4 } from './m4';
import { expectCurve, expectedCurve } from '../../../test/curveOracle';
import { curveOf } from './history.service';
import { seededRandom as random } from '@fieldhub/shared';

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform();
});
afterAll(async () => {
  await p.stop();
});

const T0 = Date.UTC(2025, 2, 3);
let nextVariable = 7_000_000;

/** What the kernel gives for the curve of the series. */
function expected(
  series: Map<number, [number, number][]>,
  start: number,
  end: number,
  limit: number,
  width: number,
) {
  return expectedCurve(series, start, limit, (ts, ys, from) => m4(ts, ys, from, end, width));
}

describe('M4 in the database', () => {
  /** Random series on `seed`; with `shared`, several variables have points at the same times. */
  async function checkSeed(seed: number, shared: boolean) {
    const rnd = random(seed);
    const variables = (shared ? 2 : 1) + Math.floor(rnd() * 4);
    const span = 1 + Math.floor(rnd() * 100_000);
    const start = T0 + Math.floor(rnd() * 1000);
    const end = start + span;
    const times = new Set<number>();
    const count = Math.floor(rnd() * 600);
    while (times.size < Math.min(count, span + 1)) times.add(start + Math.floor(rnd() * (span + 1)));
    const ties = rnd() < 0.5; // values from a few levels: many equal minima and maxima
    const series = new Map<number, [number, number][]>();
    const ids = Array.from({ length: variables }, () => nextVariable++);
    for (const v of ids) series.set(v, []);
    const value = () => (ties ? Math.floor(rnd() * 4) : (rnd() - 0.5) * 1e6);
    for (const t of times) {
      if (shared) {
        for (const v of ids) if (rnd() < 0.6) series.get(v)!.push([t, value()]);
      } else series.get(ids[Math.floor(rnd() * variables)]!)!.push([t, value()]);
    }
    for (const [v, pts] of series)
      await writeValues(
        p.ctx.db,
        1,
        pts.map(([ts, value]) => ({ variableId: v, ts, value, quality: 0 })),
      );
    const total = [...series.values()].reduce((n, pts) => n + pts.length, 0);
    const limit = rnd() < 0.5 ? Math.max(1, Math.floor(total * rnd())) : 200_000;
    const width = 1 + Math.floor(rnd() * 60);
    const want = expected(series, start, end, limit, width);
    const got = await findCurveM4(
      p.ctx.db,
      ids,
      { start: new Date(start), end: new Date(end) },
      limit,
      width,
    );
    const context = `seed ${seed}${shared ? ', shared times' : ''}`;
    // the curve is the same whichever place runs M4
    const variablesOf = ids.map((id) => ({ id, name: String(id), unit: '', decimals: 2 }));
    const range = { start: new Date(start), end: new Date(end) };
    expect(await curveOf(p.ctx.db, variablesOf, range, width, limit, 'database'), context).toEqual(
      await curveOf(p.ctx.db, variablesOf, range, width, limit, 'server'),
    );
    expectCurve(got, want, context);
  }

  it('equals the M4 kernel on random series, truncated or not', async () => {
    for (let seed = 1; seed <= 40; seed++) await checkSeed(seed, false);
  });

  it('leaves out every point of the time the limit falls on when variables share times', async () => {
    for (let seed = 41; seed <= 60; seed++) await checkSeed(seed, true);
  });

  it('gives the one point of a zero-length range and nothing for an empty one', async () => {
    const v = nextVariable++;
    await writeValues(p.ctx.db, 1, [{ variableId: v, ts: T0, value: 4.25, quality: 0 }]);
    const at = { start: new Date(T0), end: new Date(T0) };
    const one = await findCurveM4(p.ctx.db, [v], at, 10, 5);
    expect(Array.from(one.series[0]!.ts)).toEqual([T0]);
    expect(Array.from(one.series[0]!.ys)).toEqual([4.25]);
    const none = await findCurveM4(p.ctx.db, [v], { start: new Date(T0 + 1), end: new Date(T0 + 9) }, 10, 5);
    expect(none).toMatchObject({ read: 0, truncated: false, from: T0 + 1 });
    expect(none.series[0]!.ts).toHaveLength(0);
  });
});
