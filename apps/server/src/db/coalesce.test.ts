import { describe, expect, it } from 'vitest';
import { coalesce } from './coalesce';

/** A run whose calls are held until released, noting the keys of each. */
function heldRuns() {
  const runs: { keys: string[]; release(fail?: Error): void }[] = [];
  const run = (keys: string[]) =>
    new Promise<Map<string, string>>((resolve, reject) => {
      runs.push({
        keys,
        release: (fail) => (fail ? reject(fail) : resolve(new Map(keys.map((k) => [k, k.toUpperCase()])))),
      });
    });
  return { runs, run };
}

const settled = () => new Promise((r) => setImmediate(r));

describe('coalesce', () => {
  it('runs a lone call at once and the calls made meanwhile together in the next run, each key once', async () => {
    const { runs, run } = heldRuns();
    const read = coalesce(run, 'none');
    const a = read('a');
    await settled();
    expect(runs.map((r) => r.keys)).toEqual([['a']]);
    const later = [read('b'), read('c'), read('b')];
    await settled();
    expect(runs).toHaveLength(1);
    runs[0]!.release();
    expect(await a).toBe('A');
    await settled();
    expect(runs.map((r) => r.keys)).toEqual([['a'], ['b', 'c']]);
    runs[1]!.release();
    expect(await Promise.all(later)).toEqual(['B', 'C', 'B']);
  });

  it('answers a key the run left out with the absent value', async () => {
    const read = coalesce(
      async (keys: number[]) => new Map(keys.filter((k) => k > 0).map((k) => [k, k * 2])),
      -1,
    );
    expect(await Promise.all([read(2), read(0)])).toEqual([4, -1]);
  });

  it('rejects every call of a failed run and runs the next calls afresh', async () => {
    const { runs, run } = heldRuns();
    const read = coalesce(run, 'none');
    const first = read('a');
    await settled();
    const failing = [read('b'), read('c')].map((p) => p.catch((err: Error) => err.message));
    runs[0]!.release();
    await first;
    await settled();
    runs[1]!.release(new Error('database unavailable'));
    expect(await Promise.all(failing)).toEqual(['database unavailable', 'database unavailable']);
    const next = read('d');
    await settled();
    runs[2]!.release();
    expect(await next).toBe('D');
  });
});
