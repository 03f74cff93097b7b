import type { FormInstance, FormRule } from 'antd';
import type { Lang } from '@fieldhub/shared';
import type { KeysUnder, Translate } from '../useT';

/**
 * Forms of the configuration screens validate with the same zod schemas of packages/shared the
 * server parses calls with (one rule for both sides). These helpers run a schema over the form's
 * values and word its issues in the user's language next to the field they belong to.
 */

/** The parts of a zod issue the wording needs (zod itself is a dependency of packages/shared). */
export interface SchemaIssue {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  expected?: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
}

export type SafeResult<T> =
  { success: true; data: T } | { success: false; error: { issues: readonly SchemaIssue[] } };

/** Anything with zod's `safeParse`: the shared schemas. */
export interface ParseSchema<T> {
  safeParse(value: unknown): SafeResult<T>;
}

/** Wording of one issue; `formats` names what a field's pattern means (`{ ip: 'valid IP' }`). */
export function issueText(issue: SchemaIssue, t: Translate, formats: Record<string, string> = {}): string {
  const field = String(issue.path[issue.path.length - 1] ?? '');
  switch (issue.code) {
    case 'invalid_type':
      return issue.expected === 'int' ? t('deviceConfig:issue.integer') : t('deviceConfig:issue.required');
    case 'invalid_value':
      return t('deviceConfig:issue.required');
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1
          ? t('deviceConfig:issue.required')
          : t('deviceConfig:issue.min-length', { n: Number(issue.minimum) });
      if (issue.origin === 'array') return t('deviceConfig:issue.min-items', { n: Number(issue.minimum) });
      return t('deviceConfig:issue.min-value', { n: Number(issue.minimum) });
    case 'too_big':
      if (issue.origin === 'string') return t('deviceConfig:issue.max-length', { n: Number(issue.maximum) });
      if (issue.origin === 'array') return t('deviceConfig:issue.max-items', { n: Number(issue.maximum) });
      return t('deviceConfig:issue.max-value', { n: Number(issue.maximum) });
    case 'invalid_format':
      return formats[field] ?? t('deviceConfig:issue.format');
    case 'custom':
      return customText(issue.message, t);
    default:
      return t('deviceConfig:issue.invalid');
  }
}

// messages the shared schemas give their cross-field rules
const CUSTOM_KEYS: Record<string, KeysUnder<'deviceConfig', 'issue.'>> = {
  required: 'issue.required',
  'value2 must exceed value': 'issue.value2-above-value',
  'bit index 0-63': 'issue.bit-index',
  'duplicate variable': 'issue.duplicate-variable',
  'policy and mode must both be None or both set': 'issue.policy-mode',
};

function customText(message: string, t: Translate): string {
  const key = CUSTOM_KEYS[message];
  return key ? t(`deviceConfig:${key}`) : t('deviceConfig:issue.invalid');
}

/** Text of a bilingual message (formula and address checks) in `lang`. */
export function inLang(text: { zh: string; en: string }, lang: Lang): string {
  return lang === 'zh-CN' ? text.zh : text.en;
}

/**
 * Form values as a call body: empty inputs (null, undefined, '') are left out so the schema's
 * defaults apply, exactly as when a field is omitted from a call.
 */
export function compact<T extends object>(values: T): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) if (v !== null && v !== undefined && v !== '') out[k] = v;
  return out;
}

const samePath = (a: readonly PropertyKey[], b: readonly PropertyKey[]) =>
  a.length === b.length && a.every((p, i) => String(p) === String(b[i]));

/**
 * A field rule that runs the whole schema over the form (cross-field rules included) and reports
 * the issues that belong to `path`. `payload` turns the form's values into the call's item.
 */
export function schemaRule<T>(
  schema: ParseSchema<T>,
  payload: (values: Record<string, unknown>) => unknown,
  path: readonly PropertyKey[],
  t: Translate,
  formats?: Record<string, string>,
): FormRule {
  return ({ getFieldsValue }) => ({
    validator: () => {
      const result = schema.safeParse(payload(getFieldsValue(true) as Record<string, unknown>));
      if (result.success) return Promise.resolve();
      const issue = result.error.issues.find((i) => samePath(i.path, path));
      return issue ? Promise.reject(new Error(issueText(issue, t, formats))) : Promise.resolve();
    },
  });
}

/**
 * Parses the form with the schema; on failure marks every field with its issue and returns null.
 * Issues of paths the form does not show go to `fallbackField` so nothing fails silently.
 */
export function parseForm<T>(
  form: FormInstance,
  schema: ParseSchema<T>,
  body: unknown,
  t: Translate,
  options: { formats?: Record<string, string>; fallbackField?: string } = {},
): T | null {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const shown = new Set(
    (form.getFieldsError() as { name: (string | number)[] }[]).map((f) => f.name.join('.')),
  );
  form.setFields(
    result.error.issues.map((issue) => {
      const name = issue.path.map((p) => (typeof p === 'number' ? p : String(p)));
      const target = shown.has(name.join('.')) || !options.fallbackField ? name : [options.fallbackField];
      return { name: target, errors: [issueText(issue, t, options.formats)] };
    }),
  );
  return null;
}

/** An object schema's fields, each parseable on its own. */
export interface ShapedSchema {
  shape: Record<string, { safeParse(value: unknown): { success: boolean; data?: unknown } }>;
}

/** The defaults a shared object schema fills in for omitted fields: a new form starts from them. */
export function defaultsOf(schema: ShapedSchema): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const parsed = field.safeParse(undefined);
    if (parsed.success && parsed.data !== undefined) out[key] = parsed.data;
  }
  return out;
}

/**
 * The body parsed field by field, a field that fails taking its default: cross-field checks can
 * then run while another field is still being typed.
 */
export function bestEffort(schema: ShapedSchema, body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const parsed = field.safeParse(body[key]);
    out[key] = parsed.success ? parsed.data : field.safeParse(undefined).data;
  }
  return out;
}
