import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkMvarFormula,
  computeMvar,
  parseMvarRef,
  type MvarRef,
  type MvarSignalReading,
} from './mvarFormula';
import type { MvarType } from '../formula/mvar';

const readings = new Map<string, MvarSignalReading>([
  ['1.10', { value: 10, quality: 0 }],
  ['1.11', { value: '30', quality: 0 }],
  ['1.12', { value: -5, quality: 0 }],
  ['2.20', { value: 1000, quality: 1705 }],
  ['2.21', { value: null, quality: 0 }],
]);
const readingOf = (ref: MvarRef) => readings.get(ref.key);
const errorOf = (type: MvarType, text: string, allow?: (r: MvarRef) => boolean) => {
  const check = checkMvarFormula(type, text, { allowRef: allow });
  return check.ok ? null : check.error;
};

describe('checkMvarFormula', () => {
  it('answers the references of an aggregate, once each, in order', () => {
    expect(checkMvarFormula('sum', '${1.10}, ${2.20},${1.10}')).toEqual({
      ok: true,
      refs: [
        { equipmentId: 1, signalId: 10, key: '1.10' },
        { equipmentId: 2, signalId: 20, key: '2.20' },
      ],
    });
  });

  it('answers the references of a custom expression', () => {
    const check = checkMvarFormula('custom', 'round((${1.10} + ${1.11}) / 2, 1) > 3 && ${2.20} != 0');
    expect(check.ok && check.refs.map((r) => r.key)).toEqual(['1.10', '1.11', '2.20']);
  });

  it('refuses an empty or blank formula at position 0', () => {
    expect(errorOf('custom', '')).toMatchObject({ kind: 'empty', position: 0 });
    expect(errorOf('avg', '   ')).toMatchObject({ kind: 'empty', position: 0 });
    expect(errorOf('max', ' , ,')).toMatchObject({ kind: 'empty' });
  });

  it('refuses a formula longer than 200 characters', () => {
    const long = Array.from({ length: 30 }, () => '${1.10}').join('+');
    expect(long.length).toBeGreaterThan(200);
    expect(errorOf('custom', long)).toMatchObject({ kind: 'tooLong', position: 200 });
  });

  it('gives the position of an operator inside an aggregate list', () => {
    expect(errorOf('sum', '${1.10} + ${1.11}')).toMatchObject({ kind: 'syntax', position: 8 });
    expect(errorOf('min', '${1.10}, 5')).toMatchObject({ kind: 'syntax', position: 9 });
  });

  it('gives the position of a syntax error in a custom expression', () => {
    expect(errorOf('custom', '(${1.10} + 2')).toMatchObject({ kind: 'syntax', position: 12 });
    expect(errorOf('custom', '${1.10} # 2')).toMatchObject({ kind: 'syntax', position: 8 });
    expect(errorOf('custom', 'foo(${1.10})')).toMatchObject({ kind: 'unknownFunction', position: 0 });
  });

  it('refuses a plain variable name in a custom expression', () => {
    const error = errorOf('custom', '${1.10} * x');
    expect(error).toMatchObject({ kind: 'unknownIdentifier', position: 10 });
    expect(error?.message.en).toContain("'x'");
  });

  it('refuses a reference whose ids are not numbers', () => {
    expect(errorOf('custom', '1 + ${pump.speed}')).toMatchObject({ kind: 'syntax', position: 4 });
    expect(errorOf('sum', '${1.10},${0.3}')).toMatchObject({ kind: 'syntax', position: 8 });
  });

  it('refuses a reference the caller does not allow, at its position', () => {
    const onlyDevice1 = (r: MvarRef) => r.equipmentId === 1;
    expect(errorOf('custom', '${1.10} + ${2.20}', onlyDevice1)).toMatchObject({
      kind: 'unknownReference',
      position: 10,
    });
    expect(errorOf('custom', '${1.10} + ${1.11}', onlyDevice1)).toBeNull();
  });

  it('writes every problem in both languages', () => {
    const error = errorOf('custom', '${1.10} +');
    expect(error?.message.zh).toMatch(/[\u4e00-\u9fff]/);
    expect(error?.message.en).toMatch(/[a-z]/);
  });
});

describe('parseMvarRef', () => {
  it('reads positive whole ids only', () => {
    expect(parseMvarRef('12.34')).toEqual({ equipmentId: 12, signalId: 34, key: '12.34' });
    expect(parseMvarRef('a.1')).toBeNull();
    expect(parseMvarRef('01.1')).toBeNull();
    expect(parseMvarRef('99999999999999999.1')).toBeNull();
  });
});

describe('computeMvar (docs/requirements/projects.md §5.3)', () => {
  it.each([
    ['sum', 35],
    ['avg', 35 / 3],
    ['min', -5],
    ['max', 30],
  ] as const)('computes %s of good readings', (type, expected) => {
    expect(computeMvar(type, '${1.10},${1.11},${1.12}', readingOf)).toBeCloseTo(expected, 12);
  });

  it('counts a failed read (code not 200) as 0', () => {
    expect(computeMvar('sum', '${1.10},${2.20}', readingOf)).toBe(10);
    expect(computeMvar('avg', '${1.10},${2.20}', readingOf)).toBe(5);
    expect(computeMvar('custom', '${2.20} + 1', readingOf)).toBe(1);
  });

  it('counts a signal never read as 0', () => {
    expect(computeMvar('max', '${1.12},${9.9}', readingOf)).toBe(0);
    expect(computeMvar('custom', '${9.9} * 3 + 2', readingOf)).toBe(2);
  });

  it('gives 0 for an empty, NaN or infinite result', () => {
    expect(computeMvar('sum', '', readingOf)).toBe(0);
    expect(computeMvar('custom', '${1.10} / 0', readingOf)).toBe(0);
    expect(computeMvar('custom', 'sqrt(${1.12})', readingOf)).toBe(0);
    expect(computeMvar('custom', 'pow(10, 400)', readingOf)).toBe(0);
  });

  it('gives 0 for a custom expression that does not parse', () => {
    expect(computeMvar('custom', '(${1.10} +', readingOf)).toBe(0);
  });

  it('evaluates operators, comparisons, logic and functions', () => {
    expect(computeMvar('custom', '-${1.10} % 3 + abs(${1.12}) * 2', readingOf)).toBe(9);
    expect(computeMvar('custom', '${1.10} > 5 && ${1.12} < 0', readingOf)).toBe(1);
    expect(computeMvar('custom', 'max(${1.10}, ${1.11}) - min(1, 2)', readingOf)).toBe(29);
    expect(computeMvar('custom', 'round(${1.11} / 7, 2) + floor(2.7) + ceil(0.2)', readingOf)).toBe(7.29);
    expect(computeMvar('custom', 'pow(2, 3) == 8 || 0', readingOf)).toBe(1);
  });
});

// --- properties -------------------------------------------------------------------------------

const goodValue = fc.double({ min: -1e6, max: 1e6, noNaN: true });
/** A reading: good with a number, failed with any value, or no reading at all. */
const reading = fc.oneof(
  goodValue.map((value) => ({ value, quality: 0 }) as MvarSignalReading),
  fc.record({ value: goodValue, quality: fc.integer({ min: 1, max: 99999 }) }),
  fc.constant(undefined),
);
const aggregate = fc.constantFrom<MvarType>('sum', 'avg', 'min', 'max');

function listFormula(n: number): string {
  return Array.from({ length: n }, (_, i) => `\${1.${i + 1}}`).join(',');
}

describe('mvar properties', () => {
  it('an aggregate equals the same aggregate of the effective values (failed reads as 0)', () => {
    fc.assert(
      fc.property(aggregate, fc.array(reading, { minLength: 1, maxLength: 20 }), (type, rs) => {
        const formula = listFormula(rs.length);
        const effective = rs.map((r) => (r && r.quality === 0 ? (r.value as number) : 0));
        const expected = {
          sum: effective.reduce((a, b) => a + b, 0),
          avg: effective.reduce((a, b) => a + b, 0) / effective.length,
          min: Math.min(...effective),
          max: Math.max(...effective),
        }[type as 'sum'];
        const got = computeMvar(type, formula, (ref) => rs[ref.signalId - 1]);
        expect(got).toBeCloseTo(expected, 6);
      }),
    );
  });

  it('always computes a finite number, whatever the text and the readings', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<MvarType>('sum', 'avg', 'min', 'max', 'custom'),
        fc.string({ maxLength: 60 }),
        fc.array(fc.oneof(goodValue, fc.constantFrom(Infinity, -Infinity, NaN, 1e308)), {
          minLength: 1,
          maxLength: 5,
        }),
        (type, text, values) => {
          const got = computeMvar(type, text, (ref) => ({
            value: values[ref.signalId % values.length] ?? 0,
            quality: 0,
          }));
          expect(Number.isFinite(got)).toBe(true);
        },
      ),
    );
  });

  it('a checked formula reports a position inside the text, or references it contains', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<MvarType>('sum', 'custom'),
        fc.stringMatching(/^[${}0-9.,+\-*/() a-z]{1,40}$/),
        (type, text) => {
          const check = checkMvarFormula(type, text);
          if (check.ok) for (const ref of check.refs) expect(text).toContain(`\${${ref.key}}`);
          else {
            expect(check.error.position).toBeGreaterThanOrEqual(0);
            expect(check.error.position).toBeLessThanOrEqual(text.length);
          }
        },
      ),
    );
  });

  it('a custom sum of references equals the sum aggregate', () => {
    fc.assert(
      fc.property(fc.array(reading, { minLength: 1, maxLength: 8 }), (rs) => {
        const lookup = (ref: MvarRef) => rs[ref.signalId - 1];
        const custom = rs.map((_, i) => `\${1.${i + 1}}`).join('+');
        expect(computeMvar('custom', custom, lookup)).toBeCloseTo(
          computeMvar('sum', listFormula(rs.length), lookup),
          6,
        );
      }),
    );
  });
});
