/**
 * The broker of a test platform's gateway link. In the services pass (MQTT_URL set: the machine's
 * Mosquitto) a link platform runs on that broker beside the platforms of other test files, under
 * a topic prefix and client ids of its own (docs/requirements/gateway-link.md §2.5); otherwise,
 * or when a test asks for it, on its embedded broker.
 */
import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import { prefixedTopic } from '@fieldhub/shared';
import type { Config } from '../src/config';
import type { Db } from '../src/db/db';
import type { GatewayLink } from '../src/link/gatewayLink';
import { sessionNames } from '../src/link/linkClient';

/** Where the gateways of a platform reach its link. */
export interface LinkAddress {
  /** the broker: the platform's embedded one, or the machine's Mosquitto in the services pass */
  brokerUrl: string;
  /** the platform's MQTT_TOPIC_PREFIX ('' for none) */
  topicPrefix: string;
}

/** Whether link platforms run on the shared broker (the services pass) unless a test keeps its own. */
export const onSharedBroker = Boolean(process.env.MQTT_URL);

let platforms = 0;

/**
 * The settings that put a link platform on the shared broker of the services pass, or none when
 * there is none (or `env` names a broker of the test's own).
 */
export function sharedBrokerEnv(env: Record<string, string>): Record<string, string> {
  const url = process.env.MQTT_URL;
  if (!url || env.MQTT_URL) return {};
  const id = `${process.pid}-${++platforms}-${randomBytes(3).toString('hex')}`;
  return {
    MQTT_URL: url,
    // its own topics and share group, so it neither takes nor commands another file's gateways
    MQTT_TOPIC_PREFIX: `fh-test/${id}`,
    MQTT_CLIENT_ID: `fh-test-${id}`,
    // one session: the uplinks are handled in the order the broker took them, as the embedded
    // broker does for each gateway (their split over sessions and instances is scaleOut.test.ts's)
    MQTT_SESSIONS: '1',
  };
}

/** The broker address and topic prefix of a started platform's link, and its topics. */
export function linkAddress(config: Config, link: GatewayLink | null | undefined) {
  const topicPrefix = config.MQTT_TOPIC_PREFIX;
  return {
    brokerUrl: config.MQTT_URL ?? (link?.brokerPort ? `mqtt://127.0.0.1:${link.brokerPort}` : ''),
    topicPrefix,
    /** a topic of the protocol (`iiot/v1/…`) under the platform's topic prefix */
    topic: (path: string) => prefixedTopic(topicPrefix, path),
  };
}

/**
 * Clears what a platform on the shared broker leaves there, which the machine's broker would keep
 * from run to run: the persistent sessions of its server and of its gateways (a clean login under
 * each client id) and the retained messages under its topic prefix (the gateways' last status).
 */
export async function forgetLinkState(config: Config, db: Db): Promise<void> {
  if (!config.MQTT_URL || !config.MQTT_CLIENT_ID || !config.MQTT_TOPIC_PREFIX) return;
  const url = config.MQTT_URL;
  // the gateways that logged in (a birth, or a raw client's session), not every one registered
  const gateways = await db.query<{ sn: string }>(
    "select sn from gateways where boot_id is not null or status <> 'offline'",
  );
  const clientIds = [
    ...sessionNames(config.MQTT_CLIENT_ID, config.MQTT_SESSIONS),
    ...gateways.map((g) => g.sn),
  ];
  const cleaner = await mqtt.connectAsync(url, { clientId: clientIds[0], clean: true, reconnectPeriod: 0 });
  try {
    for (let at = 1; at < clientIds.length; at += 20)
      await Promise.all(
        clientIds.slice(at, at + 20).map(async (clientId) => {
          const client = await mqtt.connectAsync(url, { clientId, clean: true, reconnectPeriod: 0 });
          await client.endAsync();
        }),
      );
    // the broker sends the retained messages of a new subscription before a publish made after it
    const prefix = config.MQTT_TOPIC_PREFIX;
    const marker = `${prefix}/end-of-retained`;
    const retained = new Set<string>();
    const done = new Promise<void>((resolve) =>
      cleaner.on('message', (topic, payload, packet) => {
        if (topic === marker) resolve();
        else if (packet.retain && payload.length > 0) retained.add(topic);
      }),
    );
    await cleaner.subscribeAsync(`${prefix}/#`, { qos: 1 });
    await cleaner.publishAsync(marker, '', { qos: 1 });
    await done;
    for (const topic of retained) await cleaner.publishAsync(topic, '', { qos: 1, retain: true });
  } finally {
    await cleaner.endAsync();
  }
}
