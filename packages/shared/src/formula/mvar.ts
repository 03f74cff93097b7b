/**
 * Intermediate variables of a project (mvar, docs/requirements/projects.md §5.1): a calculation type and
 * either a list of `${equipmentId.signalId}` references (sum, avg, min, max) or an expression (custom).
 */
import type { FormulaValue } from './ast';
import { formulaNumber } from './compile';
import { compileFormula } from './evaluate';

export const MVAR_TYPES = ['sum', 'avg', 'min', 'max', 'custom'] as const;
export type MvarType = (typeof MVAR_TYPES)[number];

/** The latest reading of a signal as the monitor holds it: `code` 200 (number or text) means good. */
export interface MvarReading {
  code: string | number;
  value: unknown;
}

/** Finds the reading of a reference `equipmentId.signalId`; undefined when there is none. */
export type MvarLookup = (ref: string) => MvarReading | undefined;

const REF_IN_TEXT = /\$\{([^}]*)\}/g;

/**
 * The references an aggregate formula names: a list is taken as given (a `${...}` wrapper is
 * removed), a text contributes every `${...}` it contains, whatever separates them.
 */
export function mvarRefs(source: readonly string[] | string): string[] {
  if (typeof source === 'string') return [...source.matchAll(REF_IN_TEXT)].map((m) => m[1] ?? '');
  return source.map((ref) => /^\$\{(.*)\}$/.exec(ref.trim())?.[1] ?? ref.trim());
}

function isGood(reading: MvarReading | undefined): reading is MvarReading {
  return reading !== undefined && String(reading.code) === '200';
}

/** A reading's value as the formula sees it; what is neither number nor text is not a number. */
function readingValue(value: unknown): FormulaValue {
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'bigint') return Number(value);
  return NaN;
}

/** docs/requirements/projects.md §5.3: an empty, NaN or infinite result becomes 0. */
function finite(result: number): number {
  return Number.isFinite(result) ? result : 0;
}

/**
 * Computes an intermediate variable by the rules of docs/requirements/projects.md §5.3, always to a finite
 * number:
 * - a reference whose reading is missing or whose code is not 200 counts as 0 (it still counts in
 *   avg's denominator and can be min's or max's answer);
 * - a good reading whose value is not numeric makes the aggregate NaN, hence 0;
 * - an empty list, a NaN or an infinite result gives 0;
 * - a custom expression that does not parse, does not evaluate to a number, or whose lookup
 *   throws gives 0. Plain identifiers in a custom expression are unknown (NaN). `custom` needs
 *   the expression as one text; a list gives 0.
 */
export function evaluateMvar(type: MvarType, source: readonly string[] | string, lookup: MvarLookup): number {
  if (type === 'custom') return typeof source === 'string' ? evaluateCustom(source, lookup) : 0;
  const values = mvarRefs(source).map((ref) => {
    const reading = lookup(ref);
    return isGood(reading) ? formulaNumber(readingValue(reading.value)) : 0;
  });
  if (values.length === 0) return 0;
  let total = 0;
  let least = Infinity;
  let most = -Infinity;
  for (const v of values) {
    total += v;
    least = v < least || v !== v ? v : least; // a NaN value sticks, as in Math.min
    most = v > most || v !== v ? v : most;
  }
  switch (type) {
    case 'sum':
      return finite(total);
    case 'avg':
      return finite(total / values.length);
    case 'min':
      return finite(least);
    case 'max':
      return finite(most);
  }
}

function evaluateCustom(expression: string, lookup: MvarLookup): number {
  const compiled = compileFormula(expression);
  if (!compiled.ok) return 0;
  try {
    const result = compiled.evaluate((name, kind) => {
      if (kind === 'identifier') return undefined;
      const reading = lookup(name);
      return isGood(reading) ? readingValue(reading.value) : 0;
    });
    return finite(formulaNumber(result));
  } catch {
    return 0; // a lookup that throws fails the evaluation: 0 (docs/requirements/projects.md §5.3)
  }
}
