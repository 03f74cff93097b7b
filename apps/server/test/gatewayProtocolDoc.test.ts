import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { MqttClient } from 'mqtt';
import { DOWN, UP, type GatewayConfig } from '@fieldhub/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configHash } from '../src/link/gatewayConfig';
import { loggedIn, makeEnterprise, startTestPlatform, type Caller, type TestPlatform } from './harness';
import { made, modbusDriver, variable } from './deviceFixtures';
import { connectAsGateway, linkedDevice, type LinkedDevice } from './gatewayFixtures';
import { loggedInOperator } from './platformFixtures';
import { HttpSession, listen, session } from './bulkFixtures';

/**
 * The executable gateway protocol document (issue 16 item 11, docs/requirements/gateway-link.md):
 * a minimal gateway built only from the named examples of docs/gateway-protocol.md goes through
 * the document's start-up sequence against the platform's embedded broker, so the document
 * cannot drift from the code.
 */

const DOC = readFileSync(
  fileURLToPath(new URL('../../../docs/gateway-protocol.md', import.meta.url)),
  'utf8',
);
/** the birth's time in the examples; the test shifts every example time by the same amount */
const DOC_NOW = 1763769600000;

/** The blocks with a name after their language (```json birth), by name. */
function namedBlocks(markdown: string): Map<string, string> {
  const blocks = new Map<string, string>();
  for (const match of markdown.matchAll(/^ *```(\w+) ([\w-]+)\n([\s\S]*?)^ *```$/gm)) {
    expect(blocks.has(match[2]!), `example ${match[2]} named twice`).toBe(false);
    blocks.set(match[2]!, match[3]!);
  }
  return blocks;
}

const blocks = namedBlocks(DOC);
function text(name: string): string {
  const block = blocks.get(name);
  if (block === undefined) throw new Error(`the document has no example "${name}"`);
  return block;
}

type Json = Record<string, unknown>;
interface Stand {
  /** the test's ids for the document's variable ids 1042 and 1043, driver id 7 and report id 31 */
  ids: Record<string, number>;
  /** example time + shift = the test's time */
  shift: number;
  uuid?: string;
  hash?: string;
  /** the version of the configuration received, for the document's 13 */
  version?: number;
}

/** Example `name` as the test's gateway sends it (ids, times and placeholders substituted). */
function example(name: string, stand: Stand): Json {
  let body = text(name);
  for (const [doc, own] of Object.entries(stand.ids))
    body = body.replace(new RegExp(`\\b${doc}\\b`, 'g'), String(own));
  if (stand.uuid) body = body.replaceAll('"<uuid>"', JSON.stringify(stand.uuid));
  if (stand.hash) body = body.replaceAll('"<hash>"', JSON.stringify(stand.hash));
  const shift = (value: unknown, key = ''): unknown => {
    if (Array.isArray(value)) return value.map((v) => shift(v));
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shift(v, k)]));
    if (['ts', 'serverTs', 'expiresAt'].includes(key) && typeof value === 'number')
      return value + stand.shift;
    if (['version', 'configVersion'].includes(key) && value === 13 && stand.version !== undefined)
      return stand.version;
    return value;
  };
  return shift(JSON.parse(body)) as Json;
}

/** Messages the gateway received, by topic suffix, with a wait for the next one. */
class Inbox {
  private readonly got: { suffix: string; msg: Json }[] = [];
  private waiters: (() => void)[] = [];
  constructor(client: MqttClient, sn: string) {
    client.on('message', (topic, payload) => {
      this.got.push({ suffix: topic.slice(`iiot/v1/${sn}/`.length), msg: JSON.parse(payload.toString()) });
      for (const wake of this.waiters.splice(0)) wake();
    });
  }
  /** the first message not taken yet on `suffix` that `match` accepts */
  async take(suffix: string, match: (msg: Json) => boolean = () => true): Promise<Json> {
    for (;;) {
      const index = this.got.findIndex((m) => m.suffix === suffix && match(m.msg));
      if (index >= 0) return this.got.splice(index, 1)[0]!.msg;
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }
}

let p: TestPlatform;
let url: string;
let device: LinkedDevice;
let stand: Stand;
let admin: Caller;
let adminName: string;
let operator: Caller;
let client: MqttClient | undefined;

/** whether the device's admin sees it as needing a configuration sync */
const synced = async () =>
  !(await made<{ syncNeeded: boolean }>(admin, '/lfscada/equipment/multi/info', { id: device.equipmentId }))
    .syncNeeded;

/** the device's stored values, in time order */
const values = async () =>
  (
    await p.ctx.db.query<{ variable: string; at: Date; num: number | null; quality: number }>(
      `select v.name as variable, s.ts as at, s.num, s.quality from signal_values s
         join variables v on v.id = s.variable_id
        where s.equipment_id = $1 order by s.ts, s.variable_id`,
      [device.equipmentId],
    )
  ).map((row) => ({ ...row, at: new Date(row.at).toISOString() }));

beforeAll(async () => {
  // embedded in the services pass too: its gap is asked for at once by the link's own batch
  // sequence, while on a shared broker the resend check (sharedBatchSequence.ts) forgets a gateway
  // silent for the minute this test's clock jumps
  p = await startTestPlatform({ MQTT_PORT: '0' }, { link: true, embeddedBroker: true });
  url = `mqtt://127.0.0.1:${p.ctx.link!.brokerPort}`;
  adminName = (await makeEnterprise(p.ctx.db, 'Protocol Doc')).admin;
  admin = await loggedIn(p.app, adminName);
  operator = await loggedInOperator(p);
  device = await linkedDevice(admin, operator, 'Documented tank');
  const driverId = await modbusDriver(admin, device.owner);
  const level = await variable(admin, device.owner, driverId, 'tank_level', { dataType: 'float32' });
  const pump = await variable(admin, device.owner, driverId, 'pump', { address: '1', rw: 'rw' });
  const report = (
    await made(admin, '/lfscada/equipment/multi/report/add', {
      owner: device.owner,
      item: {
        name: 'hourly',
        storageMode: 'periodic',
        intervalS: 3600,
        items: [
          { variableId: level, aggregation: 'avg' },
          { variableId: level, aggregation: 'max' },
        ],
      },
    })
  ).id;
  stand = { ids: { '1042': level, '1043': pump, '7': driverId, '31': report }, shift: 0 };
});
afterAll(async () => {
  client?.end(true);
  await p?.stop();
});

describe('docs/gateway-protocol.md, executed', () => {
  it('names exactly the topics of the code', () => {
    const named = new Set([...DOC.matchAll(/`((?:up|down)\/[a-z/]+)`/g)].map((m) => m[1]!));
    expect([...named].sort()).toEqual([...Object.values(UP), ...Object.values(DOWN)].sort());
  });

  it("gives a config hash test vector that is the code's", () => {
    const vector = JSON.parse(text('config-hash-vector')) as GatewayConfig;
    const canonical = text('config-hash-canonical').trim();
    const hash = text('config-hash').trim();
    expect(configHash(vector)).toBe(hash);
    expect(createHash('sha256').update(canonical).digest('hex')).toBe(hash);
    expect(JSON.parse(canonical)).toEqual(vector);
  });

  it('works for a minimal gateway built from its examples, in the order of its start-up sequence', async () => {
    const sn = device.sn;
    const topic = (suffix: string) => `iiot/v1/${sn}/${suffix}`;
    const publish = (suffix: string, msg: Json) =>
      gateway.publishAsync(topic(suffix), JSON.stringify(msg), { qos: 1, retain: suffix === UP.status });

    // 1. connect with the documented login and last will; subscribe to down/#
    client = await connectAsGateway(url, sn, device.mqttPassword, {
      clean: false,
      will: { topic: topic(UP.status), payload: Buffer.from(text('will')), qos: 1, retain: true },
    });
    const gateway = client;
    const inbox = new Inbox(gateway, sn);
    await gateway.subscribeAsync(topic('down/#'), { qos: 1 });

    // 2. the birth: online, and the platform's time
    stand.shift = p.clock.now().getTime() - DOC_NOW;
    await publish(UP.status, example('birth', stand));
    const time = await inbox.take(DOWN.cmd, (m) => m.type === 'time');
    expect(Object.keys(time).sort()).toEqual(Object.keys(example('time', stand)).sort());
    await publish(UP.cmdResult, example('time-result', { ...stand, uuid: time.uuid as string }));

    // 3. the configuration, with the documented fields, acknowledged
    const config = await inbox.take(DOWN.config);
    const documented = example('config', stand);
    const sent = config.config as GatewayConfig;
    const shape = documented.config as GatewayConfig;
    expect(Object.keys(config).sort()).toEqual(Object.keys(documented).sort());
    expect(Object.keys(sent).sort()).toEqual(Object.keys(shape).sort());
    expect(Object.keys(sent.drivers[0]!).sort()).toEqual(Object.keys(shape.drivers[0]!).sort());
    expect(Object.keys(sent.variables[0]!).sort()).toEqual(Object.keys(shape.variables[0]!).sort());
    expect(sent.variables[0]).toEqual(shape.variables[0]);
    expect(config.hash).toBe(configHash(sent));
    expect(documented.version).toBe(13);
    stand.hash = config.hash as string;
    stand.version = config.version as number;
    await publish(UP.configAck, example('config-ack', stand));
    expect(await synced()).toBe(true);

    // 4. telemetry: stored once the broker acknowledged it (the platform acknowledges after storing)
    await publish(UP.telemetry, example('telemetry', stand));
    const at = (docTs: number) => new Date(docTs + stand.shift).toISOString();
    expect(await values()).toEqual([
      { variable: 'tank_level', at: at(1763769601000), num: 4.52, quality: 0 },
      { variable: 'pump', at: at(1763769601000), num: 1, quality: 0 },
      { variable: 'tank_level', at: at(1763769602000), num: 4.55, quality: 0 },
      { variable: 'pump', at: at(1763769602000), num: null, quality: 1715 },
    ]);
    // a batch with bad items: the good one stored, the others refused as documented
    await publish(UP.telemetry, example('bad-telemetry', stand));
    expect(await inbox.take(DOWN.refused)).toEqual(example('refused', stand));
    expect((await values()).slice(4)).toEqual([
      { variable: 'tank_level', at: at(1763769603000), num: 4.6, quality: 0 },
    ]);

    // 5. the heartbeat, a minute later
    p.clock.advanceMinutes(1);
    await publish(UP.status, example('heartbeat', stand));
    const [row] = await p.ctx.db.query<{ status: string; refused_count: number }>(
      'select status, refused_count from gateways where sn = $1',
      [sn],
    );
    expect(row).toEqual({ status: 'online', refused_count: 2 });
    expect(await synced()).toBe(true);

    // a gap in the sequence: the platform asks for the missing batch, the gateway sends it again
    const next = example('telemetry', { ...stand, shift: stand.shift + 60_000 });
    await publish(UP.telemetry, { ...next, seq: 3 });
    const resend = await inbox.take(DOWN.cmd, (m) => m.type === 'resend');
    expect(resend).toEqual({ ...example('resend', stand), uuid: resend.uuid });
    expect(resend.bootId).toBe(example('birth', stand).bootId);
    const missing = example('telemetry', { ...stand, shift: stand.shift + 50_000 });
    await publish(UP.telemetryHist, { ...missing, seq: resend.fromSeq });
    expect(await values()).toHaveLength(5 + 8);

    // a write, answered with the documented success form
    const write = await made<{ uuid: string }>(admin, '/lfscada/monitor/multi/signal/writeVal', {
      equipmentId: device.equipmentId,
      signalId: stand.ids['1043'],
      value: 1,
    });
    const command = await inbox.take(DOWN.cmd, (m) => m.type === 'write');
    expect(Object.keys(command).sort()).toEqual(Object.keys(example('write', stand)).sort());
    expect(command).toMatchObject({ uuid: write.uuid, variableId: stand.ids['1043'], value: 1 });
    await publish(UP.cmdResult, example('write-result', { ...stand, uuid: write.uuid }));
    expect(await made(admin, '/lfscada/equipment/multi/callback', { uuid: write.uuid })).toMatchObject({
      status: 'success',
    });
    // and one answered with the documented failure form: the task ends with the gateway's code
    const refusedWrite = await made<{ uuid: string }>(admin, '/lfscada/monitor/multi/signal/writeVal', {
      equipmentId: device.equipmentId,
      signalId: stand.ids['1043'],
      value: 0,
    });
    await inbox.take(DOWN.cmd, (m) => m.uuid === refusedWrite.uuid);
    await publish(UP.cmdResult, example('write-failure', { ...stand, uuid: refusedWrite.uuid }));
    expect(await made(admin, '/lfscada/equipment/multi/callback', { uuid: refusedWrite.uuid })).toMatchObject(
      { status: 'failure', code: '1709' },
    );

    // a report record, stored under its report at the documented time
    await publish(UP.report, example('report', stand));
    const reports = await p.ctx.db.query<{ report_id: string | number; ts: Date; values: unknown }>(
      'select report_id, ts, values from report_records where equipment_id = $1',
      [device.equipmentId],
    );
    expect(reports.map((r) => [Number(r.report_id), new Date(r.ts).toISOString(), r.values])).toEqual([
      [stand.ids['31'], at(1763773200000), { [stand.ids['1042']!]: { avg: 4.1, max: 5 } }],
    ]);

    // an upgrade: the documented down/ota, its package fetched from the url and checked, then the
    // documented progress and failure, which end the upgrade task with the gateway's code
    const base = await listen(p);
    const platformOperator = new HttpSession(base, `sid=${operator.cookie('sid')}`, 'en-US');
    const firmware = randomBytes(2000);
    expect(
      (
        await platformOperator.upload(
          '/lfscada/hardware/firmware/add',
          { name: 'eg-1.2.0.bin', content: firmware },
          { series: 'EG', version: '1.2.0', note: 'documented' },
        )
      ).code,
    ).toBe('200');
    const owner = await session(p, base, adminName);
    const upgrade = await owner.json<{ uuid: string }>('/lfscada/gateway/upgrade', { sn });
    expect(upgrade.code).toBe('200');
    const ota = await inbox.take(DOWN.ota);
    expect(Object.keys(ota).sort()).toEqual(Object.keys(example('ota', stand)).sort());
    expect(ota).toMatchObject({ uuid: upgrade.data.uuid, version: '1.2.0', size: firmware.length });
    const fetched = Buffer.from(await (await fetch(ota.url as string)).arrayBuffer());
    expect(createHash('sha256').update(fetched).digest('hex')).toBe(ota.sha256);
    await publish(UP.otaProgress, example('ota-progress', { ...stand, uuid: upgrade.data.uuid }));
    await publish(UP.otaProgress, example('ota-failed', { ...stand, uuid: upgrade.data.uuid }));
    expect(await made(admin, '/lfscada/equipment/multi/callback', { uuid: upgrade.data.uuid })).toMatchObject(
      {
        status: 'failure',
        code: '1312',
      },
    );
    await gateway.endAsync();
    client = undefined;
  });
});
