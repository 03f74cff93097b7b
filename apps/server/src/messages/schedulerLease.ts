import { randomUUID } from 'node:crypto';
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

/** A periodic job run by one instance at a time (see startLeasedJob). */
export interface LeasedJob<T> {
  /** one run now (takes the lease first); resolves with the run's answer, null when not leader */
  tick(): Promise<T | null>;
  /** stops the timer, waits for a run under way and hands the lease back */
  stop(): Promise<void>;
}

/**
 * Runs `run` every `intervalMs` on the one instance holding the lease `name` (a row of
 * scheduler_leases, renewed each run, lapsing after three intervals, at least 30 s, if its holder
 * dies). Runs never overlap on one instance; a failed run is logged as `what` failed.
 */
export function startLeasedJob<T>(job: {
  db: Db;
  clock: Clock;
  name: string;
  intervalMs: number;
  log: { warn(obj: object, msg: string): void };
  what: string;
  run: () => Promise<T>;
}): LeasedJob<T> {
  const { db, clock, name, intervalMs } = job;
  const holder = randomUUID();
  let running: Promise<T | null> | null = null;
  let stopped = false;

  async function once(): Promise<T | null> {
    if (!(await takeLease(db, clock, name, holder, Math.max(3 * intervalMs, 30_000)))) return null;
    return job.run();
  }

  function tick(): Promise<T | null> {
    if (stopped) return Promise.resolve(null);
    running ??= once().finally(() => (running = null));
    return running;
  }

  const timer = setInterval(() => {
    tick().catch((err: unknown) => job.log.warn({ err }, `${job.what} failed`));
  }, intervalMs);
  timer.unref();

  return {
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => null);
      await releaseLease(db, name, holder).catch(() => undefined);
    },
  };
}
