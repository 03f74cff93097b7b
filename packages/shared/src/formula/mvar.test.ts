import { describe, expect, it } from 'vitest';
import { type MvarLookup, type MvarReading, evaluateMvar, mvarRefs } from './mvar';

const readings: Record<string, MvarReading> = {
  '1.1': { code: 200, value: 10 },
  '1.2': { code: '200', value: '30' },
  '1.3': { code: 200, value: -5 },
  '2.1': { code: 500, value: 1000 },
  '2.2': { code: '1301', value: 999 },
  '3.1': { code: 200, value: 'n/a' },
  '3.2': { code: 200, value: 1e308 },
  '3.3': { code: 200, value: true },
  '3.4': { code: 200, value: 'RUN' },
};
const lookup: MvarLookup = (ref) => readings[ref];

describe('mvarRefs', () => {
  it('finds every ${} reference in a text, whatever separates them', () => {
    expect(mvarRefs('${1.1},${1.2} + ${1.3}')).toEqual(['1.1', '1.2', '1.3']);
  });

  it('accepts a list with or without the ${} wrapper', () => {
    expect(mvarRefs(['${1.1}', ' 1.2 '])).toEqual(['1.1', '1.2']);
  });
});

describe('evaluateMvar aggregates (docs/requirements/projects.md §5.1, §5.3)', () => {
  it.each([
    ['sum', 35],
    ['avg', 35 / 3],
    ['min', -5],
    ['max', 30],
  ] as const)('computes %s of good readings', (type, expected) => {
    expect(evaluateMvar(type, ['1.1', '1.2', '1.3'], lookup)).toBeCloseTo(expected, 12);
  });

  it('counts a reference whose code is not 200 as 0, also in the average', () => {
    expect(evaluateMvar('sum', '${1.1}${2.1}${2.2}', lookup)).toBe(10);
    expect(evaluateMvar('avg', ['1.1', '2.1'], lookup)).toBe(5);
    expect(evaluateMvar('min', ['1.1', '2.1'], lookup)).toBe(0);
    expect(evaluateMvar('max', ['1.3', '2.2'], lookup)).toBe(0);
  });

  it('counts a missing reading as 0', () => {
    expect(evaluateMvar('sum', ['1.1', '9.9'], lookup)).toBe(10);
    expect(evaluateMvar('avg', ['1.1', '9.9'], lookup)).toBe(5);
  });

  it('gives 0 for an empty list', () => {
    for (const type of ['sum', 'avg', 'min', 'max'] as const) {
      expect(evaluateMvar(type, [], lookup)).toBe(0);
      expect(evaluateMvar(type, 'no references here', lookup)).toBe(0);
    }
  });

  it('gives 0 when a good reading is not numeric (the result is NaN)', () => {
    expect(evaluateMvar('sum', ['1.1', '3.1'], lookup)).toBe(0);
    expect(evaluateMvar('min', ['1.1', '3.1'], lookup)).toBe(0);
    expect(evaluateMvar('max', ['3.1', '1.1'], lookup)).toBe(0);
  });

  it('gives 0 for an infinite result', () => {
    expect(evaluateMvar('sum', ['3.2', '3.2'], lookup)).toBe(0);
  });

  it('reads a boolean as 1', () => {
    expect(evaluateMvar('sum', ['3.3', '1.1'], lookup)).toBe(11);
  });
});

describe('evaluateMvar custom expressions', () => {
  it('evaluates an expression over references', () => {
    expect(evaluateMvar('custom', '(${1.1} + ${1.2}) / 2', lookup)).toBe(20);
    expect(evaluateMvar('custom', "${3.4} == 'RUN' ? ${1.1} : 0", lookup)).toBe(10);
  });

  it('counts a reference whose code is not 200 as 0', () => {
    expect(evaluateMvar('custom', '${1.1} + ${2.1}', lookup)).toBe(10);
  });

  it.each([
    ['does not parse', '${1.1} +'],
    ['divides by zero', '${1.1} / 0'],
    ['overflows', '${3.2} * 10'],
    ['is not numeric', "'RUN'"],
    ['uses an unknown identifier', 'x + 1'],
    ['is empty', ''],
    ['is over 200 characters', '${1.1}+'.repeat(40) + '1'],
  ])('gives 0 when the expression %s', (_, expression) => {
    expect(evaluateMvar('custom', expression, lookup)).toBe(0);
  });

  it('gives 0 when the lookup throws', () => {
    const failing: MvarLookup = () => {
      throw new Error('store unavailable');
    };
    expect(evaluateMvar('custom', '${1.1} + 1', failing)).toBe(0);
  });

  it('gives 0 for a custom type given a list instead of an expression', () => {
    expect(evaluateMvar('custom', ['1.1'], lookup)).toBe(0);
  });
});
