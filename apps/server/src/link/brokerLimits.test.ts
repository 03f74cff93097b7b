import net from 'node:net';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_PACKET_MAX_BYTES } from '@fieldhub/shared';
import { loggedIn, makeEnterprise, startTestPlatform, type TestPlatform } from '../../test/harness';
import { modbusDriver, variable } from '../../test/deviceFixtures';
import { linkedDevice, type LinkedDevice } from '../../test/gatewayFixtures';
import { loggedInOperator } from '../../test/platformFixtures';
import { startEmbeddedBroker, type EmbeddedBroker } from './embeddedBroker';

const MIB = 1024 * 1024;

/** Opens a raw TCP connection; `local` is its address as the broker sees it. */
async function rawSocket(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => undefined); // a reset by the broker is what the tests expect
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, closed, local: `127.0.0.1:${socket.localPort}` };
}

/** Whether `closed` settles within `ms` (a bound on the wait, not a timing assertion). */
const closesWithin = (closed: Promise<void>, ms: number) =>
  Promise.race([closed.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

/**
 * Writes `header`, then the same 64 KiB chunk again and again (so the sender allocates nothing)
 * until the peer closes or `total` bytes went out; answers whether the peer closed.
 */
async function streamUntilClosed(port: number, header: Buffer, total: number) {
  const { socket, closed } = await rawSocket(port);
  let isClosed = false;
  void closed.then(() => (isClosed = true));
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  socket.write(header);
  for (let sent = 0; sent < total && !isClosed; sent += chunk.length) {
    if (!socket.write(chunk))
      await new Promise<void>((resolve) => {
        socket.once('drain', resolve);
        void closed.then(resolve);
      });
  }
  const result = await closesWithin(closed, 2000);
  socket.destroy();
  return result;
}

/** Bytes held by this process outside the code: JS heap and buffers. */
function heldBytes(): number {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

describe('embedded broker: limits before login', () => {
  let broker: EmbeddedBroker;
  const warnings: { obj: Record<string, unknown>; msg: string }[] = [];

  beforeAll(async () => {
    broker = await startEmbeddedBroker({
      port: 0,
      host: '127.0.0.1',
      maxPacketBytes: MIB,
      connectTimeoutMs: 300,
      server: { username: 'fieldhub-server', password: 'server-pass' },
      verifyGateway: async () => true,
      onUplink: async () => undefined,
      log: {
        warn: (obj, msg) => warnings.push({ obj: obj as Record<string, unknown>, msg }),
        error: (obj, msg) => warnings.push({ obj: obj as Record<string, unknown>, msg }),
      },
    });
  });
  afterAll(() => broker.close());

  it('closes a connection whose CONNECT announces 250 MB without buffering what follows', async () => {
    // CONNECT, remaining length 250,000,000 (variable-length integer 0x80 0xe5 0x9a 0x77)
    const header = Buffer.from([0x10, 0x80, 0xe5, 0x9a, 0x77]);
    const before = heldBytes();
    expect(await streamUntilClosed(broker.port, header, 64 * MIB)).toBe(true);
    // the 64 MB the sender offered (and the 250 MB it announced) never piled up in the server
    expect(heldBytes() - before).toBeLessThan(16 * MIB);
    const drop = warnings.find((w) => w.obj.packetBytes === 250_000_005);
    expect(drop?.msg).toMatch(/MQTT_MAX_PACKET_BYTES/);
    expect(drop?.obj.remote).toMatch(/^127\.0\.0\.1:\d+$/);
  });

  it('drops a silent connection and a half-sent CONNECT after the connect timeout', async () => {
    const silent = await rawSocket(broker.port);
    const half = await rawSocket(broker.port);
    // the first 8 bytes of a 26-byte CONNECT: protocol name and level, then nothing more
    half.socket.write(Buffer.from([0x10, 0x18, 0x00, 0x04, 0x4d, 0x51, 0x54, 0x54]));
    expect(await closesWithin(silent.closed, 5000)).toBe(true);
    expect(await closesWithin(half.closed, 5000)).toBe(true);
    const remotes = [silent.local, half.local];
    const drops = warnings.filter((w) => w.msg === 'MQTT client dropped before login');
    expect(drops.map((w) => w.obj.remote)).toEqual(expect.arrayContaining(remotes));
    expect(drops.find((w) => w.obj.remote === remotes[0])?.obj.reason).toMatch(/connect did not arrive/);
  });
});

describe('gateway link: packet cap after login', () => {
  let p: TestPlatform;
  let url: string;
  let gw: LinkedDevice;
  let variableId: number;

  const connectGateway = (): Promise<MqttClient> =>
    new Promise((resolve, reject) => {
      const c = mqtt.connect(url, {
        clientId: gw.sn,
        username: gw.sn,
        password: gw.mqttPassword,
        reconnectPeriod: 0,
        connectTimeout: 5000,
      });
      c.once('connect', () => resolve(c));
      c.once('error', reject);
    });

  /** A valid telemetry batch of about `bytes`: one value of our variable, padded with unknown ids. */
  const telemetryOf = (bytes: number, value: number) => {
    const vals: Record<string, number> = { [variableId]: value };
    // each unknown id adds `"10000000":1,` (13 bytes)
    for (let id = 10_000_000, size = 80; size < bytes; id++, size += 13) vals[id] = 1;
    return JSON.stringify({ v: 1, bootId: 'caps', seq: value, items: [{ ts: Date.now(), vals }] });
  };
  const stored = async () =>
    (
      await p.ctx.db.query<{ num: number }>(
        'select num from signal_values where variable_id = $1 order by ts',
        [variableId],
      )
    ).map((r) => r.num);

  beforeAll(async () => {
    // the embedded broker's own packet cap (MQTT_MAX_PACKET_BYTES), in the services pass too
    p = await startTestPlatform({ MQTT_PORT: '0' }, { link: true, embeddedBroker: true });
    url = p.brokerUrl;
    const admin = await loggedIn(p.app, (await makeEnterprise(p.ctx.db, 'Broker Caps')).admin);
    gw = await linkedDevice(admin, await loggedInOperator(p), 'Capped tank');
    variableId = await variable(admin, gw.owner, await modbusDriver(admin, gw.owner), 'level');
  });
  afterAll(() => p.stop());

  it('disconnects a logged-in gateway whose publish exceeds the cap and stores nothing of it', async () => {
    const c = await connectGateway();
    const closed = new Promise<void>((resolve) => c.once('close', () => resolve()));
    const payload = telemetryOf(MIB + 1000, 1);
    expect(payload.length).toBeGreaterThan(MIB);
    c.publish(`iiot/v1/${gw.sn}/up/telemetry`, payload, { qos: 1 });
    expect(await closesWithin(closed, 5000)).toBe(true);
    c.end(true);
    expect(await stored()).toEqual([]);
  });

  it('still takes the largest packet a gateway may send, from the same gateway afterwards', async () => {
    const c = await connectGateway();
    const topic = `iiot/v1/${gw.sn}/up/telemetry`;
    const payload = telemetryOf(GATEWAY_PACKET_MAX_BYTES - topic.length - 100, 2);
    await c.publishAsync(topic, payload, { qos: 1 }); // PUBACK: stored
    expect(await stored()).toEqual([2]);
    await c.endAsync();
  });
});
