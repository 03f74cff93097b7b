import { describe, expect, it } from 'vitest';
import { MvarDefinitionCache } from './mvarDefinitionCache';
import type { MvarDefinition } from './mvars.repo';

const def = (id: number, refs: number[]): MvarDefinition => ({
  id,
  project_id: 1,
  calc_type: 'sum',
  formula: '',
  initial_value: 0,
  refs,
});

/** A loader over a fixed table that counts its calls and the signals it was asked about. */
function table(defs: MvarDefinition[]) {
  const asked: number[][] = [];
  const load = async (signalIds: number[]) => {
    asked.push(signalIds);
    return defs.filter((d) => d.refs.some((r) => signalIds.includes(r)));
  };
  return { asked, load };
}

describe('mvar definition cache', () => {
  it('answers the readers of the signals, each once, and asks again only for signals not held', async () => {
    const { asked, load } = table([def(1, [10, 11]), def(2, [11, 12])]);
    let now = 0;
    const cache = new MvarDefinitionCache(load, () => now, 5000);
    expect((await cache.readers([10, 11])).map((d) => d.id).sort()).toEqual([1, 2]);
    expect((await cache.readers([11, 12, 13])).map((d) => d.id).sort()).toEqual([1, 2]);
    expect(asked).toEqual([
      [10, 11],
      [12, 13],
    ]);
    // a signal without readers is remembered too: a device without mvars costs no query
    now = 4999;
    expect(await cache.readers([13])).toEqual([]);
    expect(asked).toHaveLength(2);
  });

  it('asks nothing for signals no mvar names, and reads which are named once per TTL and after a change made here', async () => {
    const { asked, load } = table([def(1, [10])]);
    let namedReads = 0;
    let names = [10];
    let now = 0;
    const cache = new MvarDefinitionCache(
      load,
      () => now,
      5000,
      async () => {
        namedReads++;
        return names;
      },
    );
    expect(await cache.readers([20, 21])).toEqual([]);
    expect((await cache.readers([10, 20])).map((d) => d.id)).toEqual([1]);
    expect(asked).toEqual([[10]]);
    expect(namedReads).toBe(1);
    names = [10, 20];
    now = 4999;
    expect(await cache.readers([20])).toEqual([]);
    expect(namedReads).toBe(1);
    cache.invalidate();
    expect(await cache.readers([20])).toEqual([]);
    expect(asked).toEqual([[10], [20]]);
    expect(namedReads).toBe(2);
  });

  it('asks again after the TTL and after a change made here', async () => {
    const { asked, load } = table([def(1, [10])]);
    let now = 0;
    const cache = new MvarDefinitionCache(load, () => now, 5000);
    await cache.readers([10]);
    now = 5000;
    await cache.readers([10]);
    expect(asked).toHaveLength(2);
    cache.invalidate();
    await cache.readers([10]);
    expect(asked).toHaveLength(3);
  });
});
