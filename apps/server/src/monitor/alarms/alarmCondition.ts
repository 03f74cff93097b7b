import type { AlarmCondition } from '@fieldhub/shared';

/** What a rule compares a sample with (alarm_rules.condition, value, value2). */
export interface ConditionSpec {
  condition: AlarmCondition;
  value: number | null;
  value2: number | null;
}

// Equality on collected values: a float read back from a float32 register is rarely bit-exact
// (0.1 arrives as 0.10000000149), so non-integers match within float32 precision; integers, as
// counters and states are, match exactly.
const FLOAT32_RELATIVE = 1e-6;
const equal = (a: number, b: number) =>
  a === b ||
  (!(Number.isInteger(a) && Number.isInteger(b)) &&
    Math.abs(a - b) <= FLOAT32_RELATIVE * Math.max(Math.abs(a), Math.abs(b)));

/** The number a sample stands for, or null when it has none (text, empty, NaN). */
export function numericValue(value: number | string | null): number | null {
  if (value === null) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = value.trim();
  if (text === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

/** Bit `index` of an integer value, on its 64-bit two's-complement form. */
function bitOf(value: number, index: number): boolean {
  const word = BigInt.asUintN(64, BigInt(Math.trunc(value)));
  return ((word >> BigInt(index)) & 1n) === 1n;
}

/**
 * Whether a sample meets a rule's condition. `within` and `outside` are inclusive of the bounds
 * `value` ≤ `value2` (within: value ≤ x ≤ value2; outside: x < value or x > value2); bit
 * conditions read bit `value` (0-63) of the integer part. Returns null when the sample cannot be
 * judged (not a number, or a rule missing its threshold): such a sample neither raises nor clears.
 */
export function conditionMet(spec: ConditionSpec, sample: number | string | null): boolean | null {
  const x = numericValue(sample);
  const a = spec.value;
  if (x === null || a === null) return null;
  switch (spec.condition) {
    case 'gt':
      return x > a && !equal(x, a);
    case 'ge':
      return x > a || equal(x, a);
    case 'lt':
      return x < a && !equal(x, a);
    case 'le':
      return x < a || equal(x, a);
    case 'eq':
      return equal(x, a);
    case 'ne':
      return !equal(x, a);
    case 'within':
      if (spec.value2 === null) return null;
      return (x > a || equal(x, a)) && (x < spec.value2 || equal(x, spec.value2));
    case 'outside':
      if (spec.value2 === null) return null;
      return (x < a && !equal(x, a)) || (x > spec.value2 && !equal(x, spec.value2));
    case 'bitSet':
    case 'bitClear': {
      if (!Number.isInteger(a) || a < 0 || a > 63) return null;
      const set = bitOf(x, a);
      return spec.condition === 'bitSet' ? set : !set;
    }
    default: {
      const unknown: never = spec.condition;
      throw new Error(`unknown alarm condition ${String(unknown)}`);
    }
  }
}
