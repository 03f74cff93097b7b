import { AppError, Err, LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES } from '@fieldhub/shared';
import { one, type Db } from '../../db/db';
import { minutesFrom, type Clock } from '../../clock';
import { recordOperation } from '../oplog/oplog.service';
import { consumeCaptcha } from './captcha';
import { DUMMY_HASH, verifyPassword } from './passwordHash';
import { createSession } from './sessions';

interface FailureRow {
  failures: number;
  last_failed_at: Date | null;
  locked_until: Date | null;
}

export interface LoginAttempt {
  loginname: string;
  password: string;
  vcode: string;
  captchaId: string | undefined;
  ip: string;
  userAgent: string;
}

/** Failures still counting for a login name (they lapse after the lock period). */
async function currentFailures(db: Db, clock: Clock, loginname: string): Promise<FailureRow> {
  const row = await one<FailureRow>(
    db,
    'select failures, last_failed_at, locked_until from login_failures where loginname = $1',
    [loginname],
  );
  const now = clock.now().getTime();
  if (!row) return { failures: 0, last_failed_at: null, locked_until: null };
  if (row.locked_until && row.locked_until.getTime() > now) return row;
  const lapsed = !row.last_failed_at || now - row.last_failed_at.getTime() > LOGIN_LOCK_MINUTES * 60_000;
  return lapsed || row.locked_until ? { failures: 0, last_failed_at: null, locked_until: null } : row;
}

/** Whether the next login for this name must carry the image code (after any failed attempt). */
export async function captchaRequired(db: Db, clock: Clock, loginname: string): Promise<boolean> {
  if (!loginname) return false;
  return (await currentFailures(db, clock, normalise(loginname))).failures > 0;
}

function normalise(loginname: string): string {
  return loginname.trim().toLowerCase();
}

async function recordFailure(db: Db, clock: Clock, loginname: string, previous: number): Promise<number> {
  const now = clock.now();
  const failures = previous + 1;
  const lockedUntil = failures >= LOGIN_MAX_FAILURES ? minutesFrom(now, LOGIN_LOCK_MINUTES) : null;
  await db.query(
    `insert into login_failures(loginname, failures, last_failed_at, locked_until) values ($1, $2, $3, $4)
     on conflict (loginname) do update set failures = $2, last_failed_at = $3, locked_until = $4`,
    [loginname, failures, now, lockedUntil],
  );
  return failures;
}

const lockedError = () => new AppError(Err.tooManyFailures, { params: { minutes: LOGIN_LOCK_MINUTES } });

/**
 * Checks a login in the order of the spec's codes: name present (1002), not locked (1005),
 * image code when required (1003/1004), password (1001, the fifth failure locks: 1005),
 * account enabled (1008). Returns the new session token and the account id.
 */
export async function login(
  db: Db,
  clock: Clock,
  idleMinutes: number,
  attempt: LoginAttempt,
): Promise<{ token: string; accountId: number }> {
  const name = normalise(attempt.loginname);
  if (!name) throw new AppError(Err.usernameRequired);
  const state = await currentFailures(db, clock, name);
  if (state.locked_until && state.locked_until.getTime() > clock.now().getTime()) throw lockedError();
  if (state.failures > 0) {
    try {
      await consumeCaptcha(db, clock, attempt.captchaId, attempt.vcode);
    } catch (err) {
      if (err instanceof AppError) throw new AppError(err.code, { data: { vcode: true } });
      throw err;
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
    const failures = await recordFailure(db, clock, name, state.failures);
    if (failures >= LOGIN_MAX_FAILURES) throw lockedError();
    throw new AppError(Err.wrongCredentials, { data: { vcode: true } });
  }
  if (account.disabled || account.org_disabled) throw new AppError(Err.accountDisabled);

  await db.query('delete from login_failures where loginname = $1', [name]);
  const token = await createSession(db, clock, idleMinutes, {
    accountId: account.id,
    orgId: account.org_id,
    ip: attempt.ip,
    userAgent: attempt.userAgent,
  });
  await recordOperation(db, {
    orgId: account.org_id,
    accountId: account.id,
    loginname: attempt.loginname.trim(),
    action: 'login',
    ip: attempt.ip,
  });
  return { token, accountId: account.id };
}
