import type { FastifyInstance } from 'fastify';
import {
  Err,
  LIVE_CLOSE_REFUSED,
  PROJECT_LIVE_SOCKET_PATH,
  isAppError,
  projectMonitorCalls as calls,
} from '@fieldhub/shared';
import type { AppContext } from '../../appContext';
import { handle } from '../../http/route';
import { sendWorkbook } from '../../modules/bulk/workbook';
import { ProjectFeed } from './projectFeed';
import * as service from './projectMonitor.service';
import * as records from './projectRecords.service';
import { consumeProjectToken, type ProjectWatch } from './projectTokens';

/**
 * Project monitoring (docs/requirements/projects.md §7, §9; docs/project-monitor-api.md): the calls of a live
 * project page (packages/shared/src/contract/projectMonitor.ts) and its socket. Access is checked in the
 * service through the page's or the project's access (projectScope.ts). Registered after monitorRoutes,
 * whose websocket plugin it uses.
 */
export function projectMonitorRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, clock, monitor, realtime } = ctx;
  const deps: service.ProjectMonitorDeps = {
    db,
    clock,
    cache: monitor.cache,
    link: () => {
      if (!ctx.link) throw new Error('gateway link not running');
      return ctx.link.client;
    },
  };

  handle(app, calls.gateways, ({ input, auth }) => service.gatewayQuery(deps, auth, input));
  handle(app, calls.open, ({ input, auth }) => service.gatewayOpen(deps, auth, input));
  handle(app, calls.signals, ({ input, auth }) => service.signalQuery(deps, auth, input));
  handle(app, calls.write, ({ input, auth, req }) => service.writeVal(deps, auth, input, req.ip));
  handle(app, calls.writeCallback, ({ input, auth, lang }) =>
    service.writeCallback(deps, auth, input.uuid, lang),
  );
  handle(app, calls.equipCount, ({ input, auth }) => service.equipCount(deps, auth, input));
  handle(app, calls.alarmCount, ({ input, auth }) => service.alarmCount(deps, auth, input.projectId));
  handle(app, calls.alarms, ({ input, auth }) => service.alarmQuery(deps, auth, input));
  handle(app, calls.confirmAlarms, ({ input, auth, req }) => service.alarmConfirm(deps, auth, input, req.ip));
  handle(app, calls.pageInfo, ({ input, auth }) => service.pageInfo(deps, auth, input.id));
  handle(app, calls.validPagePassword, ({ input, auth }) => service.validPassword(deps, auth, input));
  handle(app, calls.history, ({ input, auth }) => service.historyQuery(deps, auth, input));
  handle(app, calls.curve, ({ input, auth }) => service.curveQuery(deps, auth, input));

  handle(app, calls.historyAll, ({ input, auth }) => records.historyAll(deps, auth, input));
  handle(app, calls.historyExport, async ({ input, auth, lang, reply }) => {
    const file = await records.historyAllExport(deps, auth, input, lang);
    await sendWorkbook(reply, file.filename, file.stream);
  });
  handle(app, calls.alarmsAll, ({ input, auth }) => records.alarmAll(deps, auth, input));
  handle(app, calls.alarmExport, async ({ input, auth, lang, reply }) => {
    const file = await records.alarmExport(deps, auth, input, lang);
    await sendWorkbook(reply, file.filename, file.body);
  });
  handle(app, calls.reportColumns, ({ input, auth }) => records.reportCols(deps, auth, input));
  handle(app, calls.reportRecords, ({ input, auth }) => records.reportRecords(deps, auth, input));
  handle(app, calls.reportExport, async ({ input, auth, lang, reply }) => {
    const file = await records.reportRecordsExport(deps, auth, input, lang);
    await sendWorkbook(reply, file.filename, file.body);
  });
  handle(app, calls.devices, ({ input, auth }) => records.projectDevices(deps, auth, input.projectId));

  handle(app, calls.liveToken, ({ input, auth }) => service.projectToken(db, clock, auth, input));
  app.get(
    `${PROJECT_LIVE_SOCKET_PATH}:token`,
    // the token is the credential: no session cookie needed on the socket
    { websocket: true, config: { access: { public: true } } },
    async (socket, req) => {
      const { token } = req.params as { token: string };
      let watch: ProjectWatch;
      try {
        watch = await consumeProjectToken(db, clock, token);
      } catch (err) {
        if (!isAppError(err)) req.log.warn({ err }, 'project token check failed');
        socket.close(LIVE_CLOSE_REFUSED, String(isAppError(err) ? err.code : Err.unknownError));
        return;
      }
      // attached before the snapshot is read, so nothing published in between is missed
      const feed = realtime.open(
        socket,
        [...watch.equipmentIds.map((id) => `device:${id}` as const), `project:${watch.projectId}`],
        (limits, onDrop) => new ProjectFeed(socket, watch, limits, onDrop),
      );
      try {
        feed.begin(await service.snapshotOf(db, monitor.cache, watch));
      } catch (err) {
        req.log.warn({ err }, 'project snapshot failed');
        socket.close(LIVE_CLOSE_REFUSED, String(Err.unknownError));
      }
    },
  );
}
