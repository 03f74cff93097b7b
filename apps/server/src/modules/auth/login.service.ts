import { AppError, Err, LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES } from '@fieldhub/shared';
import { one, type Db } from '../../db/db';
import type { Clock } from '../../clock';
import type { AuthContext } from '../../http/context';
import { recordBy, recordOperation } from '../oplog/oplog.service';
import { consumeCaptcha } from './captcha';
import {
  claimAttempt,
  clearFailures,
  countFailure,
  peekAttempts,
  releaseAttempt,
  type LoginAttemptState,
} from './loginAttempts';
import { DUMMY_HASH, verifyPassword } from './passwordHash';
import { createSession, endSession } from './sessions';

export interface LoginAttempt {
  loginname: string;
  password: string;
  vcode: string;
  captchaId: string | undefined;
  ip: string;
  userAgent: string;
}

/**
 * Whether the next login for this name must carry the image code: after any failed attempt, and
 * while another attempt of the name is being checked.
 */
export async function captchaRequired(db: Db, clock: Clock, loginname: string): Promise<boolean> {
  if (!loginname) return false;
  const state = await peekAttempts(db, clock, normalise(loginname));
  return state.failures > 0 || state.attempts > 0;
}

function normalise(loginname: string): string {
  return loginname.trim().toLowerCase();
}

const lockedError = () => new AppError(Err.tooManyFailures, { params: { minutes: LOGIN_LOCK_MINUTES } });

/**
 * What the checks of one claimed attempt found; only a wrong password (`failed`) counts towards
 * the lock. A refused image code does not: otherwise anyone could lock a name with five requests
 * and no image code read.
 */
type Verdict =
  | { kind: 'locked' }
  | { kind: 'busy' }
  | { kind: 'captcha'; error: AppError }
  | { kind: 'failed'; error: AppError }
  | { kind: 'disabled' }
  | { kind: 'accepted'; account: { id: number; org_id: number } };

async function judge(
  db: Db,
  clock: Clock,
  claim: LoginAttemptState,
  name: string,
  attempt: LoginAttempt,
): Promise<Verdict> {
  if (claim.locked_until && claim.locked_until.getTime() > clock.now().getTime()) return { kind: 'locked' };
  // failures counted plus other attempts still being checked: each of those may become a
  // failure, so no more passwords are tried than the lock allows, however many arrive at once
  if (claim.failures + claim.attempts - 1 >= LOGIN_MAX_FAILURES) return { kind: 'busy' };
  // Only the attempt that found no failure and no other attempt in flight goes without the image
  // code: a burst of parallel logins tries one password at most before codes are due.
  if (claim.failures > 0 || claim.attempts > 1) {
    // no code at all: the screen had not shown the field yet (a new page, another tab), so the
    // code is asked for, not called wrong (accounts-and-login.md §3.1)
    if (!attempt.vcode.trim()) {
      return {
        kind: 'captcha',
        error: new AppError(Err.verificationCodeRequired, { data: { vcode: true } }),
      };
    }
    try {
      await consumeCaptcha(db, clock, attempt.captchaId, attempt.vcode);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return { kind: 'captcha', error: new AppError(err.code, { data: { vcode: true } }) };
    }
  }

  const account = await one<{
    id: number;
    org_id: number;
    password_hash: string;
    disabled: boolean;
    org_disabled: boolean;
  }>(
    db,
    `select a.id, a.org_id, a.password_hash, a.disabled, o.disabled as org_disabled
       from accounts a join orgs o on o.id = a.org_id where lower(a.loginname) = $1`,
    [name],
  );
  const passwordOk = await verifyPassword(attempt.password, account?.password_hash ?? DUMMY_HASH);
  if (!account || !passwordOk) {
    return { kind: 'failed', error: new AppError(Err.wrongCredentials, { data: { vcode: true } }) };
  }
  if (account.disabled || account.org_disabled) return { kind: 'disabled' };
  return { kind: 'accepted', account };
}

/**
 * Checks a login in the order of the spec's codes: name present (1002), not locked (1005),
 * image code when required (1025 none given, 1003/1004 wrong or expired), password (1001), account enabled (1008). A wrong
 * password counts as a failure; the fifth locks the account (1005). Returns the new session token and the account id.
 */
export async function login(
  db: Db,
  clock: Clock,
  idleMinutes: number,
  attempt: LoginAttempt,
): Promise<{ token: string; accountId: number }> {
  const name = normalise(attempt.loginname);
  if (!name) throw new AppError(Err.usernameRequired);
  const claim = await claimAttempt(db, clock, name);
  const verdict = await judge(db, clock, claim, name, attempt).catch(async (err: unknown) => {
    await releaseAttempt(db, name);
    throw err;
  });
  switch (verdict.kind) {
    case 'locked':
    case 'busy':
      await releaseAttempt(db, name);
      throw lockedError();
    case 'captcha':
      await releaseAttempt(db, name);
      throw verdict.error;
    case 'disabled':
      await releaseAttempt(db, name);
      throw new AppError(Err.accountDisabled);
    case 'failed': {
      const { failures } = await countFailure(db, clock, name);
      throw failures >= LOGIN_MAX_FAILURES ? lockedError() : verdict.error;
    }
    case 'accepted':
      break;
  }

  const { account } = verdict;
  await clearFailures(db, name);
  // the session and its operation-log entry exist together or not at all
  const token = await db.tx(async (tx) => {
    const issued = await createSession(tx, clock, idleMinutes, {
      accountId: account.id,
      orgId: account.org_id,
      ip: attempt.ip,
      userAgent: attempt.userAgent,
    });
    await recordOperation(tx, {
      orgId: account.org_id,
      accountId: account.id,
      loginname: attempt.loginname.trim(),
      action: 'login',
      ip: attempt.ip,
    });
    return issued;
  });
  return { token, accountId: account.id };
}

/** Ends the caller's session, with the operation log entry. */
export async function logout(db: Db, auth: AuthContext, ip: string): Promise<void> {
  await db.tx(async (tx) => {
    await endSession(tx, auth.sessionHash);
    await recordBy(tx, auth, ip, { action: 'logout' });
  });
}
