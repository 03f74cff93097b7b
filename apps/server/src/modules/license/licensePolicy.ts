import { AppError, Err, type LicensedFunction } from '@fieldhub/shared';
import { systemClock, type Clock } from '../../clock';
import type { Db } from '../../db/db';
import * as repo from './license.repo';

/** What a licence limits (docs/requirements/account-security.md §6.1). */
export type LicensedCount = 'users' | 'gateways' | 'variables';

const LIMIT_CODE = {
  users: Err.userLicenseLimit,
  gateways: Err.gatewayLicenseLimit,
  variables: Err.variableLicenseLimit,
} as const;

/**
 * The platform's licensing policy, set once when the server starts (license.routes.ts) from
 * LICENSE_REQUIRED. It lives here rather than in every creating service's arguments so that the
 * checks stay one line where accounts, gateways and variables are created.
 */
const policy: { required: boolean; clock: Clock } = { required: false, clock: systemClock };

export function configureLicensing(required: boolean, clock: Clock): void {
  policy.required = required;
  policy.clock = clock;
}

/**
 * Refuses adding `adding` more of `what` beyond the licence in force: 90101–90103 over its limit,
 * 90100 when its licence has lapsed or, with LICENSE_REQUIRED, when none is installed. Without a
 * licence and without LICENSE_REQUIRED nothing is limited (§6.2). Called inside the creating
 * transaction, after the other checks.
 */
export async function checkLicenseRoom(db: Db, what: LicensedCount, adding = 1): Promise<void> {
  const licence = await repo.currentLicense(db);
  if (!licence) {
    if (policy.required) throw new AppError(Err.systemNotActivated);
    return;
  }
  if (licence.expires_at <= policy.clock.now()) throw new AppError(Err.systemNotActivated);
  const limit = {
    users: licence.max_users,
    gateways: licence.max_gateways,
    variables: licence.max_variables,
  }[what];
  if (limit == null) return;
  if ((await repo.countLicensed(db, what)) + adding > limit) throw new AppError(LIMIT_CODE[what]);
}

/** Refuses a function the licence in force does not switch on (90104); free without a licence (§6.2). */
export async function checkLicensedFunction(db: Db, fn: LicensedFunction): Promise<void> {
  const licence = await repo.currentLicense(db);
  if (!licence) {
    if (policy.required) throw new AppError(Err.systemNotActivated);
    return;
  }
  if (licence.expires_at <= policy.clock.now()) throw new AppError(Err.systemNotActivated);
  if (!licence.functions.includes(fn)) throw new AppError(Err.functionNotActivated);
}

export function licensingRequired(): boolean {
  return policy.required;
}

export function licensingNow(): Date {
  return policy.clock.now();
}
