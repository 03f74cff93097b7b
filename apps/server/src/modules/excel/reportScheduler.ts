import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Clock } from '../../clock';
import type { Db } from '../../db/db';
import { releaseLease, takeLease } from '../../messages/schedulerLease';
import * as repo from './excel.repo';
import { makeRecord } from './excelRecords.service';
import { nextSlot, slotAtOrBefore } from './reportSchedule';

/** Reports handled per run; the rest follow at the next run. */
const BATCH = 100;
const LEASE = 'smart-reports';

/**
 * One run of the smart reports' schedules (docs/requirements/data-views.md §4.3): each report whose
 * next run is due gets a record for its latest due slot (slots missed while no instance ran are
 * not made up one by one: the latest covers the time since the slot before it), and its next run
 * moves past now. The slot is part of the record's key, so a slot is recorded once whichever
 * instance makes it. Returns the records made.
 */
export async function runReportSchedules(db: Db, clock: Clock): Promise<number> {
  const now = clock.now();
  let made = 0;
  for (const due of await repo.dueReports(db, now, BATCH)) {
    made += await db.tx(async (tx) => {
      const report = await repo.reportById(tx, due.orgId, due.id);
      if (!report || report.nextRunAt === null || report.nextRunAt > now.getTime()) return 0;
      const slot = slotAtOrBefore(report.schedule, now);
      const record = slot ? await makeRecord(tx, report, due.orgId, slot, true) : null;
      await repo.setNextRun(tx, due.orgId, due.id, nextSlot(report.schedule, now));
      return record ? 1 : 0;
    });
  }
  return made;
}

export interface ReportScheduler {
  /** one tick now (takes the lease first); resolves with the records made, null when not leader */
  tick(): Promise<number | null>;
  stop(): Promise<void>;
}

/**
 * Runs the report schedules every `intervalMs` on the one instance holding the lease (a row of
 * scheduler_leases, renewed each tick, lapsing after three intervals if its holder dies), like
 * the expiry reminders. Ticks never overlap on one instance.
 */
export function startReportScheduler(db: Db, clock: Clock, intervalMs: number, log: Logger): ReportScheduler {
  const holder = randomUUID();
  let running: Promise<number | null> | null = null;
  let stopped = false;

  async function once(): Promise<number | null> {
    if (!(await takeLease(db, clock, LEASE, holder, Math.max(3 * intervalMs, 30_000)))) return null;
    return runReportSchedules(db, clock);
  }

  function tick(): Promise<number | null> {
    if (stopped) return Promise.resolve(null);
    running ??= once().finally(() => (running = null));
    return running;
  }

  const timer = setInterval(() => {
    tick().catch((err: unknown) => log.warn({ err }, 'smart report schedules failed'));
  }, intervalMs);
  timer.unref();

  return {
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => null);
      await releaseLease(db, LEASE, holder).catch(() => undefined);
    },
  };
}
