import { taskWindows, type LocalizedText } from '@fieldhub/shared';
import type { Logger } from 'pino';
import type { Clock } from '../../clock';
import type { Db } from '../../db/db';
import { insertMessages } from '../../messages/messages.repo';
import { startLeasedJob, type LeasedJob } from '../../messages/schedulerLease';
import type { LiveBus } from '../../monitor/liveBus';
import * as repo from './inspections.repo';

/** Tasks are made this far ahead of their windows. */
export const PLAN_AHEAD_MS = 24 * 3_600_000;
/** Plans and opened tasks handled per run; the rest follow at the next run. */
const BATCH = 200;
const LEASE = 'inspection-tasks';

export interface InspectionSchedulerDeps {
  db: Db;
  clock: Clock;
  bus: LiveBus;
}

export interface InspectionRun {
  /** tasks made */
  made: number;
  /** messages sent for tasks whose window began */
  messages: number;
  /** tasks aborted because their window passed */
  aborted: number;
}

const TITLE: LocalizedText = { 'zh-CN': '巡检任务', 'en-US': 'Inspection task' };
const noteOf = (plan: string, device: string): LocalizedText => ({
  'zh-CN': `巡检计划“${plan}”：设备“${device}”待巡检`,
  'en-US': `Inspection plan "${plan}": device "${device}" is due for inspection`,
});

/**
 * One run of the inspection plans (docs/requirements/operations.md §4.2, §4.3, §4.6): each plan
 * gets its tasks for the windows starting up to a day ahead (a plan new or changed also for a
 * window under way), the inspectors of each task whose window began get a message of type
 * `order`, subject `inspection`, and tasks whose window passed undone are aborted (before the
 * messages, so a window that passed unannounced, while no instance ran, stays silent). Tasks are
 * unique per plan, device and window, and a task's message is claimed once, so a run repeated
 * (or run by two instances) makes nothing twice.
 */
export async function runInspectionSchedules(deps: InspectionSchedulerDeps): Promise<InspectionRun> {
  const { db, clock } = deps;
  const now = clock.now();
  const horizon = new Date(now.getTime() + PLAN_AHEAD_MS);
  let made = 0;
  for (const plan of await repo.plansToPlan(db, horizon, BATCH)) {
    made += await db.tx(async (tx) => {
      // from the last run's horizon; a plan not yet planned from a day back, for a window under way
      const from = plan.plannedUntil ?? new Date(now.getTime() - 86_400_000);
      const windows = taskWindows(plan.schedule, from, horizon).filter((w) => w.end > now);
      const n = await repo.insertTasks(tx, plan, windows);
      await repo.setPlannedUntil(tx, plan.id, horizon);
      return n;
    });
  }

  // aborted first: a window that passed before any run (the scheduler was down) is not announced
  const aborted = await repo.abortPassed(db, now);
  const opened = await db.tx(async (tx) => {
    const tasks = await repo.claimOpened(tx, now, BATCH);
    return insertMessages(
      tx,
      tasks.flatMap((t) => {
        const note = noteOf(t.planName, t.deviceName);
        return t.inspectors.map((accountId) => ({
          orgId: Number(t.orgId),
          accountId: Number(accountId),
          type: 'order' as const,
          equipType: 'inspection' as const,
          dataId: Number(t.id),
          title: TITLE['zh-CN'],
          note: note['zh-CN'],
          data: { windowEnd: new Date(t.windowEnd).getTime(), i18n: { title: TITLE, note } },
        }));
      }),
    );
  });
  if (opened.length) await deps.bus.publishMsg({ type: 'msgCreated', items: opened });

  return { made, messages: opened.length, aborted };
}

/** The inspection plans' job, run by the one instance holding the lease; a run answers what it did. */
export type InspectionScheduler = LeasedJob<InspectionRun>;

/**
 * Runs the inspection plans every `intervalMs` on the one instance holding the lease
 * (startLeasedJob), like the expiry reminders.
 */
export function startInspectionScheduler(
  deps: InspectionSchedulerDeps,
  intervalMs: number,
  log: Logger,
): InspectionScheduler {
  return startLeasedJob({
    db: deps.db,
    clock: deps.clock,
    name: LEASE,
    intervalMs,
    log,
    what: 'inspection schedules',
    run: () => runInspectionSchedules(deps),
  });
}
