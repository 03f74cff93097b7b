import { describe, expect, it } from 'vitest';
import { signalScale } from './signalScale';

const limits = (
  collectLower: number | null,
  collectUpper: number | null,
  values: (number | string)[] = [],
) => ({
  collectLower,
  collectUpper,
  mapping: values.map((value) => ({ value, text: String(value) })),
});

describe('signal scale', () => {
  it('is the collection limits of the variable', () => {
    expect(signalScale(limits(-20, 120))).toEqual({ min: -20, max: 120 });
  });

  it('is the span of the mapped values without both limits', () => {
    expect(signalScale(limits(null, 10, [2, '0', 1]))).toEqual({ min: 0, max: 2 });
  });

  it('is none with one limit alone, one mapped value or texts only', () => {
    expect(signalScale(limits(0, null))).toBeNull();
    expect(signalScale(limits(null, null, [1]))).toBeNull();
    expect(signalScale(limits(null, null, ['on', 'off']))).toBeNull();
  });
});
