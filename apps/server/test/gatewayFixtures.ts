/**
 * End-to-end pieces for the gateway link: a device whose gateway a real gateway process
 * (apps/gateway/test/support/gatewayProcess.ts, as an operator runs it) logs in as with the MQTT
 * password the platform issued, waiting helpers that poll the platform's HTTP API and database,
 * and a minimal Modbus TCP client to change registers on the pymodbus peer behind the gateway's back.
 */
import { connect } from 'node:net';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { type Mosquitto, until } from '@fieldhub/testkit';
import type { Db } from '../src/db/db';
import { GatewayProcess, type GatewayArgs } from '../../gateway/test/support/gatewayProcess';
import { startTestPlatform, type Caller, type TestBuildOptions, type TestPlatform } from './harness';
import type { LinkAddress } from './linkBroker';
import { deviceWithGateway, made, send, type IssuedGateway } from './deviceFixtures';

/**
 * A platform whose link runs on the external Mosquitto `broker` (started with `auth`): it writes
 * the broker's password and ACL files and signals it through its pid file to reload them.
 * `env` adds to or overrides its settings.
 */
export function startPlatformOnBroker(
  broker: Mosquitto,
  env: Record<string, string> = {},
  build: Omit<TestBuildOptions, 'link'> = {},
): Promise<TestPlatform> {
  return startTestPlatform(
    {
      MQTT_URL: broker.url,
      MQTT_USERNAME: 'fieldhub-server',
      MQTT_PASSWORD: 'server-secret-123',
      MQTT_PASSWORD_FILE: broker.passwordFile,
      MQTT_ACL_FILE: broker.aclFile,
      MQTT_BROKER_PID_FILE: broker.pidFile,
      // two sessions in the share group are enough for a test's few gateways (the default is sized
      // for a fleet)
      MQTT_SESSIONS: '2',
      ...env,
    },
    { ...build, link: true },
  );
}

/** Connects to the broker at `url` as the gateway `sn`; resolves when connected, rejects on refusal. */
export function connectAsGateway(
  url: string,
  sn: string,
  password: string,
  extra: IClientOptions = {},
): Promise<MqttClient> {
  return new Promise((resolve, reject) => {
    const client = mqtt.connect(url, {
      clientId: sn,
      username: sn,
      password,
      reconnectPeriod: 0,
      connectTimeout: 5000,
      ...extra,
    });
    client.once('connect', () => resolve(client));
    client.once('error', (err) => {
      client.end(true);
      reject(err);
    });
  });
}

/**
 * Resolves once `p`'s link has handled (stored, judged) an uplink of `topic` with `payload`; call
 * it before publishing. On the embedded broker the gateway's PUBACK already means that; on the
 * shared broker of the services pass the broker acknowledges first.
 */
export function uplinkHandled(
  p: TestPlatform,
  topic: string,
  payload: string,
  timeoutMs = 30_000,
): Promise<void> {
  const events = p.ctx.link!.events;
  const bytes = Buffer.from(payload);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      events.off('uplinkHandled', seen);
      reject(new Error(`uplink on ${topic} not handled within ${timeoutMs} ms`));
    }, timeoutMs);
    const seen = (uplink: { topic: string; payload: Buffer }) => {
      if (uplink.topic !== topic || !uplink.payload.equals(bytes)) return;
      clearTimeout(timer);
      events.off('uplinkHandled', seen);
      resolve();
    };
    events.on('uplinkHandled', seen);
  });
}

/** Publishes as a gateway (QoS 1) and resolves once the platform has handled it (uplinkHandled). */
export async function publishHandled(
  p: TestPlatform,
  client: MqttClient,
  topic: string,
  payload: string,
  retain = false,
): Promise<void> {
  const handled = uplinkHandled(p, topic, payload);
  await client.publishAsync(topic, payload, { qos: 1, retain });
  await handled;
}

export interface LinkedDevice extends IssuedGateway {
  equipmentId: number;
  owner: { equipmentId: number };
}

/** A device with a freshly registered gateway bound to it, all through HTTP. */
export async function linkedDevice(
  admin: Caller,
  operator: Caller,
  name: string,
  series = 'EG',
): Promise<LinkedDevice> {
  const { id, ...gateway } = await deviceWithGateway(admin, operator, name, series);
  return { equipmentId: id, ...gateway };
}

/**
 * Starts the software gateway of a registered device against `link` (a platform's broker and topic
 * prefix, or a broker address), logged in with its password.
 */
export function startDeviceGateway(
  device: IssuedGateway,
  link: LinkAddress | string,
  more: Omit<GatewayArgs, 'sn' | 'password' | 'broker' | 'topicPrefix'> = {},
): GatewayProcess {
  const { brokerUrl: broker, topicPrefix } =
    typeof link === 'string' ? { brokerUrl: link, topicPrefix: '' } : link;
  return new GatewayProcess({ sn: device.sn, password: device.mqttPassword, broker, topicPrefix, ...more });
}

/** The gateway's status as the platform stored it. */
export async function gatewayStatus(db: Db, sn: string): Promise<string | undefined> {
  const [row] = await db.query<{ status: string }>('select status from gateways where sn = $1', [sn]);
  return row?.status;
}

/**
 * Waits for the gateway's stored status. A first start under a full parallel suite can take long
 * (the process loads its drivers), hence 60 s; with `gateway`, a time-out names the
 * process's last log lines and its stderr.
 */
export async function waitForStatus(
  db: Db,
  sn: string,
  status: string,
  timeoutMs = 60_000,
  gateway?: GatewayProcess,
): Promise<void> {
  try {
    await until(`gateway ${sn} ${status}`, async () => (await gatewayStatus(db, sn)) === status, timeoutMs);
  } catch (err) {
    if (!gateway) throw err;
    throw new Error(
      `${(err as Error).message}; running ${gateway.running}; last log ${JSON.stringify(gateway.lines.slice(-8))}; stderr ${gateway.stderr.slice(-1000)}`,
      { cause: err },
    );
  }
}

export interface TaskOutcome {
  status: 'wait' | 'success' | 'failure';
  code?: string;
  message?: string;
  data?: unknown;
}

/** Polls `/lfscada/equipment/multi/callback` as the browser does, until the task has ended. */
export function taskResult(admin: Caller, uuid: string, timeoutMs = 30_000): Promise<TaskOutcome> {
  return until(
    `task ${uuid}`,
    async () => {
      const outcome = await made<TaskOutcome>(admin, '/lfscada/equipment/multi/callback', { uuid });
      return outcome.status === 'wait' ? undefined : outcome;
    },
    timeoutMs,
    250,
  );
}

/** Syncs the device's configuration through HTTP and waits for the task's outcome. */
export async function syncDevice(admin: Caller, equipmentId: number): Promise<TaskOutcome> {
  const { uuid } = await made<{ uuid: string }>(admin, '/lfscada/equipment/multi/sync', { equipmentId });
  return taskResult(admin, uuid);
}

/** A write through the monitor API: the HTTP answer (a uuid, or an error code straight away). */
export async function writeVal(admin: Caller, equipmentId: number, signalId: number, value: unknown) {
  return send<{ uuid: string }>(admin, '/lfscada/monitor/multi/signal/writeVal', {
    equipmentId,
    signalId,
    value,
  });
}

/** Number of stored values of a device. */
export async function storedCount(db: Db, equipmentId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    'select count(*)::int as n from signal_values where equipment_id = $1',
    [equipmentId],
  );
  return row?.n ?? 0;
}

/** Stored values of a variable, oldest first. */
export async function storedValues(
  db: Db,
  variableId: number,
): Promise<Array<{ num: number | null; quality: number }>> {
  return db.query('select num, quality from signal_values where variable_id = $1 order by ts', [variableId]);
}

/**
 * Inserts `count` internal float64 read-write variables `${prefix}0..` straight into the table
 * (a thousand HTTP calls would only slow the suite down), with the formula `0` every internal
 * variable needs, and moves the device's configuration version on as an edit would.
 */
export async function insertInternalVariables(
  db: Db,
  equipmentId: number,
  count: number,
  prefix: string,
): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `insert into variables(org_id, equipment_id, kind, name, data_type, rw, formula)
     select e.org_id, e.id, 'internal', $2 || (g - 1), 'float64', 'rw', '0'
       from generate_series(1, $3::int) g, equipment e where e.id = $1
     returning id`,
    [equipmentId, prefix, count],
  );
  await db.query('update equipment set config_version = config_version + 1 where id = $1', [equipmentId]);
  return rows.map((r) => Number(r.id));
}

/** The two registers of a float32 in ABCD order (the Modbus driver's default). */
export function float32Words(value: number): number[] {
  const b = Buffer.alloc(4);
  b.writeFloatBE(value);
  return [b.readUInt16BE(0), b.readUInt16BE(2)];
}

export function wordsToFloat32(words: number[]): number {
  const b = Buffer.alloc(4);
  b.writeUInt16BE(words[0]!, 0);
  b.writeUInt16BE(words[1]!, 2);
  return b.readFloatBE(0);
}

/**
 * Writes holding registers with one Modbus TCP request (function 16), as another master on the
 * plant's network would: written out byte by byte here, so it shares no code with the gateway's
 * Modbus driver.
 */
export function writeRegisters(port: number, address: number, words: number[], unit = 1): Promise<void> {
  const pdu = Buffer.alloc(6 + words.length * 2);
  pdu.writeUInt8(16, 0);
  pdu.writeUInt16BE(address, 1);
  pdu.writeUInt16BE(words.length, 3);
  pdu.writeUInt8(words.length * 2, 5);
  words.forEach((w, i) => pdu.writeUInt16BE(w & 0xffff, 6 + i * 2));
  const header = Buffer.alloc(7);
  header.writeUInt16BE(0x4242, 0); // transaction id
  header.writeUInt16BE(0, 2); // protocol
  header.writeUInt16BE(pdu.length + 1, 4);
  header.writeUInt8(unit, 6);
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' }, () => socket.write(Buffer.concat([header, pdu])));
    let answer = Buffer.alloc(0);
    const timer = setTimeout(() => fail(new Error('no Modbus answer')), 5000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      socket.destroy();
      reject(error);
    };
    socket.on('error', fail);
    socket.on('data', (chunk: Buffer) => {
      answer = Buffer.concat([answer, chunk]);
      if (answer.length < 9) return;
      clearTimeout(timer);
      socket.destroy();
      const fc = answer.readUInt8(7);
      if (fc !== 16) reject(new Error(`Modbus exception ${answer.readUInt8(8)}`));
      else resolve();
    });
  });
}
