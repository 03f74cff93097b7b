import { z } from 'zod';
import { formBool, formId } from '../validation/form';
import { defineCalls, noData } from './define';

/**
 * The lock certificate (docs/requirements/account-security.md §5, issue 20). An account with
 * `useLock` proves every LOCK_CHECK_SECONDS that its dongle is present: the browser fetches a
 * single-use challenge bound to its session, has the dongle sign LOCK_SIGN_PREFIX + challenge with
 * the lock's Ed25519 private key, and sends the signature (base64). The server verifies it against
 * the public key registered for the account (`accounts.public_key`, PEM or an OpenSSH
 * `ssh-ed25519` line); any failure is 1012 and ends the session.
 */

/** How often the browser proves the lock is present. */
export const LOCK_CHECK_SECONDS = 60;
/**
 * How long a locked account's session may go without a valid signature (after login or the last
 * one) before the server refuses its calls with 1012: two checks and half a minute of slack.
 */
export const LOCK_GRACE_SECONDS = 2 * LOCK_CHECK_SECONDS + 30;
/** How long a challenge may wait for its signature. */
export const LOCK_CHALLENGE_SECONDS = 120;
/** The fixed prefix of the signed data, so a lock key signs nothing else by mistake. */
export const LOCK_SIGN_PREFIX = 'fieldhub-lock-v1:';
/** Where the browser finds the local dongle service unless the user set another address. */
export const DONGLE_DEFAULT_URL = 'http://127.0.0.1:18480/v1/api';
/** Largest public key text accepted (the .pub file's limit). */
export const LOCK_PUBLIC_KEY_MAX = 1024 * 1024;

export const lockCalls = defineCalls('lock', {
  random: {
    path: '/lfscada/user/random',
    method: 'GET',
    output: z.string(),
    summary: 'A single-use challenge for the lock, bound to the session (value in data)',
  },
  validLockCert: {
    path: '/lfscada/user/validLockCert',
    input: z.object({ verifyData: z.string().trim().min(1).max(1000) }),
    output: noData,
    body: 'form',
    summary: "Checks the dongle's signature of the last challenge (1012 and logout on failure)",
  },
  setLock: {
    path: '/lfscada/account/lock',
    input: z.object({
      id: formId,
      useLock: formBool,
      /** the lock's public key; absent keeps the registered one */
      publicKey: z.string().max(LOCK_PUBLIC_KEY_MAX).optional(),
    }),
    output: noData,
    access: { perm: 'account_manage' },
    body: 'json',
    bodyLimit: LOCK_PUBLIC_KEY_MAX + 64 * 1024,
    summary: "Turns the lock check on or off for an account and registers its lock's public key",
  },
});
