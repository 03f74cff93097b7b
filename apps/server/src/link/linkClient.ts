import mqtt, { type MqttClient } from 'mqtt';
import { SERVER_UPLINK_FILTER, TOPIC_ROOT, type DownTopic } from '@fieldhub/shared';

export interface LinkClientOptions {
  url: string;
  username: string;
  password: string;
  /** the shared subscription group splitting the uplinks among server instances (external broker) */
  shareGroup: string | null;
  clientId: string;
  /** called for each uplink; the broker's acknowledgement waits until it resolves */
  onUplink(topic: string, payload: Buffer): Promise<void>;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

export interface LinkClient {
  publishDown(sn: string, suffix: DownTopic, payload: unknown): Promise<void>;
  connected(): boolean;
  close(): Promise<void>;
}

/**
 * The platform's MQTT session. Uplinks are acknowledged (PUBACK) only after their handler
 * finished, so what the broker delivered and the server did not store is delivered again.
 */
export async function startLinkClient(opts: LinkClientOptions): Promise<LinkClient> {
  const client: MqttClient = mqtt.connect(opts.url, {
    clientId: opts.clientId,
    username: opts.username,
    password: opts.password,
    clean: false,
    reconnectPeriod: 2000,
    connectTimeout: 10_000,
    protocolVersion: 4,
  });
  client.handleMessage = (packet, done) => {
    const topic = packet.cmd === 'publish' ? packet.topic : '';
    const payload = packet.cmd === 'publish' ? Buffer.from(packet.payload as Buffer) : Buffer.alloc(0);
    opts.onUplink(topic, payload).then(
      () => done(),
      (err: unknown) => {
        opts.log.warn({ err, topic }, 'uplink not handled');
        done();
      },
    );
  };
  const filter = opts.shareGroup ? `$share/${opts.shareGroup}/${SERVER_UPLINK_FILTER}` : SERVER_UPLINK_FILTER;
  client.on('connect', (ack) => {
    opts.log.info(
      { url: withoutCredentials(opts.url), sessionPresent: ack.sessionPresent },
      'link connected',
    );
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
      await client.publishAsync(`${TOPIC_ROOT}/${sn}/${suffix}`, JSON.stringify(payload), { qos: 1 });
    },
    connected: () => client.connected,
    async close() {
      // a session that is down has nothing to finish: ended at once (waiting would hang on the retries)
      await client.endAsync(!client.connected);
    },
  };
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
