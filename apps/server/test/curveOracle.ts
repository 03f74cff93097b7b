import { expect } from 'vitest';
import type { CurveM4 } from '../src/monitor/history/history.repo';

/**
 * The curve's rule computed plainly over the series a test stored (docs/requirements/monitoring.md
 * §5.4): the latest `limit` points — when more lay in the range, every point of the time the limit
 * falls on is left out — each variable's kept points in time order, downsampled by `downsample`
 * from `from` (the range's start, or the oldest point kept when truncated).
 */
export function expectedCurve(
  series: Map<number, [number, number][]>,
  start: number,
  limit: number,
  downsample: (ts: number[], ys: number[], from: number) => [number, number][],
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
      downsample(
        own.map((x) => x.t),
        own.map((x) => x.y),
        from,
      ),
    );
  }
  return { truncated, read: kept.length, from, points };
}

/** A curve the database gave equals the expected one: its cut, its start and each variable's points. */
export function expectCurve(got: CurveM4, want: ReturnType<typeof expectedCurve>, context: string): void {
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
