/**
 * Topics of the gateway protocol (DESIGN.md §4): everything of a gateway lives under
 * `iiot/v1/{sn}/`; a gateway publishes only under `up/` and subscribes only to `down/`.
 */
export const PROTOCOL_VERSION = 1;
export const TOPIC_ROOT = 'iiot/v1';

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

export function topicFor(sn: string, suffix: UpTopic | DownTopic): string {
  return `${TOPIC_ROOT}/${sn}/${suffix}`;
}

/** The SN and suffix of a protocol topic, or null for anything else. */
export function parseTopic(topic: string): { sn: string; suffix: string } | null {
  const match = /^iiot\/v1\/([0-9]{12})\/((?:up|down)\/.+)$/.exec(topic);
  return match ? { sn: match[1]!, suffix: match[2]! } : null;
}

/** Topic filters a gateway may publish to and subscribe from: its own SN only. */
export function gatewayMayPublish(sn: string, topic: string): boolean {
  return topic.startsWith(`${TOPIC_ROOT}/${sn}/up/`) && !/[+#]/.test(topic);
}

export function gatewayMaySubscribe(sn: string, filter: string): boolean {
  const own = `${TOPIC_ROOT}/${sn}/down/`;
  return filter === `${own}#` || (filter.startsWith(own) && !/[+#]/.test(filter));
}

/** Shared-subscription filter through which N server instances split the uplinks of all gateways. */
export const SERVER_UPLINK_FILTER = `${TOPIC_ROOT}/+/up/#`;
export const SERVER_SHARE_GROUP = 'fieldhub';
