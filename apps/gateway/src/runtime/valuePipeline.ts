/**
 * What happens to a value between the field bus and the platform, both ways, as pure functions:
 * collection (raw → collection formula → collection limits) and writes (write limits → write
 * formula → data type check), and the conditions of reports and scripts. Rounding to the
 * variable's decimals is left to the platform, which knows the display setting; the gateway sends
 * full precision.
 */
import { Err, type FormulaResolver, type FormulaValue, checkWriteValue } from '@fieldhub/shared';
import type { RawValue } from '../drivers/driver';
import { RAW_IDENTIFIER, type RuntimeVariable, type Value } from './variableModel';

/**
 * Quality codes the runtime itself adds (drivers add field-bus codes):
 * - OUT_OF_LIMITS (99906): the value is outside collectLower..collectUpper; it is still sent,
 *   flagged, because dropping it would hide a real excursion of the process.
 * - NO_NUMBER (1722): the value is not a finite number — NaN or infinity from the device (a float
 *   register holding NaN), or a collection formula that gave none (division by zero, a bad
 *   function argument); no value is sent.
 * - MISSING_FROM_READ (99907): the driver answered the cycle without this variable.
 */
export const QUALITY = {
  OUT_OF_LIMITS: Err.valueOverLimit,
  NO_NUMBER: Err.dataTypeError,
  MISSING_FROM_READ: Err.incompleteRead,
} as const;

/** The outcome of processing one value: a value, a quality code, or both. */
export interface Sample {
  value?: Value;
  q?: number;
}

function resolverFor(x: FormulaValue): FormulaResolver {
  return (name, kind) => (kind === 'identifier' && name === RAW_IDENTIFIER ? x : undefined);
}

/** A raw field value in the form formulas and the platform use: booleans become 1 and 0. */
export function normalizeRaw(raw: RawValue): Value {
  return typeof raw === 'boolean' ? (raw ? 1 : 0) : raw;
}

/** raw → collection formula → collection limits. */
export function processRaw(variable: RuntimeVariable, raw: RawValue): Sample {
  let value: Value = normalizeRaw(raw);
  if (variable.config.dataType === 'bit' && typeof value === 'number') value = value !== 0 ? 1 : 0;
  if (variable.collect) value = variable.collect.evaluate(resolverFor(value));
  if (typeof value === 'number' && !Number.isFinite(value)) return { q: QUALITY.NO_NUMBER };
  return { value, ...limitFlag(variable, value) };
}

/** The out-of-limits flag of a value, if it has one. */
export function limitFlag(variable: RuntimeVariable, value: Value): { q?: number } {
  if (typeof value !== 'number') return {};
  const { collectLower, collectUpper } = variable.config;
  const outside =
    (collectLower !== null && value < collectLower) || (collectUpper !== null && value > collectUpper);
  return outside ? { q: QUALITY.OUT_OF_LIMITS } : {};
}

/** A value entered by a user or a script, as a number for numeric types. */
function inputValue(variable: RuntimeVariable, input: unknown): Value | undefined {
  if (typeof input === 'boolean') return input ? 1 : 0;
  if (typeof input === 'number') return Number.isFinite(input) ? input : undefined;
  if (typeof input !== 'string') return undefined;
  if (variable.config.dataType === 'string') return input;
  const n = input.trim() === '' ? NaN : Number(input);
  return Number.isFinite(n) ? n : undefined;
}

export type PreparedWrite = { ok: true; raw: RawValue; value: Value } | { ok: false; code: number };

/**
 * Checks a write and computes what goes to the field: read-only (2002), a value of the wrong kind
 * (1722), write limits on the entered value (2003 above, 2004 below), the write formula with the
 * value as `x` (2005 when it is broken or gives no number), then the data type's range (99906).
 * `value` is what the variable will show once written (the entered value).
 */
export function prepareWrite(variable: RuntimeVariable, input: unknown): PreparedWrite {
  const { config } = variable;
  if (config.rw === 'r') return { ok: false, code: Err.variableReadOnly };
  const value = inputValue(variable, input);
  if (value === undefined) return { ok: false, code: Err.dataTypeError };
  if (typeof value === 'number') {
    if (config.writeUpper !== null && value > config.writeUpper)
      return { ok: false, code: Err.writeAboveUpperLimit };
    if (config.writeLower !== null && value < config.writeLower)
      return { ok: false, code: Err.writeBelowLowerLimit };
  }
  if (variable.writeFault !== undefined) return { ok: false, code: variable.writeFault };
  let raw: Value = value;
  if (variable.write) {
    const result = variable.write.evaluate(resolverFor(value));
    if (typeof result === 'number' && Number.isNaN(result)) return { ok: false, code: Err.writeFormulaError };
    raw = result;
  }
  if (config.kind !== 'device') {
    const tooLong =
      typeof raw === 'string' &&
      config.stringLength !== null &&
      checkWriteValue('string', raw, config.stringLength);
    return tooLong ? { ok: false, code: Err.valueOverLimit } : { ok: true, raw, value: raw };
  }
  if (typeof raw === 'string' && config.dataType !== 'string') return { ok: false, code: Err.dataTypeError };
  if (typeof raw === 'number' && config.dataType === 'string') return { ok: false, code: Err.dataTypeError };
  const problem = checkWriteValue(config.dataType, raw, config.stringLength ?? 0);
  if (problem) return { ok: false, code: Err.valueOverLimit };
  return { ok: true, raw: config.dataType === 'bit' ? raw === 1 : raw, value };
}

// Conditions of reports and scripts: formulas that read variables by name, true when they give a
// non-zero number or a non-empty text.

/** A resolver reading variables by name; `${...}` references (other devices) are unknown here. */
export function resolverOf(valueByName: (name: string) => Value | undefined): FormulaResolver {
  return (name, kind) => (kind === 'identifier' ? valueByName(name) : undefined);
}

export function isTruthy(value: FormulaValue): boolean {
  return typeof value === 'number' ? value !== 0 && !Number.isNaN(value) : value !== '';
}
