import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import { checkPassword, passwordProblemText, type Lang } from '@fieldhub/shared';

/** The password rule of docs/requirements/account-security.md §2.1 as form rules, in the user's language. */
export function newPasswordRules(lang: Lang, required: string): Rule[] {
  return [
    { required: true, message: required },
    {
      validator: (_, v: string | undefined) => {
        const problem = v ? checkPassword(v) : null;
        return problem ? Promise.reject(new Error(passwordProblemText(problem, lang))) : Promise.resolve();
      },
    },
  ];
}

export function confirmRules(lang: Lang, required: string, form: FormInstance): Rule[] {
  return [
    { required: true, message: required },
    {
      validator: (_, v: string | undefined) =>
        !v || v === form.getFieldValue('password')
          ? Promise.resolve()
          : Promise.reject(new Error(passwordProblemText('mismatch', lang))),
    },
  ];
}
