import type { Logger } from 'pino';
import type { Clock } from '../../clock';
import type { Db } from '../../db/db';
import { startLeasedJob, type LeasedJob } from '../../messages/schedulerLease';
import * as repo from './summary.repo';
import { computeSummary, type SummaryPublisher } from './summary.service';

/** Summary variables computed per run (the least recently computed first); the rest follow next run. */
const BATCH = 200;
/** A new summary variable's first run reaches back this far into its sources' history. */
const FIRST_RUN_BACK_DAYS = 366;
const LEASE = 'summary-variables';

export interface SummaryDeps {
  db: Db;
  clock: Clock;
  /** IANA zone bounding hours, days and months */
  tz: string;
  /** where each variable's newest result goes (the monitor's ingest: live value, alarm rules) */
  publish?: SummaryPublisher;
}

/**
 * One run of the data summary computation (docs/requirements/data-views.md §2.1): every summary
 * variable whose current period has moved on gets the periods closed since its last run computed
 * from stored history, the last period it computed included again so samples that arrived late
 * (store-and-forward) replace its value. A first run starts at the oldest source sample of the
 * last FIRST_RUN_BACK_DAYS days. The newest result of each goes to `publish`. Returns how many
 * periods were stored.
 */
export async function runSummaries(deps: SummaryDeps): Promise<number> {
  const now = deps.clock.now();
  let stored = 0;
  for (const d of await repo.summaryBatch(deps.db, now, deps.tz, BATCH)) {
    const open = await repo.periodStart(deps.db, d.summary_period, now, deps.tz);
    const done = d.summary_done_until ? new Date(d.summary_done_until) : null;
    if (done && done.getTime() >= open.getTime()) continue;
    let from: Date;
    if (done) from = await repo.periodStart(deps.db, d.summary_period, done, deps.tz, 1);
    else {
      const oldest = await repo.firstSampleAfter(
        deps.db,
        d.summary_sources,
        new Date(now.getTime() - FIRST_RUN_BACK_DAYS * 86_400_000),
      );
      from = oldest ? await repo.periodStart(deps.db, d.summary_period, oldest, deps.tz) : open;
    }
    stored += await computeSummary(deps.db, deps.tz, d, from, open, deps.publish);
    await repo.markDone(deps.db, d.id, open);
  }
  return stored;
}

/** The summary computation, run by the one instance holding the lease; a run answers how much it made. */
export type SummaryScheduler = LeasedJob<number>;

/** Runs the summary computation every `intervalMs` on the one instance holding the lease (startLeasedJob). */
export function startSummaryScheduler(deps: SummaryDeps, intervalMs: number, log: Logger): SummaryScheduler {
  return startLeasedJob({
    db: deps.db,
    clock: deps.clock,
    name: LEASE,
    intervalMs,
    log,
    what: 'summary variables',
    run: () => runSummaries(deps),
  });
}
