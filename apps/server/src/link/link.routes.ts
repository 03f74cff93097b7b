import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  AppError,
  Err,
  formId,
  gatewayMayPublish,
  gatewayMaySubscribe,
  idListSchema,
  NETWORK_MODES,
  snSchema,
  SN_PATTERN,
} from '@fieldhub/shared';
import type { AppContext } from '../appContext';
import { call, publicCall } from '../http/route';
import { taskOutcome } from './commandTasks';
import * as commands from './commands.service';
import { verifyGateway } from './gatewayCredentials';
import { FIRMWARE_DOWNLOAD_PATH, packageForToken, upgradeGateway } from './firmwareUpgrade';
import { packageContent } from '../modules/firmware/firmware.service';

/** Calls that reach gateways (sync, writes, reads, restart, mode, location) and the task callback. */
export function linkRoutes(app: FastifyInstance, ctx: AppContext): void {
  const deps = () => {
    if (!ctx.link) throw new Error('gateway link not running');
    return { db: ctx.db, clock: ctx.clock, link: ctx.link.client };
  };
  const byEquipment = z.object({ equipmentId: formId });
  const bySn = z.object({ sn: snSchema });

  call(
    app,
    '/lfscada/equipment/multi/sync',
    { input: byEquipment, access: { perm: 'equipment_manage' } },
    ({ input, auth, req }) => commands.syncDevice(deps(), auth, input.equipmentId, req.ip),
  );
  // long-running commands: the browser polls with the uuid (docs/requirements/monitoring.md §6.2 schedule)
  call(
    app,
    '/lfscada/equipment/multi/callback',
    { input: z.object({ uuid: z.uuid() }) },
    ({ input, auth, lang }) => taskOutcome(ctx.db, ctx.clock, auth.orgId, input.uuid, lang),
  );
  call(
    app,
    '/lfscada/monitor/multi/signal/writeVal',
    {
      input: z.object({
        equipmentId: formId,
        signalId: formId,
        value: z.union([z.number(), z.boolean(), z.string().max(1024)]),
      }),
      access: { perm: 'monitor_view' },
    },
    ({ input, auth, req }) => commands.writeValue(deps(), auth, input, req.ip),
  );
  call(
    app,
    '/lfscada/monitor/multi/signal/readVal',
    {
      input: z.object({ equipmentId: formId, signalIds: idListSchema(500) }),
      access: { perm: 'monitor_view' },
    },
    ({ input, auth }) => commands.readValues(deps(), auth, input.equipmentId, input.signalIds),
  );
  const gw = { perm: 'gateway_manage' } as const;
  call(app, '/lfscada/gateway/restart', { input: bySn, access: gw }, ({ input, auth, req }) =>
    commands.restartGateway(deps(), auth, input.sn, req.ip),
  );
  call(
    app,
    '/lfscada/gateway/mode',
    { input: bySn.extend({ networkMode: z.enum(NETWORK_MODES) }), access: gw },
    ({ input, auth, req }) => commands.changeNetworkMode(deps(), auth, input.sn, input.networkMode, req.ip),
  );
  call(app, '/lfscada/gateway/locate', { input: bySn, access: gw }, ({ input, auth }) =>
    commands.refreshLocation(deps(), auth, input.sn),
  );
  call(app, '/lfscada/gateway/upgrade', { input: bySn, access: gw }, ({ input, auth, req }) =>
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
  const serverLogin = (u: string, p: string) =>
    !!ctx.config.MQTT_USERNAME && u === ctx.config.MQTT_USERNAME && p === ctx.config.MQTT_PASSWORD;
  publicCall(
    app,
    '/lfscada/mqtt/auth',
    {
      input: z.object({
        username: z.string().max(100),
        password: z.string().max(200),
        clientid: z.string().max(100).optional(),
      }),
    },
    async ({ input, req, reply }) => {
      let allowed = false;
      if (secretOk(req.headers['x-mqtt-auth-secret'])) {
        allowed =
          serverLogin(input.username, input.password) ||
          (SN_PATTERN.test(input.username) &&
            (input.clientid ?? input.username) === input.username &&
            (await verifyGateway(ctx.db, input.username, input.password)));
      }
      return reply.status(allowed ? 200 : 403).send({ result: allowed ? 'allow' : 'deny' });
    },
  );
  publicCall(
    app,
    '/lfscada/mqtt/acl',
    {
      input: z.object({
        username: z.string().max(100),
        topic: z.string().max(500),
        action: z.enum(['publish', 'subscribe']),
      }),
    },
    async ({ input, req, reply }) => {
      let allowed = false;
      if (secretOk(req.headers['x-mqtt-auth-secret'])) {
        if (ctx.config.MQTT_USERNAME && input.username === ctx.config.MQTT_USERNAME) allowed = true;
        else if (SN_PATTERN.test(input.username)) {
          allowed =
            input.action === 'publish'
              ? gatewayMayPublish(input.username, input.topic)
              : gatewayMaySubscribe(input.username, input.topic);
        }
      }
      return reply.status(allowed ? 200 : 403).send({ result: allowed ? 'allow' : 'deny' });
    },
  );
}
