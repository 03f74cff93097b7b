import { describe, expect, it } from 'vitest';
import { moved, reseq } from './projectOrder';

const row = (id: number, seq: number) => ({ id, seq });

describe('reseq', () => {
  it('numbers an unnumbered list by position', () => {
    expect(reseq([row(1, 0), row(2, 0), row(3, 0)]).map((c) => [c.row.id, c.seq])).toEqual([
      [2, 1],
      [3, 2],
    ]);
  });

  it('touches only the rows a move displaced', () => {
    const list = [row(1, 0), row(2, 1), row(3, 2), row(4, 3)];
    expect(reseq(moved(list, 2, 1)).map((c) => [c.row.id, c.seq])).toEqual([
      [3, 1],
      [2, 2],
    ]);
  });

  it('changes nothing on a list already in order', () => {
    expect(reseq([row(1, 0), row(2, 1)])).toEqual([]);
  });
});

describe('moved', () => {
  it('moves a row up, down or across the list', () => {
    expect(moved(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
  });

  it('leaves the list as it is for a move out of range', () => {
    expect(moved(['a', 'b'], 0, 2)).toEqual(['a', 'b']);
    expect(moved(['a', 'b'], -1, 0)).toEqual(['a', 'b']);
  });
});
