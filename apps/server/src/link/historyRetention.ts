/**
 * History retention and partitions (docs/requirements/gateway-link.md §10.3; issue 22 item 5), run by
 * one instance at a time (startLeasedJob): the month partitions of `signal_values` and
 * `report_records` are made for this month and the next before it starts; whole months older than
 * the longest retention of any enterprise are dropped; the rows of enterprises keeping less are
 * deleted in batches of RETENTION_BATCH, at most RETENTION_BATCHES_PER_RUN a run, so one run never
 * holds the database for long (the next run goes on).
 */
import type { Db } from '../db/db';
import type { Clock } from '../clock';
import { startLeasedJob, type LeasedJob } from '../messages/schedulerLease';
import { ensureMonthPartitions, forgetPartition, type MonthlyTable } from './partitions';
import {
  deleteOldRows,
  dropPartition,
  longestRetention,
  monthPartitions,
  shorterRetentions,
} from './historyRetention.repo';
import { deleteRollupsBefore } from '../monitor/history/rollups.repo';

export const RETENTION_BATCH = 10_000;
export const RETENTION_BATCHES_PER_RUN = 50;
const TABLES: readonly MonthlyTable[] = ['signal_values', 'report_records'];
const LEASE = 'history-retention';

/** What a run did. */
export interface RetentionRun {
  dropped: string[];
  deleted: number;
}

/** The first instant of the month `months` before the month of `now` (UTC). */
export function monthsBefore(now: Date, months: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1));
}

/**
 * One run: partitions ahead, whole months dropped, shorter retentions deleted. A month is kept
 * while any of its days lies within the retention: retention of N months keeps this month and
 * the N before it.
 */
export async function runRetention(db: Db, clock: Clock): Promise<RetentionRun> {
  const now = clock.now();
  const next = monthsBefore(now, -1).getTime();
  for (const table of TABLES) await ensureMonthPartitions(db, table, [now.getTime(), next]);

  const dropped: string[] = [];
  const longest = await longestRetention(db);
  if (longest === null) return { dropped, deleted: 0 };
  const keepFrom = monthsBefore(now, longest).getTime();
  for (const table of TABLES)
    for (const part of await monthPartitions(db, table)) {
      if (part.from >= keepFrom) continue;
      await dropPartition(db, part.name);
      forgetPartition(db, part.name);
      dropped.push(part.name);
    }
  // the curve rollups of what is gone (rollups.ts)
  await deleteRollupsBefore(db, keepFrom);

  let deleted = 0;
  let batches = 0;
  for (const { orgId, months } of await shorterRetentions(db, longest)) {
    const before = monthsBefore(now, months);
    await deleteRollupsBefore(db, before.getTime(), orgId);
    for (const table of TABLES)
      while (batches < RETENTION_BATCHES_PER_RUN) {
        batches++;
        const n = await deleteOldRows(db, table, orgId, before, RETENTION_BATCH);
        deleted += n;
        if (n < RETENTION_BATCH) break;
      }
  }
  return { dropped, deleted };
}

/** Runs retention every `intervalMs` on the one instance holding its lease. */
export function startRetentionScheduler(
  db: Db,
  clock: Clock,
  intervalMs: number,
  log: { warn(obj: object, msg: string): void },
): LeasedJob<RetentionRun> {
  return startLeasedJob({
    db,
    clock,
    name: LEASE,
    intervalMs,
    log,
    what: 'history retention',
    run: () => runRetention(db, clock),
  });
}
