/**
 * The whitelisted functions and the integer operators of the formula language. Everything here
 * takes and returns plain numbers; a bad argument gives NaN, nothing throws.
 */

/** A callable function: how many arguments it takes and what it computes. */
export interface FormulaFunction {
  min: number;
  max: number;
  fn: (...args: number[]) => number;
}

/**
 * Rounds half away from zero (2.5 → 3, -2.5 → -3), like a spreadsheet's ROUND and unlike
 * `Math.round`. Digits may be negative (round(1234, -2) = 1200) and must lie in -15..15.
 * Values near a half are rounded through their shortest decimal text, so round(1.005, 2) is 1.01
 * as a user expects, not 1 as binary arithmetic would give; the rest take a fast path.
 */
export function roundHalfAway(x: number, digits = 0): number {
  const d = Math.trunc(digits);
  if (!Number.isFinite(x) || !Number.isFinite(d) || d < -15 || d > 15) return NaN;
  const a = Math.abs(x);
  const p = 10 ** Math.abs(d);
  const scaled = d >= 0 ? a * p : a / p;
  let rounded: number;
  if (scaled < 1e9 && Math.abs(scaled - Math.floor(scaled) - 0.5) > 1e-6) {
    const whole = Math.round(scaled);
    rounded = d >= 0 ? whole / p : whole * p;
  } else {
    rounded = shiftDecimal(Math.round(shiftDecimal(a, d)), -d);
  }
  return (x < 0 ? -rounded : rounded) + 0; // + 0 turns -0 into 0
}

function shiftDecimal(v: number, digits: number): number {
  const [mantissa, exponent] = v.toExponential().split('e');
  return Number(`${mantissa}e${Number(exponent) + digits}`);
}

function sum(...values: number[]): number {
  let total = 0;
  for (const v of values) total += v;
  return total;
}

function clamp(x: number, lo: number, hi: number): number {
  return lo > hi ? NaN : Math.min(Math.max(x, lo), hi);
}

/** Only `if` has no numeric `fn` worth calling: the compiler evaluates it lazily like `?:`. */
const functions: Record<string, FormulaFunction> = {
  abs: { min: 1, max: 1, fn: Math.abs },
  min: { min: 1, max: Infinity, fn: Math.min },
  max: { min: 1, max: Infinity, fn: Math.max },
  round: { min: 1, max: 2, fn: roundHalfAway },
  floor: { min: 1, max: 1, fn: Math.floor },
  ceil: { min: 1, max: 1, fn: Math.ceil },
  trunc: { min: 1, max: 1, fn: Math.trunc },
  sqrt: { min: 1, max: 1, fn: Math.sqrt },
  pow: { min: 2, max: 2, fn: Math.pow },
  exp: { min: 1, max: 1, fn: Math.exp },
  log: { min: 1, max: 1, fn: Math.log },
  log10: { min: 1, max: 1, fn: Math.log10 },
  sin: { min: 1, max: 1, fn: Math.sin },
  cos: { min: 1, max: 1, fn: Math.cos },
  tan: { min: 1, max: 1, fn: Math.tan },
  asin: { min: 1, max: 1, fn: Math.asin },
  acos: { min: 1, max: 1, fn: Math.acos },
  atan: { min: 1, max: 1, fn: Math.atan },
  atan2: { min: 2, max: 2, fn: Math.atan2 },
  sign: { min: 1, max: 1, fn: Math.sign },
  clamp: { min: 3, max: 3, fn: clamp },
  bit: { min: 2, max: 2, fn: bitOf },
  avg: { min: 1, max: Infinity, fn: (...values) => sum(...values) / values.length },
  sum: { min: 1, max: Infinity, fn: sum },
  if: { min: 3, max: 3, fn: (c, a, b) => (c !== 0 && c === c ? a : b) },
};

/** Names a formula may call, for editors' completion lists and validation messages. */
export const FORMULA_FUNCTION_NAMES: readonly string[] = Object.keys(functions);

/** The function called `name`, or undefined; never walks the prototype chain (`constructor`, `__proto__`). */
export function formulaFunction(name: string): FormulaFunction | undefined {
  return Object.hasOwn(functions, name) ? functions[name] : undefined;
}

// Integer operators work on 64-bit two's complement integers: operands are truncated toward zero
// and results are exact while they stay within ±2^53. Values of int32 range take the fast path.

function isInt32(v: number): boolean {
  return (v | 0) === v;
}

function toInt64(v: number): bigint {
  return BigInt.asIntN(64, BigInt(Math.trunc(v)));
}

/** A shift count or bit index: an integer 0..63, else null. */
function bitIndex(n: number): number | null {
  const i = Math.trunc(n);
  return i >= 0 && i <= 63 ? i : null;
}

export function bitAnd(a: number, b: number): number {
  if (isInt32(a) && isInt32(b)) return a & b;
  if (!Number.isFinite(a) || !Number.isFinite(b)) return NaN;
  return Number(toInt64(a) & toInt64(b));
}

export function bitOr(a: number, b: number): number {
  if (isInt32(a) && isInt32(b)) return a | b;
  if (!Number.isFinite(a) || !Number.isFinite(b)) return NaN;
  return Number(toInt64(a) | toInt64(b));
}

export function bitNot(a: number): number {
  if (isInt32(a)) return ~a;
  if (!Number.isFinite(a)) return NaN;
  return Number(BigInt.asIntN(64, ~toInt64(a)));
}

export function shiftLeft(a: number, n: number): number {
  const count = bitIndex(n);
  if (count === null || !Number.isFinite(a)) return NaN;
  if (isInt32(a) && count <= 21) return a * 2 ** count; // |result| < 2^52: exact, no wrap
  return Number(BigInt.asIntN(64, toInt64(a) << BigInt(count)));
}

/** Arithmetic (sign-keeping) right shift. */
export function shiftRight(a: number, n: number): number {
  const count = bitIndex(n);
  if (count === null || !Number.isFinite(a)) return NaN;
  if (isInt32(a)) return count <= 31 ? a >> count : a < 0 ? -1 : 0;
  return Number(toInt64(a) >> BigInt(count));
}

/** 1 when bit `n` (0 = least significant) of `x` is set, else 0; negative `x` in two's complement. */
export function bitOf(x: number, n: number): number {
  const index = bitIndex(n);
  if (index === null || !Number.isFinite(x)) return NaN;
  if (isInt32(x)) return index <= 31 ? (x >> index) & 1 : x < 0 ? 1 : 0;
  return Number((toInt64(x) >> BigInt(index)) & 1n);
}
