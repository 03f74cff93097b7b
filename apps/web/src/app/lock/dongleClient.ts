import { DONGLE_DEFAULT_URL, LOCK_SIGN_PREFIX } from '@fieldhub/shared';

/** Where the user's dongle service answers: set per browser (localStorage), else the default port. */
export const DONGLE_URL_KEY = 'fieldhub.dongleUrl';
// the dongle is local: an answer that takes longer than this means it is not there
const DONGLE_TIMEOUT_MS = 10_000;

export function dongleUrl(): string {
  return localStorage.getItem(DONGLE_URL_KEY) || DONGLE_DEFAULT_URL;
}

async function dongleCall<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${dongleUrl()}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    credentials: 'omit',
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(DONGLE_TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`dongle answered ${res.status}`);
  return (await res.json()) as T;
}

interface DongleAnswer {
  code: number;
  desc?: string;
  data?: string;
}

/**
 * Has the local dongle sign a lock challenge (docs/requirements/account-security.md §5.2): its
 * description first, then the signature of LOCK_SIGN_PREFIX + challenge. Throws when the dongle
 * does not answer or refuses (code other than 0).
 */
export async function dongleSign(challenge: string): Promise<string> {
  const about = await dongleCall<DongleAnswer>('/control/slm_get_local_description');
  if (about.code !== 0 || !about.desc) throw new Error(`dongle: ${about.desc ?? about.code}`);
  const signed = await dongleCall<DongleAnswer>('/control/slm_ctrl_sign_by_device', {
    desc: about.desc,
    verify_data: LOCK_SIGN_PREFIX + challenge,
  });
  if (signed.code !== 0 || !signed.data) throw new Error(`dongle: ${signed.desc ?? signed.code}`);
  return signed.data;
}
