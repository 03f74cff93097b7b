import { isSuccessCode, SESSION_INVALID_CODES, TIMERS, type Envelope } from '@fieldhub/shared';
import i18n from '../../../app/i18n';
import { toastError } from '../../../app/notify';
import { ApiError } from '../../../app/request';
import { useSession } from '../../../app/session';
import { fileNameOf } from './downloadNames';

/**
 * File transfers of the device import and export. The app's request client speaks JSON and
 * form bodies only, so these two follow its rules (credentials, 120 s time-out, success codes,
 * 1006/1010 → /login, error toast with the server's message) for a multipart upload and for a
 * spreadsheet download.
 */

async function send(url: string, init: RequestInit): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMERS.httpTimeout);
  try {
    return await fetch(url, { ...init, credentials: 'include', signal: controller.signal });
  } catch (err) {
    const timedOut = (err as Error).name === 'AbortError';
    const text = i18n.t(timedOut ? 'common:error.timeout' : 'common:error.network');
    toastError(text);
    throw new ApiError(timedOut ? 'timeout' : 'network', text);
  } finally {
    clearTimeout(timer);
  }
}

/** Reads an answer envelope; a failure is toasted and thrown as ApiError. */
async function unwrap<T>(res: Response): Promise<T> {
  let envelope: Envelope<T>;
  try {
    envelope = (await res.json()) as Envelope<T>;
  } catch {
    // not an envelope at all (e.g. the route does not exist yet and the app shell answered)
    const text = i18n.t('common:error.unknown', { code: res.status });
    toastError(text);
    throw new ApiError(String(res.status), text);
  }
  const code = String(envelope.code);
  if (isSuccessCode(code)) return envelope.data;
  const error = new ApiError(
    code,
    envelope.message || i18n.t('common:error.unknown', { code }),
    envelope.data,
  );
  toastError(error.message);
  if (SESSION_INVALID_CODES.includes(code)) {
    useSession.getState().clear();
    window.location.assign('/login');
  }
  throw error;
}

/** Posts one file as multipart form data (field `file`) and returns the envelope's data. */
export async function uploadFile<T>(
  url: string,
  file: File,
  fields: Record<string, string> = {},
): Promise<T> {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  body.append('file', file, file.name);
  return unwrap<T>(await send(url, { method: 'POST', body }));
}

/**
 * Posts a JSON body and saves the answer as a file. A JSON answer is an envelope: an error is
 * shown like any other call's.
 */
export async function downloadFile(url: string, body: object, fallbackName: string): Promise<void> {
  const res = await send(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || type.includes('application/json') || type.includes('text/html')) {
    await unwrap(res);
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
