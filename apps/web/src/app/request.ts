import qs from 'qs';
import {
  isSuccessCode,
  SESSION_INVALID_CODES,
  TIMERS,
  type CallDef,
  type CallInput,
  type CallOutput,
  type Envelope,
} from '@fieldhub/shared';
import { fileNameOf } from './downloadNames';
import { translate } from './useT';
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
 * The one request client of the app (docs/requirements/client-rules.md §2): credentials sent, 120 s time-out,
 * form-encoded bodies with dotted nested keys unless JSON, success only for '200'/'201',
 * 1006/1010 clear the session and go to /login, other failures show the server's message.
 */
export async function request<T = unknown>(
  url: string,
  data?: object,
  options: RequestOptions = {},
): Promise<T> {
  const method = options.method ?? 'POST';
  let target = url;
  const init: RequestInit = { method, headers: {} };
  if (method === 'GET') {
    if (data) target += `${url.includes('?') ? '&' : '?'}${qs.stringify(data, { allowDots: true })}`;
  } else if (options.json) {
    init.headers = { 'content-type': 'application/json' };
    init.body = JSON.stringify(data ?? {});
  } else {
    init.headers = { 'content-type': 'application/x-www-form-urlencoded' };
    init.body = qs.stringify(data ?? {}, { allowDots: true, arrayFormat: 'indices' });
  }
  const envelope = await send(target, init, options, (res) => res.json() as Promise<Envelope<T>>);
  return unwrap(envelope, options);
}

/** What a contract call leaves to its caller: the method and the body encoding are the contract's. */
export type CallOptions = Omit<RequestOptions, 'method' | 'json'>;

type CallArgs<C extends CallDef> =
  CallInput<C> extends undefined
    ? [input?: undefined, options?: CallOptions]
    : [input: CallInput<C>, options?: CallOptions];

/**
 * Makes a call of the contract (packages/shared/src/contract): path, method and body encoding
 * come from its definition, the input is typed by its input schema and the answer by its output.
 */
export function callApi<C extends CallDef>(def: C, ...[input, options]: CallArgs<C>): Promise<CallOutput<C>> {
  return request<CallOutput<C>>(def.path, input ?? undefined, {
    ...options,
    method: def.method,
    json: def.body === 'json',
  });
}

/** A contract call answering a file: posts its input and saves the file (see `download`). */
export function downloadCall<C extends CallDef>(
  def: C,
  input: CallInput<C>,
  fallbackName: string,
): Promise<void> {
  return download(def.path, input ?? {}, fallbackName);
}

/**
 * A contract call answering a file that the caller reads instead of saving (a sound to play): the
 * file when the answer is of `type` (a prefix such as `audio/`), else null (an envelope: the
 * server has no such file for the input, or refused). Nothing is shown; `signal` cancels it.
 */
export async function fetchFileCall<C extends CallDef>(
  def: C,
  input: CallInput<C>,
  type: string,
  signal?: AbortSignal,
): Promise<Blob | null> {
  const json = def.body === 'json';
  const res = await fetch(def.path, {
    method: def.method,
    credentials: 'include',
    headers: { 'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded' },
    body: json ? JSON.stringify(input ?? {}) : qs.stringify(input ?? {}, { allowDots: true }),
    ...(signal ? { signal } : {}),
  });
  return res.ok && (res.headers.get('content-type') ?? '').startsWith(type) ? res.blob() : null;
}

/** A contract call taking one file (multipart, field `file` after `fields`). */
export function uploadCall<C extends CallDef>(
  def: C,
  file: File,
  fields: Record<string, string> = {},
): Promise<CallOutput<C>> {
  return upload<CallOutput<C>>(def.path, file, fields);
}

/** A contract call taking several files (multipart, each as field `file`). */
export async function uploadFilesCall<C extends CallDef>(
  def: C,
  files: readonly File[],
): Promise<CallOutput<C>> {
  const body = new FormData();
  for (const file of files) body.append('file', file, file.name);
  const res = await send(def.path, { method: 'POST', body }, {}, async (r) => r);
  return unwrap(await envelopeOf<CallOutput<C>>(res), {});
}

/**
 * Posts one file as multipart form data (field `file`, after `fields`) and returns the
 * envelope's data, under the rules of `request`.
 */
export async function upload<T>(url: string, file: File, fields: Record<string, string> = {}): Promise<T> {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  body.append('file', file, file.name);
  const res = await send(url, { method: 'POST', body }, {}, async (r) => r);
  return unwrap(await envelopeOf<T>(res), {});
}

/**
 * Posts a JSON body and saves the answer as a file, named by the server or else `fallbackName`.
 * A JSON answer is an envelope: an error is shown like any other call's.
 */
export async function download(url: string, body: object, fallbackName: string): Promise<void> {
  const res = await send(
    url,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    {},
    async (r) => r,
  );
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || type.includes('application/json') || type.includes('text/html')) {
    unwrap(await envelopeOf(res), {});
    // a success envelope instead of a file: nothing to save
    return;
  }
  const blob = await res.blob();
  saveBlob(blob, fileNameOf(res.headers.get('content-disposition')) ?? fallbackName);
}

/** Offers a blob to the user as a download. */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/**
 * Fetches with the client's rules (credentials sent, the time-out) and reads the answer with
 * `read`; a network failure or time-out is shown and thrown as ApiError.
 */
async function send<R>(
  url: string,
  init: RequestInit,
  options: RequestOptions,
  read: (res: Response) => Promise<R>,
): Promise<R> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? TIMERS.httpTimeout);
  try {
    return await read(await fetch(url, { ...init, credentials: 'include', signal: controller.signal }));
  } catch (err) {
    const timedOut = (err as Error).name === 'AbortError';
    const text = translate(timedOut ? 'common:error.timeout' : 'common:error.network');
    if (!options.silent) toastError(text);
    throw new ApiError(timedOut ? 'timeout' : 'network', text);
  } finally {
    clearTimeout(timer);
  }
}

/** The envelope of a file call's answer; anything else (the app shell answering) is an error. */
async function envelopeOf<T>(res: Response): Promise<Envelope<T>> {
  try {
    return (await res.json()) as Envelope<T>;
  } catch {
    // not an envelope at all (e.g. the route does not exist yet and the app shell answered)
    const text = translate('common:error.unknown', { code: res.status });
    toastError(text);
    throw new ApiError(String(res.status), text);
  }
}

/** The data of a success envelope; any other is shown (unless silent) and thrown as ApiError. */
function unwrap<T>(envelope: Envelope<T>, options: RequestOptions): T {
  const code = String(envelope.code);
  if (isSuccessCode(code)) return envelope.data;
  const error = new ApiError(
    code,
    envelope.message || translate('common:error.unknown', { code }),
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
