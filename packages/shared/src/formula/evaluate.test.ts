import { describe, expect, it } from 'vitest';
import type { FormulaResolver } from './ast';
import { compileFormula, evaluateFormula } from './evaluate';
import { FORMULA_FUNCTION_NAMES } from './functions';
import { parseFormula } from './parser';

const values: Record<string, number | string> = {
  x: 10,
  neg: -7,
  zero: 0,
  half: 0.5,
  mode: 'RUN',
  numText: ' 12.5 ',
  blank: '',
  word: 'abc',
  '1024.7': 42,
  'eq-a.sig_b': 8,
};
const resolve: FormulaResolver = (name) => values[name];

function run(text: string, r: FormulaResolver = resolve): number | string {
  const parsed = parseFormula(text);
  if (!parsed.ok) throw new Error(`${text}: ${parsed.error.message.en}`);
  return evaluateFormula(parsed.ast, r);
}

describe('functions', () => {
  it.each([
    ['abs(neg)', 7],
    ['min(3, x, -1, 4)', -1],
    ['max(3, x, -1, 4)', 10],
    ['min(5)', 5],
    ['round(2.5)', 3],
    ['round(-2.5)', -3],
    ['round(2.4)', 2],
    ['round(1.005, 2)', 1.01],
    ['round(3.14159, 3)', 3.142],
    ['round(-1.005, 2)', -1.01],
    ['round(1234.5, -2)', 1200],
    ['round(-0.4)', 0],
    ['floor(-2.5)', -3],
    ['ceil(-2.5)', -2],
    ['trunc(-2.7)', -2],
    ['sqrt(16)', 4],
    ['pow(2, 10)', 1024],
    ['exp(0)', 1],
    ['log(1)', 0],
    ['log10(1000)', 3],
    ['sin(0)', 0],
    ['cos(0)', 1],
    ['tan(0)', 0],
    ['asin(1)', Math.PI / 2],
    ['acos(1)', 0],
    ['atan(1)', Math.PI / 4],
    ['atan2(1, 1)', Math.PI / 4],
    ['sign(neg)', -1],
    ['sign(zero)', 0],
    ['clamp(x, 0, 5)', 5],
    ['clamp(neg, 0, 5)', 0],
    ['clamp(3, 0, 5)', 3],
    ['bit(5, 0)', 1],
    ['bit(5, 1)', 0],
    ['bit(5, 2)', 1],
    ['bit(-1, 63)', 1],
    ['bit(0x80000000, 31)', 1],
    ['bit(2^40, 40)', 1],
    ['bit(2^40, 39)', 0],
    ['avg(1, 2, 3, 6)', 3],
    ['sum(1, 2, 3, 6)', 12],
    ['if(x > 5, 1, 2)', 1],
    ['if(zero, 1, 2)', 2],
    ['if(x, mode, "STOP")', 'RUN'],
  ])('%s = %s', (text, expected) => {
    if (typeof expected === 'string') expect(run(text)).toBe(expected);
    else expect(run(text)).toBeCloseTo(expected, 12);
  });

  it('covers every whitelisted function', () => {
    expect([...FORMULA_FUNCTION_NAMES].sort()).toEqual(
      [
        'abs',
        'acos',
        'asin',
        'atan',
        'atan2',
        'avg',
        'bit',
        'ceil',
        'clamp',
        'cos',
        'exp',
        'floor',
        'if',
        'log',
        'log10',
        'max',
        'min',
        'pow',
        'round',
        'sign',
        'sin',
        'sqrt',
        'sum',
        'tan',
        'trunc',
      ].sort(),
    );
  });

  it.each([
    'sqrt(-1)',
    'log(0)',
    'log(-1)',
    'asin(2)',
    'clamp(1, 5, 0)',
    'bit(1, 64)',
    'bit(1, -1)',
    'round(1, 16)',
    'round(word)',
    'exp(1000)',
  ])('gives NaN for %s', (text) => {
    expect(run(text)).toBeNaN();
  });

  it('evaluates only the chosen branch of if', () => {
    const read: string[] = [];
    const tracking: FormulaResolver = (name) => {
      read.push(name);
      return values[name];
    };
    expect(run('if(x > 5, neg, unknown_a)', tracking)).toBe(-7);
    expect(read).toEqual(['x', 'neg']);
  });
});

describe('data problems give NaN, never an exception', () => {
  it.each([
    ['x / 0', 'division by zero'],
    ['x / zero', 'division by a zero variable'],
    ['0 / 0', 'zero by zero'],
    ['x % 0', 'remainder by zero'],
    ['missing + 1', 'an unknown identifier'],
    ['${1.2} * 2', 'an unknown reference'],
    ['word * 2', 'a non-numeric string in arithmetic'],
    ['blank + 1', 'a blank string in arithmetic'],
    ['1e308 * 10', 'overflow to infinity'],
    ['(-8) ^ (1/3)', 'a fractional power of a negative number'],
  ])('%s (%s)', (text) => {
    expect(run(text)).toBeNaN();
  });

  it('treats a resolver answer of a foreign type safely', () => {
    const odd: FormulaResolver = (name) =>
      ({ t: true, f: false, n: null, o: {}, big: 5n })[name] as unknown as number | undefined;
    expect(run('t + f', odd)).toBe(1);
    expect(run('big * 2', odd)).toBe(10);
    expect(run('n', odd)).toBeNaN();
    expect(run('o', odd)).toBeNaN();
  });

  it('never reaches the prototype chain through identifiers', () => {
    expect(run('constructor + __proto__ + toString', (name) => values[name])).toBeNaN();
  });
});

describe('references and strings', () => {
  it('passes identifiers and ${} references to the resolver with their kind', () => {
    const seen: string[] = [];
    const r: FormulaResolver = (name, kind) => {
      seen.push(`${kind}:${name}`);
      return values[name];
    };
    expect(run('${1024.7} + ${eq-a.sig_b} + x', r)).toBe(60);
    expect(seen).toEqual(['ref:1024.7', 'ref:eq-a.sig_b', 'identifier:x']);
  });

  it('compares two strings as text and a string with a number as numbers', () => {
    expect(run("mode == 'RUN'")).toBe(1);
    expect(run('mode != "RUN"')).toBe(0);
    expect(run("mode == 'run'")).toBe(0);
    expect(run("'abc' < 'abd'")).toBe(1);
    expect(run("'10' < '9'")).toBe(1);
    expect(run('numText == 12.5')).toBe(1);
    expect(run('numText > 12')).toBe(1);
    expect(run('word == 0')).toBe(0);
    expect(run('word != 0')).toBe(1);
  });

  it('reads numeric strings as numbers in arithmetic, without string concatenation', () => {
    expect(run('numText * 2')).toBe(25);
    expect(run("'1' + '2'")).toBe(3);
    expect(run("'0x10' + 1")).toBe(17);
  });

  it('returns strings from conditional branches', () => {
    expect(run("x > 5 ? 'high' : 'low'")).toBe('high');
    expect(run("x > 50 ? 'high' : 'low'")).toBe('low');
  });
});

describe('logic and bits', () => {
  it('gives 1 and 0 for comparisons and logic', () => {
    expect(run('x > 5')).toBe(1);
    expect(run('x < 5')).toBe(0);
    expect(run('x >= 10 && x <= 10')).toBe(1);
    expect(run('2 && 3')).toBe(1);
    expect(run('0 || 7')).toBe(1);
    expect(run('!x')).toBe(0);
    expect(run('!zero')).toBe(1);
    expect(run("!''")).toBe(1);
    expect(run("!'a'")).toBe(0);
  });

  it('treats NaN as false and never equal', () => {
    expect(run('missing ? 1 : 2')).toBe(2);
    expect(run('missing == missing')).toBe(0);
    expect(run('missing != missing')).toBe(1);
    expect(run('missing < 1 || missing >= 1')).toBe(0);
  });

  it('short-circuits && and ||', () => {
    const read: string[] = [];
    const tracking: FormulaResolver = (name) => {
      read.push(name);
      return values[name];
    };
    expect(run('zero && x', tracking)).toBe(0);
    expect(run('x || zero', tracking)).toBe(1);
    expect(read).toEqual(['zero', 'x']);
  });

  it.each([
    ['0xF0 & 0x3C', 0x30],
    ['0xF0 | 0x0F', 0xff],
    ['~0', -1],
    ['~5', -6],
    ['1 << 4', 16],
    ['1 << 40', 2 ** 40],
    ['-16 >> 2', -4],
    ['-1 >> 40', -1],
    ['2^40 >> 38', 4],
    ['0xFFFFFFFF & 0xFF00', 0xff00],
    ['0xFFFFFFFF | 0x100000000', 0x1ffffffff],
    ['~0xFFFFFFFF', -0x100000000],
    ['7.9 & 3.9', 3],
    ['1 << 64', NaN],
    ['1 << -1', NaN],
  ])('%s = %s (64-bit integers)', (text, expected) => {
    expect(run(text)).toBe(expected);
  });
});

describe('compileFormula', () => {
  it('returns the same compiled formula for the same text', () => {
    const first = compileFormula('x*0.1+5');
    expect(first.ok).toBe(true);
    expect(compileFormula('x*0.1+5')).toBe(first);
  });

  it('compiles once and evaluates against many values', () => {
    const compiled = compileFormula('(x-4)/16*100');
    if (!compiled.ok) throw new Error('no compile');
    expect(compiled.references).toEqual({ identifiers: ['x'], refs: [] });
    expect([4, 12, 20].map((raw) => compiled.evaluate(() => raw))).toEqual([0, 50, 100]);
  });

  it('answers a parse error as data', () => {
    const compiled = compileFormula('x +');
    expect(compiled).toMatchObject({ ok: false, error: { kind: 'syntax', position: 3 } });
  });

  it('keeps working when far more texts than the cache holds are compiled', () => {
    for (let i = 0; i < 1500; i++) {
      const compiled = compileFormula(`x + ${i}`);
      expect(compiled.ok && compiled.evaluate(() => 1)).toBe(i + 1);
    }
  });

  it('evaluates a collection formula well over 100,000 times a second', () => {
    const compiled = compileFormula('round(x * 0.1 + 5, 2)');
    if (!compiled.ok) throw new Error('no compile');
    let raw = 0;
    const resolveRaw: FormulaResolver = () => raw;
    const started = Date.now();
    let total = 0;
    for (let i = 0; i < 100_000; i++) {
      raw = i;
      total += compiled.evaluate(resolveRaw) as number;
    }
    expect(total).toBeGreaterThan(0);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
