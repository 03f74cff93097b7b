/**
 * Property tests: random expressions printed with the fewest parentheses our precedence allows
 * must evaluate like the same tree fully parenthesised in JavaScript. `new Function` appears only
 * here, as the oracle.
 */
import { describe, expect, it } from 'vitest';
import { evaluateFormula } from './evaluate';
import { roundHalfAway } from './functions';
import { parseFormula } from './parser';
import { seededRandom as random } from '../seededRandom';

type Tree =
  | { kind: 'leaf'; ours: string; js: string }
  | { kind: 'unary'; op: '-' | '+' | '!' | '~'; a: Tree }
  | { kind: 'binary'; op: string; a: Tree; b: Tree }
  | { kind: 'ternary'; c: Tree; a: Tree; b: Tree }
  | { kind: 'call'; name: string; args: Tree[] };

/** Our binding strength per operator, loosest first (power is right-associative). */
const PREC: Record<string, number> = Object.fromEntries(
  [
    ['||'],
    ['&&'],
    ['==', '!='],
    ['<', '<=', '>', '>='],
    ['|'],
    ['&'],
    ['<<', '>>'],
    ['+', '-'],
    ['*', '/', '%'],
    ['unary'],
    ['^'],
    ['atom'],
  ].flatMap((ops, level) => ops.map((op) => [op, level + 1])),
);
const ARITH = ['+', '-', '*', '/', '%', '^'];
const COMPARE = ['<', '<=', '>', '>=', '==', '!='];
const CALLS: Record<string, [number, number]> = {
  abs: [1, 1],
  min: [1, 4],
  max: [1, 4],
  floor: [1, 1],
  ceil: [1, 1],
  trunc: [1, 1],
  sqrt: [1, 1],
  sign: [1, 1],
  atan2: [2, 2],
};
const VARS = { a: 3.5, b: -2, c: 0.25, x: 7, i: 12, j: -5 };
const jsFunction = (body: string) =>
  new Function(...Object.keys(VARS), `return ${body};`) as (...v: number[]) => unknown;
const jsValue = (t: Tree) => Number(jsFunction(js(t))(...Object.values(VARS)));

function prec(t: Tree): number {
  switch (t.kind) {
    case 'leaf':
    case 'call':
      return PREC.atom!;
    case 'unary':
      return PREC.unary!;
    case 'binary':
      return PREC[t.op]!;
    case 'ternary':
      return 0;
  }
}

/** Our text with minimal parentheses (plus a few redundant ones and random spacing). */
function ours(t: Tree, rnd: () => number): string {
  const sp = () => (rnd() < 0.3 ? ' ' : '');
  const wrap = (s: string, needed: boolean) => (needed || rnd() < 0.05 ? `(${s})` : s);
  switch (t.kind) {
    case 'leaf':
      return t.ours;
    case 'call':
      return `${t.name}(${t.args.map((a) => ours(a, rnd)).join(`,${sp()}`)})`;
    case 'unary':
      return `${t.op}${sp()}${wrap(ours(t.a, rnd), prec(t.a) < PREC.unary!)}`;
    case 'ternary':
      return `${wrap(ours(t.c, rnd), prec(t.c) === 0)}${sp()}?${sp()}${ours(t.a, rnd)}${sp()}:${sp()}${ours(t.b, rnd)}`;
    case 'binary': {
      const p = PREC[t.op]!;
      const right = t.op === '^';
      const left = wrap(ours(t.a, rnd), right ? prec(t.a) <= p || prec(t.a) === PREC.unary : prec(t.a) < p);
      const rightText = wrap(ours(t.b, rnd), right ? prec(t.b) < PREC.unary! : prec(t.b) <= p);
      return `${left}${sp()}${t.op === '^' && rnd() < 0.5 ? '**' : t.op}${sp()}${rightText}`;
    }
  }
}

/** The oracle's text: every node parenthesised, booleans turned into 1/0 like ours. */
function js(t: Tree): string {
  switch (t.kind) {
    case 'leaf':
      return t.js;
    case 'call':
      return `Math.${t.name}(${t.args.map(js).join(', ')})`;
    case 'unary':
      return t.op === '!' ? `(+!(${js(t.a)}))` : `(${t.op}(${js(t.a)}))`;
    case 'ternary':
      return `((${js(t.c)}) ? (${js(t.a)}) : (${js(t.b)}))`;
    case 'binary':
      if (t.op === '^') return `((${js(t.a)}) ** (${js(t.b)}))`;
      if (t.op === '&&' || t.op === '||') return `(+(!!(${js(t.a)}) ${t.op} !!(${js(t.b)})))`;
      if (COMPARE.includes(t.op)) return `(+((${js(t.a)}) ${t.op} (${js(t.b)})))`;
      return `((${js(t.a)}) ${t.op} (${js(t.b)}))`;
  }
}

function numberLeaf(rnd: () => number): Tree {
  const pick = rnd();
  if (pick < 0.35) {
    const name = ['a', 'b', 'c', 'x'][Math.floor(rnd() * 4)]!;
    return { kind: 'leaf', ours: name, js: name };
  }
  const v = pick < 0.7 ? Math.floor(rnd() * 20) : Math.round(rnd() * 1000) / 100;
  return { kind: 'leaf', ours: String(v), js: String(v) };
}

/** Integer operands for bit operators, small enough that JavaScript's 32-bit operators agree with ours. */
function intLeaf(rnd: () => number): Tree {
  if (rnd() < 0.3) {
    const name = rnd() < 0.5 ? 'i' : 'j';
    return { kind: 'leaf', ours: name, js: name };
  }
  const v = Math.floor(rnd() * 1000);
  return { kind: 'leaf', ours: String(v), js: String(v) };
}

function tree(rnd: () => number, depth: number): Tree {
  const r = rnd();
  if (depth <= 0 || r < 0.15) return numberLeaf(rnd);
  if (r < 0.25)
    return { kind: 'unary', op: rnd() < 0.7 ? '-' : rnd() < 0.5 ? '+' : '!', a: tree(rnd, depth - 1) };
  if (r < 0.33) {
    const op = ['&', '|', '<<', '>>', '~'][Math.floor(rnd() * 5)]!;
    if (op === '~') return { kind: 'unary', op: '~', a: intLeaf(rnd) };
    const count = numberLeafIn(rnd, [0, 1, 2, 5, 12, 19]); // shift counts JavaScript would not wrap
    return { kind: 'binary', op, a: intLeaf(rnd), b: op.length === 2 ? count : intLeaf(rnd) };
  }
  if (r < 0.4)
    return { kind: 'ternary', c: tree(rnd, depth - 1), a: tree(rnd, depth - 1), b: tree(rnd, depth - 1) };
  if (r < 0.48) {
    const names = Object.keys(CALLS);
    const name = names[Math.floor(rnd() * names.length)]!;
    const [min, max] = CALLS[name]!;
    const count = min + Math.floor(rnd() * (max - min + 1));
    return { kind: 'call', name, args: Array.from({ length: count }, () => tree(rnd, depth - 1)) };
  }
  const pool = r < 0.6 ? COMPARE : r < 0.66 ? ['&&', '||'] : ARITH;
  const op = pool[Math.floor(rnd() * pool.length)]!;
  if (op === '^') {
    // Small exponents keep nested powers finite; the base may be any subtree.
    return { kind: 'binary', op, a: tree(rnd, depth - 1), b: numberLeafIn(rnd, [0, 1, 2, 3, -1, 0.5]) };
  }
  const b = tree(rnd, depth - 1);
  // Division by zero is NaN for us and ±Infinity for JavaScript: keep divisors away from zero.
  const divisor = op === '/' && jsValue(b) === 0 ? numberLeafIn(rnd, [3, 7]) : b;
  return { kind: 'binary', op, a: tree(rnd, depth - 1), b: divisor };
}

function numberLeafIn(rnd: () => number, choices: number[]): Tree {
  const v = String(choices[Math.floor(rnd() * choices.length)]!);
  return { kind: 'leaf', ours: v, js: v };
}

function sameNumber(actual: number, expected: number): boolean {
  if (!Number.isFinite(expected)) return Number.isNaN(actual); // we report every non-finite result as NaN
  return actual === expected || Math.abs(actual - expected) <= 1e-9 * Math.max(1, Math.abs(expected));
}

describe('random expressions agree with JavaScript arithmetic', () => {
  it('evaluates 3,000 random expressions like the JavaScript oracle', () => {
    const rnd = random(20240607);
    let checked = 0;
    while (checked < 3000) {
      const t = tree(rnd, 1 + Math.floor(rnd() * 5));
      const text = ours(t, rnd);
      if (text.length > 200) continue;
      const parsed = parseFormula(text);
      if (!parsed.ok) throw new Error(`${text}: ${parsed.error.message.en}`);
      const actual = evaluateFormula(parsed.ast, (name) => VARS[name as keyof typeof VARS]);
      const expected = jsValue(t);
      if (typeof actual !== 'number' || !sameNumber(actual, expected)) {
        throw new Error(`${text} gave ${String(actual)}; JavaScript ${js(t)} gave ${expected}`);
      }
      checked++;
    }
    expect(checked).toBe(3000);
  });
});

describe('round', () => {
  /** Reference: round the shortest decimal text of |x| half away from zero, all in text. */
  function roundByText(x: number, digits: number): number {
    const [m, e] = Math.abs(x).toExponential().split('e');
    const up = Math.round(Number(`${m}e${Number(e) + digits}`));
    const [m2, e2] = up.toExponential().split('e');
    const back = Number(`${m2}e${Number(e2) - digits}`);
    return (x < 0 ? -back : back) + 0;
  }

  it('takes its fast path only where it gives the same answer as rounding the decimal text', () => {
    const rnd = random(7);
    for (let n = 0; n < 20_000; n++) {
      const digits = Math.floor(rnd() * 7) - 2;
      const scale = 10 ** Math.floor(rnd() * 8 - 3);
      const x = Math.round((rnd() - 0.5) * 2e6) / 1000 / scale;
      expect(roundHalfAway(x, digits)).toBe(roundByText(x, digits));
      const half = (Math.floor(rnd() * 1e5) + 0.5) / 10 ** Math.max(digits, 0); // exact halves
      expect(roundHalfAway(half, digits)).toBe(roundByText(half, digits));
    }
  });
});
