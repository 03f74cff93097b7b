/**
 * The judgement of a telemetry batch's items, one by one (docs/requirements/gateway-link.md
 * §4.2–§4.4): data in, data out. An item with a bad time is refused whole; otherwise each value is
 * judged alone against its variable's data type. What passes becomes rows to store; what does not
 * becomes a refusal with a catalogue code, for `down/refused`.
 */
import {
  Err,
  REFUSALS_LISTED_MAX,
  TEXT_VALUE_MAX,
  VARIABLE_KEY,
  type DataType,
  type Refusal,
} from '@fieldhub/shared';

/** A value as stored: a number, a text or none (a quality code says why). */
export interface StoredValue {
  variableId: number;
  ts: number;
  value: number | string | null;
  quality: number;
}

/** What the platform knows of a variable to judge its values. */
export interface VariableRule {
  id: number;
  dataType: DataType;
  /**
   * The declared length of a string variable: the bytes the field holds it in. A text decoded from
   * N bytes (in any encoding) has at most N characters (UTF-16 units), so that is the bound; none
   * declared: TEXT_VALUE_MAX.
   */
  stringLength: number | null;
  /**
   * The value is the field's own (a device variable without a collection formula), so the type
   * bounds it: integers within range, bits 0 or 1. Formulas give engineering values: any finite
   * number, whatever the register's type.
   */
  raw: boolean;
}

/** The sample times a gateway may send, in ms since the epoch (both included). */
export interface SampleWindow {
  /** the gateway's registration */
  notBefore: number;
  /** now plus the clock-skew tolerance */
  notAfter: number;
}

export interface JudgedBatch {
  rows: StoredValue[];
  /** the first REFUSALS_LISTED_MAX refusals */
  refusals: Refusal[];
  /** every refusal, listed or not */
  refusedTotal: number;
}

const INTEGER_RANGES: Partial<Record<DataType, readonly [number, number]>> = {
  int16: [-32_768, 32_767],
  uint16: [0, 65_535],
  int32: [-2_147_483_648, 2_147_483_647],
  uint32: [0, 4_294_967_295],
  int64: [-(2 ** 63), 2 ** 63 - 1],
  uint64: [0, 2 ** 64 - 1],
};

const NUMBER_TEXT = /^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?\s*$/;
const NON_FINITE_TEXT = /^\s*[+-]?(?:nan|inf|infinity)\s*$/i;

/** A value's verdict: stored as `value` (with `quality` when the value itself is bad), or refused. */
type Verdict = { value: number | string | null; quality?: number } | { refused: number };

const refused = (code: number): Verdict => ({ refused: code });
const NOT_A_NUMBER: Verdict = { value: null, quality: Err.dataTypeError };

function judgeNumber(n: number, rule: VariableRule): Verdict {
  if (!Number.isFinite(n)) return NOT_A_NUMBER;
  if (!rule.raw) return { value: n };
  if (rule.dataType === 'bit') return n === 0 || n === 1 ? { value: n } : refused(Err.valueOverLimit);
  if (rule.dataType === 'float32')
    return Number.isFinite(Math.fround(n)) ? { value: n } : refused(Err.valueOverLimit);
  const range = INTEGER_RANGES[rule.dataType];
  if (!range) return { value: n };
  // the register holds an integer: a fraction is a wrong value, not one to round
  if (!Number.isInteger(n)) return refused(Err.dataTypeError);
  return n >= range[0] && n <= range[1] ? { value: n } : refused(Err.valueOverLimit);
}

/**
 * A value against its variable's type. Numeric types: numbers, booleans (1 and 0) and numeric
 * texts ("12.5"); a non-finite number ("NaN", "Infinity") is stored as no value with quality 1722;
 * other texts are refused (1722). Strings: texts only, at most the declared length (1365); a
 * number for a string variable is refused (1722) rather than turned into text.
 */
export function judgeValue(raw: unknown, rule: VariableRule): Verdict {
  if (raw === null) return { value: null };
  if (rule.dataType === 'string') {
    if (typeof raw !== 'string') return refused(Err.dataTypeError);
    return raw.length > (rule.stringLength ?? TEXT_VALUE_MAX) ? refused(Err.textTooLong) : { value: raw };
  }
  switch (typeof raw) {
    case 'number':
      return judgeNumber(raw, rule);
    case 'boolean':
      return { value: raw ? 1 : 0 };
    case 'string':
      if (NUMBER_TEXT.test(raw)) return judgeNumber(Number(raw), rule);
      return NON_FINITE_TEXT.test(raw) ? NOT_A_NUMBER : refused(Err.dataTypeError);
    default:
      return refused(Err.dataTypeError);
  }
}

const isRecord = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * Judges the items of a batch of the device whose variables are `variables` (by their key, the
 * id in decimal). A value for a key that is not the device's variable is refused (1364 when the
 * key is not digits, 1714 otherwise); `q` codes must be integers (1363).
 */
export function judgeItems(
  items: readonly unknown[],
  variables: ReadonlyMap<string, VariableRule>,
  window: SampleWindow,
): JudgedBatch {
  const rows: StoredValue[] = [];
  const refusals: Refusal[] = [];
  let refusedTotal = 0;
  const refuse = (refusal: Refusal) => {
    refusedTotal++;
    if (refusals.length < REFUSALS_LISTED_MAX) refusals.push(refusal);
  };

  for (let index = 0; index < items.length; index++) {
    const item = items[index];
    if (!isRecord(item)) {
      refuse({ item: index, code: Err.uplinkItemMalformed });
      continue;
    }
    const { ts, vals, q } = item;
    const itemCode = !Number.isSafeInteger(ts)
      ? Err.uplinkItemMalformed
      : (ts as number) <= 0
        ? Err.sampleBeforeEpoch
        : (ts as number) < window.notBefore
          ? Err.sampleBeforeRegistration
          : (ts as number) > window.notAfter
            ? Err.sampleInFuture
            : !isRecord(vals) || (q !== undefined && !isRecord(q))
              ? Err.uplinkItemMalformed
              : null;
    if (itemCode !== null) {
      refuse({ item: index, ...(typeof ts === 'number' ? { ts } : {}), code: itemCode });
      continue;
    }
    const at = ts as number;
    const codes = q as Record<string, unknown> | undefined;
    const take = (key: string, raw: unknown, code: unknown) => {
      const rule = variables.get(key);
      if (!rule) {
        refuse({
          item: index,
          ts: at,
          key,
          code: VARIABLE_KEY.test(key) ? Err.variableNotFound : Err.variableKeyInvalid,
        });
        return;
      }
      if (code !== undefined && !Number.isSafeInteger(code)) {
        refuse({ item: index, ts: at, key, code: Err.uplinkItemMalformed });
        return;
      }
      if (raw === undefined) {
        rows.push({ variableId: rule.id, ts: at, value: null, quality: code as number });
        return;
      }
      const verdict = judgeValue(raw, rule);
      if ('refused' in verdict) {
        refuse({ item: index, ts: at, key, code: verdict.refused });
        return;
      }
      const quality = (code as number | undefined) ?? verdict.quality ?? 0;
      rows.push({ variableId: rule.id, ts: at, value: verdict.value, quality });
    };
    for (const key of Object.keys(vals as object))
      take(key, (vals as Record<string, unknown>)[key], codes?.[key]);
    if (codes)
      for (const key of Object.keys(codes))
        if (!Object.hasOwn(vals as object, key)) take(key, undefined, codes[key]);
  }
  return { rows, refusals, refusedTotal };
}
