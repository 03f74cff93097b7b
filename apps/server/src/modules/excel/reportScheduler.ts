import type { Logger } from 'pino';
import type { Clock } from '../../clock';
import type { Db } from '../../db/db';
import { startLeasedJob, type LeasedJob } from '../../messages/schedulerLease';
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

/** The report schedules, run by the one instance holding the lease; a run answers how much it made. */
export type ReportScheduler = LeasedJob<number>;

/** Runs the report schedules every `intervalMs` on the one instance holding the lease (startLeasedJob). */
export function startReportScheduler(db: Db, clock: Clock, intervalMs: number, log: Logger): ReportScheduler {
  return startLeasedJob({
    db,
    clock,
    name: LEASE,
    intervalMs,
    log,
    what: 'smart report schedules',
    run: () => runReportSchedules(db, clock),
  });
}
