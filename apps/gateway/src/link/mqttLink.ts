/**
 * The gateway's MQTT connection (DESIGN.md §4): client id and username are the SN, a persistent
 * session (clean = false) so commands sent while the gateway was away still arrive, QoS 1
 * everywhere, and a retained last will `{v:1, online:false}` on `up/status`. On every connect it
 * subscribes to its own `down/#` and then calls `onConnect` (which publishes the birth).
 * mqtt.js reconnects by itself every `reconnectMs`.
 */
import mqtt, { type MqttClient } from 'mqtt';
import {
  DOWN,
  GATEWAY_PACKET_MAX_BYTES,
  PROTOCOL_VERSION,
  UP,
  type UpTopic,
  gatewayDownFilter,
  parseTopic,
  topicFor,
} from '@fieldhub/shared';
import type { Logger } from '../runtime/log';

/**
 * A publish bigger than GATEWAY_PACKET_MAX_BYTES: the broker would drop the connection, and
 * mqtt.js would send the same packet again after every reconnect, so it is never handed over.
 */
export class PacketTooLargeError extends Error {
  constructor(readonly packetBytes: number) {
    super(`MQTT packet of ${packetBytes} bytes exceeds ${GATEWAY_PACKET_MAX_BYTES}`);
  }
}

/** Size of a QoS 1 PUBLISH: fixed header, topic with its length, packet id, payload. */
export function publishPacketBytes(topic: string, payload: string): number {
  const remaining = 2 + Buffer.byteLength(topic) + 2 + Buffer.byteLength(payload);
  const lengthBytes = remaining < 128 ? 1 : remaining < 16_384 ? 2 : remaining < 2_097_152 ? 3 : 4;
  return 1 + lengthBytes + remaining;
}

export interface LinkOptions {
  brokerUrl: string;
  sn: string;
  password: string;
  /** the platform's topic prefix on a shared broker ('' or absent: none; gateway-link.md §2.5) */
  topicPrefix?: string;
  log: Logger;
  /** seconds; the broker declares the gateway gone after 1.5 times this without traffic */
  keepaliveS?: number;
  reconnectMs?: number;
}

export interface LinkHandlers {
  onConnect(): void;
  onClose(): void;
  /** a message on one of the gateway's `down/` topics; `suffix` is e.g. `down/cmd` */
  onMessage(suffix: string, payload: Buffer): void;
}

/** Every `down/` suffix the gateway handles. */
export const DOWN_SUFFIXES: ReadonlySet<string> = new Set(Object.values(DOWN));

export class MqttLink {
  private client: MqttClient | undefined;
  private wasConnected = false;

  constructor(private readonly options: LinkOptions) {}

  get connected(): boolean {
    return this.client?.connected ?? false;
  }

  start(handlers: LinkHandlers): void {
    const { sn, log } = this.options;
    const prefix = this.options.topicPrefix ?? '';
    const client = mqtt.connect(this.options.brokerUrl, {
      clientId: sn,
      username: sn,
      password: this.options.password,
      clean: false,
      protocolVersion: 4,
      keepalive: this.options.keepaliveS ?? 30,
      reconnectPeriod: this.options.reconnectMs ?? 1000,
      connectTimeout: 10_000,
      will: {
        topic: topicFor(sn, UP.status, prefix),
        payload: Buffer.from(JSON.stringify({ v: PROTOCOL_VERSION, online: false })),
        qos: 1,
        retain: true,
      },
    });
    this.client = client;
    client.on('connect', (connack) => {
      log.info('connected to the broker', { sessionPresent: connack.sessionPresent });
      this.wasConnected = true;
      client.subscribe(gatewayDownFilter(sn, prefix), { qos: 1 }, (error) => {
        if (error) log.error('subscribe failed', { error });
      });
      handlers.onConnect();
    });
    client.on('close', () => {
      if (this.wasConnected) log.warn('disconnected from the broker');
      this.wasConnected = false;
      handlers.onClose();
    });
    // mqtt.js retries every reconnectMs: a refusal (bad password) is logged once, not every second
    let lastError = '';
    client.on('error', (error) => {
      if (error.message !== lastError) log.warn('broker connection error', { error });
      lastError = error.message;
    });
    client.on('connect', () => (lastError = ''));
    client.on('message', (topic, payload) => {
      const parsed = parseTopic(topic, prefix);
      if (!parsed || parsed.sn !== sn || !DOWN_SUFFIXES.has(parsed.suffix)) {
        log.warn('message on an unexpected topic ignored', { topic });
        return;
      }
      handlers.onMessage(parsed.suffix, payload);
    });
  }

  /** Publishes with QoS 1 and resolves on the broker's PUBACK; refuses a packet above the limit. */
  publish(suffix: UpTopic, payload: string, retain = false): Promise<void> {
    const client = this.client;
    if (!client) return Promise.reject(new Error('link not started'));
    const topic = topicFor(this.options.sn, suffix, this.options.topicPrefix);
    const packetBytes = publishPacketBytes(topic, payload);
    if (packetBytes > GATEWAY_PACKET_MAX_BYTES) return Promise.reject(new PacketTooLargeError(packetBytes));
    return new Promise((resolve, reject) => {
      client.publish(topic, payload, { qos: 1, retain }, (error) => (error ? reject(error) : resolve()));
    });
  }

  /**
   * Ends the connection cleanly. `lastWords` (the offline status) is published first when
   * connected, waiting at most `timeoutMs` for it; a clean disconnect suppresses the will.
   */
  async stop(
    lastWords?: { suffix: UpTopic; payload: string; retain: boolean },
    timeoutMs = 3000,
  ): Promise<void> {
    const client = this.client;
    if (!client) return;
    if (lastWords && client.connected) {
      await Promise.race([
        this.publish(lastWords.suffix, lastWords.payload, lastWords.retain).catch(() => undefined),
        new Promise((resolve) => setTimeout(resolve, timeoutMs).unref()),
      ]);
    }
    // a clean end waits for messages in flight; a broker that went away gets a forced end
    await new Promise<void>((resolve) => {
      const force = setTimeout(() => client.end(true, {}, () => resolve()), timeoutMs);
      client.end(false, {}, () => {
        clearTimeout(force);
        resolve();
      });
    });
    this.client = undefined;
  }
}
