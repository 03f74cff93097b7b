/**
 * Topics of the gateway protocol (DESIGN.md §4): everything of a gateway lives under
 * `iiot/v1/{sn}/`; a gateway publishes only under `up/` and subscribes only to `down/`. A
 * deployment's topic prefix (docs/requirements/gateway-link.md §2.5) goes before all of them.
 */
import { z } from 'zod';

export const PROTOCOL_VERSION = 1;
export const TOPIC_ROOT = 'iiot/v1';

/**
 * The topic prefix of a platform sharing its broker with others (MQTT_TOPIC_PREFIX on the server,
 * --topic-prefix on the gateway; docs/requirements/gateway-link.md §2.5): one or more topic levels
 * of letters, digits, `.`, `_` and `-`, put before `iiot/v1`. Empty (the default): no prefix, the
 * topics of the protocol as they are. A trailing `/` (as EMQX writes mountpoints) is dropped.
 */
export const topicPrefixSchema = z
  .string()
  .trim()
  .transform((prefix) => prefix.replace(/\/$/, ''))
  .superRefine((prefix, ctx) => {
    const problem = topicPrefixProblem(prefix);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** Why `prefix` cannot be a topic prefix, or undefined when it can. */
export function topicPrefixProblem(prefix: string): string | undefined {
  if (prefix === '') return undefined;
  if (/[+#]/.test(prefix)) return 'a topic prefix must not contain the MQTT wildcards + and #';
  if (prefix.startsWith('$')) return "a topic prefix must not start with '$' (the broker's own topics)";
  if (prefix.length > 100) return 'a topic prefix has at most 100 characters';
  if (!/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(prefix))
    return "a topic prefix is topic levels of letters, digits, '.', '_' and '-' separated by '/'";
  return undefined;
}

/** `topic` under the deployment's topic prefix (none when it is empty). */
export function prefixedTopic(prefix: string, topic: string): string {
  return prefix ? `${prefix}/${topic}` : topic;
}

/** `topic` without the deployment's topic prefix, or null when it is not under it. */
export function unprefixedTopic(prefix: string, topic: string): string | null {
  if (!prefix) return topic;
  return topic.startsWith(`${prefix}/`) ? topic.slice(prefix.length + 1) : null;
}

/**
 * Largest MQTT packet a gateway publishes, fixed header and topic included: telemetry batches
 * are split below it and anything bigger is not sent. A broker must accept at least this much
 * (the embedded broker's MQTT_MAX_PACKET_BYTES cannot be set lower; Mosquitto's max_packet_size).
 */
export const GATEWAY_PACKET_MAX_BYTES = 256 * 1024;

export const UP = {
  status: 'up/status',
  telemetry: 'up/telemetry',
  telemetryHist: 'up/telemetry/hist',
  report: 'up/report',
  configAck: 'up/config/ack',
  cmdResult: 'up/cmd/result',
  otaProgress: 'up/ota/progress',
} as const;

export const DOWN = {
  config: 'down/config',
  cmd: 'down/cmd',
  ota: 'down/ota',
  /** what the platform refused of an acknowledged uplink (refusedSchema) */
  refused: 'down/refused',
} as const;

export type UpTopic = (typeof UP)[keyof typeof UP];
export type DownTopic = (typeof DOWN)[keyof typeof DOWN];

export function topicFor(sn: string, suffix: UpTopic | DownTopic, prefix = ''): string {
  return prefixedTopic(prefix, `${TOPIC_ROOT}/${sn}/${suffix}`);
}

/** The SN and suffix of a protocol topic (under `prefix`), or null for anything else. */
export function parseTopic(topic: string, prefix = ''): { sn: string; suffix: string } | null {
  const own = unprefixedTopic(prefix, topic);
  const match = own === null ? null : /^iiot\/v1\/([0-9]{12})\/((?:up|down)\/.+)$/.exec(own);
  return match ? { sn: match[1]!, suffix: match[2]! } : null;
}

/** Topic filters a gateway may publish to and subscribe from: its own SN (under `prefix`) only. */
export function gatewayMayPublish(sn: string, topic: string, prefix = ''): boolean {
  return topic.startsWith(prefixedTopic(prefix, `${TOPIC_ROOT}/${sn}/up/`)) && !/[+#]/.test(topic);
}

export function gatewayMaySubscribe(sn: string, filter: string, prefix = ''): boolean {
  const own = prefixedTopic(prefix, `${TOPIC_ROOT}/${sn}/down/`);
  return filter === `${own}#` || (filter.startsWith(own) && !/[+#]/.test(filter));
}

/** The filter of a gateway's subscription: all of its own `down/` topics. */
export function gatewayDownFilter(sn: string, prefix = ''): string {
  return prefixedTopic(prefix, `${TOPIC_ROOT}/${sn}/down/#`);
}

/** Shared-subscription filter through which N server instances split the uplinks of all gateways. */
export const SERVER_UPLINK_FILTER = `${TOPIC_ROOT}/+/up/#`;
export const SERVER_SHARE_GROUP = 'fieldhub';

/**
 * The share group the server instances of a platform subscribe in: MQTT_SHARE_GROUP, followed by
 * the topic prefix (its `/` as `.`, which a share name cannot hold) when there is one, so two
 * platforms on one broker never share a group, whatever their MQTT_SHARE_GROUP.
 */
export function serverShareGroup(group: string, prefix = ''): string {
  return prefix ? `${group}.${prefix.replaceAll('/', '.')}` : group;
}
