import { describe, expect, it } from 'vitest';
import { appendPoints, type PointBuffer } from './curvePoints';

const v = (signalId: number, ts: number, value: number | string | null) => ({
  signalId,
  ts,
  value,
  quality: 0,
});

describe('real-time curve points', () => {
  it('adds numeric values of the chosen signals in time order', () => {
    const buffer: PointBuffer = new Map([[1, []]]);
    expect(appendPoints(buffer, [v(1, 10, 1), v(2, 11, 5), v(1, 12, 'text'), v(1, 13, 2)], 0)).toBe(true);
    expect(buffer.get(1)).toEqual([
      [10, 1],
      [13, 2],
    ]);
  });

  it('drops a value older than the last point and replaces one of the same time', () => {
    const buffer: PointBuffer = new Map([[1, [[10, 1]]]]);
    appendPoints(buffer, [v(1, 9, 7), v(1, 10, 3)], 0);
    expect(buffer.get(1)).toEqual([[10, 3]]);
  });

  it('forgets points older than the window', () => {
    const buffer: PointBuffer = new Map([
      [
        1,
        [
          [1, 1],
          [5, 2],
        ],
      ],
    ]);
    expect(appendPoints(buffer, [], 3)).toBe(true);
    expect(buffer.get(1)).toEqual([[5, 2]]);
    expect(appendPoints(buffer, [], 3)).toBe(false);
  });
});
