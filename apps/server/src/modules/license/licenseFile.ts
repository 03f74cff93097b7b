import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { AppError, Err, licenseFileSchema, licenseTermsSchema, type LicenseTerms } from '@fieldhub/shared';

/**
 * The project's built-in vendor key (docs/requirements/account-security.md §6.2): licences signed
 * by its private half, which is not in the repository, verify on every installation that does
 * not set LICENSE_PUBLIC_KEY.
 */
export const BUILT_IN_LICENSE_KEY = `-----BEGIN PUBLIC KEY-----
MCowBQYDK2VwAyEAxnnWSzqysEDgdHqOFey0zRWfODiAFU/7kwBKAZcW2Ts=
-----END PUBLIC KEY-----
`;

export function licenseKey(pem: string | undefined): KeyObject {
  const key = createPublicKey(pem ?? BUILT_IN_LICENSE_KEY);
  if (key.asymmetricKeyType !== 'ed25519')
    throw new Error('LICENSE_PUBLIC_KEY must be an Ed25519 public key');
  return key;
}

/**
 * Reads a licence file: 10007 when it is not a licence at all, 10009 when its signature does not
 * verify with the platform's key (a changed byte, another vendor's key) or its terms are unreadable.
 */
export function readLicenseFile(text: string, key: KeyObject): LicenseTerms {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AppError(Err.fileFormatWrong);
  }
  const file = licenseFileSchema.safeParse(json);
  if (!file.success) throw new AppError(Err.fileFormatWrong);
  const { payload, signature } = file.data;
  const signed = verify(null, Buffer.from(payload, 'utf8'), key, Buffer.from(signature, 'base64url'));
  if (!signed) throw new AppError(Err.configFileError);
  let terms: unknown;
  try {
    terms = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw new AppError(Err.configFileError);
  }
  const parsed = licenseTermsSchema.safeParse(terms);
  if (!parsed.success) throw new AppError(Err.configFileError);
  return parsed.data;
}
