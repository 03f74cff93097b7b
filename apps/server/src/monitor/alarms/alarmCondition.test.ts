import { describe, expect, it } from 'vitest';
import type { AlarmCondition } from '@fieldhub/shared';
import { conditionMet } from './alarmCondition';

const rule = (condition: AlarmCondition, value: number | null, value2: number | null = null) => ({
  condition,
  value,
  value2,
});

describe('alarm conditions', () => {
  it.each([
    ['gt', 10, null, 10.5, true],
    ['gt', 10, null, 10, false],
    ['ge', 10, null, 10, true],
    ['ge', 10, null, 9.99, false],
    ['lt', 10, null, 9, true],
    ['lt', 10, null, 10, false],
    ['le', 10, null, 10, true],
    ['le', 10, null, 10.01, false],
    ['eq', 3, null, 3, true],
    ['eq', 3, null, 3.5, false],
    ['ne', 3, null, 4, true],
    ['ne', 3, null, 3, false],
    ['within', 10, 20, 10, true],
    ['within', 10, 20, 20, true],
    ['within', 10, 20, 20.5, false],
    ['outside', 10, 20, 9.5, true],
    ['outside', 10, 20, 21, true],
    ['outside', 10, 20, 15, false],
    ['outside', 10, 20, 10, false],
    ['bitSet', 2, null, 0b0100, true],
    ['bitSet', 2, null, 0b1011, false],
    ['bitClear', 2, null, 0b1011, true],
    ['bitClear', 2, null, 0b0100, false],
    ['bitSet', 40, null, 2 ** 40, true],
    ['bitSet', 63, null, -1, true],
  ] as const)('%s %s/%s with %s is %s', (condition, value, value2, sample, expected) => {
    expect(conditionMet(rule(condition, value, value2), sample)).toBe(expected);
  });

  it('matches a float read back from a float32 register with its threshold, integers exactly', () => {
    expect(conditionMet(rule('eq', 0.1), Math.fround(0.1))).toBe(true);
    expect(conditionMet(rule('ne', 0.1), Math.fround(0.1))).toBe(false);
    expect(conditionMet(rule('gt', 0.1), Math.fround(0.1))).toBe(false);
    expect(conditionMet(rule('ge', 0.3), 0.1 + 0.2)).toBe(true);
    expect(conditionMet(rule('eq', 0.1), 0.1001)).toBe(false);
    expect(conditionMet(rule('eq', 1_000_000), 1_000_001)).toBe(false);
    expect(conditionMet(rule('gt', 1_000_000), 1_000_001)).toBe(true);
  });

  it('judges numeric text and refuses to judge what is not a number', () => {
    expect(conditionMet(rule('gt', 5), '7.5')).toBe(true);
    expect(conditionMet(rule('gt', 5), 'open')).toBeNull();
    expect(conditionMet(rule('gt', 5), '')).toBeNull();
    expect(conditionMet(rule('gt', 5), null)).toBeNull();
    expect(conditionMet(rule('within', 1, null), 3)).toBeNull();
    expect(conditionMet(rule('bitSet', 1.5), 3)).toBeNull();
  });
});
