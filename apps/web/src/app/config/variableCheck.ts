import {
  messageFor,
  validateAddress,
  validateFormula,
  variableProblems,
  variableSchema,
  type Lang,
  type Protocol,
  type VariableInput,
} from '@fieldhub/shared';
import type { Translate } from '../useT';
import { bestEffort, compact, inLang, issueText } from './schemaForm';

/**
 * Everything the server checks about a variable (docs/requirements/device-configuration.md §3), run in the
 * browser over the form: the shared schema, the cross-field rules of `variableProblems`, the formulas with
 * the shared formula engine and the address with `validateAddress` for the driver's protocol.
 */

/** A mapping row as typed: the value is text until it is sent. */
export interface MappingRow {
  value?: string | number | null;
  text?: string | null;
}

export interface VariableCheckContext {
  /** protocol of the chosen driver (undefined: no driver chosen yet) */
  protocol: Protocol | undefined;
  /** names of the owner's other variables: what intermediate and internal formulas may read */
  otherNames: readonly string[];
  t: Translate<'deviceConfig'>;
  lang: Lang;
}

export interface FieldError {
  name: (string | number)[];
  message: string;
}

export interface VariableCheck {
  /** the item to send, when nothing is wrong */
  item: VariableInput | null;
  /** the first problem of each field */
  errors: FieldError[];
}

const NUMERIC = /^-?\d+(\.\d+)?$/;

/** The call's item from the form: numeric mapping values are sent as numbers. */
export function variablePayload(values: Record<string, unknown>): Record<string, unknown> {
  const body = compact(values);
  const mapping = (values.mapping as MappingRow[] | undefined) ?? [];
  body.mapping = mapping.map((m) => {
    const raw = typeof m?.value === 'number' ? String(m.value) : (m?.value ?? '').trim();
    return { value: NUMERIC.test(raw) ? Number(raw) : raw, text: m?.text ?? '' };
  });
  return body;
}

export function checkVariable(values: Record<string, unknown>, ctx: VariableCheckContext): VariableCheck {
  const { t, lang } = ctx;
  const errors: FieldError[] = [];
  const add = (name: (string | number)[], message: string) => {
    if (!errors.some((e) => e.name.join('.') === name.join('.'))) errors.push({ name, message });
  };
  const body = variablePayload(values);
  const parsed = variableSchema.safeParse(body);
  if (!parsed.success)
    for (const issue of parsed.error.issues)
      add(
        issue.path.map((p) => (typeof p === 'number' ? p : String(p))),
        issueText(issue, t, { name: t('variable.name-rule') }),
      );
  const v = parsed.success ? parsed.data : (bestEffort(variableSchema, body) as VariableInput);

  for (const p of variableProblems(v)) {
    add([p.field], p.detail ? p.detail[lang] : messageFor(p.code, lang));
  }
  // collection and write formulas read the raw value x; the others read sibling variables
  const formulaField = (field: 'collectFormula' | 'writeFormula' | 'formula', allowed: readonly string[]) => {
    const text = v[field];
    if (!text) return;
    const problem = validateFormula(text, { allowedIdentifiers: allowed });
    if (problem) add([field], inLang(problem.message, lang));
  };
  formulaField('collectFormula', ['x']);
  formulaField('writeFormula', ['x']);
  formulaField(
    'formula',
    ctx.otherNames.filter((n) => n !== v.name),
  );
  if (v.kind === 'device' && v.driverId && ctx.protocol && v.address) {
    const problem = validateAddress(ctx.protocol, {
      registerType: v.registerType,
      address: v.address,
      dataType: v.dataType,
      stringLength: v.stringLength,
      rw: v.rw,
    });
    if (problem) add([problem.field === 'value' ? 'address' : problem.field], inLang(problem, lang));
  }
  return { item: parsed.success && errors.length === 0 ? parsed.data : null, errors };
}
