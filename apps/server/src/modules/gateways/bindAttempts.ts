import { AppError, Err, SN_PATTERN, VERIFY_CODE_PATTERN } from '@fieldhub/shared';
import { one, type Db } from '../../db/db';
import type { Clock } from '../../clock';

// Wrong verification codes per account and SN: after this many within the window, that account's
// binding of that SN pauses (keyed by account too, so nobody can block a free SN for others).
const BIND_ATTEMPTS = 5;
const BIND_WINDOW_MS = 15 * 60_000;

/**
 * Claims one check of a verification code in bind_attempts, shared by every server instance:
 * appends the claim's time to the account's times for the SN that are still in the window,
 * unless BIND_ATTEMPTS of them are (wrong codes, or checks still running). One statement, so
 * parallel binds cannot all pass a count read before any of them wrote. False when paused.
 */
async function claimCheck(db: Db, accountId: number, sn: string, at: Date): Promise<boolean> {
  const windowStart = new Date(at.getTime() - BIND_WINDOW_MS);
  const inWindow = 'array(select t from unnest(b.attempts) t where t > $4::timestamptz order by t)';
  const rows = await db.query(
    `insert into bind_attempts as b (account_id, sn, attempts) values ($1, $2, array[$3::timestamptz])
     on conflict (account_id, sn) do update set attempts = ${inWindow} || $3::timestamptz
       where cardinality(${inWindow}) < $5::integer
     returning 1`,
    [accountId, sn, at, windowStart, BIND_ATTEMPTS],
  );
  return rows.length > 0;
}

/** Gives a claim back: the check ended before the code was compared (unknown SN). */
async function releaseCheck(db: Db, accountId: number, sn: string, at: Date): Promise<void> {
  // removes one occurrence only: two claims of the same millisecond stay one claim each
  await db.query(
    `update bind_attempts
        set attempts = attempts[:array_position(attempts, $3::timestamptz) - 1]
                    || attempts[array_position(attempts, $3::timestamptz) + 1:]
      where account_id = $1 and sn = $2 and $3::timestamptz = any(attempts)`,
    [accountId, sn, at],
  );
}

/**
 * Checks a gateway's verification code as one counted attempt, before the binding's
 * transaction so that a wrong code stays counted when that transaction rolls back: SN not 12
 * digits (1305), paused after 5 wrong codes within 15 minutes (90010), unknown SN (1302), wrong
 * code (1103, counted). A right code clears the account's wrong codes for the SN.
 */
export async function checkVerifyCode(
  db: Db,
  clock: Clock,
  accountId: number,
  sn: string,
  verifyCode: string,
): Promise<void> {
  if (!SN_PATTERN.test(sn)) throw new AppError(Err.gatewaySnFormat);
  const at = clock.now();
  if (!(await claimCheck(db, accountId, sn, at))) throw new AppError(Err.tooManyRequests);
  let gateway: { verify_code: string } | undefined;
  try {
    gateway = await one<{ verify_code: string }>(db, 'select verify_code from gateways where sn = $1', [sn]);
  } catch (err) {
    await releaseCheck(db, accountId, sn, at);
    throw err;
  }
  if (!gateway) {
    await releaseCheck(db, accountId, sn, at);
    throw new AppError(Err.gatewayNotFound);
  }
  // the claim stays as the wrong code's record
  if (!VERIFY_CODE_PATTERN.test(verifyCode) || gateway.verify_code !== verifyCode)
    throw new AppError(Err.gatewaySnOrCodeWrong);
  await db.query('delete from bind_attempts where account_id = $1 and sn = $2', [accountId, sn]);
}
