import type { FormRule } from 'antd';
import { checkPassword, passwordProblemText, type Lang } from '@fieldhub/shared';
import { currentLang } from './i18n';

/**
 * Form rules built on the schemas and the password rule of packages/shared, so a form refuses
 * exactly what the server would refuse. Used by the account forms and the enterprise form.
 */

/** Anything with zod's `safeParse`: the shared field schemas. */
interface Checkable {
  safeParse(value: unknown): { success: boolean };
}

/** A rule that passes when the shared schema accepts the value; empty values are left to `required`. */
export function schemaRule(schema: Checkable, message: string): FormRule {
  return {
    validator: (_, value: unknown) =>
      value === undefined || value === null || value === '' || schema.safeParse(value).success
        ? Promise.resolve()
        : Promise.reject(new Error(message)),
  };
}

/** The password rule of docs/requirements/account-security.md §2.1, worded in the current language. */
export function passwordRule(lang: Lang = currentLang()): FormRule {
  return {
    validator: (_, value: string | undefined) => {
      if (!value) return Promise.resolve();
      const problem = checkPassword(value);
      return problem ? Promise.reject(new Error(passwordProblemText(problem, lang))) : Promise.resolve();
    },
  };
}

/** The confirmation must repeat the field `passwordField`. */
export function confirmRule(passwordField: string, lang: Lang = currentLang()): FormRule {
  return ({ getFieldValue }) => ({
    validator: (_, value: string | undefined) =>
      !value || value === getFieldValue(passwordField)
        ? Promise.resolve()
        : Promise.reject(new Error(passwordProblemText('mismatch', lang))),
  });
}
