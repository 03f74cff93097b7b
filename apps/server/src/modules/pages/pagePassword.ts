import { AppError, Err, PAGE_PASSWORD_ATTEMPTS, PAGE_PASSWORD_LOCK_MINUTES } from '@fieldhub/shared';
import { one, type Db } from '../../db/db';
import type { Clock } from '../../clock';
import type { AuthContext } from '../../http/context';
import { verifyPassword } from '../auth/passwordHash';

/**
 * The password of a protected page (docs/requirements/pages-and-designer.md §2.5 checkpwd): a viewer opens
 * the page once per login session. Unlocks and wrong tries are kept per page id, whatever owns the page
 * (device, template or project; the tables carry the project name of the first owner that used them).
 */

/** Whether this login session has opened the protected page. */
export async function isUnlocked(db: Db, auth: AuthContext, pageId: number): Promise<boolean> {
  const row = await one(db, 'select 1 from project_page_unlocks where session_hash = $1 and page_id = $2', [
    auth.sessionHash,
    pageId,
  ]);
  return row !== undefined;
}

/**
 * Opens a protected page for this login session when the password is right. Wrong tries are
 * counted per account and page; the fifth within 15 minutes locks the password for 15 minutes
 * (2654), during which even the right password is refused, so guessing gains nothing. A wrong
 * password is 1904. A page without a password opens at once.
 */
export async function unlockPage(
  db: Db,
  clock: Clock,
  auth: AuthContext,
  page: { id: number; password_hash: string | null },
  password: string,
): Promise<void> {
  if (page.password_hash === null) return;
  const now = clock.now();
  const windowStart = new Date(now.getTime() - PAGE_PASSWORD_LOCK_MINUTES * 60_000);
  const failures = await one<{ failures: number; first_failure: Date }>(
    db,
    'select failures, first_failure from project_page_password_failures where account_id = $1 and page_id = $2',
    [auth.accountId, page.id],
  );
  const recent = failures && failures.first_failure > windowStart ? failures.failures : 0;
  if (recent >= PAGE_PASSWORD_ATTEMPTS)
    throw new AppError(Err.pagePasswordLocked, { params: { minutes: PAGE_PASSWORD_LOCK_MINUTES } });
  if (!(await verifyPassword(password, page.password_hash))) {
    await db.query(
      `insert into project_page_password_failures (account_id, page_id, failures, first_failure)
       values ($1, $2, 1, $3)
       on conflict (account_id, page_id) do update
         set failures = case when project_page_password_failures.first_failure > $4
                             then project_page_password_failures.failures + 1 else 1 end,
             first_failure = case when project_page_password_failures.first_failure > $4
                                  then project_page_password_failures.first_failure else $3 end`,
      [auth.accountId, page.id, now, windowStart],
    );
    throw new AppError(Err.pagePasswordWrong);
  }
  // the count is cleared only together with the unlock it led to
  await db.tx(async (tx) => {
    await tx.query('delete from project_page_password_failures where account_id = $1 and page_id = $2', [
      auth.accountId,
      page.id,
    ]);
    await tx.query(
      `insert into project_page_unlocks (session_hash, page_id, unlocked_at) values ($1, $2, $3)
       on conflict (session_hash, page_id) do update set unlocked_at = excluded.unlocked_at`,
      [auth.sessionHash, page.id, now],
    );
  });
}
