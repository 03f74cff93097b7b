import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { movedIds } from './pageOrder';

describe('movedIds', () => {
  it('swaps a page with its neighbour', () => {
    expect(movedIds([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(movedIds([1, 2, 3], 2, -1)).toEqual([1, 3, 2]);
  });

  it('leaves the order as it is at the ends', () => {
    expect(movedIds([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(movedIds([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });

  it('always answers the same ids, and moving back restores the order', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 10_000 }), { minLength: 2, maxLength: 100 }),
        fc.nat(),
        fc.constantFrom(-1 as const, 1 as const),
        (ids, at, step) => {
          const index = at % ids.length;
          const moved = movedIds(ids, index, step);
          expect([...moved].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
          const target = index + step;
          if (target >= 0 && target < ids.length) {
            expect(moved[target]).toBe(ids[index]);
            expect(movedIds(moved, target, step === 1 ? -1 : 1)).toEqual(ids);
          } else expect(moved).toEqual(ids);
        },
      ),
    );
  });
});
