import type { Db } from '../db/db';
import type { Clock } from '../clock';

/**
 * Takes or keeps the lease of a periodic job for `holder` until now + `ttlMs`. One atomic
 * statement, on PGlite and PostgreSQL alike: the row is inserted, or updated only when it is
 * this holder's already or has lapsed; the row comes back only to the instance that holds it,
 * so of several instances exactly one runs the job at a time.
 */
export async function takeLease(
  db: Db,
  clock: Clock,
  name: string,
  holder: string,
  ttlMs: number,
): Promise<boolean> {
  const now = clock.now();
  const rows = await db.query(
    `insert into scheduler_leases (name, holder, expires_at) values ($1, $2, $3)
     on conflict (name) do update set holder = excluded.holder, expires_at = excluded.expires_at
      where scheduler_leases.holder = excluded.holder or scheduler_leases.expires_at < $4
     returning holder`,
    [name, holder, new Date(now.getTime() + ttlMs), now],
  );
  return rows.length === 1;
}

/** Hands the lease back (a stopping instance), so another takes over at its next tick. */
export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await db.query('delete from scheduler_leases where name = $1 and holder = $2', [name, holder]);
}
