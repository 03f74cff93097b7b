import type { FastifyInstance } from 'fastify';
import fastifyWebsocket from '@fastify/websocket';
import { monitorCalls } from '@fieldhub/shared';
import type { AppContext } from '../appContext';
import { handle } from '../http/route';
import { sendWorkbook } from '../modules/bulk/workbook';
import * as cards from './board/deviceCards';
import * as detail from './board/deviceDetail';
import * as history from './history/history.service';
import { historyExport } from './history/historyExport';
import { reportExport } from './history/reportExport';
import { liveRoutes } from './live/live.routes';

/**
 * The monitoring calls of docs/requirements/monitoring.md §10 (POST, form or JSON bodies, envelope {code,
 * message, data}, permission monitor_view, devices limited to those the caller may see: another enterprise's
 * device answers 1101). Each call is defined in packages/shared/src/contract/monitor.ts;
 * docs/monitor-api.md shows each with an example.
 */
export async function monitorRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, clock, monitor } = ctx;
  // clients only ever send small texts, if anything
  await app.register(fastifyWebsocket, { options: { maxPayload: 4096 } });
  liveRoutes(app, ctx);

  // --- the monitor list: groups, device cards, follow, map ------------------------------------
  handle(app, monitorCalls.groups, ({ auth }) => cards.monitorGroups(db, auth));
  handle(app, monitorCalls.cards, ({ input, auth }) => cards.deviceCards(db, auth, input));
  handle(app, monitorCalls.cardsByGroup, ({ input, auth }) => cards.deviceCards(db, auth, input));
  handle(app, monitorCalls.allCards, ({ input, auth }) => cards.allDeviceCards(db, auth, input));
  handle(app, monitorCalls.mapCards, ({ input, auth }) => cards.mapDevices(db, auth, input));
  handle(app, monitorCalls.follow, ({ input, auth }) => cards.follow(db, auth, input.equipmentId));
  handle(app, monitorCalls.unfollow, ({ input, auth }) => cards.unfollow(db, auth, input.equipmentId));

  // --- one device: real-time data, gateway, open monitor --------------------------------------
  handle(app, monitorCalls.signals, ({ input, auth }) =>
    detail.deviceSignals(db, monitor.cache, auth, input.equipmentId),
  );
  handle(app, monitorCalls.gatewayInfo, ({ input, auth }) => detail.gatewayInfo(db, auth, input.equipmentId));
  handle(app, monitorCalls.open, ({ input, auth }) =>
    detail.openMonitor(db, clock, auth, input.equipmentId, input.interval),
  );

  // --- history ---------------------------------------------------------------------------------
  handle(app, monitorCalls.history, ({ input, auth }) => history.queryHistory(db, auth, input));
  handle(app, monitorCalls.reportRecords, ({ input, auth }) => history.queryReportRecords(db, auth, input));
  handle(app, monitorCalls.reportExport, async ({ input, auth, lang, reply }) => {
    const file = await reportExport(db, auth, input, lang);
    await sendWorkbook(reply, file.filename, file.body);
  });
  handle(app, monitorCalls.curve, ({ input, auth }) => history.queryCurve(db, auth, input));
  handle(app, monitorCalls.historyExport, async ({ input, auth, lang, reply }) => {
    const file = await historyExport(db, auth, input, lang);
    await sendWorkbook(reply, file.filename, file.stream);
  });
}
