import { z } from 'zod';
import { DATA_TYPES, mappingEntrySchema } from './variable';

/**
 * How a variable's values read (docs/requirements/monitoring.md §3.13): its decimals, data type,
 * unit and state mapping. Answers that carry recorded values (alarm records, alarm messages) carry
 * it beside them, so every screen formats them alike.
 */
export const valueFormatSchema = z.object({
  decimals: z.number().int(),
  dataType: z.enum(DATA_TYPES),
  unit: z.string(),
  mapping: z.array(mappingEntrySchema),
});
export type ValueFormat = z.output<typeof valueFormatSchema>;

/** A value as stored or received. */
export type ShownValue = number | string | boolean | null | undefined;

const FLOAT_TYPES: readonly string[] = ['float32', 'float64'];

/** Significant digits of a float32, for a number whose variable is no longer known. */
const FLOAT32_DIGITS = 7;

/**
 * A value as text without its unit: the state mapping's text, a number with the variable's
 * decimals (float types, and any fraction a formula made of an integer register), else as it is;
 * '' for no value.
 */
export function formatValue(
  f: Pick<ValueFormat, 'decimals' | 'dataType' | 'mapping'>,
  value: ShownValue,
): string {
  if (value === null || value === undefined) return '';
  const mapped = f.mapping.find((m) => String(m.value) === String(value));
  if (mapped) return mapped.text;
  if (typeof value === 'number' && f.dataType !== 'string') {
    if (FLOAT_TYPES.includes(f.dataType) || !Number.isInteger(value))
      return value.toFixed(Math.max(0, Math.min(f.decimals, 10)));
    return String(value);
  }
  return String(value);
}

/**
 * A value with its unit ('95.05 °C'); a mapped text or a missing value takes none. Without a format
 * (the variable was deleted since) a fraction keeps a float32's significant digits, so the noise
 * of its conversion (95.04582977294922) is not shown.
 */
export function formatValueWithUnit(f: ValueFormat | null | undefined, value: ShownValue): string {
  if (!f) {
    if (value === null || value === undefined) return '';
    if (typeof value === 'number' && !Number.isInteger(value))
      return String(Number(value.toPrecision(FLOAT32_DIGITS)));
    return String(value);
  }
  const text = formatValue(f, value);
  const mapped = f.mapping.some((m) => String(m.value) === String(value));
  return text && f.unit && !mapped ? `${text} ${f.unit}` : text;
}
