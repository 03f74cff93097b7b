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
let [level, state] = [0, 0];

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
  gw = await boundGateway(bench, 'Telemetry tank', ['level', 'state']);
  [level, state] = gw.variableIds as [number, number];
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
        { ts: ts + 1000, vals: { [level]: 'high' }, q: { [state]: 1715 } },
      ]),
    );
    expect(await storedRows(gw.equipmentId)).toEqual([
      { variable_id: level, ts: new Date(ts), num: 4.5, txt: null, quality: 0 },
      { variable_id: state, ts: new Date(ts), num: 1, txt: null, quality: 0 },
      { variable_id: level, ts: new Date(ts + 1000), num: null, txt: 'high', quality: 0 },
      { variable_id: state, ts: new Date(ts + 1000), num: null, txt: null, quality: 1715 },
    ]);
    expect(bench.told.values.at(-1)).toMatchObject({ equipmentId: gw.equipmentId, hist: false });
    expect(bench.told.values.at(-1)!.items).toHaveLength(4);
    expect(bench.p.ctx.monitor.cache.get(level)).toEqual({
      signalId: level,
      ts: ts + 1000,
      value: 'high',
      quality: 0,
    });
  });

  it("ignores another device's variable ids and values dated more than a day ahead", async () => {
    const ts = bench.p.clock.now().getTime();
    const [theirs] = other.variableIds as [number];
    await bench.deliver(
      liveTelemetryUplink,
      gw.sn,
      batch('boot-1', 2, [
        { ts: ts + 5000, vals: { [theirs]: 9, '999999': 1 } },
        { ts: ts + 2 * 24 * 3600_000, vals: { [level]: 7 } },
      ]),
    );
    expect(await storedRows(other.equipmentId)).toEqual([]);
    expect((await storedRows(gw.equipmentId)).filter((r) => r.ts.getTime() > ts + 2000)).toEqual([]);
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
    const past = live.ts - 60_000;
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
  it('refuses a batch that does not match the schema with a warning and stores none of it', async () => {
    const ts = bench.p.clock.now().getTime() + 40_000;
    const rows = (await storedRows(gw.equipmentId)).length;
    await bench.deliver(liveTelemetryUplink, gw.sn, batch('boot-2', 7, []));
    await bench.deliver(liveTelemetryUplink, gw.sn, batch('boot-2', 8, [{ ts, vals: { level: 1 } }]));
    await bench.deliver(histTelemetryUplink, gw.sn, { v: 1, seq: 9, items: [{ ts, vals: { [level]: 1 } }] });
    expect((await storedRows(gw.equipmentId)).length).toBe(rows);
    expect(bench.warnings().slice(-3)).toEqual([
      'invalid telemetry',
      'invalid telemetry',
      'invalid telemetry',
    ]);
    expect(bench.logged.at(-1)).toMatchObject({ sn: gw.sn, topic: 'up/telemetry/hist' });
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
