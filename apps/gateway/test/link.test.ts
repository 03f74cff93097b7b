/**
 * The gateway process against a real Mosquitto, seen from the platform's side of the broker:
 * birth and last will, config apply and ack, the saved config after a restart, commands.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Mosquitto } from '@fieldhub/testkit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Cloud } from './support/cloud';
import { config, internalVariable, streamConfig } from './support/configs';
import { GatewayProcess } from './support/gatewayProcess';

let broker: Mosquitto;
const cleanup: Array<() => Promise<unknown> | void> = [];

beforeAll(async () => {
  broker = await Mosquitto.start();
});
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});
afterAll(async () => {
  await broker.stop();
});

let snCounter = 0;
/** A fresh SN, cloud subscriber and data dir for one test. */
async function setup() {
  const sn = `2000000000${String(++snCounter).padStart(2, '0')}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gw-link-'));
  const cloud = await Cloud.connect(broker.url, sn);
  cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
  cleanup.push(() => cloud.close());
  const start = (extra: string[] = []) => {
    const gateway = new GatewayProcess({ sn, broker: broker.url, dataDir, extra });
    cleanup.push(() => gateway.kill('SIGKILL'));
    return gateway;
  };
  return { sn, dataDir, cloud, start };
}

const online = (bootId?: string) => (p: Record<string, unknown>) =>
  p.online === true && (bootId === undefined || p.bootId === bootId);

describe('gateway link', () => {
  it('publishes a retained birth and, when killed, its retained last will', async () => {
    const { cloud, start, sn } = await setup();
    const gateway = start();
    const birth = await cloud.waitFor('up/status', online());
    expect(birth).toMatchObject({
      v: 1,
      online: true,
      firmware: '0.1.0',
      configVersion: null,
      configHash: null,
      networkMode: 'standard',
      drivers: [],
    });
    expect(birth.bootId).toEqual(expect.any(String));

    await gateway.kill('SIGKILL');
    expect(await cloud.waitFor('up/status', (p) => p.online === false)).toEqual({ v: 1, online: false });
    const late = await Cloud.connect(broker.url, sn);
    cleanup.push(() => late.close());
    const retained = await late.waitFor('up/status', (_p, m) => m.retain);
    expect(retained).toEqual({ v: 1, online: false });
  });

  it('applies a config, acks it, refuses an invalid one, and runs the saved config after a restart', async () => {
    const { cloud, start } = await setup();
    const first = start();
    const birth = await cloud.waitFor('up/status', online());
    const ack = await cloud.sendConfig(
      3,
      config({ variables: [internalVariable(1, 'setpoint', { initialValue: '42' })] }),
    );
    expect(ack).toEqual({ v: 1, version: 3, hash: 'h3', ok: true });
    await cloud.waitFor('up/status', (p) => p.bootId === birth.bootId && p.configHash === 'h3');
    await cloud.until(() => cloud.valuesOf(String(birth.bootId)).get('1')?.[0] === 42, 10_000);

    const refused = await cloud.sendConfig(4, { drivers: 'none' } as never, 'bad');
    expect(refused).toEqual({ v: 1, version: 4, hash: 'bad', ok: false, errors: [{ code: 10001 }] });

    const since = Date.now();
    expect((await first.kill('SIGTERM')).code).toBe(0);
    const offline = await cloud.waitFor('up/status', (p) => p.online === false, 10_000, since);
    expect(offline).toMatchObject({ online: false, bootId: birth.bootId });

    start();
    const rebirth = await cloud.waitFor('up/status', (p) => p.online === true && p.bootId !== birth.bootId);
    expect(rebirth).toMatchObject({ configVersion: 3, configHash: 'h3' });
    await cloud.until(() => cloud.valuesOf(String(rebirth.bootId)).get('1')?.[0] === 42, 10_000);
  });

  it('executes a command once per uuid, refuses expired ones and checks write limits', async () => {
    const { cloud, start } = await setup();
    start();
    await cloud.waitFor('up/status', online());
    await cloud.sendConfig(
      1,
      config({
        variables: [
          internalVariable(1, 'sp', { writeUpper: 100, writeLower: 0 }),
          internalVariable(2, 'ro', { rw: 'r', initialValue: '7' }),
        ],
      }),
    );
    const first = { type: 'write', variableId: 1, value: 50, uuid: crypto.randomUUID() } as const;
    expect(await cloud.command(first)).toEqual({ v: 1, uuid: first.uuid, ok: true });
    expect(await cloud.command({ type: 'write', variableId: 1, value: 60 })).toMatchObject({ ok: true });
    // the same task again gets the same answer and does not write 50 a second time
    expect(await cloud.command(first)).toEqual({ v: 1, uuid: first.uuid, ok: true });
    expect(await cloud.command({ type: 'read', variableIds: [1, 2, 9] })).toMatchObject({
      ok: true,
      data: { values: { 1: 60, 2: 7 }, q: { 9: 1714 } },
    });

    const expired = await cloud.command({
      type: 'write',
      variableId: 1,
      value: 1,
      expiresAt: Date.now() - 1000,
    });
    expect(expired).toMatchObject({ ok: false, code: 1339 });
    expect(await cloud.command({ type: 'write', variableId: 1, value: 101 })).toMatchObject({
      ok: false,
      code: 2003,
    });
    expect(await cloud.command({ type: 'write', variableId: 1, value: -1 })).toMatchObject({
      ok: false,
      code: 2004,
    });
    expect(await cloud.command({ type: 'write', variableId: 2, value: 1 })).toMatchObject({
      ok: false,
      code: 2002,
    });
    expect(await cloud.command({ type: 'write', variableId: 77, value: 1 })).toMatchObject({
      ok: false,
      code: 1714,
    });
    expect(await cloud.command({ type: 'locate' })).toMatchObject({ ok: false, code: 1348 });
    // a type the gateway does not know (firmware goes through down/ota) is refused, not ignored
    expect(await cloud.command({ type: 'upgrade' })).toMatchObject({ ok: false, code: 1338 });
    expect(await cloud.command({ type: 'read', variableIds: [1] })).toMatchObject({
      data: { values: { 1: 60 } },
    });
  });

  it('runs reports and scripts of the config: a change record and a script write', async () => {
    const { cloud, start } = await setup();
    start();
    const birth = await cloud.waitFor('up/status', online());
    const watcher = `if (read('level') > 5) await write('alarm', 1); else await write('alarm', 0);`;
    await cloud.sendConfig(
      1,
      config({
        variables: [internalVariable(1, 'level'), internalVariable(2, 'alarm', { dataType: 'bit' })],
        reports: [
          {
            id: 5,
            storageMode: 'change',
            intervalS: null,
            expression: '',
            items: [{ variableId: 1, aggregation: 'last' }],
          },
        ],
        scripts: [{ id: 1, strategy: 'change', intervalS: null, condition: 'level', body: watcher }],
      }),
    );
    expect(await cloud.command({ type: 'write', variableId: 1, value: 7 })).toMatchObject({ ok: true });
    const record = await cloud.waitFor('up/report', (p) => p.reportId === 5);
    expect(record).toMatchObject({ v: 1, values: { 1: { last: 7, first: 7, delta: null } } });
    await cloud.until(() => cloud.valuesOf(String(birth.bootId)).get('2')?.at(-1) === 1, 10_000);
  });

  it('numbers telemetry batches within a boot and re-sends a range still held', async () => {
    const { cloud, start } = await setup();
    start();
    const birth = await cloud.waitFor('up/status', online());
    const bootId = String(birth.bootId);
    await cloud.sendConfig(1, streamConfig(5, 5));
    await cloud.until(() => (cloud.valuesOf(bootId).get('999') ?? []).includes(5), 15_000);
    const seqs = [...cloud.batches.values()].filter((b) => b.bootId === bootId).map((b) => b.seq);
    expect(seqs.sort((a, b) => a - b)).toEqual(seqs.map((_, i) => i));
    expect(seqs.length).toBeGreaterThanOrEqual(3); // one batch a second; ticks and flushes may share one

    const since = Date.now();
    const result = await cloud.command({ type: 'resend', bootId, fromSeq: 1, toSeq: 2 });
    expect(result).toMatchObject({ ok: true, data: { resent: 2, missing: 0 } });
    const replayed = new Set<number>();
    await cloud.until(() => {
      for (const m of cloud.received) {
        if (m.suffix === 'up/telemetry/hist' && m.at >= since && m.payload.bootId === bootId) {
          replayed.add(Number(m.payload.seq));
        }
      }
      return replayed.size === 2;
    }, 5000);
    expect([...replayed].sort()).toEqual([1, 2]);
  });

  it("dates what it sends by the platform's time, and counts the platform's refusals in its status and log", async () => {
    const { cloud, start } = await setup();
    const gateway = start(['--heartbeat-s', '1']);
    const birth = await cloud.waitFor('up/status', online());
    const bootId = String(birth.bootId);
    await cloud.sendConfig(1, config({ variables: [internalVariable(1, 'sp')] }));

    // the platform's clock is an hour ahead of this machine's
    const hour = 3_600_000;
    const set = await cloud.command({ type: 'time', serverTs: Date.now() + hour });
    expect(set).toMatchObject({ ok: true, data: { offsetMs: expect.any(Number) } });
    expect(Math.abs((set.data as { offsetMs: number }).offsetMs - hour)).toBeLessThan(5_000);
    const since = Date.now();
    expect(await cloud.command({ type: 'write', variableId: 1, value: 5 })).toMatchObject({ ok: true });
    await cloud.until(() => (cloud.valuesOf(bootId).get('1') ?? []).includes(5), 10_000);
    const item = [...cloud.batches.values()]
      .flatMap((b) => (b.bootId === bootId ? b.items : []))
      .find((i) => i.vals['1'] === 5)!;
    expect(Math.abs(item.ts - (since + hour))).toBeLessThan(10_000);
    const status = await cloud.waitFor('up/status', (p) => p.clockOffsetMs !== 0, 10_000, since);
    expect(Math.abs((status.ts as number) - (Date.now() + hour))).toBeLessThan(10_000);

    await cloud.publish('down/refused', {
      v: 1,
      topic: 'up/telemetry',
      bootId,
      seq: 0,
      refused: [{ item: 0, key: '1', code: 1722 }],
      total: 3,
    });
    await cloud.publish('down/refused', {
      v: 1,
      topic: 'up/config/ack',
      version: 1,
      hash: 'h1',
      refused: [{ code: 1366 }],
      total: 1,
    });
    await cloud.waitFor('up/status', (p) => p.refused === 4, 10_000);
    // logged at warn once: the second refusal within a minute is only counted
    await gateway.waitForLog((l) => l.msg === 'the platform refused uplink data');
    expect(gateway.lines.filter((l) => l.msg === 'the platform refused uplink data')).toMatchObject([
      { level: 'warn', topic: 'up/telemetry', refused: 3, total: 3 },
    ]);
  });

  it('keeps a new network mode for the next start and exits for its supervisor on restart', async () => {
    const { cloud, start } = await setup();
    const gateway = start();
    const birth = await cloud.waitFor('up/status', online());
    expect(await cloud.command({ type: 'mode', networkMode: 'router' })).toMatchObject({ ok: true });
    expect(await cloud.command({ type: 'restart' })).toMatchObject({ ok: true });
    expect((await gateway.exited).code).toBe(75);

    start();
    const rebirth = await cloud.waitFor('up/status', (p) => p.online === true && p.bootId !== birth.bootId);
    expect(rebirth.networkMode).toBe('router');
  });
});
