import type { Lang } from '../errors/catalogue';

/** Special characters the password rule counts (docs/requirements/account-security.md §2.1). */
export const PASSWORD_SPECIALS = '_!@#$%^&*()?';
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 15;

export type PasswordProblem = 'length' | 'chars' | 'classes' | 'repeat' | 'mismatch';

const allowedChar = /^[A-Za-z0-9_!@#$%^&*()?]$/;

/**
 * Checks a new password against the rule of docs/requirements/account-security.md §2.1: 8-15 characters, at
 * least three of digits / uppercase / lowercase / specials, nothing outside those (so no emoji), and no
 * simple repetition: the same character three times in a row ('111', 'aaabbb').
 * Returns the first problem found, or null when the password is acceptable.
 */
export function checkPassword(password: string, confirmation?: string): PasswordProblem | null {
  const chars = Array.from(password);
  if (chars.length < PASSWORD_MIN || chars.length > PASSWORD_MAX) return 'length';
  if (!chars.every((c) => allowedChar.test(c))) return 'chars';
  const classes = [/[0-9]/, /[A-Z]/, /[a-z]/, /[_!@#$%^&*()?]/].filter((re) => re.test(password)).length;
  if (classes < 3) return 'classes';
  if (/(.)\1\1/.test(password)) return 'repeat';
  if (confirmation !== undefined && confirmation !== password) return 'mismatch';
  return null;
}

const problemText: Record<PasswordProblem, Record<Lang, string>> = {
  length: {
    'zh-CN': `密码长度为${PASSWORD_MIN}-${PASSWORD_MAX}位`,
    'en-US': `The password must be ${PASSWORD_MIN}-${PASSWORD_MAX} characters long`,
  },
  chars: {
    'zh-CN': `密码只能包含字母、数字和特殊字符 ${PASSWORD_SPECIALS}`,
    'en-US': `The password may contain only letters, digits and the special characters ${PASSWORD_SPECIALS}`,
  },
  classes: {
    'zh-CN': '密码需至少包含数字、大写字母、小写字母、特殊字符中的三种',
    'en-US':
      'The password needs at least three of: digits, uppercase letters, lowercase letters, special characters',
  },
  repeat: {
    'zh-CN': '密码不能包含连续重复的简单字符，如111、aaabbb',
    'en-US': 'The password must not repeat a character three times in a row, such as 111 or aaabbb',
  },
  mismatch: {
    'zh-CN': '两次输入的密码不一致',
    'en-US': 'The two passwords do not match',
  },
};

export function passwordProblemText(problem: PasswordProblem, lang: Lang): string {
  return problemText[problem][lang];
}
