import type { FastifyInstance } from 'fastify';
import {
  Err,
  LIVE_CLOSE_REFUSED,
  isAppError,
  projectAlarmAllSchema,
  projectAlarmExportSchema,
  projectAlarmConfirmSchema,
  projectAlarmCountSchema,
  projectAlarmQuerySchema,
  projectCallbackSchema,
  projectCurveQuerySchema,
  projectDevicesSchema,
  projectEquipCountSchema,
  projectGatewayOpenSchema,
  projectGatewayQuerySchema,
  projectHistoryAllSchema,
  projectHistoryExportSchema,
  projectHistoryQuerySchema,
  projectPageInfoSchema,
  projectPagePasswordSchema,
  projectReportColsSchema,
  projectReportExportSchema,
  projectReportQuerySchema,
  projectSignalQuerySchema,
  projectTokenSchema,
  projectWriteSchema,
} from '@fieldhub/shared';
import type { AppContext } from '../../appContext';
import { call } from '../../http/route';
import { attachmentHeader, XLSX_TYPE } from '../../modules/bulk/workbook';
import type { LiveHubOptions } from '../live/liveHub';
import { ProjectHub } from './projectHub';
import * as service from './projectMonitor.service';
import * as records from './projectRecords.service';
import { consumeProjectToken, type ProjectWatch } from './projectTokens';

/**
 * Project monitoring (docs/requirements/projects.md §7, §9; docs/project-monitor-api.md): the calls of a live
 * project page and its socket. Access is checked in the service through the page's or the project's
 * access (projectScope.ts). Registered after monitorRoutes, whose websocket plugin it uses.
 */
export function projectMonitorRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  options: LiveHubOptions = {},
): void {
  const { db, clock, monitor } = ctx;
  const deps: service.ProjectMonitorDeps = {
    db,
    clock,
    cache: monitor.cache,
    link: () => {
      if (!ctx.link) throw new Error('gateway link not running');
      return ctx.link.client;
    },
  };
  const hub = new ProjectHub(monitor.bus, options);
  app.addHook('onClose', async () => hub.close());

  const base = '/lfscada/monitor/project';
  call(app, `${base}/gateway/query`, { input: projectGatewayQuerySchema }, ({ input, auth }) =>
    service.gatewayQuery(deps, auth, input),
  );
  call(app, `${base}/gateway/open`, { input: projectGatewayOpenSchema }, ({ input, auth }) =>
    service.gatewayOpen(deps, auth, input),
  );
  call(app, `${base}/signal/query`, { input: projectSignalQuerySchema }, ({ input, auth }) =>
    service.signalQuery(deps, auth, input),
  );
  call(app, `${base}/signal/writeVal`, { input: projectWriteSchema }, ({ input, auth, req }) =>
    service.writeVal(deps, auth, input, req.ip),
  );
  call(app, `${base}/signal/callback`, { input: projectCallbackSchema }, ({ input, auth, lang }) =>
    service.writeCallback(deps, auth, input.uuid, lang),
  );
  call(app, `${base}/equip/queryCount`, { input: projectEquipCountSchema }, ({ input, auth }) =>
    service.equipCount(deps, auth, input),
  );
  call(app, `${base}/alarm/queryCount`, { input: projectAlarmCountSchema }, ({ input, auth }) =>
    service.alarmCount(deps, auth, input.projectId),
  );
  call(app, `${base}/alarm/query`, { input: projectAlarmQuerySchema }, ({ input, auth }) =>
    service.alarmQuery(deps, auth, input),
  );
  call(app, `${base}/alarm/confirm`, { input: projectAlarmConfirmSchema }, ({ input, auth, req }) =>
    service.alarmConfirm(deps, auth, input, req.ip),
  );
  call(app, `${base}/page/info`, { input: projectPageInfoSchema }, ({ input, auth }) =>
    service.pageInfo(deps, auth, input.id),
  );
  call(app, `${base}/page/validPassword`, { input: projectPagePasswordSchema }, ({ input, auth }) =>
    service.validPassword(deps, auth, input),
  );
  call(app, `${base}/history/query`, { input: projectHistoryQuerySchema }, ({ input, auth }) =>
    service.historyQuery(deps, auth, input),
  );
  call(app, `${base}/queryAllForCurve`, { input: projectCurveQuerySchema }, ({ input, auth }) =>
    service.curveQuery(deps, auth, input),
  );

  call(app, `${base}/history/queryAll`, { input: projectHistoryAllSchema }, ({ input, auth }) =>
    records.historyAll(deps, auth, input),
  );
  call(
    app,
    `${base}/queryAllData`,
    { input: projectHistoryExportSchema },
    async ({ input, auth, lang, reply }) => {
      const file = await records.historyAllExport(deps, auth, input, lang);
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', attachmentHeader(file.filename))
        .send(file.stream);
    },
  );
  call(app, `${base}/alarm/queryAll`, { input: projectAlarmAllSchema }, ({ input, auth }) =>
    records.alarmAll(deps, auth, input),
  );
  call(
    app,
    `${base}/alarm/export`,
    { input: projectAlarmExportSchema },
    async ({ input, auth, lang, reply }) => {
      const file = await records.alarmExport(deps, auth, input, lang);
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', attachmentHeader(file.filename))
        .send(file.body);
    },
  );
  call(app, `${base}/report/queryCols`, { input: projectReportColsSchema }, ({ input, auth }) =>
    records.reportCols(deps, auth, input),
  );
  call(app, `${base}/custom/report/data/query`, { input: projectReportQuerySchema }, ({ input, auth }) =>
    records.reportRecords(deps, auth, input),
  );
  call(
    app,
    `${base}/custom/report/data/export`,
    { input: projectReportExportSchema },
    async ({ input, auth, lang, reply }) => {
      const file = await records.reportRecordsExport(deps, auth, input, lang);
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', attachmentHeader(file.filename))
        .send(file.body);
    },
  );
  call(app, `${base}/queryAll`, { input: projectDevicesSchema }, ({ input, auth }) =>
    records.projectDevices(deps, auth, input.projectId),
  );

  call(app, '/lfscada/websocket/monitor/project/token', { input: projectTokenSchema }, ({ input, auth }) =>
    service.projectToken(db, clock, auth, input),
  );
  app.get(
    '/lfscada/ws/project/signal/subscribe/:token',
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
      const feed = hub.attach(socket, watch);
      try {
        feed.begin(await service.snapshotOf(db, monitor.cache, watch));
      } catch (err) {
        req.log.warn({ err }, 'project snapshot failed');
        socket.close(LIVE_CLOSE_REFUSED, String(Err.unknownError));
      }
    },
  );
}
