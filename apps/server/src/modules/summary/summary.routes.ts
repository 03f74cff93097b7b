import type { FastifyInstance } from 'fastify';
import { summaryCalls as calls, type LiveValue } from '@fieldhub/shared';
import type { AppContext } from '../../appContext';
import { handle } from '../../http/route';
import * as summary from './summary.service';

/**
 * The data summary (docs/requirements/data-views.md §2): the calls of
 * packages/shared/src/contract/summary.ts. Summary variables themselves are added and edited with the
 * variable calls of the device configuration; their scheduler starts with the platform (server.ts).
 */
export function summaryRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, clock } = ctx;
  const tz = ctx.config.SUMMARY_TIME_ZONE;
  // a recomputed newest period reaches the device's live value, alarm rules and sockets
  const publish = (equipmentId: number, values: LiveValue[]) =>
    ctx.monitor.ingest(equipmentId, values, false);
  handle(app, calls.variables, ({ input, auth }) => summary.listSummaryVariables(db, auth, input));
  handle(app, calls.sources, ({ auth }) => summary.sourceCandidates(db, auth));
  handle(app, calls.history, ({ input, auth }) => summary.summaryHistory(db, auth, input));
  handle(app, calls.recompute, ({ input, auth }) =>
    summary.recompute({ db, clock, tz, publish }, auth, input),
  );
  handle(app, calls.totals, ({ input, auth }) => summary.totals(db, clock, tz, auth, input));
}
