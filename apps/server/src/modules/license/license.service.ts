import { AppError, Err, type CallResult, type licenseCalls } from '@fieldhub/shared';
import type { KeyObject } from 'node:crypto';
import type { Db } from '../../db/db';
import type { AuthContext } from '../../http/context';
import { recordBy } from '../oplog/oplog.service';
import * as repo from './license.repo';
import { readLicenseFile } from './licenseFile';
import { licensingNow, licensingRequired } from './licensePolicy';

/** The licence in force and what is used of its limits (docs/requirements/account-security.md §6). */
export async function licenseInfo(db: Db): Promise<CallResult<typeof licenseCalls.info>> {
  const [licence, users, gateways, variables] = await Promise.all([
    repo.currentLicense(db),
    repo.countLicensed(db, 'users'),
    repo.countLicensed(db, 'gateways'),
    repo.countLicensed(db, 'variables'),
  ]);
  return {
    required: licensingRequired(),
    state: !licence ? 'none' : licence.expires_at <= licensingNow() ? 'expired' : 'valid',
    license: licence
      ? {
          id: licence.licence_id,
          issuedTo: licence.issued_to,
          functions: licence.functions,
          expiresAt: licence.expires_at,
          uploadedAt: licence.uploaded_at,
        }
      : null,
    users: { used: users, limit: licence?.max_users ?? null },
    gateways: { used: gateways, limit: licence?.max_gateways ?? null },
    variables: { used: variables, limit: licence?.max_variables ?? null },
  };
}

/** Installs a licence file whose signature verifies and which has not expired (90100 otherwise). */
export async function uploadLicense(
  db: Db,
  key: KeyObject,
  auth: AuthContext,
  file: string,
  ip: string,
): Promise<{ id: string }> {
  const terms = readLicenseFile(file, key);
  const expiresAt = new Date(terms.expiresAt);
  const now = licensingNow();
  if (expiresAt <= now) throw new AppError(Err.systemNotActivated);
  await db.tx(async (tx) => {
    await repo.insertLicense(tx, {
      licenceId: terms.id,
      issuedTo: terms.issuedTo,
      users: terms.users ?? null,
      gateways: terms.gateways ?? null,
      variables: terms.variables ?? null,
      functions: terms.functions,
      expiresAt,
      file,
      uploadedBy: auth.accountId,
      uploadedAt: now,
    });
    await recordBy(tx, auth, ip, {
      action: 'license.upload',
      objectType: 'license',
      objectId: terms.id,
      detail: { issuedTo: terms.issuedTo, expiresAt: terms.expiresAt },
    });
  });
  return { id: terms.id };
}
