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
  type LiveValue,
  type ProjectLiveMessage,
} from '@fieldhub/shared';
import type { AppContext } from '../../appContext';
import type { Db } from '../../db/db';
import { call } from '../../http/route';
import { attachmentHeader, XLSX_TYPE } from '../../modules/bulk/workbook';
import type { AuthContext } from '../../http/context';
import type { Clock } from '../../clock';
import { currentMvarValues } from '../../modules/mvars/mvarValues';
import { mvarDefinitions } from '../../modules/mvars/mvars.repo';
import { latestValues } from '../board/latestValues';
import type { LiveHubOptions } from '../live/liveHub';
import type { ValueCache } from '../valueCache';
import { ProjectHub } from './projectHub';
import * as service from './projectMonitor.service';
import * as records from './projectRecords.service';
import { monitoredPage, servedBindings } from './projectScope';
import { consumeProjectToken, issueProjectToken, type ProjectWatch } from './projectTokens';

/** Issues the socket's token for what the project serves of what the page asks to watch. */
async function projectToken(
  db: Db,
  clock: Clock,
  auth: AuthContext,
  input: { pageId: number; dataEquip: number[]; dataSignal: number[]; dataMvar: number[] },
): Promise<string> {
  const { projectId } = await monitoredPage(db, clock, auth, input.pageId);
  const served = await servedBindings(db, auth.orgId, projectId, input);
  return issueProjectToken(db, clock, auth, {
    projectId,
    pageId: input.pageId,
    equipmentIds: [...new Set([...served.equipmentIds, ...served.signalDevices.values()])],
    signalIds: [...served.signalDevices.keys()],
    mvarIds: served.mvars.map((m) => m.id),
  });
}

/** The first frames of a project socket: held values per device, then the mvars. */
async function snapshotOf(db: Db, cache: ValueCache, watch: ProjectWatch): Promise<ProjectLiveMessage[]> {
  const byDevice = new Map<number, LiveValue[]>();
  const deviceOf = new Map(
    (
      await db.query<{ id: number; equipment_id: number }>(
        'select id, equipment_id from variables where id = any($1::int8[])',
        [watch.signalIds],
      )
    ).map((r) => [r.id, r.equipment_id]),
  );
  for (const v of await latestValues(db, cache, watch.signalIds)) {
    const equipmentId = deviceOf.get(v.signalId);
    if (equipmentId === undefined) continue;
    byDevice.set(equipmentId, [...(byDevice.get(equipmentId) ?? []), v]);
  }
  // every watched device gets its frame, empty or not, so the page knows the socket is live
  for (const equipmentId of watch.equipmentIds) if (!byDevice.has(equipmentId)) byDevice.set(equipmentId, []);
  const frames: ProjectLiveMessage[] = [...byDevice].map(([equipmentId, values]) => ({
    type: 'signalVal',
    equipmentId,
    values,
  }));
  if (watch.mvarIds.length) {
    const defs = await mvarDefinitions(db, watch.projectId, watch.mvarIds);
    frames.push({
      type: 'mvarVal',
      projectId: watch.projectId,
      values: await currentMvarValues(db, cache, defs),
    });
  }
  return frames;
}

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
    projectToken(db, clock, auth, input),
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
        feed.begin(await snapshotOf(db, monitor.cache, watch));
      } catch (err) {
        req.log.warn({ err }, 'project snapshot failed');
        socket.close(LIVE_CLOSE_REFUSED, String(Err.unknownError));
      }
    },
  );
}
