import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import { DOWN, serverShareGroup, topicFor, unprefixedTopic } from '@fieldhub/shared';
import type { Db } from '../db/db';
import type { Clock } from '../clock';
import type { Config } from '../config';
import { expireTasks } from './commandTasks';
import { startEmbeddedBroker, type EmbeddedBroker } from './embeddedBroker';
import { verifyGateway } from './gatewayCredentials';
import { expireSilentGateways } from './gatewayPresence';
import { startLinkClient, type LinkClient } from './linkClient';
import { startSessionHandover, type SessionHandover } from './sessionHandover';
import { LinkEvents } from './linkEvents';
import { writeMosquittoFiles } from './mosquittoFiles';
import { SharedBatchSequence } from './sharedBatchSequence';
import { resendCommand, type ValuesListener } from './telemetryIngestor';
import { createUplinkDeps, routeUplinks, uplinkHandlers, workAfterUplink } from './uplinks';

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
  /** with an external broker: the takeover of other instances' lapsed sessions */
  handover: SessionHandover | null;
  /** with an external broker: the resend check shared by the sessions and instances */
  resendCheck: SharedBatchSequence | null;
  close(): Promise<void>;
}

export interface LinkHooks {
  /** stored values of a batch; awaited before the broker's acknowledgement */
  onValues?: ValuesListener;
}

/**
 * Starts the cloud side of the gateway link: the embedded broker (unless MQTT_URL names an
 * external one), the platform's MQTT session, the routing of uplinks to their handlers
 * (uplinks/) and the sweeper that expires unanswered commands and silent gateways.
 */
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
        topicPrefix: config.MQTT_TOPIC_PREFIX,
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

  // the uplink handlers publish only once the client below exists (after their uplink)
  const downlink: LinkClient = {
    publishDown: (sn, suffix, payload) => client.publishDown(sn, suffix, payload),
    connected: () => client.connected(),
    close: () => client.close(),
  };
  const after = workAfterUplink(log);
  // with an external broker the uplinks are spread over sessions (and instances): gaps are
  // confirmed against what every instance received before a gateway is asked to resend
  const sharedSequence = broker
    ? undefined
    : new SharedBatchSequence({
        db,
        clock,
        log,
        ask: (sn, bootId, gap) => downlink.publishDown(sn, DOWN.cmd, resendCommand(bootId, gap)),
      });
  const deps = createUplinkDeps({
    db,
    clock,
    log,
    events,
    link: downlink,
    afterUplink: after.afterUplink,
    ...(hooks.onValues ? { onValues: hooks.onValues } : {}),
    clockSkewToleranceMs: config.CLOCK_SKEW_TOLERANCE_MS,
    ...(sharedSequence ? { sharedSequence } : {}),
  });
  const route = routeUplinks(uplinkHandlers, deps);
  // the handlers see the topics of the protocol: the deployment's prefix is the transport's
  // (one under another prefix reaches the router as it is, and is dropped as unknown)
  const prefix = config.MQTT_TOPIC_PREFIX;
  const onUplink = async (topic: string, payload: Buffer) => {
    await route(unprefixedTopic(prefix, topic) ?? topic, payload);
    events.emit('uplinkHandled', { topic, payload });
  };

  // an external Mosquitto must know the server's login before the server connects
  await writeMosquittoFiles(db, config);

  // Embedded: the broker hands every gateway publish to the server before acknowledging it, so
  // uplinks of different gateways are stored concurrently and a gateway's PUBACK means "stored".
  // External: the server is a client of the broker (shared subscription, ack after store; an
  // uplink that failed is not acknowledged, and the broker delivers it again: linkClient).
  const embedded = broker;
  let client: LinkClient;
  let handover: SessionHandover | null = null;
  if (embedded)
    client = {
      publishDown: (sn, suffix, payload) =>
        embedded.publish(topicFor(sn, suffix, prefix), Buffer.from(JSON.stringify(payload))),
      connected: () => true,
      close: async () => {},
    };
  else {
    const clientId =
      config.MQTT_CLIENT_ID ?? `fieldhub-${hostname()}-${config.PORT || randomBytes(4).toString('hex')}`;
    const shareGroup = serverShareGroup(config.MQTT_SHARE_GROUP, prefix);
    const sessions = await startLinkClient({
      url,
      username,
      password,
      shareGroup,
      topicPrefix: prefix,
      sessions: config.MQTT_SESSIONS,
      clientId,
      onUplink,
      uplinkRetryMs: config.MQTT_UPLINK_RETRY_MS,
      log,
    });
    client = sessions;
    handover = startSessionHandover({
      db,
      clock,
      url,
      password,
      shareGroup,
      owner: clientId,
      own: () => sessions.sessions(),
      leaseMs: config.MQTT_SESSION_LEASE_MS,
      onUplink,
      uplinkRetryMs: config.MQTT_UPLINK_RETRY_MS,
      log,
    });
    void handover.tick();
  }
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
    handover,
    resendCheck: sharedSequence ?? null,
    async refreshBrokerAuth() {
      await writeMosquittoFiles(db, config);
    },
    async close() {
      clearInterval(sweeper);
      deps.firstConfigs.close();
      await sharedSequence?.stop();
      // let queued publishes finish, but do not wait on a broker that is gone
      await Promise.race([after.settled(), new Promise((r) => setTimeout(r, 2000).unref())]);
      await client.close();
      // after the own sessions closed: a stand-in taking them now takes nothing from this instance
      await handover?.stop();
      await broker?.close();
    },
  };
}
