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
import { curveOf } from './history.service';

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform();
});
afterAll(async () => {
  await p.stop();
});

/** A small seeded generator (mulberry32): a failing round names its seed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const T0 = Date.UTC(2025, 2, 3);
let nextVariable = 7_000_000;

/**
 * What the kernel gives for the latest `limit` points of the series (the curve's rule: when more
 * lay in the range, the points of the time the limit falls on are all left out).
 */
function expected(
  series: Map<number, [number, number][]>,
  start: number,
  end: number,
  limit: number,
  width: number,
) {
  const all = [...series].flatMap(([v, pts]) => pts.map(([t, y]) => ({ v, t, y })));
  all.sort((a, b) => b.t - a.t);
  const truncated = all.length > limit;
  const cut = truncated ? all[limit]!.t : -Infinity;
  const kept = all.filter((x) => x.t > cut);
  const from = !truncated ? start : kept.length ? Math.min(...kept.map((x) => x.t)) : cut;
  const points = new Map<number, [number, number][]>();
  for (const v of series.keys()) {
    const own = kept.filter((x) => x.v === v).sort((a, b) => a.t - b.t);
    points.set(
      v,
      m4(
        own.map((x) => x.t),
        own.map((x) => x.y),
        from,
        end,
        width,
      ),
    );
  }
  return { truncated, read: kept.length, from, points };
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
    expect({ truncated: got.truncated, read: got.read, from: got.from }, context).toEqual({
      truncated: want.truncated,
      read: want.read,
      from: want.from,
    });
    for (const s of got.series)
      expect(
        Array.from(s.ts, (t, i) => [t, s.ys[i]]),
        `${context}, variable ${s.v}`,
      ).toEqual(want.points.get(s.v));
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
