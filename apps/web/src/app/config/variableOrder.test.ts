import { describe, expect, it } from 'vitest';
import { canMove, moveVariable, type Orderable } from './variableOrder';

const rows: Orderable[] = [
  { id: 9, pinned: 'top' },
  { id: 1, pinned: null },
  { id: 2, pinned: null },
  { id: 3, pinned: null },
  { id: 8, pinned: 'bottom' },
];

describe('moving a variable in the list', () => {
  it('swaps a row with the unpinned row above it and keeps pinned rows at their ends', () => {
    expect(moveVariable(rows, 2, 'up')).toEqual([9, 2, 1, 3, 8]);
    expect(moveVariable(rows, 2, 'down')).toEqual([9, 1, 3, 2, 8]);
  });

  it('does not move the first row up, the last row down or a pinned row', () => {
    expect(canMove(rows, 1, 'up')).toBe(false);
    expect(canMove(rows, 3, 'down')).toBe(false);
    expect(canMove(rows, 9, 'down')).toBe(false);
    expect(canMove(rows, 8, 'up')).toBe(false);
  });
});
