import type { FastifyInstance } from 'fastify';
import {
  AppError,
  Err,
  gatewayMayPublish,
  gatewayMaySubscribe,
  linkCalls,
  SN_PATTERN,
} from '@fieldhub/shared';
import type { AppContext } from '../appContext';
import { handle } from '../http/route';
import { taskOutcome } from './commandTasks';
import * as commands from './commands.service';
import { verifyGateway } from './gatewayCredentials';
import { serverUsernames } from './linkClient';
import { FIRMWARE_DOWNLOAD_PATH, packageForToken, upgradeGateway } from './firmwareUpgrade';
import { packageContent } from '../modules/firmware/firmware.service';

/** Calls that reach gateways (sync, writes, reads, restart, mode, location) and the task callback. */
export function linkRoutes(app: FastifyInstance, ctx: AppContext): void {
  const deps = () => {
    if (!ctx.link) throw new Error('gateway link not running');
    return { db: ctx.db, clock: ctx.clock, link: ctx.link.client };
  };

  handle(app, linkCalls.sync, ({ input, auth, req }) =>
    commands.syncDevice(deps(), auth, input.equipmentId, req.ip),
  );
  // long-running commands: the browser polls with the uuid (docs/requirements/monitoring.md §6.2 schedule)
  handle(app, linkCalls.callback, ({ input, auth, lang }) =>
    taskOutcome(ctx.db, ctx.clock, auth.orgId, input.uuid, lang),
  );
  handle(app, linkCalls.writeValue, ({ input, auth, req }) =>
    commands.writeValue(deps(), auth, input, req.ip),
  );
  handle(app, linkCalls.readValues, ({ input, auth }) =>
    commands.readValues(deps(), auth, input.equipmentId, input.signalIds),
  );
  handle(app, linkCalls.restart, ({ input, auth, req }) =>
    commands.restartGateway(deps(), auth, input.sn, req.ip),
  );
  handle(app, linkCalls.networkMode, ({ input, auth, req }) =>
    commands.changeNetworkMode(deps(), auth, input.sn, input.networkMode, req.ip),
  );
  handle(app, linkCalls.locate, ({ input, auth }) => commands.refreshLocation(deps(), auth, input.sn));
  handle(app, linkCalls.upgrade, ({ input, auth, req }) =>
    upgradeGateway(deps(), auth, input.sn, ctx.config.PUBLIC_URL ?? `${req.protocol}://${req.host}`, req.ip),
  );
  // the package of an upgrade under way, for the gateway holding its one-time address
  app.get(
    `${FIRMWARE_DOWNLOAD_PATH}/:token`,
    { config: { access: { public: true } } },
    async (req, reply) => {
      const { token } = req.params as { token: string };
      const id = await packageForToken(ctx.db, ctx.clock, token);
      const content = id === null ? null : await packageContent(ctx.db, id);
      if (!content) {
        const missing = new AppError(Err.fileMissing);
        return reply
          .status(404)
          .send({ code: String(missing.code), message: missing.messageIn(req.lang), data: null });
      }
      return reply
        .header('content-type', 'application/octet-stream')
        .header('cache-control', 'no-store')
        .send(content);
    },
  );

  // HTTP authentication and ACL for an external broker (EMQX HTTP auth, Mosquitto auth plugins)
  const secretOk = (header: unknown) =>
    !!ctx.config.MQTT_AUTH_SECRET && header === ctx.config.MQTT_AUTH_SECRET;
  const servers = new Set(serverUsernames(ctx.config));
  const serverLogin = (u: string, p: string) => servers.has(u) && p === ctx.config.MQTT_PASSWORD;
  handle(app, linkCalls.mqttAuth, async ({ input, req, reply }) => {
    let allowed = false;
    if (secretOk(req.headers['x-mqtt-auth-secret'])) {
      allowed =
        serverLogin(input.username, input.password) ||
        (SN_PATTERN.test(input.username) &&
          (input.clientid ?? input.username) === input.username &&
          (await verifyGateway(ctx.db, input.username, input.password)));
    }
    reply.status(allowed ? 200 : 403);
    return { result: allowed ? ('allow' as const) : ('deny' as const) };
  });
  handle(app, linkCalls.mqttAcl, async ({ input, req, reply }) => {
    let allowed = false;
    if (secretOk(req.headers['x-mqtt-auth-secret'])) {
      if (servers.has(input.username)) allowed = true;
      else if (SN_PATTERN.test(input.username)) {
        allowed =
          input.action === 'publish'
            ? gatewayMayPublish(input.username, input.topic, ctx.config.MQTT_TOPIC_PREFIX)
            : gatewayMaySubscribe(input.username, input.topic, ctx.config.MQTT_TOPIC_PREFIX);
      }
    }
    reply.status(allowed ? 200 : 403);
    return { result: allowed ? ('allow' as const) : ('deny' as const) };
  });
}
