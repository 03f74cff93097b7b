import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import {
  commandResultSchema,
  locationSchema,
  otaProgressSchema,
  configAckSchema,
  DOWN,
  parseTopic,
  TOPIC_ROOT,
  PROTOCOL_VERSION,
  reportRecordSchema,
  statusSchema,
  telemetrySchema,
  type LiveValue,
  type TelemetryMessage,
} from '@fieldhub/shared';
import { one, type Db } from '../db/db';
import type { Clock } from '../clock';
import type { Config } from '../config';
import { expireTasks, finishTask } from './commandTasks';
import { applyOtaProgress } from './firmwareUpgrade';
import { startEmbeddedBroker, type EmbeddedBroker } from './embeddedBroker';
import { verifyGateway } from './gatewayCredentials';
import { applyStatus, expireSilentGateways } from './gatewayPresence';
import { startLinkClient, type LinkClient } from './linkClient';
import { LinkEvents } from './linkEvents';
import { storeReportRecord, storeTelemetry } from './telemetryStore';
import { writeMosquittoFiles } from './mosquittoFiles';
import { pushConfig } from './commands.service';

// Gateways re-announce themselves every 60 s; three missed heartbeats mean offline.
const SILENCE_MS = 180_000;
const SWEEP_MS = 5_000;

export interface GatewayLink {
  client: LinkClient;
  /** rewrites an external Mosquitto's password and ACL files after gateways were registered */
  refreshBrokerAuth(): Promise<void>;
  events: LinkEvents;
  /** port of the embedded broker, when it runs */
  brokerPort: number | null;
  close(): Promise<void>;
}

interface GatewayRef {
  equipmentId: number | null;
  at: number;
}

/**
 * Starts the cloud side of the gateway link: the embedded broker (unless MQTT_URL names an
 * external one), the platform's MQTT session, the uplink handlers and the sweeper that expires
 * unanswered commands and silent gateways.
 */
export interface LinkHooks {
  /** stored values of a batch; awaited before the broker's acknowledgement */
  onValues?(equipmentId: number, values: LiveValue[], hist: boolean): Promise<void>;
}

export async function startGatewayLink(
  config: Config,
  db: Db,
  clock: Clock,
  root: Logger,
  hooks: LinkHooks = {},
): Promise<GatewayLink> {
  const log = root.child({ module: 'link' });
  const events = new LinkEvents();
  let broker: EmbeddedBroker | null = null;
  let url = config.MQTT_URL;
  let username = config.MQTT_USERNAME ?? '';
  let password = config.MQTT_PASSWORD ?? '';
  // bound below, once the handlers exist; the broker takes no connection before then
  let handleUplink: (topic: string, payload: Buffer) => Promise<void> = () =>
    Promise.reject(new Error('link not ready'));
  if (!url) {
    username = 'fieldhub-server';
    password = randomBytes(24).toString('base64url');
    const start = (port: number) =>
      startEmbeddedBroker({
        port,
        maxPacketBytes: config.MQTT_MAX_PACKET_BYTES,
        connectTimeoutMs: config.MQTT_CONNECT_TIMEOUT_MS,
        server: { username, password },
        verifyGateway: (sn, pw) => verifyGateway(db, sn, pw),
        onUplink: (topic, payload) => handleUplink(topic, payload),
        log,
      });
    try {
      broker = await start(config.MQTT_PORT);
    } catch (err) {
      // the default port is often taken by a broker already on the machine: take another one
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || config.mqttPortExplicit) throw err;
      broker = await start(0);
      log.warn(
        { wanted: config.MQTT_PORT, port: broker.port },
        'MQTT port taken; set MQTT_PORT to choose the embedded broker port',
      );
    }
    url = `mqtt://127.0.0.1:${broker.port}`;
    log.info({ port: broker.port }, 'embedded MQTT broker listening');
  }

  // sn → device, refreshed every few seconds so a new binding is seen quickly
  const gateways = new Map<string, GatewayRef>();
  const deviceOf = async (sn: string): Promise<number | null> => {
    const cached = gateways.get(sn);
    if (cached && clock.now().getTime() - cached.at < 5_000) return cached.equipmentId;
    const row = await one<{ equipment_id: number | null }>(
      db,
      'select equipment_id from gateways where sn = $1',
      [sn],
    );
    const equipmentId = row ? row.equipment_id : null;
    gateways.set(sn, { equipmentId, at: clock.now().getTime() });
    return equipmentId;
  };
  const lastSeq = new Map<string, { bootId: string; seq: number }>();

  // A publish waits for the broker's PUBACK, which the MQTT client reads only after the uplink
  // handler returned: work that publishes runs after the handler, never inside it.
  const pending = new Set<Promise<void>>();
  const afterUplink = (what: string, work: () => Promise<unknown>) => {
    const run = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .then(
        () => undefined,
        (err: unknown) => log.warn({ err }, `${what} failed`),
      )
      .finally(() => pending.delete(run));
    pending.add(run);
  };

  const onTelemetry = async (sn: string, equipmentId: number, msg: TelemetryMessage, hist: boolean) => {
    const stored = await storeTelemetry(db, clock, equipmentId, msg);
    if (stored.length) {
      events.emit('values', { equipmentId, items: stored, hist });
      await hooks.onValues?.(
        equipmentId,
        stored.map((v) => ({ signalId: v.variableId, ts: v.ts, value: v.value, quality: v.quality })),
        hist,
      );
    }
    // seq counts live and replayed batches together; only a live batch reveals a gap
    const last = lastSeq.get(sn);
    if (!hist && last && last.bootId === msg.bootId && msg.seq > last.seq + 1) {
      // a gap in a boot's batches: ask for what is missing (the gateway keeps unacknowledged ones)
      const resend = {
        v: PROTOCOL_VERSION,
        uuid: crypto.randomUUID(),
        type: 'resend',
        bootId: msg.bootId,
        fromSeq: last.seq + 1,
        toSeq: msg.seq - 1,
      };
      afterUplink('resend request', () => client.publishDown(sn, DOWN.cmd, resend));
    }
    if (!last || last.bootId !== msg.bootId || msg.seq > last.seq)
      lastSeq.set(sn, { bootId: msg.bootId, seq: msg.seq });
  };

  const onUplink = async (topic: string, payload: Buffer): Promise<void> => {
    const parsed = parseTopic(topic);
    if (!parsed) return;
    let body: unknown;
    try {
      body = JSON.parse(payload.toString('utf8'));
    } catch {
      log.warn({ topic }, 'uplink is not JSON');
      return;
    }
    const { sn, suffix } = parsed;
    const equipmentId = await deviceOf(sn);
    const invalid = (what: string) => log.warn({ sn, topic: suffix }, `invalid ${what}`);
    switch (suffix) {
      case 'up/status': {
        const msg = statusSchema.safeParse(body);
        if (!msg.success) return invalid('status');
        await applyStatus(db, clock, events, sn, msg.data);
        // a gateway that runs no configuration yet gets its device's at once
        if (msg.data.online && !msg.data.sleeping && msg.data.configVersion == null && equipmentId !== null) {
          const org = await one<{ org_id: number }>(db, 'select org_id from equipment where id = $1', [
            equipmentId,
          ]);
          if (org)
            afterUplink('config push', () =>
              pushConfig(
                { db, clock, link: client },
                { equipmentId, orgId: org.org_id, sn, series: '' },
                null,
              ),
            );
        }
        return;
      }
      case 'up/telemetry':
      case 'up/telemetry/hist': {
        const msg = telemetrySchema.safeParse(body);
        if (!msg.success) return invalid('telemetry');
        if (equipmentId === null) return; // an unbound gateway's values belong to nobody
        await onTelemetry(sn, equipmentId, msg.data, suffix === 'up/telemetry/hist');
        return;
      }
      case 'up/report': {
        const msg = reportRecordSchema.safeParse(body);
        if (!msg.success) return invalid('report');
        if (equipmentId !== null) await storeReportRecord(db, clock, equipmentId, msg.data);
        return;
      }
      case 'up/config/ack': {
        const msg = configAckSchema.safeParse(body);
        if (!msg.success) return invalid('config ack');
        const ack = msg.data;
        const task = await one<{ uuid: string }>(
          db,
          `select uuid from command_tasks where gateway_sn = $1 and kind = 'sync' and state in ('queued', 'sent')
              and payload->>'hash' = $2 order by created_at desc limit 1`,
          [sn, ack.hash],
        );
        if (ack.ok) {
          await db.query('update gateways set applied_version = $2, applied_hash = $3 where sn = $1', [
            sn,
            ack.version,
            ack.hash,
          ]);
        }
        if (task)
          await finishTask(
            db,
            clock,
            task.uuid,
            ack.ok,
            ack.ok ? null : (ack.errors?.[0]?.code ?? 1326),
            ack.errors ?? null,
          );
        return;
      }
      case 'up/cmd/result': {
        const msg = commandResultSchema.safeParse(body);
        if (!msg.success) return invalid('command result');
        // a gateway can finish only its own tasks
        const task = await one<{ kind: string }>(
          db,
          'select kind from command_tasks where uuid = $1 and gateway_sn = $2',
          [msg.data.uuid, sn],
        );
        if (!task) return;
        const finished = await finishTask(
          db,
          clock,
          msg.data.uuid,
          msg.data.ok,
          msg.data.code ?? null,
          msg.data.data,
        );
        // a refreshed base-station location becomes the gateway's location
        const located = locationSchema.safeParse(msg.data.data);
        if (finished && task.kind === 'locate' && msg.data.ok && located.success)
          await db.query('update gateways set location = $2 where sn = $1', [
            sn,
            JSON.stringify({ ...located.data, at: clock.now().toISOString() }),
          ]);
        return;
      }
      case 'up/ota/progress': {
        const msg = otaProgressSchema.safeParse(body);
        if (!msg.success) return invalid('upgrade progress');
        await applyOtaProgress(db, clock, sn, msg.data);
        return;
      }
      default:
        log.debug({ sn, topic: suffix }, 'uplink ignored');
    }
  };

  // an external Mosquitto must know the server's login before the server connects
  await writeMosquittoFiles(db, config);

  // Embedded: the broker hands every gateway publish to the server before acknowledging it, so
  // uplinks of different gateways are stored concurrently and a gateway's PUBACK means "stored".
  // External: the server is a client of the broker (shared subscription, ack after store).
  const embedded = broker;
  const client: LinkClient = embedded
    ? {
        publishDown: (sn, suffix, payload) =>
          embedded.publish(`${TOPIC_ROOT}/${sn}/${suffix}`, Buffer.from(JSON.stringify(payload))),
        connected: () => true,
        close: async () => {},
      }
    : await startLinkClient({
        url,
        username,
        password,
        shared: true,
        clientId:
          config.MQTT_CLIENT_ID ?? `fieldhub-${hostname()}-${config.PORT || randomBytes(4).toString('hex')}`,
        onUplink,
        log,
      });
  handleUplink = onUplink;

  const sweeper = setInterval(() => {
    expireTasks(db, clock)
      .then(() => expireSilentGateways(db, clock, events, SILENCE_MS))
      .catch((err: unknown) => log.warn({ err }, 'sweep failed'));
  }, SWEEP_MS);
  sweeper.unref();

  return {
    client,
    events,
    brokerPort: broker?.port ?? null,
    async refreshBrokerAuth() {
      await writeMosquittoFiles(db, config);
    },
    async close() {
      clearInterval(sweeper);
      // let queued publishes finish, but do not wait on a broker that is gone
      await Promise.race([Promise.all(pending), new Promise((r) => setTimeout(r, 2000).unref())]);
      await client.close();
      await broker?.close();
    },
  };
}
