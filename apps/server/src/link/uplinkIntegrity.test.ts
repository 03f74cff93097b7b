/**
 * Data integrity of the gateway uplink through the broker (docs/requirements/gateway-link.md
 * §3.1, §3.2, §4.2–§4.4, §5.2; issue 16 items 1–5 and 8–10): a gateway client publishes as a
 * third-party gateway would and reads what the platform answers on its `down/` topics.
 */
import type { MqttClient } from 'mqtt';
import { until } from '@fieldhub/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loggedIn,
  makeEnterprise,
  type Caller,
  type TestPlatform,
  startTestPlatform,
} from '../../test/harness';
import { made, modbusDriver, variable } from '../../test/deviceFixtures';
import {
  connectAsGateway,
  linkedDevice,
  publishHandled,
  type LinkedDevice,
} from '../../test/gatewayFixtures';
import { onSharedBroker } from '../../test/linkBroker';
import { loggedInOperator } from '../../test/platformFixtures';
import { expireSilentGateways } from './gatewayPresence';
import { RESEND_BATCHES_MAX } from './telemetryIngestor';

let p: TestPlatform;
let admin: Caller;
let operator: Caller;
let url: string;

interface Down {
  suffix: string;
  payload: Record<string, unknown>;
}

/** A gateway over MQTT: its client and every message the platform sent it, in order. */
interface TestGateway {
  device: LinkedDevice;
  client: MqttClient;
  down: Down[];
  level: number;
  label: number;
  count: number;
  seq: number;
}

const gateways: TestGateway[] = [];

/** A device with a float32 `level`, a 64-character string `label` and an int16 `count`, its gateway connected. */
async function connectedGateway(name: string): Promise<TestGateway> {
  const device = await linkedDevice(admin, operator, name);
  const driverId = await modbusDriver(admin, device.owner);
  const level = await variable(admin, device.owner, driverId, 'level', { dataType: 'float32', address: '0' });
  const label = await variable(admin, device.owner, driverId, 'label', {
    dataType: 'string',
    stringLength: 64,
    address: '10',
  });
  const count = await variable(admin, device.owner, driverId, 'count', { address: '20' });
  const client = await connectAsGateway(url, device.sn, device.mqttPassword);
  const down: Down[] = [];
  client.on('message', (topic, payload) =>
    down.push({
      suffix: topic.slice(p.topic(`iiot/v1/${device.sn}/`).length),
      payload: JSON.parse(payload.toString()),
    }),
  );
  await client.subscribeAsync(p.topic(`iiot/v1/${device.sn}/down/#`), { qos: 1 });
  const gw = { device, client, down, level, label, count, seq: 0 };
  gateways.push(gw);
  return gw;
}

/** Publishes a telemetry batch with the gateway's next number; resolves once the platform stored it. */
function publish(
  gw: TestGateway,
  items: unknown[],
  opts: { seq?: number; hist?: boolean; bootId?: string } = {},
) {
  gw.seq = opts.seq ?? gw.seq + 1;
  return publishHandled(
    p,
    gw.client,
    p.topic(`iiot/v1/${gw.device.sn}/up/telemetry${opts.hist ? '/hist' : ''}`),
    JSON.stringify({ v: 1, bootId: opts.bootId ?? 'boot-1', seq: gw.seq, items }),
  );
}

/**
 * Waits for the refusal of a replayed batch 0 that refuses its one item on purpose (a replay of an
 * old number changes no gap detection): the platform publishes what it leaves for after an uplink
 * in order, so what earlier batches asked for has arrived by then.
 */
async function settled(gw: TestGateway): Promise<void> {
  const seen = gw.down.filter(isSentinel).length;
  await gw.client.publishAsync(
    p.topic(`iiot/v1/${gw.device.sn}/up/telemetry/hist`),
    JSON.stringify({ v: 1, bootId: 'boot-1', seq: 0, items: [{ ts: -1, vals: {} }] }),
    { qos: 1 },
  );
  await until('the sentinel refusal', () => gw.down.filter(isSentinel).length > seen);
}

const isSentinel = (d: Down) =>
  d.suffix === 'down/refused' && d.payload.topic === 'up/telemetry/hist' && d.payload.seq === 0;

async function stored(variableId: number) {
  return p.ctx.db.query<{ ts: Date; num: number | null; txt: string | null; quality: number }>(
    'select ts, num, txt, quality from signal_values where variable_id = $1 order by ts',
    [variableId],
  );
}

const refusalsOf = (gw: TestGateway) => gw.down.filter((d) => d.suffix === 'down/refused' && !isSentinel(d));
const resends = (gw: TestGateway) =>
  gw.down.filter((d) => d.suffix === 'down/cmd' && d.payload.type === 'resend');
const now = () => p.clock.now().getTime();

beforeAll(async () => {
  // embedded in the services pass too: these are the rules of a link whose gateway PUBACK means
  // stored, with its own batch sequence asking for a gap at once (on a shared broker the resend
  // check waits a grace: sharedBatchSequence.test.ts, scaleOut.test.ts)
  p = await startTestPlatform({ MQTT_PORT: '0' }, { link: true });
  url = p.brokerUrl;
  admin = await loggedIn(p.app, (await makeEnterprise(p.ctx.db, 'Integrity Works')).admin);
  operator = await loggedInOperator(p);
});
afterAll(async () => {
  for (const gw of gateways) await gw.client.endAsync(true);
  await p.stop();
});

describe('values judged one by one (items 1, 2, 4, 5)', () => {
  it('stores the good items of a batch and refuses each bad one with its code on down/refused', async () => {
    const gw = await connectedGateway('Mixed tank');
    const ts = now();
    const [registered] = await p.ctx.db.query<{ at: Date }>(
      'select registered_at as at from gateways where sn = $1',
      [gw.device.sn],
    );
    await publish(gw, [
      { ts, vals: { [gw.level]: 1.5, [gw.label]: 'ok' } },
      { ts: -1000, vals: { [gw.level]: 2 } },
      { ts: 0, vals: { [gw.level]: 3 } },
      { ts: registered!.at.getTime() - 60_000, vals: { [gw.level]: 4 } },
      { ts: ts + 1, vals: { tank_level: 5, [gw.level]: 5 } },
      { ts: ts + 2, vals: { [gw.label]: 'x'.repeat(1024) } },
      { ts: ts + 3, vals: { [gw.label]: 'y'.repeat(64), [gw.count]: 7 } },
    ]);
    expect((await stored(gw.level)).map((r) => r.num)).toEqual([1.5, 5]);
    expect((await stored(gw.label)).map((r) => r.txt)).toEqual(['ok', 'y'.repeat(64)]);
    expect((await stored(gw.count)).map((r) => r.num)).toEqual([7]);

    await until('the refusal', () => refusalsOf(gw).length === 1);
    expect(refusalsOf(gw)[0]!.payload).toEqual({
      v: 1,
      topic: 'up/telemetry',
      bootId: 'boot-1',
      seq: gw.seq,
      refused: [
        { item: 1, ts: -1000, code: 1360 },
        { item: 2, ts: 0, code: 1360 },
        { item: 3, ts: registered!.at.getTime() - 60_000, code: 1361 },
        { item: 4, ts: ts + 1, key: 'tank_level', code: 1364 },
        { item: 5, ts: ts + 2, key: String(gw.label), code: 1365 },
      ],
      total: 5,
    });
  });

  it("sends nothing on down/refused for a batch it took whole, and counts refusals in the gateway's diagnostics", async () => {
    const gw = await connectedGateway('Clean tank');
    await publish(gw, [{ ts: now(), vals: { [gw.level]: 2 } }]);
    await publish(gw, [{ ts: now() + 1, vals: { [gw.level]: 'Infinity', 999999: 1 } }]);
    await settled(gw);
    expect(refusalsOf(gw).map((d) => d.payload.seq)).toEqual([2]);
    const { list } = await made<{
      list: { sn: string; refusedCount: number; lastRefusedCode: number | null }[];
    }>(admin, '/lfscada/gateway/query', { pageNum: 1, pageSize: 50, keyword: gw.device.sn });
    // 999999 (1714) and the sentinel's item (1360)
    expect(list).toEqual([
      expect.objectContaining({ sn: gw.device.sn, refusedCount: 2, lastRefusedCode: 1360 }),
    ]);
  });

  it('coerces numeric texts, stores non-finite numbers with quality 1722, refuses other texts and fractions of an integer register', async () => {
    const gw = await connectedGateway('Typed tank');
    const ts = now();
    await publish(gw, [
      { ts, vals: { [gw.level]: '12.5', [gw.count]: '42' } },
      { ts: ts + 1, vals: { [gw.level]: 'NaN', [gw.count]: 4.5 } },
      { ts: ts + 2, vals: { [gw.level]: 'Infinity', [gw.count]: 'high' } },
      { ts: ts + 3, vals: { [gw.level]: 'high', [gw.label]: 12 } },
    ]);
    expect((await stored(gw.level)).map(({ num, txt, quality }) => ({ num, txt, quality }))).toEqual([
      { num: 12.5, txt: null, quality: 0 },
      { num: null, txt: null, quality: 1722 },
      { num: null, txt: null, quality: 1722 },
    ]);
    expect((await stored(gw.count)).map((r) => r.num)).toEqual([42]);
    expect(p.ctx.monitor.cache.get(gw.level)).toMatchObject({ value: null, quality: 1722, ts: ts + 2 });
    await until('the refusal', () => refusalsOf(gw).length === 1);
    expect(refusalsOf(gw)[0]!.payload.refused).toEqual([
      { item: 1, ts: ts + 1, key: String(gw.count), code: 1722 },
      { item: 2, ts: ts + 2, key: String(gw.count), code: 1722 },
      { item: 3, ts: ts + 3, key: String(gw.level), code: 1722 },
      { item: 3, ts: ts + 3, key: String(gw.label), code: 1722 },
    ]);
  });
});

describe("the gateway's clock (item 3)", () => {
  it('refuses a sample dated beyond the 5-minute tolerance and takes one within it', async () => {
    const gw = await connectedGateway('Future tank');
    const ts = now();
    await publish(gw, [
      { ts: ts + 4 * 60_000, vals: { [gw.level]: 1 } },
      { ts: ts + 6 * 60_000, vals: { [gw.level]: 2 } },
    ]);
    expect((await stored(gw.level)).map((r) => r.num)).toEqual([1]);
    await until('the refusal', () => refusalsOf(gw).length === 1);
    expect(refusalsOf(gw)[0]!.payload.refused).toEqual([{ item: 1, ts: ts + 6 * 60_000, code: 1362 }]);
  });

  it('sends its time to a gateway whose birth is dated 10 minutes off, and shows the skew in its diagnostics', async () => {
    const gw = await connectedGateway('Slow clock tank');
    await publishHandled(
      p,
      gw.client,
      p.topic(`iiot/v1/${gw.device.sn}/up/status`),
      JSON.stringify({ v: 1, online: true, bootId: 'b', configVersion: 0, ts: now() - 600_000 }),
    );
    const time = await until('the time command', () =>
      gw.down.find((d) => d.suffix === 'down/cmd' && d.payload.type === 'time'),
    );
    expect(Math.abs((time.payload.serverTs as number) - now())).toBeLessThan(10_000);
    const { list } = await made<{ list: { clockSkewMs: number | null }[] }>(admin, '/lfscada/gateway/query', {
      pageNum: 1,
      pageSize: 50,
      keyword: gw.device.sn,
    });
    expect(list[0]!.clockSkewMs).toBeLessThanOrEqual(-600_000);
    expect(list[0]!.clockSkewMs).toBeGreaterThan(-610_000);
  });
});

describe('sign of life (item 8)', () => {
  it('never marks offline a gateway that sends telemetry every 20 s without a heartbeat, and does once it falls silent', async () => {
    const gw = await connectedGateway('Chatty tank');
    await publishHandled(
      p,
      gw.client,
      p.topic(`iiot/v1/${gw.device.sn}/up/status`),
      JSON.stringify({ v: 1, online: true, bootId: 'b', configVersion: 0 }),
    );
    const status = async () =>
      (
        await p.ctx.db.query<{ status: string }>('select status from gateways where sn = $1', [gw.device.sn])
      )[0]!.status;
    const expire = () => expireSilentGateways(p.ctx.db, p.clock, p.ctx.link!.events, 180_000);
    expect(await status()).toBe('online');
    for (let i = 0; i < 15; i++) {
      p.clock.advanceMinutes(1 / 3);
      await publish(gw, [{ ts: now(), vals: { [gw.level]: i } }]);
      await expire();
      expect(await status(), `after ${(i + 1) * 20} s`).toBe('online');
    }
    p.clock.advanceMinutes(3.1);
    await expire();
    expect(await status()).toBe('offline');
  });
});

// the link's own batch sequence, which asks for a gap at once: on a shared broker a resend check
// that waits a grace takes its place (sharedBatchSequence.test.ts, scaleOut.test.ts)
describe.skipIf(onSharedBroker)('resend requests (item 9)', () => {
  it('asks for no batch that arrived while later ones were stored first', async () => {
    const gw = await connectedGateway('Burst tank');
    // a slow batch: its month has no partition yet (the gateway was registered long ago)
    await p.ctx.db.query("update gateways set registered_at = '2001-01-01' where sn = $1", [gw.device.sn]);
    // one reading of the (running) clock, so no two rounds' times can meet
    const start = now();
    for (let round = 0; round < 5; round++) {
      const old = Date.UTC(2002 + round, 2, 1);
      const t = start + round * 1_000;
      // handed to the socket together: the broker handles them concurrently, in this order
      await Promise.all([
        publish(gw, [{ ts: t, vals: { [gw.level]: 1 } }]),
        publish(gw, [{ ts: old, vals: { [gw.level]: 2 } }]),
        publish(gw, [{ ts: t + 100, vals: { [gw.level]: 3 } }]),
      ]);
    }
    await settled(gw);
    expect(resends(gw)).toEqual([]);
    expect(await stored(gw.level)).toHaveLength(15);
  });

  it('asks for at most 1,000 batches of a huge jump, and at most once in 10 s per gateway', async () => {
    const gw = await connectedGateway('Jumping tank');
    await publish(gw, [{ ts: now(), vals: { [gw.level]: 1 } }], { seq: 5 });
    await publish(gw, [{ ts: now() + 1, vals: { [gw.level]: 2 } }], { seq: 1_000_005 });
    await publish(gw, [{ ts: now() + 2, vals: { [gw.level]: 3 } }], { seq: 1_000_010 });
    await settled(gw);
    expect(resends(gw).map((d) => [d.payload.fromSeq, d.payload.toSeq])).toEqual([
      [1_000_005 - RESEND_BATCHES_MAX, 1_000_004],
    ]);
    p.clock.advanceMinutes(11 / 60);
    await publish(gw, [{ ts: now(), vals: { [gw.level]: 4 } }], { seq: 1_000_020 });
    await settled(gw);
    expect(resends(gw).map((d) => [d.payload.fromSeq, d.payload.toSeq])).toEqual([
      [1_000_005 - RESEND_BATCHES_MAX, 1_000_004],
      [1_000_011, 1_000_019],
    ]);
  });
});

describe('configuration acknowledgements (item 10)', () => {
  it('refuses an ack of a version never sent to the gateway: nothing changes and the gateway is told', async () => {
    const gw = await connectedGateway('Acking tank');
    const before = await made<{ syncNeeded: boolean }>(admin, '/lfscada/equipment/multi/info', {
      id: gw.device.equipmentId,
    });
    await publishHandled(
      p,
      gw.client,
      p.topic(`iiot/v1/${gw.device.sn}/up/config/ack`),
      JSON.stringify({ v: 1, version: 999999, hash: 'f'.repeat(64), ok: true }),
    );
    const [row] = await p.ctx.db.query<{ applied_version: number | null }>(
      'select applied_version from gateways where sn = $1',
      [gw.device.sn],
    );
    expect(row!.applied_version).toBeNull();
    const after = await made<{ syncNeeded: boolean }>(admin, '/lfscada/equipment/multi/info', {
      id: gw.device.equipmentId,
    });
    expect(after.syncNeeded).toBe(before.syncNeeded);
    const refusal = await until('the refusal', () => gw.down.find((d) => d.suffix === 'down/refused'));
    expect(refusal.payload).toEqual({
      v: 1,
      topic: 'up/config/ack',
      version: 999999,
      hash: 'f'.repeat(64),
      refused: [{ code: 1366 }],
      total: 1,
    });
  });
});
