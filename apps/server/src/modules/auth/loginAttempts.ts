import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES } from '@fieldhub/shared';
import { one, type Db } from '../../db/db';
import { minutesFrom, type Clock } from '../../clock';

/**
 * The login_failures row of one login name, counted in single statements so that parallel
 * logins (on one instance or several) never read a count and write it back stale.
 */
export interface LoginAttemptState {
  /** failed logins that still count (they lapse after the lock period) */
  failures: number;
  /** attempts of this name being checked right now, this one included after a claim */
  attempts: number;
  locked_until: Date | null;
}

// $2 is now, $3 the lapse cutoff (now minus the lock period).
// Failures count until a lock ends, or until the lock period passed since the last one.
const failuresLapsed = `((f.locked_until is null or f.locked_until <= $2)
  and (f.locked_until is not null or f.last_failed_at is null or f.last_failed_at < $3))`;
// A claim older than the lock period belongs to a process that stopped mid-attempt.
const attemptsStale = '(f.attempted_at is null or f.attempted_at < $3)';

function times(clock: Clock): [Date, Date] {
  const now = clock.now();
  return [now, minutesFrom(now, -LOGIN_LOCK_MINUTES)];
}

/** The row as a login would find it now, without claiming anything (for showVcode). */
export async function peekAttempts(db: Db, clock: Clock, loginname: string): Promise<LoginAttemptState> {
  const row = await one<LoginAttemptState>(
    db,
    `select case when ${failuresLapsed} then 0 else f.failures end as failures,
            case when ${attemptsStale} then 0 else f.attempts end as attempts,
            case when ${failuresLapsed} then null else f.locked_until end as locked_until
       from login_failures f where f.loginname = $1`,
    [loginname, ...times(clock)],
  );
  return row ?? { failures: 0, attempts: 0, locked_until: null };
}

/**
 * Claims an attempt before the password is checked: one more attempt in flight, lapsed failures
 * and stale claims cleared in the same statement. Give it back with `countFailure`,
 * `releaseAttempt` or `clearFailures`.
 */
export async function claimAttempt(db: Db, clock: Clock, loginname: string): Promise<LoginAttemptState> {
  const [row] = await db.query<LoginAttemptState>(
    `insert into login_failures as f (loginname, attempts, attempted_at) values ($1, 1, $2)
     on conflict (loginname) do update set
       failures       = case when ${failuresLapsed} then 0 else f.failures end,
       last_failed_at = case when ${failuresLapsed} then null else f.last_failed_at end,
       locked_until   = case when ${failuresLapsed} then null else f.locked_until end,
       attempts       = case when ${attemptsStale} then 1 else f.attempts + 1 end,
       attempted_at   = $2
     returning failures, attempts, locked_until`,
    [loginname, ...times(clock)],
  );
  return row!;
}

/**
 * Counts a failed attempt and gives its claim back; the failure that reaches LOGIN_MAX_FAILURES
 * sets the lock in the same statement.
 */
export async function countFailure(
  db: Db,
  clock: Clock,
  loginname: string,
): Promise<{ failures: number; locked_until: Date | null }> {
  const [now, cutoff] = times(clock);
  const counted = `(case when ${failuresLapsed} then 0 else f.failures end) + 1`;
  const [row] = await db.query<{ failures: number; locked_until: Date | null }>(
    `insert into login_failures as f (loginname, failures, last_failed_at, locked_until)
     values ($1, 1, $2, case when 1 >= $4::integer then $5::timestamptz end)
     on conflict (loginname) do update set
       failures       = ${counted},
       last_failed_at = $2,
       locked_until   = case when f.locked_until > $2 then f.locked_until
                             when ${counted} >= $4::integer then $5::timestamptz end,
       attempts       = greatest(f.attempts - 1, 0)
     returning failures, locked_until`,
    [loginname, now, cutoff, LOGIN_MAX_FAILURES, minutesFrom(now, LOGIN_LOCK_MINUTES)],
  );
  return row!;
}

/** Gives a claim back without counting a failure (locked, or a right password on a disabled account). */
export async function releaseAttempt(db: Db, loginname: string): Promise<void> {
  await db.query('update login_failures set attempts = greatest(attempts - 1, 0) where loginname = $1', [
    loginname,
  ]);
}

/**
 * A successful login forgets the name's failures and gives its claim back; the claims of other
 * attempts still in flight stay, so the next attempt of their burst still needs the image code.
 */
export async function clearFailures(db: Db, loginname: string): Promise<void> {
  await db.query(
    `update login_failures
        set failures = 0, last_failed_at = null, locked_until = null, attempts = greatest(attempts - 1, 0)
      where loginname = $1`,
    [loginname],
  );
}
