import { describe, expect, it } from 'vitest';
import { m4 } from './m4';

/** The points of each bucket of [from, to] cut into `width` equal parts (brute force). */
function buckets(ts: number[], ys: number[], from: number, to: number, width: number) {
  const out = new Map<number, [number, number][]>();
  ts.forEach((t, i) => {
    const b = Math.min(width - 1, Math.max(0, Math.floor(((t - from) * width) / (to - from))));
    if (!out.has(b)) out.set(b, []);
    out.get(b)!.push([t, ys[i]!]);
  });
  return out;
}

/** A reproducible noisy series (no Math.random: a failure must replay). */
function series(n: number, seed: number) {
  let s = seed;
  const rand = () => (s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const ts: number[] = [];
  const ys: number[] = [];
  let t = 1_700_000_000_000;
  let y = 0;
  for (let i = 0; i < n; i++) {
    t += 1 + Math.floor(rand() * 2000);
    y += rand() - 0.5 + (rand() < 0.001 ? 50 : 0);
    ts.push(t);
    ys.push(y);
  }
  return { ts, ys };
}

describe('m4', () => {
  it('keeps every point when no bucket holds more than its first, last, min and max', () => {
    const ts = [0, 10, 20, 30];
    const ys = [5, 1, 9, 3];
    expect(m4(ts, ys, 0, 40, 1)).toEqual([
      [0, 5],
      [10, 1],
      [20, 9],
      [30, 3],
    ]);
    expect(m4(ts, ys, 0, 40, 4)).toEqual([
      [0, 5],
      [10, 1],
      [20, 9],
      [30, 3],
    ]);
  });

  it('keeps the first, last, minimum and maximum of one bucket, in time order, each once', () => {
    const ts = [0, 1, 2, 3, 4, 5, 6];
    const ys = [4, 7, 2, 9, 3, 5, 6];
    expect(m4(ts, ys, 0, 7, 1)).toEqual([
      [0, 4],
      [2, 2],
      [3, 9],
      [6, 6],
    ]);
    // the first point is also the maximum: three points
    expect(m4([0, 1, 2], [9, 1, 5], 0, 3, 1)).toEqual([
      [0, 9],
      [1, 1],
      [2, 5],
    ]);
  });

  it('keeps each bucket’s first, last, min and max of a long noisy series, and nothing else', () => {
    const { ts, ys } = series(200_000, 7);
    const from = ts[0]!;
    const to = ts[ts.length - 1]!;
    const width = 800;
    const out = m4(ts, ys, from, to, width);
    expect(out.length).toBeLessThanOrEqual(4 * width);
    expect(out.every((p, i) => i === 0 || p[0] > out[i - 1]![0])).toBe(true);
    const kept = buckets(
      out.map((p) => p[0]),
      out.map((p) => p[1]),
      from,
      to,
      width,
    );
    for (const [b, points] of buckets(ts, ys, from, to, width)) {
      const values = points.map((p) => p[1]);
      const mine = kept.get(b)!;
      expect(mine[0]).toEqual(points[0]);
      expect(mine[mine.length - 1]).toEqual(points[points.length - 1]);
      expect(Math.min(...mine.map((p) => p[1]))).toBe(Math.min(...values));
      expect(Math.max(...mine.map((p) => p[1]))).toBe(Math.max(...values));
      expect(mine.length).toBeLessThanOrEqual(4);
    }
  });

  it('keeps a single spike that a stride sample would miss', () => {
    const ts = Array.from({ length: 10_000 }, (_, i) => i);
    const ys = ts.map((i) => (i === 4321 ? 1000 : 0));
    const out = m4(ts, ys, 0, 10_000, 10);
    expect(out).toContainEqual([4321, 1000]);
  });

  it('puts points outside the range into the edge buckets and copes with an empty or zero-width range', () => {
    expect(m4([-5, 50, 200], [1, 2, 3], 0, 100, 2)).toEqual([
      [-5, 1],
      [50, 2],
      [200, 3],
    ]);
    expect(m4([], [], 0, 100, 10)).toEqual([]);
    expect(m4([7, 7], [1, 2], 7, 7, 10)).toEqual([
      [7, 1],
      [7, 2],
    ]);
  });
});
