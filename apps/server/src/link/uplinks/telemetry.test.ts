import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { histTelemetryUplink, liveTelemetryUplink } from './telemetry';
import {
  boundGateway,
  unboundGateway,
  uplinkBench,
  UNKNOWN_SN,
  type BoundGateway,
  type UplinkBench,
} from '../../../test/uplinkFixtures';

let bench: UplinkBench;
let gw: BoundGateway;
let other: BoundGateway;
let [level, state, label] = [0, 0, 0];

async function storedRows(equipmentId: number) {
  return bench.p.ctx.db.query<{
    variable_id: number;
    ts: Date;
    num: number | null;
    txt: string | null;
    quality: number;
  }>(
    'select variable_id, ts, num, txt, quality from signal_values where equipment_id = $1 order by ts, variable_id',
    [equipmentId],
  );
}

const batch = (bootId: string, seq: number, items: { ts: number; vals: object; q?: object }[]) => ({
  v: 1,
  bootId,
  seq,
  items,
});

beforeAll(async () => {
  bench = await uplinkBench('Telemetry Works');
  gw = await boundGateway(bench, 'Telemetry tank', ['level', 'state', 'label'], {
    level: { dataType: 'float32' },
    state: { dataType: 'bit', registerType: '0x' },
    label: { dataType: 'string', stringLength: 8 },
  });
  [level, state, label] = gw.variableIds as [number, number, number];
  other = await boundGateway(bench, 'Neighbour tank');
});
afterAll(() => bench.stop());

describe('up/telemetry', () => {
  it("stores a batch of the device's own variables, tells the link listeners and updates the live values", async () => {
    const ts = bench.p.clock.now().getTime();
    await bench.deliver(
      liveTelemetryUplink,
      gw.sn,
      batch('boot-1', 1, [
        { ts, vals: { [level]: 4.5, [state]: true } },
        { ts: ts + 1000, vals: { [level]: '4.75', [label]: 'high' }, q: { [state]: 1715 } },
      ]),
    );
    expect(await storedRows(gw.equipmentId)).toEqual([
      { variable_id: level, ts: new Date(ts), num: 4.5, txt: null, quality: 0 },
      { variable_id: state, ts: new Date(ts), num: 1, txt: null, quality: 0 },
      { variable_id: level, ts: new Date(ts + 1000), num: 4.75, txt: null, quality: 0 },
      { variable_id: state, ts: new Date(ts + 1000), num: null, txt: null, quality: 1715 },
      { variable_id: label, ts: new Date(ts + 1000), num: null, txt: 'high', quality: 0 },
    ]);
    expect(bench.told.values.at(-1)).toMatchObject({ equipmentId: gw.equipmentId, hist: false });
    expect(bench.told.values.at(-1)!.items).toHaveLength(5);
    expect(bench.p.ctx.monitor.cache.get(level)).toEqual({
      signalId: level,
      ts: ts + 1000,
      value: 4.75,
      quality: 0,
    });
    expect(bench.sent.filter((m) => m.suffix === 'down/refused')).toEqual([]);
  });

  it("refuses another device's variable ids and values dated beyond the clock-skew tolerance, telling the gateway", async () => {
    const ts = bench.p.clock.now().getTime();
    const [theirs] = other.variableIds as [number];
    const before = bench.sent.length;
    await bench.deliver(
      liveTelemetryUplink,
      gw.sn,
      batch('boot-1', 2, [
        { ts: ts + 5000, vals: { [theirs]: 9, '999999': 1, [level]: 3 } },
        { ts: ts + 6 * 60_000, vals: { [level]: 7 } },
      ]),
    );
    expect(await storedRows(other.equipmentId)).toEqual([]);
    expect((await storedRows(gw.equipmentId)).filter((r) => r.ts.getTime() > ts + 2000)).toEqual([
      { variable_id: level, ts: new Date(ts + 5000), num: 3, txt: null, quality: 0 },
    ]);
    expect(bench.sent.slice(before)).toEqual([
      {
        sn: gw.sn,
        suffix: 'down/refused',
        payload: {
          v: 1,
          topic: 'up/telemetry',
          bootId: 'boot-1',
          seq: 2,
          refused: [
            { item: 0, ts: ts + 5000, key: String(theirs), code: 1714 },
            { item: 0, ts: ts + 5000, key: '999999', code: 1714 },
            { item: 1, ts: ts + 6 * 60_000, code: 1362 },
          ],
          total: 3,
        },
      },
    ]);
  });

  it('stores a batch delivered twice once', async () => {
    const ts = bench.p.clock.now().getTime() + 10_000;
    const twice = batch('boot-1', 3, [{ ts, vals: { [level]: 1.25 } }]);
    await bench.deliver(liveTelemetryUplink, gw.sn, twice);
    await bench.deliver(liveTelemetryUplink, gw.sn, twice);
    expect((await storedRows(gw.equipmentId)).filter((r) => r.ts.getTime() === ts)).toHaveLength(1);
  });

  it('asks for the missing batches, after the acknowledgement, when a live batch of the same boot skips some', async () => {
    const ts = bench.p.clock.now().getTime() + 20_000;
    const before = bench.sent.length;
    await bench.deliver(liveTelemetryUplink, gw.sn, batch('boot-1', 7, [{ ts, vals: { [level]: 2 } }]));
    expect(bench.sent.slice(before)).toMatchObject([
      {
        sn: gw.sn,
        suffix: 'down/cmd',
        payload: { v: 1, type: 'resend', bootId: 'boot-1', fromSeq: 4, toSeq: 6 },
      },
    ]);
    expect(bench.sent.at(-1)!.payload.uuid).toMatch(/^[0-9a-f-]{36}$/);
    // the gap was stored all the same
    expect((await storedRows(gw.equipmentId)).some((r) => r.ts.getTime() === ts)).toBe(true);
  });

  it('asks for nothing after a replayed batch, a new boot or a late batch', async () => {
    const ts = bench.p.clock.now().getTime() + 30_000;
    const before = bench.sent.length;
    await bench.deliver(histTelemetryUplink, gw.sn, batch('boot-1', 12, [{ ts, vals: { [level]: 3 } }]));
    await bench.deliver(
      liveTelemetryUplink,
      gw.sn,
      batch('boot-2', 5, [{ ts: ts + 1, vals: { [level]: 3 } }]),
    );
    await bench.deliver(
      liveTelemetryUplink,
      gw.sn,
      batch('boot-2', 3, [{ ts: ts + 2, vals: { [level]: 3 } }]),
    );
    expect(bench.sent.slice(before)).toEqual([]);
  });
});

describe('up/telemetry/hist', () => {
  it('stores a replay of buffered values without overwriting a newer live value', async () => {
    const live = bench.p.ctx.monitor.cache.get(level)!;
    // older than the live value, yet after the gateway's registration (nothing before it is taken)
    const past = live.ts - 12_345;
    await bench.deliver(
      histTelemetryUplink,
      gw.sn,
      batch('boot-2', 6, [{ ts: past, vals: { [level]: -1 } }]),
    );
    expect((await storedRows(gw.equipmentId)).find((r) => r.ts.getTime() === past)).toMatchObject({
      num: -1,
    });
    expect(bench.told.values.at(-1)).toMatchObject({ equipmentId: gw.equipmentId, hist: true });
    expect(bench.p.ctx.monitor.cache.get(level)).toEqual(live);
  });
});

describe('refused telemetry', () => {
  it('refuses a batch whose envelope does not match the schema with a warning, and tells the gateway when it names its batch', async () => {
    const ts = bench.p.clock.now().getTime() + 40_000;
    const rows = (await storedRows(gw.equipmentId)).length;
    const before = bench.sent.length;
    await bench.deliver(liveTelemetryUplink, gw.sn, batch('boot-2', 7, []));
    await bench.deliver(histTelemetryUplink, gw.sn, { v: 1, seq: 9, items: [{ ts, vals: { [level]: 1 } }] });
    expect((await storedRows(gw.equipmentId)).length).toBe(rows);
    // the refusal of the first is counted and sent, but not logged again within a minute of the last
    expect(bench.warnings().slice(-2)).toEqual(['invalid telemetry', 'invalid telemetry']);
    expect(bench.logged.at(-1)).toMatchObject({ sn: gw.sn, topic: 'up/telemetry/hist' });
    expect(bench.sent.slice(before)).toMatchObject([
      {
        suffix: 'down/refused',
        payload: { topic: 'up/telemetry', bootId: 'boot-2', seq: 7, refused: [{ code: 1363 }], total: 1 },
      },
    ]);
  });

  it('stores the good items of a batch and refuses a bad key alone', async () => {
    const ts = bench.p.clock.now().getTime() + 45_000;
    const before = bench.sent.length;
    await bench.deliver(
      liveTelemetryUplink,
      gw.sn,
      batch('boot-2', 8, [{ ts, vals: { level: 1, [level]: 2 } }]),
    );
    expect((await storedRows(gw.equipmentId)).filter((r) => r.ts.getTime() === ts)).toMatchObject([
      { variable_id: level, num: 2 },
    ]);
    expect(bench.sent.slice(before)).toMatchObject([
      { suffix: 'down/refused', payload: { refused: [{ item: 0, key: 'level', code: 1364 }], total: 1 } },
    ]);
  });

  it('stores nothing for an unbound or unregistered gateway, even naming a device variable', async () => {
    const ts = bench.p.clock.now().getTime() + 50_000;
    const told = bench.told.values.length;
    const loose = await unboundGateway(bench);
    await bench.deliver(liveTelemetryUplink, loose, batch('b', 1, [{ ts, vals: { [level]: 8 } }]));
    await bench.deliver(liveTelemetryUplink, UNKNOWN_SN, batch('b', 1, [{ ts, vals: { [level]: 8 } }]));
    expect((await storedRows(gw.equipmentId)).some((r) => r.ts.getTime() === ts)).toBe(false);
    expect(bench.told.values).toHaveLength(told);
  });
});
