import net from 'node:net';
import { Aedes } from 'aedes';
import { gatewayMayPublish, gatewayMaySubscribe, SN_PATTERN } from '@fieldhub/shared';
import { limitPacketSize } from './packetSizeLimit';

export interface EmbeddedBrokerOptions {
  port: number;
  host?: string;
  /**
   * Largest packet any client may send, before or after login (MQTT_MAX_PACKET_BYTES): a
   * client announcing a bigger one is disconnected before its body is read.
   */
  maxPacketBytes: number;
  /** a connection that has not completed CONNECT in this many ms is dropped (MQTT_CONNECT_TIMEOUT_MS) */
  connectTimeoutMs: number;
  /** MQTT_TOPIC_PREFIX: the gateways' topics are under it ('' for none) */
  topicPrefix?: string;
  /** the platform's own login: may publish down and subscribe up for every gateway */
  server: { username: string; password: string };
  verifyGateway(sn: string, password: string): Promise<boolean>;
  /**
   * A gateway's publish (its last will too), handled before the broker acknowledges it: the
   * gateway drops a batch from its buffer only once the platform has stored it. A failure
   * refuses the publish (the broker closes the connection) and the gateway sends it again.
   */
  onUplink(topic: string, payload: Buffer): Promise<void>;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

export interface EmbeddedBroker {
  port: number;
  /** publishes to subscribers (a gateway's queued session included), QoS 1 */
  publish(topic: string, payload: Buffer): Promise<void>;
  close(): Promise<void>;
}

class AuthError extends Error {
  returnCode = 4; // bad user name or password
}

/**
 * The MQTT broker `npm start` runs in process (Aedes). Gateways log in with username = client id
 * = SN and their MQTT password; each may publish only under `iiot/v1/{its sn}/up/` and subscribe
 * only to `iiot/v1/{its sn}/down/` (DESIGN.md §4). The platform logs in like any client.
 * Every connection, the platform's included, must complete CONNECT within `connectTimeoutMs`
 * and is dropped on announcing a packet above `maxPacketBytes`, before or after login.
 */
export async function startEmbeddedBroker(opts: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
  const isServer = (client: object | null) =>
    (client as { fieldhubServer?: boolean } | null)?.fieldhubServer === true;

  const broker = await Aedes.createBroker({
    connectTimeout: opts.connectTimeoutMs,
    authenticate(client, username, password, done) {
      const pw = password?.toString('utf8') ?? '';
      if (username === opts.server.username) {
        if (pw === opts.server.password) {
          (client as unknown as { fieldhubServer: boolean }).fieldhubServer = true;
          return done(null, true);
        }
        return done(new AuthError('bad server login'), false);
      }
      if (!username || !SN_PATTERN.test(username) || client.id !== username) {
        return done(new AuthError('username and client id must be the gateway SN'), false);
      }
      opts.verifyGateway(username, pw).then(
        (ok) => (ok ? done(null, true) : done(new AuthError('bad gateway login'), false)),
        (err: unknown) => {
          opts.log.warn({ err }, 'gateway authentication failed');
          done(new AuthError('authentication unavailable'), false);
        },
      );
    },
    authorizePublish(client, packet, callback) {
      if (client === null || isServer(client)) return callback(null);
      if (gatewayMayPublish(client.id, packet.topic, opts.topicPrefix)) {
        opts.onUplink(packet.topic, Buffer.from(packet.payload)).then(
          () => callback(null),
          (err: unknown) => {
            // no PUBACK: aedes drops the connection, and the gateway sends it again
            opts.log.error({ err, sn: client.id, topic: packet.topic }, 'uplink not stored; refused');
            callback(err instanceof Error ? err : new Error(String(err)));
          },
        );
        return;
      }
      opts.log.warn({ sn: client.id, topic: packet.topic }, 'gateway publish refused');
      callback(new Error('topic not allowed'));
    },
    authorizeSubscribe(client, subscription, callback) {
      if (isServer(client)) return callback(null, subscription);
      if (gatewayMaySubscribe(client.id, subscription.topic, opts.topicPrefix))
        return callback(null, subscription);
      opts.log.warn({ sn: client.id, topic: subscription.topic }, 'gateway subscribe refused');
      callback(new Error('subscription not allowed'));
    },
  });
  // the peer's address, read while the socket is open: a destroyed socket no longer has it
  const remoteOf = new WeakMap<object, string>();
  // a connection that fails before its CONNECT was handled (no client id yet): the connect
  // timeout, a malformed packet, a reset
  broker.on('connectionError', (client, err) =>
    opts.log.warn(
      { remote: remoteOf.get(client.conn), reason: err.message },
      'MQTT client dropped before login',
    ),
  );
  const server = net.createServer((socket) => {
    const remote = `${socket.remoteAddress}:${socket.remotePort}`;
    remoteOf.set(socket, remote);
    broker.handle(socket);
    limitPacketSize(socket, opts.maxPacketBytes, (packetBytes) => {
      const sn = (socket as { client?: { id?: string | null } }).client?.id ?? undefined;
      opts.log.warn(
        { remote, sn, packetBytes, maxPacketBytes: opts.maxPacketBytes },
        'MQTT client dropped: packet above MQTT_MAX_PACKET_BYTES',
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host ?? '0.0.0.0', () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : opts.port,
    publish(topic, payload) {
      return new Promise((resolve, reject) =>
        broker.publish(
          { cmd: 'publish', topic, payload, qos: 1, retain: false, dup: false },
          (err?: Error | null) => (err ? reject(err) : resolve()),
        ),
      );
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
    },
  };
}
