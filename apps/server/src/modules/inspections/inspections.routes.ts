import type { FastifyInstance } from 'fastify';
import { inspectionCalls as calls } from '@fieldhub/shared';
import type { AppContext } from '../../appContext';
import { handle } from '../../http/route';
import { busNotifier } from '../repairs/repairNotices';
import * as tasks from './inspectionTasks.service';
import * as inspections from './inspections.service';

/**
 * Inspections (docs/requirements/operations.md §3, §4): /lfscada/inspection/*, defined in
 * packages/shared/src/contract/inspections.ts. Items, plans and the task list need `ops_manage`;
 * a task is read by a manager or its inspectors and submitted by an inspector.
 */
export function inspectionRoutes(app: FastifyInstance, { db, clock, monitor }: AppContext): void {
  // an abnormal result may open a repair order (operations.md §4.3) through the repairs' service
  const repairDeps = { db, clock, notifier: busNotifier(monitor.bus) };
  handle(app, calls.items, ({ input, auth }) => inspections.items(db, auth, input.keyword));
  handle(app, calls.addItem, async ({ input, auth, req }) => ({
    id: await inspections.addItem(db, auth, input, req.ip),
  }));
  handle(app, calls.editItem, ({ input, auth, req }) =>
    inspections.editItem(db, auth, input.id, input, req.ip),
  );
  handle(app, calls.deleteItem, ({ input, auth, req }) => inspections.deleteItem(db, auth, input.id, req.ip));

  handle(app, calls.candidates, ({ auth }) => inspections.candidates(db, auth));
  handle(app, calls.plans, ({ input, auth }) => inspections.plans(db, auth, input.keyword));
  handle(app, calls.plan, ({ input, auth }) => inspections.plan(db, auth, input.id));
  handle(app, calls.addPlan, async ({ input, auth, req }) => ({
    id: await inspections.addPlan(db, auth, input, req.ip),
  }));
  handle(app, calls.editPlan, ({ input, auth, req }) =>
    inspections.editPlan(db, clock, auth, input.id, input, req.ip),
  );
  handle(app, calls.deletePlan, ({ input, auth, req }) =>
    inspections.deletePlan(db, clock, auth, input.id, req.ip),
  );

  handle(app, calls.tasks, ({ input, auth }) => inspections.tasks(db, auth, input));
  handle(app, calls.task, ({ input, auth }) => tasks.task(db, auth, input.id));
  handle(app, calls.submit, ({ input, auth, req }) => tasks.submit(repairDeps, auth, input, req.ip));
  handle(app, calls.deviceRecords, ({ input, auth }) =>
    tasks.deviceRecords(db, clock, auth, input.deviceId, input),
  );
  handle(app, calls.myTasks, ({ auth }) => tasks.myTasks(db, clock, auth));
}
