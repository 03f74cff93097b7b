import type { FastifyInstance } from 'fastify';
import { isAppError, Err, LIVE_CLOSE_REFUSED, LIVE_SOCKET_PATH, monitorCalls } from '@fieldhub/shared';
import type { AppContext } from '../../appContext';
import { handle } from '../../http/route';
import { visibleDevice } from '../../modules/devices/deviceScope';
import { deviceSignalIds, latestValues } from '../board/latestValues';
import { SocketFeed } from './socketFeed';
import { consumeLiveToken, issueLiveToken } from './liveTokens';

/**
 * Live data of docs/requirements/monitoring.md §5.1: a one-use token, then the device's socket.
 *
 * POST /lfscada/websocket/monitor/token {equipmentId} → data: the token (text, valid 60 s, once).
 *   Needs monitor_view and a device the caller may see (1101 otherwise).
 * GET (upgrade) /lfscada/ws/eg/signal/subscribe/{token} → JSON text frames:
 *   first {type:'signalVal', equipmentId, values:[{signalId, ts, value, quality}]} with every value
 *   held for the device (the snapshot), then signalVal / signalAlarm / gatewayAlarm of that device
 *   only, at most one signalVal frame per 100 ms (latest value per signal), and {type:'idle', ts}
 *   every 60 s. A bad or used token closes the socket with 4001 and the catalogue code (1021, or
 *   1020 when expired) as reason.
 */
export function liveRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, clock, monitor, realtime } = ctx;

  handle(app, monitorCalls.liveToken, async ({ input, auth }) => {
    await visibleDevice(db, auth, input.equipmentId);
    return issueLiveToken(db, clock, auth, input.equipmentId);
  });

  app.get(
    `${LIVE_SOCKET_PATH}:token`,
    // the token is the credential: no session cookie needed on the socket
    { websocket: true, config: { access: { public: true } } },
    async (socket, req) => {
      const { token } = req.params as { token: string };
      let equipmentId: number;
      try {
        ({ equipmentId } = await consumeLiveToken(db, clock, token));
      } catch (err) {
        const code = isAppError(err) ? err.code : Err.unknownError;
        if (!isAppError(err)) req.log.warn({ err }, 'live token check failed');
        socket.close(LIVE_CLOSE_REFUSED, String(code));
        return;
      }
      // attached before the snapshot is read, so nothing published in between is missed
      const feed = realtime.open(
        socket,
        [`device:${equipmentId}`],
        (limits, onDrop) => new SocketFeed(socket, equipmentId, limits, onDrop),
      );
      try {
        const values = await latestValues(db, monitor.cache, await deviceSignalIds(db, equipmentId));
        feed.begin({ type: 'signalVal', equipmentId, values });
      } catch (err) {
        req.log.warn({ err }, 'live snapshot failed');
        socket.close(LIVE_CLOSE_REFUSED, String(Err.unknownError));
      }
    },
  );
}
