import type { FastifyInstance } from 'fastify';
import fastifyWebsocket from '@fastify/websocket';
import {
  curveQuerySchema,
  historyExportSchema,
  historyQuerySchema,
  monitorCardAllSchema,
  monitorCardQuerySchema,
  monitorEquipmentSchema,
  monitorOpenSchema,
  reportExportSchema,
  reportRecordQuerySchema,
} from '@fieldhub/shared';
import type { AppContext } from '../appContext';
import { call } from '../http/route';
import { attachmentHeader, XLSX_TYPE } from '../modules/bulk/workbook';
import * as cards from './board/deviceCards';
import * as detail from './board/deviceDetail';
import * as history from './history/history.service';
import { historyExport } from './history/historyExport';
import { reportExport } from './history/reportExport';
import { liveRoutes } from './live/live.routes';
import type { LiveHubOptions } from './live/liveHub';

/**
 * The monitoring calls of docs/requirements/monitoring.md §10 (POST, form or JSON bodies, envelope {code,
 * message, data}, permission monitor_view, devices limited to those the caller may see: another enterprise's
 * device answers 1101). Request and answer shapes are the zod schemas and types of
 * packages/shared/src/live/monitorCalls.ts; docs/monitor-api.md shows each with an example.
 */
export async function monitorRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  options: { live?: LiveHubOptions } = {},
): Promise<void> {
  const { db, clock, monitor } = ctx;
  const view = { perm: 'monitor_view' } as const;
  // clients only ever send small texts, if anything
  await app.register(fastifyWebsocket, { options: { maxPayload: 4096 } });
  liveRoutes(app, ctx, options.live);

  // --- the monitor list: groups, device cards, follow, map ------------------------------------
  /** {} → MonitorGroupNode[] */
  call(app, '/lfscada/monitor/group/query', { access: view }, ({ auth }) => cards.monitorGroups(db, auth));
  /** {pageNum, pageSize, groupId?, withSubgroups?, keyword?, status?, followed?} → Page<MonitorDeviceCard> */
  for (const path of ['/lfscada/monitor/equipment/query', '/lfscada/monitor/equipment/queryByGroup']) {
    call(app, path, { input: monitorCardQuerySchema, access: view }, ({ input, auth }) =>
      cards.deviceCards(db, auth, input),
    );
  }
  /** {groupId?, withSubgroups?, keyword?, status?, followed?} → MonitorDeviceCard[] (at most 5000) */
  call(
    app,
    '/lfscada/monitor/equipment/queryAllByGroup',
    { input: monitorCardAllSchema, access: view },
    ({ input, auth }) => cards.allDeviceCards(db, auth, input),
  );
  /** same filters → MonitorDeviceCard[] of devices with a position */
  call(
    app,
    '/lfscada/monitor/equipment/queryAllForMap',
    { input: monitorCardAllSchema, access: view },
    ({ input, auth }) => cards.mapDevices(db, auth, input),
  );
  /** {equipmentId} → null */
  call(
    app,
    '/lfscada/monitor/equipment/setFollow',
    { input: monitorEquipmentSchema, access: view },
    ({ input, auth }) => cards.follow(db, auth, input.equipmentId),
  );
  /** {equipmentId} → null (the spec's spelling) */
  call(
    app,
    '/lfscada/monitor/equipment/cancleFollow',
    { input: monitorEquipmentSchema, access: view },
    ({ input, auth }) => cards.unfollow(db, auth, input.equipmentId),
  );

  // --- one device: real-time data, gateway, open monitor --------------------------------------
  /** {equipmentId} → MonitorSignal[] */
  call(
    app,
    '/lfscada/monitor/multi/signal/query',
    { input: monitorEquipmentSchema, access: view },
    ({ input, auth }) => detail.deviceSignals(db, monitor.cache, auth, input.equipmentId),
  );
  /** {equipmentId} → MonitorGatewayInfo; a device without gateway is 2001 */
  call(
    app,
    '/lfscada/monitor/multi/gateway/info',
    { input: monitorEquipmentSchema, access: view },
    ({ input, auth }) => detail.gatewayInfo(db, auth, input.equipmentId),
  );
  /** {equipmentId, interval = 600} → MonitorOpenResult; a device without gateway is 2001 */
  call(app, '/lfscada/monitor/multi/open', { input: monitorOpenSchema, access: view }, ({ input, auth }) =>
    detail.openMonitor(db, clock, auth, input.equipmentId, input.interval),
  );

  // --- history ---------------------------------------------------------------------------------
  /** {equipmentId, variableIds?, startTime, endTime, pageNum, pageSize} → Page<HistoryValueRow> & {totalCapped} */
  call(
    app,
    '/lfscada/monitor/multi/history/query',
    { input: historyQuerySchema, access: view },
    ({ input, auth }) => history.queryHistory(db, auth, input),
  );
  /** {equipmentId, reportId, startTime, endTime, pageNum, pageSize} → ReportRecordPage */
  call(
    app,
    '/lfscada/monitor/multi/report/query',
    { input: reportRecordQuerySchema, access: view },
    ({ input, auth }) => history.queryReportRecords(db, auth, input),
  );
  /** {equipmentId, reportId, startTime, endTime, utcOffsetMinutes = 480} → .xlsx file (errors: envelope) */
  call(
    app,
    '/lfscada/monitor/multi/report/export',
    { input: reportExportSchema, access: view },
    async ({ input, auth, lang, reply }) => {
      const file = await reportExport(db, auth, input, lang);
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', attachmentHeader(file.filename))
        .send(file.body);
    },
  );
  /** {equipmentId, variableIds (1-10), startTime, endTime, width = 1000} → CurveResult */
  call(
    app,
    '/lfscada/monitor/multi/curve/query',
    { input: curveQuerySchema, access: view },
    ({ input, auth }) => history.queryCurve(db, auth, input),
  );
  /** {equipmentId, variableIds?, startTime, endTime, utcOffsetMinutes = 480} → .xlsx file (errors: envelope) */
  call(
    app,
    '/lfscada/monitor/multi/history/export',
    { input: historyExportSchema, access: view },
    async ({ input, auth, lang, reply }) => {
      const file = await historyExport(db, auth, input, lang);
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', attachmentHeader(file.filename))
        .send(file.stream);
    },
  );
}
