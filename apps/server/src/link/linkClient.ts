import mqtt, { type MqttClient } from 'mqtt';
import type { Config } from '../config';
import { prefixedTopic, SERVER_UPLINK_FILTER, topicFor, type DownTopic } from '@fieldhub/shared';

export interface LinkClientOptions {
  url: string;
  username: string;
  password: string;
  /** the shared subscription group splitting the uplinks among server instances (external broker) */
  shareGroup: string | null;
  clientId: string;
  /** MQTT_TOPIC_PREFIX: before the topics this subscribes to and publishes on ('' for none) */
  topicPrefix?: string;
  /**
   * MQTT sessions of this instance in the share group (with `shareGroup` only): each handles its
   * uplinks one at a time (the next is read once the last is stored and acknowledged), so the
   * broker spreading them over several sessions is what lets an instance store several at once.
   */
  sessions?: number;
  /** called for each uplink; the broker's acknowledgement waits until it resolves (none if it rejects) */
  onUplink(topic: string, payload: Buffer): Promise<void>;
  /** MQTT_UPLINK_RETRY_MS: first wait before a session whose uplink failed is dropped (UPLINK_RETRY_MS) */
  uplinkRetryMs?: number;
  /** MQTT keepalive of each session in seconds (60) */
  keepaliveS?: number;
  log: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
}

/** Default of MQTT_UPLINK_RETRY_MS: the first wait before a session whose uplink failed is dropped. */
export const UPLINK_RETRY_MS = 500;
/** The wait doubles with each failure of a session in a row, up to this. */
export const UPLINK_RETRY_MAX_MS = 10_000;

export interface LinkClient {
  publishDown(sn: string, suffix: DownTopic, payload: unknown): Promise<void>;
  connected(): boolean;
  close(): Promise<void>;
}

/** One MQTT session of this instance in the share group, as the session handover leases it. */
export interface SessionState {
  clientId: string;
  username: string;
  connected: boolean;
}

/** The platform's sessions at an external broker. */
export interface BrokerClient extends LinkClient {
  sessions(): SessionState[];
}

/**
 * `name`, `name-2`, `name-3`… for `count` sessions: their client ids, and their user names, since
 * a Mosquitto with `use_username_as_clientid` (mosquittoFiles.ts) takes the user name as client
 * id and would otherwise let the sessions push each other off.
 */
export function sessionNames(name: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => (i === 0 ? name : `${name}-${i + 1}`));
}

/** After the client id and user name of the session that only publishes downlinks. */
export const DOWNLINK_SUFFIX = '-down';

/** The user names the server's sessions log in with (MQTT_USERNAME, then `-2`, `-3`…, and `-down`). */
export function serverUsernames(config: Pick<Config, 'MQTT_USERNAME' | 'MQTT_SESSIONS'>): string[] {
  return config.MQTT_USERNAME
    ? [
        ...sessionNames(config.MQTT_USERNAME, config.MQTT_SESSIONS),
        `${config.MQTT_USERNAME}${DOWNLINK_SUFFIX}`,
      ]
    : [];
}

/**
 * The platform's MQTT sessions: `sessions` of them in the share group (`clientId`, then
 * `clientId-2`, `clientId-3`…, user names likewise, each persistent so a restart under the same ids resumes them), or
 * one without a share group. With a share group, downlinks go out on a session of their own
 * (`clientId-down`, user name `-down`, subscribing to nothing): a session of the group reads the
 * PUBACK of its publish only after the uplinks the broker sent it before, each waiting for its
 * commit, so under a backlog a downlink took as long as those (a fleet's configurations went out at
 * about 45 a second). While it is down, downlinks go out on the first connected session.
 */
export async function startLinkClient(opts: LinkClientOptions): Promise<BrokerClient> {
  const count = opts.shareGroup ? Math.max(1, opts.sessions ?? 1) : 1;
  const usernames = sessionNames(opts.username, count);
  const clientIds = sessionNames(opts.clientId, count);
  const sessions = await Promise.all(
    clientIds.map((clientId, i) => startSession({ ...opts, clientId, username: usernames[i]! })),
  );
  const downlink = opts.shareGroup
    ? await startSession({
        ...opts,
        clientId: `${opts.clientId}${DOWNLINK_SUFFIX}`,
        username: `${opts.username}${DOWNLINK_SUFFIX}`,
        uplinks: false,
      })
    : undefined;
  const all = downlink ? [...sessions, downlink] : sessions;
  const first = sessions[0]!;
  return {
    // not on a session holding a failed uplink: it reads no PUBACK until it reconnects, and
    // would send the downlink again then
    publishDown: (sn, suffix, payload) =>
      (downlink?.connected()
        ? downlink
        : (sessions.find((s) => s.connected() && !s.withholding()) ??
          sessions.find((s) => s.connected()) ??
          first)
      ).publishDown(sn, suffix, payload),
    connected: () => sessions.some((s) => s.connected()),
    sessions: () =>
      sessions.map((s, i) => ({
        clientId: clientIds[i]!,
        username: usernames[i]!,
        connected: s.connected(),
      })),
    async close() {
      await Promise.all(all.map((s) => s.close()));
    },
  };
}

/**
 * One MQTT session. Uplinks are acknowledged (PUBACK) only after they were handled, so what the
 * broker delivered and the server did not store is delivered again (acknowledgeWhenHandled).
 */
async function startSession(
  opts: LinkClientOptions & { uplinks?: false },
): Promise<LinkClient & { withholding(): boolean }> {
  const uplinks = opts.uplinks ?? true;
  const client: MqttClient = mqtt.connect(opts.url, {
    clientId: opts.clientId,
    username: opts.username,
    password: opts.password,
    // the downlink session keeps nothing at the broker: what it sent unacknowledged, mqtt.js
    // sends again when it is back
    clean: !uplinks,
    keepalive: opts.keepaliveS ?? 60,
    reconnectPeriod: 2000,
    connectTimeout: 10_000,
    protocolVersion: 4,
  });
  const withholding = uplinks
    ? acknowledgeWhenHandled(client, opts.onUplink, opts.log, opts.uplinkRetryMs)
    : () => false;
  const prefix = opts.topicPrefix ?? '';
  const topics = prefixedTopic(prefix, SERVER_UPLINK_FILTER);
  const filter = opts.shareGroup ? `$share/${opts.shareGroup}/${topics}` : topics;
  client.on('connect', (ack) => {
    opts.log.info(
      { url: withoutCredentials(opts.url), sessionPresent: ack.sessionPresent, uplinks },
      'link connected',
    );
    if (uplinks)
      client.subscribe(
        filter,
        { qos: 1 },
        (err) => err && opts.log.warn({ err }, 'uplink subscription failed'),
      );
  });
  client.on('error', (err) => opts.log.warn({ err: err.message }, 'link error'));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`MQTT broker ${withoutCredentials(opts.url)} unreachable`)),
      15_000,
    );
    client.once('connect', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return {
    async publishDown(sn, suffix, payload) {
      await client.publishAsync(topicFor(sn, suffix, prefix), JSON.stringify(payload), { qos: 1 });
    },
    connected: () => client.connected,
    withholding,
    async close() {
      // a session that is down has nothing to finish: ended at once (waiting would hang on the retries)
      await client.endAsync(!client.connected);
    },
  };
}

/**
 * Hands each uplink `client` receives to `onUplink` and acknowledges it (PUBACK) once that
 * resolved: the broker delivers the next only then (docs/requirements/gateway-link.md §3.2: an
 * acknowledgement means stored). What the router answers by design (not JSON, not matching its
 * schema, an unknown gateway) resolves and is acknowledged. An uplink whose handling failed (the
 * database down or restarting) is logged and never acknowledged: after a wait (`retryMs`,
 * doubling with each failure in a row up to UPLINK_RETRY_MAX_MS) the session's connection is
 * dropped, and the broker delivers what it held unacknowledged again once the session is back
 * (persistent session). Only this session waits; the others go on. Answers whether the session
 * holds such an uplink now (it reads nothing, PUBACKs of its own publishes included, until dropped).
 */
export function acknowledgeWhenHandled(
  client: MqttClient,
  onUplink: LinkClientOptions['onUplink'],
  log: LinkClientOptions['log'],
  retryMs = UPLINK_RETRY_MS,
): () => boolean {
  let failuresInARow = 0;
  let holding = false;
  let drop: NodeJS.Timeout | undefined;
  client.on('connect', () => (holding = false));
  client.on('end', () => clearTimeout(drop));
  client.handleMessage = (packet, done) => {
    // a publish read is a sign of the broker's life: mqtt.js counts only acknowledgements and
    // PINGRESPs, and a PINGRESP queued behind uplinks that each wait for their commit is read too
    // late under a backlog (the session was dropped on its keepalive, its uplinks handed over again)
    client.reschedulePing(true);
    const topic = packet.cmd === 'publish' ? packet.topic : '';
    const payload = packet.cmd === 'publish' ? Buffer.from(packet.payload as Buffer) : Buffer.alloc(0);
    onUplink(topic, payload).then(
      () => {
        failuresInARow = 0;
        done();
      },
      (err: unknown) => {
        const waitMs = Math.min(UPLINK_RETRY_MAX_MS, retryMs * 2 ** failuresInARow);
        failuresInARow++;
        holding = true;
        log.error(
          { err, topic, failuresInARow, reconnectInMs: waitMs },
          'uplink not stored: not acknowledged, the broker delivers it again',
        );
        // done() is never called: no PUBACK, and this session reads nothing more until it is
        // dropped (the connection it came on, not one made since)
        const stream = client.stream;
        drop = setTimeout(() => stream.destroy(), waitMs);
        drop.unref();
      },
    );
  };
  return () => holding;
}

/** A broker address as it may be logged: a password in MQTT_URL never reaches the log. */
export function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(invalid broker address)';
  }
}
