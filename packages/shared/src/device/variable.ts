import { z } from 'zod';
import { formBool, optionalId } from '../validation/form';

export const DATA_TYPES = [
  'bit',
  'int16',
  'uint16',
  'int32',
  'uint32',
  'int64',
  'uint64',
  'float32',
  'float64',
  'string',
] as const;
export type DataType = (typeof DATA_TYPES)[number];
export const VARIABLE_KINDS = ['device', 'intermediate', 'internal', 'summary'] as const;
export type VariableKind = (typeof VARIABLE_KINDS)[number];
export const RW_MODES = ['rw', 'r', 'w'] as const;
/** How a data summary variable aggregates its sources' samples of one period (data-views.md §2.1). */
export const SUMMARY_AGGREGATIONS = ['sum', 'avg', 'min', 'max', 'count'] as const;
export type SummaryAggregation = (typeof SUMMARY_AGGREGATIONS)[number];
/** The periods a data summary variable is computed for (data-views.md §2.1). */
export const SUMMARY_PERIODS = ['hour', 'day', 'month'] as const;
export type SummaryPeriod = (typeof SUMMARY_PERIODS)[number];
/** At most this many source variables per data summary variable. */
export const SUMMARY_SOURCES_MAX = 100;

/**
 * Variable name: letters, digits, underscore, not starting with a digit
 * (docs/requirements/device-configuration.md §3.1).
 */
export const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
export const VARIABLE_NAME_MAX = 50;
export const MAPPING_MAX = 100;

const optionalNumber = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? null : v),
  z.coerce.number().finite().nullable(),
);
const text = (max: number) => z.string().trim().max(max).optional().default('');

export const mappingEntrySchema = z.object({
  value: z.union([z.number(), z.string().max(50)]),
  text: z.string().max(50),
});

/** A variable (signal) with every field of docs/requirements/device-configuration.md §3.1. */
export const variableSchema = z.object({
  kind: z.enum(VARIABLE_KINDS).optional().default('device'),
  driverId: optionalId.optional().default(null),
  name: z
    .string()
    .trim()
    .min(1)
    .max(VARIABLE_NAME_MAX)
    .regex(VARIABLE_NAME, 'letters, digits, _; not starting with a digit'),
  key: text(50),
  unit: text(20),
  decimals: z.coerce.number().int().min(0).max(10).optional().default(2),
  dataType: z.enum(DATA_TYPES),
  stringLength: z
    .preprocess((v) => (v === '' || v == null ? null : v), z.coerce.number().int().min(1).max(256).nullable())
    .optional()
    .default(null),
  registerType: text(20),
  address: text(200),
  rw: z.enum(RW_MODES).optional().default('r'),
  deadband: optionalNumber.optional().default(null),
  collectFormula: text(1000),
  writeFormula: text(1000),
  collectUpper: optionalNumber.optional().default(null),
  collectLower: optionalNumber.optional().default(null),
  writeUpper: optionalNumber.optional().default(null),
  writeLower: optionalNumber.optional().default(null),
  mapping: z.array(mappingEntrySchema).max(1000).optional().default([]),
  formula: text(1000),
  initialValue: text(100),
  storeHistory: formBool.optional().default(false),
  seq: z.coerce.number().int().min(0).max(1_000_000).optional().default(0),
  /** data summary variables only: the variables aggregated (any device of the enterprise) */
  summarySources: z.array(z.coerce.number().int().positive()).max(SUMMARY_SOURCES_MAX).optional().default([]),
  summaryAggregation: z.enum(SUMMARY_AGGREGATIONS).nullable().optional().default(null),
  summaryPeriod: z.enum(SUMMARY_PERIODS).nullable().optional().default(null),
});
export type VariableInput = z.infer<typeof variableSchema>;

/** What is wrong with a variable beyond its field types, as catalogue codes. */
export interface VariableProblem {
  code: number;
  field: string;
  /** bilingual detail for 10001 */
  detail?: { 'zh-CN': string; 'en-US': string };
}

const detail = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });

/**
 * The cross-field rules of docs/requirements/device-configuration.md §3.1, §3.3–§3.6 for a variable (formula
 * syntax is checked separately with the formula engine): limits upper > lower, mapping at most 100 entries
 * with unique values and non-blank text, string length for strings, a driver and address for device
 * variables, a formula for intermediate and internal ones, sources, aggregation, period and a numeric type for
 * data summary ones, string variables have no collect or write formula.
 */
export function variableProblems(v: VariableInput): VariableProblem[] {
  const problems: VariableProblem[] = [];
  const p10001 = (field: string, zh: string, en: string) =>
    problems.push({ code: 10001, field, detail: detail(zh, en) });
  if (v.collectUpper !== null && v.collectLower !== null && !(v.collectUpper > v.collectLower)) {
    p10001(
      'collectUpper',
      '采集上限必须大于采集下限',
      'The collection upper limit must exceed the lower limit',
    );
  }
  if (v.writeUpper !== null && v.writeLower !== null && !(v.writeUpper > v.writeLower)) {
    p10001(
      'writeUpper',
      '写入上限必须大于写入下限',
      'The write upper limit must exceed the write lower limit',
    );
  }
  if (v.mapping.length > MAPPING_MAX) problems.push({ code: 1723, field: 'mapping' });
  const values = v.mapping.map((m) => String(m.value).trim());
  if (new Set(values).size !== values.length) problems.push({ code: 1726, field: 'mapping' });
  if (v.mapping.some((m) => m.text.trim() === '')) problems.push({ code: 1727, field: 'mapping' });
  if (v.dataType === 'string' && !v.stringLength)
    p10001('stringLength', '字符串类型需填写长度', 'A string variable needs a length');
  if (v.kind === 'device') {
    if (!v.driverId) p10001('driverId', '设备变量需选择驱动', 'A device variable needs a driver');
    if (!v.address) p10001('address', '请填写寄存器地址', 'Please enter the register address');
  } else if (v.kind === 'intermediate' || v.kind === 'internal') {
    if (!v.formula)
      p10001('formula', '中间变量和内部变量需填写公式', 'Intermediate and internal variables need a formula');
  } else {
    if (!v.summarySources.length)
      p10001('summarySources', '汇总变量需选择源变量', 'A summary variable needs source variables');
    if (!v.summaryAggregation)
      p10001('summaryAggregation', '汇总变量需选择汇总方式', 'A summary variable needs an aggregation');
    if (!v.summaryPeriod)
      p10001('summaryPeriod', '汇总变量需选择汇总周期', 'A summary variable needs a period');
    if (v.dataType === 'string' || v.dataType === 'bit')
      p10001('dataType', '汇总变量须为数值类型', 'A summary variable must have a numeric data type');
  }
  if (v.dataType === 'string' && (v.collectFormula || v.writeFormula)) {
    p10001('collectFormula', '字符串变量不能使用公式', 'A string variable cannot have formulas');
  }
  return problems;
}

/**
 * A variable's stored type, address, access and scaling as both the configuration answers and the
 * gateway's configuration carry them (the same columns, the same meaning).
 */
export const storedVariableFields = {
  dataType: z.enum(DATA_TYPES),
  stringLength: z.number().int().nullable(),
  registerType: z.string(),
  address: z.string(),
  rw: z.enum(RW_MODES),
  deadband: z.number().nullable(),
  collectFormula: z.string(),
  writeFormula: z.string(),
  collectUpper: z.number().nullable(),
  collectLower: z.number().nullable(),
  writeUpper: z.number().nullable(),
  writeLower: z.number().nullable(),
};
