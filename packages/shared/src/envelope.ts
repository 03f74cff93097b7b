/** Every HTTP answer of the platform: `{code, message, data}`. */
export interface Envelope<T = unknown> {
  code: string;
  message: string;
  data: T;
}

/** The spec's success codes; anything else is a failure carrying a catalogue code. */
export const SUCCESS_CODES: readonly string[] = ['200', '201'];

/**
 * Codes after which the browser clears its session and goes to /login
 * (docs/requirements/client-rules.md §2.3; 1012, the lock failure: account-security.md §5.1).
 */
export const SESSION_INVALID_CODES: readonly string[] = ['1006', '1010', '1012'];

export function isSuccessCode(code: unknown): boolean {
  return SUCCESS_CODES.includes(String(code));
}
