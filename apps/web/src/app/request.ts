import qs from 'qs';
import { isSuccessCode, SESSION_INVALID_CODES, TIMERS, type Envelope } from '@fieldhub/shared';
import i18n from './i18n';
import { toastError } from './notify';
import { useSession } from './session';

/** A failed call: the catalogue code and the server's message in the user's language. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST';
  /** send a JSON body (the spec's JSON calls) instead of a form-encoded one */
  json?: boolean;
  /** do not show an error toast (the caller shows the error itself) */
  silent?: boolean;
  timeoutMs?: number;
  /** on 1006/1010 go to /login (default); the login guard handles the redirect itself */
  redirectOnSessionLoss?: boolean;
}

let onSessionLost: () => void = () => {
  window.location.assign('/login');
};

/** The router registers how to go to /login without a page reload. */
export function setSessionLostHandler(handler: () => void): void {
  onSessionLost = handler;
}

/**
 * The one request client of the app (seed 000 §7-8): credentials sent, 120 s time-out,
 * form-encoded bodies with dotted nested keys unless JSON, success only for '200'/'201',
 * 1006/1010 clear the session and go to /login, other failures show the server's message.
 */
export async function request<T = unknown>(
  url: string,
  data?: object,
  options: RequestOptions = {},
): Promise<T> {
  const method = options.method ?? 'POST';
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? TIMERS.httpTimeout);
  let target = url;
  const init: RequestInit = { method, credentials: 'include', signal: controller.signal, headers: {} };
  if (method === 'GET') {
    if (data) target += `${url.includes('?') ? '&' : '?'}${qs.stringify(data, { allowDots: true })}`;
  } else if (options.json) {
    init.headers = { 'content-type': 'application/json' };
    init.body = JSON.stringify(data ?? {});
  } else {
    init.headers = { 'content-type': 'application/x-www-form-urlencoded' };
    init.body = qs.stringify(data ?? {}, { allowDots: true, arrayFormat: 'indices' });
  }

  let envelope: Envelope<T>;
  try {
    const res = await fetch(target, init);
    envelope = (await res.json()) as Envelope<T>;
  } catch (err) {
    const timedOut = (err as Error).name === 'AbortError';
    const text = i18n.t(timedOut ? 'common:error.timeout' : 'common:error.network');
    if (!options.silent) toastError(text);
    throw new ApiError(timedOut ? 'timeout' : 'network', text);
  } finally {
    clearTimeout(timer);
  }

  const code = String(envelope.code);
  if (isSuccessCode(code)) return envelope.data;
  const error = new ApiError(
    code,
    envelope.message || i18n.t('common:error.unknown', { code }),
    envelope.data,
  );
  if (SESSION_INVALID_CODES.includes(code)) {
    const wasLoggedIn = useSession.getState().loggedIn;
    useSession.getState().clear();
    if (wasLoggedIn && !options.silent) toastError(error.message);
    if (options.redirectOnSessionLoss !== false) onSessionLost();
    throw error;
  }
  if (!options.silent) toastError(error.message);
  throw error;
}
