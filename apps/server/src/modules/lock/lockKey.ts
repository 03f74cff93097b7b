import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { LOCK_SIGN_PREFIX } from '@fieldhub/shared';

/**
 * The public key of an account's lock (docs/requirements/account-security.md §5), as a `.pub` file
 * holds it: a PEM `PUBLIC KEY` block or an OpenSSH `ssh-ed25519 AAAA… comment` line. Only Ed25519
 * keys are taken; anything else reads as no key (null).
 */
export function parseLockKey(text: string): KeyObject | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  try {
    if (trimmed.startsWith('-----BEGIN')) {
      const key = createPublicKey(trimmed);
      return key.asymmetricKeyType === 'ed25519' ? key : null;
    }
    const [type, blob] = trimmed.split(/\s+/);
    if (type !== 'ssh-ed25519' || !blob) return null;
    const raw = sshEd25519Key(Buffer.from(blob, 'base64'));
    return raw
      ? createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') }, format: 'jwk' })
      : null;
  } catch {
    return null;
  }
}

/** The 32 key bytes of an OpenSSH public key blob: string "ssh-ed25519", string key (RFC 8709 §4). */
function sshEd25519Key(blob: Buffer): Buffer | null {
  let at = 0;
  const field = (): Buffer | null => {
    if (at + 4 > blob.length) return null;
    const len = blob.readUInt32BE(at);
    at += 4;
    if (at + len > blob.length) return null;
    const out = blob.subarray(at, at + len);
    at += len;
    return out;
  };
  const name = field();
  const key = field();
  if (!name || name.toString('latin1') !== 'ssh-ed25519' || !key || key.length !== 32 || at !== blob.length)
    return null;
  return key;
}

/** Whether `signature` (base64 or base64url) is the lock's signature of the challenge. */
export function lockSignatureValid(key: KeyObject, challenge: string, signature: string): boolean {
  const sig = Buffer.from(signature.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (sig.length !== 64) return false;
  return verify(null, Buffer.from(LOCK_SIGN_PREFIX + challenge, 'utf8'), key, sig);
}
