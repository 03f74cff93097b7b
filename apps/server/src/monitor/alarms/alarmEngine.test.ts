import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusMessage } from '@fieldhub/shared';
import { startDevicePlatform } from '../../../test/platformFixtures';
import type { Caller, TestPlatform } from '../../../test/harness';
import { deviceWithGateway, made, modbusDriver, send } from '../../../test/deviceFixtures';
import { createMonitor } from '../monitor';
import {
  alarmRule,
  alarmsOf,
  busRecorder,
  failed,
  good,
  storeSamples,
  variableWithRule,
  type RuleFields,
} from '../../../test/alarmFixtures';

let p: TestPlatform;
let admin: Caller;
let equipmentId: number;
let driverId: number;
const t0 = Date.now() - 3_600_000;

beforeAll(async () => {
  const platform = await startDevicePlatform('Alarm Engine Works');
  p = platform.p;
  admin = platform.admin;
  equipmentId = (await deviceWithGateway(admin, platform.operator, 'Boiler')).id;
  driverId = await modbusDriver(admin, { equipmentId });
});
afterAll(() => p.stop());

type Samples = Parameters<TestPlatform['ctx']['monitor']['ingest']>[1];

/** As the telemetry ingest does: store the batch in history, then hand it to the monitor. */
async function ingest(values: Samples, hist = false, monitor = p.ctx.monitor) {
  await storeSamples(p.ctx.db, equipmentId, values);
  await monitor.ingest(equipmentId, values, hist);
}

const signalAlarms = (messages: BusMessage[]) =>
  messages.flatMap((m) => (m.type === 'signalAlarm' ? [m] : []));

describe('alarm engine', () => {
  it('raises after filterCount consecutive samples, counting again after a sample that breaks the run', async () => {
    const { variableId, ruleId } = await variableWithRule(admin, equipmentId, driverId, {
      condition: 'gt',
      value: 80,
      filterCount: 3,
      content: 'Temperature high',
      level: 'serious',
    });
    const bus = busRecorder(p.ctx.monitor.bus);
    await ingest([good(variableId, t0 + 1, 81), good(variableId, t0 + 2, 85)]);
    await ingest([good(variableId, t0 + 3, 70)]); // breaks the run of two
    await ingest([good(variableId, t0 + 4, 90), good(variableId, t0 + 5, 91)]);
    expect(await alarmsOf(p.ctx.db, { ruleId })).toEqual([]);

    await ingest([good(variableId, t0 + 6, 92)]); // third in a row
    const [raised] = await alarmsOf(p.ctx.db, { ruleId });
    expect(raised).toMatchObject({
      state: 'active',
      variable_id: variableId,
      trigger_value: 92,
      content: 'Temperature high',
      released_at: null,
    });
    expect(raised!.triggered_at.getTime()).toBe(t0 + 6);

    await ingest([good(variableId, t0 + 7, 95)]); // still high: nothing new
    await ingest([good(variableId, t0 + 8, 60)]); // released by the first normal sample
    const rows = await alarmsOf(p.ctx.db, { ruleId });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: 'cleared', trigger_value: 92, release_value: 60 });
    expect(rows[0]!.released_at!.getTime()).toBe(t0 + 8);

    bus.stop();
    const changes = signalAlarms(bus.messages).filter((m) => m.alarm.ruleId === ruleId);
    expect(changes.map((m) => [m.equipmentId, m.alarm.state, m.alarm.value, m.alarm.releasedAt])).toEqual([
      [equipmentId, 'active', 92, null],
      [equipmentId, 'cleared', 60, t0 + 8],
    ]);
    expect(changes[0]!.alarm).toMatchObject({ alarmId: raised!.id, signalId: variableId, level: 2 });
  });

  it('counts every sample of a batch that carries several times of one variable', async () => {
    const { variableId, ruleId } = await variableWithRule(admin, equipmentId, driverId, {
      condition: 'ge',
      value: 5,
      filterCount: 3,
    });
    await ingest([good(variableId, t0 + 1, 5), good(variableId, t0 + 2, 6)]);
    expect(await alarmsOf(p.ctx.db, { ruleId })).toEqual([]);
    await ingest([good(variableId, t0 + 3, 7), good(variableId, t0 + 4, 1), good(variableId, t0 + 5, 9)]);
    const rows = await alarmsOf(p.ctx.db, { ruleId });
    expect(rows.map((r) => [r.state, r.trigger_value, r.release_value])).toEqual([['cleared', 7, 1]]);
  });

  it.each<[string, RuleFields, number, number]>([
    ['gt', { condition: 'gt', value: 10 }, 11, 10],
    ['ge', { condition: 'ge', value: 10 }, 10, 9],
    ['lt', { condition: 'lt', value: 10 }, 9, 10],
    ['le', { condition: 'le', value: 10 }, 10, 11],
    ['eq', { condition: 'eq', value: 3 }, 3, 4],
    ['ne', { condition: 'ne', value: 3 }, 4, 3],
    ['within', { condition: 'within', value: 10, value2: 20 }, 15, 25],
    ['outside', { condition: 'outside', value: 10, value2: 20 }, 25, 15],
    ['bitSet', { condition: 'bitSet', value: 3 }, 0b1000, 0b0111],
    ['bitClear', { condition: 'bitClear', value: 3 }, 0b0111, 0b1000],
  ])('raises and releases a %s rule', async (_name, fields, raising, releasing) => {
    const { variableId, ruleId } = await variableWithRule(admin, equipmentId, driverId, fields);
    await ingest([good(variableId, t0 + 1, releasing)]);
    expect(await alarmsOf(p.ctx.db, { ruleId })).toEqual([]);
    await ingest([good(variableId, t0 + 2, raising)]);
    expect((await alarmsOf(p.ctx.db, { ruleId })).map((r) => r.state)).toEqual(['active']);
    await ingest([good(variableId, t0 + 3, releasing)]);
    expect(
      (await alarmsOf(p.ctx.db, { ruleId })).map((r) => [r.state, r.trigger_value, r.release_value]),
    ).toEqual([['cleared', raising, releasing]]);
  });

  it('keeps one active alarm per rule and variable when two batches of the device arrive together', async () => {
    const { variableId, ruleId } = await variableWithRule(admin, equipmentId, driverId, {
      condition: 'gt',
      value: 1,
    });
    const other = await alarmRule(admin, equipmentId, variableId, { condition: 'gt', value: 2 });
    await Promise.all([
      ingest([good(variableId, t0 + 1, 5)]),
      ingest([good(variableId, t0 + 2, 6)]),
      ingest([good(variableId, t0 + 3, 7)]),
    ]);
    expect((await alarmsOf(p.ctx.db, { ruleId })).map((r) => r.state)).toEqual(['active']);
    expect((await alarmsOf(p.ctx.db, { ruleId: other })).map((r) => r.state)).toEqual(['active']);
  });

  it('keeps one active alarm when two server instances judge the same batch at once', async () => {
    const { variableId, ruleId } = await variableWithRule(admin, equipmentId, driverId, {
      condition: 'lt',
      value: 0,
    });
    const second = await createMonitor(p.ctx.config, p.ctx.db, p.clock, p.ctx.log);
    try {
      const batch = [good(variableId, t0 + 1, -5)];
      await Promise.all([ingest(batch), ingest(batch, false, second)]);
      expect((await alarmsOf(p.ctx.db, { ruleId })).map((r) => r.state)).toEqual(['active']);
      // the one that lost the race adopted the alarm: it releases it too
      await ingest([good(variableId, t0 + 2, 3)], false, second);
      expect((await alarmsOf(p.ctx.db, { ruleId })).map((r) => r.state)).toEqual(['cleared']);
    } finally {
      await second.close();
    }
  });

  it('rebuilds its active alarms from the database after a restart', async () => {
    const { variableId, ruleId } = await variableWithRule(admin, equipmentId, driverId, {
      condition: 'gt',
      value: 50,
    });
    await ingest([good(variableId, t0 + 1, 60)]);
    const restarted = await createMonitor(p.ctx.config, p.ctx.db, p.clock, p.ctx.log);
    try {
      await ingest([good(variableId, t0 + 2, 70)], false, restarted); // still high: no second alarm
      expect((await alarmsOf(p.ctx.db, { ruleId })).map((r) => r.state)).toEqual(['active']);
      await ingest([good(variableId, t0 + 3, 40)], false, restarted);
      expect((await alarmsOf(p.ctx.db, { ruleId })).map((r) => [r.state, r.release_value])).toEqual([
        ['cleared', 40],
      ]);
    } finally {
      await restarted.close();
    }
  });

  it('neither raises, releases nor resets a count on samples of bad quality', async () => {
    const { variableId, ruleId } = await variableWithRule(admin, equipmentId, driverId, {
      condition: 'lt',
      value: 1,
      filterCount: 2,
    });
    // a naive engine would read the failed reads' empty values as 0 (< 1) and raise
    await ingest([failed(variableId, t0 + 1), failed(variableId, t0 + 2), failed(variableId, t0 + 3)]);
    expect(await alarmsOf(p.ctx.db, { ruleId })).toEqual([]);
    await ingest([good(variableId, t0 + 4, 0), failed(variableId, t0 + 5), good(variableId, t0 + 6, 0)]);
    expect((await alarmsOf(p.ctx.db, { ruleId })).map((r) => r.state)).toEqual(['active']);
    await ingest([failed(variableId, t0 + 7), { signalId: variableId, ts: t0 + 8, value: 5, quality: 1711 }]);
    expect((await alarmsOf(p.ctx.db, { ruleId })).map((r) => r.state)).toEqual(['active']);
  });

  it('judges a replay of buffered history in its place, without letting it overwrite a newer live value', async () => {
    const { variableId, ruleId } = await variableWithRule(admin, equipmentId, driverId, {
      condition: 'gt',
      value: 100,
    });
    await ingest([good(variableId, t0 + 10, 20)]);
    await ingest([good(variableId, t0 + 1, 500), good(variableId, t0 + 2, 600)], true);
    expect(p.ctx.monitor.cache.get(variableId)).toMatchObject({ ts: t0 + 10, value: 20 });
    // the past excursion, with its true times, released by the live sample that followed it
    const [past] = await alarmsOf(p.ctx.db, { ruleId });
    expect(past).toMatchObject({ state: 'cleared', trigger_value: 500, release_value: 20, delayed: true });
    expect([past!.triggered_at.getTime(), past!.released_at!.getTime()]).toEqual([t0 + 1, t0 + 10]);
    // a replay newer than anything held fills the cache and raises what still holds
    await ingest([good(variableId, t0 + 20, 700)], true);
    expect(p.ctx.monitor.cache.get(variableId)).toMatchObject({ ts: t0 + 20, value: 700 });
    expect((await alarmsOf(p.ctx.db, { ruleId })).map((r) => [r.state, r.trigger_value, r.delayed])).toEqual([
      ['cleared', 500, true],
      ['active', 700, true],
    ]);
  });

  it('inserts the alarm a late sample raises, with its true times', async () => {
    const { variableId, ruleId } = await variableWithRule(admin, equipmentId, driverId, {
      condition: 'gt',
      value: 10,
    });
    await ingest([good(variableId, t0 + 1, 1), good(variableId, t0 + 3, 2)]);
    await ingest([good(variableId, t0 + 2, 50)]);
    const rows = await alarmsOf(p.ctx.db, { ruleId });
    expect(rows.map((r) => [r.state, r.trigger_value, r.release_value, r.delayed])).toEqual([
      ['cleared', 50, 2, true],
    ]);
    expect([rows[0]!.triggered_at.getTime(), rows[0]!.released_at!.getTime()]).toEqual([t0 + 2, t0 + 3]);
  });

  it('splits an alarm a late sample interrupts, keeping the first record', async () => {
    const { variableId, ruleId } = await variableWithRule(admin, equipmentId, driverId, {
      condition: 'gt',
      value: 10,
    });
    await ingest([good(variableId, t0 + 1, 20), good(variableId, t0 + 3, 30), good(variableId, t0 + 4, 1)]);
    const [first] = await alarmsOf(p.ctx.db, { ruleId });
    await ingest([good(variableId, t0 + 2, 5)]);
    const rows = await alarmsOf(p.ctx.db, { ruleId });
    expect(rows.map((r) => [r.id, r.trigger_value, r.release_value, r.delayed])).toEqual([
      [first!.id, 20, 5, false],
      [expect.any(Number), 30, 1, true],
    ]);
    expect(rows.map((r) => [r.triggered_at.getTime(), r.released_at!.getTime()])).toEqual([
      [t0 + 1, t0 + 2],
      [t0 + 3, t0 + 4],
    ]);
  });

  it('removes an alarm a late sample no longer supports, and counts on from the corrected state', async () => {
    const { variableId, ruleId } = await variableWithRule(admin, equipmentId, driverId, {
      condition: 'gt',
      value: 0,
      filterCount: 3,
    });
    await ingest([good(variableId, t0 + 1, 1), good(variableId, t0 + 2, 1), good(variableId, t0 + 4, 1)]);
    expect((await alarmsOf(p.ctx.db, { ruleId })).map((r) => r.state)).toEqual(['active']);
    await ingest([good(variableId, t0 + 3, 0)]); // breaks the run: t0+4 is the first of a new one
    expect(await alarmsOf(p.ctx.db, { ruleId })).toEqual([]);
    await ingest([good(variableId, t0 + 5, 1)]);
    expect(await alarmsOf(p.ctx.db, { ruleId })).toEqual([]);
    await ingest([good(variableId, t0 + 6, 1)]);
    const rows = await alarmsOf(p.ctx.db, { ruleId });
    expect(rows.map((r) => [r.state, r.triggered_at.getTime(), r.delayed])).toEqual([
      ['active', t0 + 6, false],
    ]);
  });

  it('moves the release of an alarm to the late sample that ended it first, and tells nobody again', async () => {
    const { variableId, ruleId } = await variableWithRule(admin, equipmentId, driverId, {
      condition: 'lt',
      value: 0,
    });
    await ingest([good(variableId, t0 + 1, -1), good(variableId, t0 + 2, -2), good(variableId, t0 + 5, 3)]);
    const messagesOfDevice = async () =>
      (await p.ctx.db.query('select id from messages where data_id = $1 order by id', [equipmentId])).length;
    await p.ctx.monitor.alarms.flushNotifications(); // what earlier tests left waiting
    const before = await messagesOfDevice();
    const bus = busRecorder(p.ctx.monitor.bus);
    await ingest([good(variableId, t0 + 3, 9), good(variableId, t0 + 4, 9)]);
    await p.ctx.monitor.alarms.flushNotifications();
    bus.stop();
    const rows = await alarmsOf(p.ctx.db, { ruleId });
    expect(rows.map((r) => [r.state, r.release_value, r.released_at!.getTime()])).toEqual([
      ['cleared', 9, t0 + 3],
    ]);
    expect(
      signalAlarms(bus.messages).map((m) => [m.alarm.alarmId, m.alarm.state, m.alarm.releasedAt]),
    ).toEqual([[rows[0]!.id, 'cleared', t0 + 3]]);
    expect(await messagesOfDevice()).toBe(before);
  });

  it('judges a sample only once: a batch delivered twice does not count twice', async () => {
    const { variableId, ruleId } = await variableWithRule(admin, equipmentId, driverId, {
      condition: 'gt',
      value: 0,
      filterCount: 2,
    });
    const batch = [good(variableId, t0 + 1, 1)];
    await ingest(batch);
    await ingest(batch);
    await ingest([good(variableId, t0 + 1, 1), good(variableId, t0 + 1, 1)]);
    expect(await alarmsOf(p.ctx.db, { ruleId })).toEqual([]);
    await ingest([good(variableId, t0 + 2, 1)]);
    expect((await alarmsOf(p.ctx.db, { ruleId })).map((r) => r.state)).toEqual(['active']);
  });

  it('releases an active alarm whose rule was deleted, at the next batch of the device', async () => {
    const { variableId, ruleId } = await variableWithRule(admin, equipmentId, driverId, {
      condition: 'gt',
      value: 0,
    });
    await ingest([good(variableId, t0 + 1, 1)]);
    expect((await alarmsOf(p.ctx.db, { ruleId })).map((r) => r.state)).toEqual(['active']);
    const res = await send(admin, '/lfscada/equipment/multi/alarm/delete', {
      owner: { equipmentId },
      id: ruleId,
    });
    expect(res.code).toBe('200');
    await ingest([good(variableId, t0 + 2, 1)]);
    expect((await alarmsOf(p.ctx.db, { ruleId })).map((r) => r.state)).toEqual(['cleared']);
  });

  it('keeps counting a run of samples across a configuration change of the device', async () => {
    const { variableId, ruleId } = await variableWithRule(admin, equipmentId, driverId, {
      condition: 'gt',
      value: 0,
      filterCount: 3,
    });
    await ingest([good(variableId, t0 + 1, 1), good(variableId, t0 + 2, 1)]);
    await variableWithRule(admin, equipmentId, driverId, { condition: 'gt', value: 0 }); // the device's version moves
    await ingest([good(variableId, t0 + 3, 1)]);
    const rows = await alarmsOf(p.ctx.db, { ruleId });
    expect(rows.map((r) => [r.state, r.triggered_at.getTime(), r.delayed])).toEqual([
      ['active', t0 + 3, false],
    ]);
  });

  it('picks up a rule added while values flow, and stops judging a disabled one', async () => {
    const { variableId, ruleId } = await variableWithRule(admin, equipmentId, driverId, {
      condition: 'gt',
      value: 10,
    });
    await ingest([good(variableId, t0 + 1, 5)]);
    const added = await alarmRule(admin, equipmentId, variableId, { condition: 'lt', value: 6 });
    await ingest([good(variableId, t0 + 2, 5)]);
    expect((await alarmsOf(p.ctx.db, { ruleId: added })).map((r) => r.state)).toEqual(['active']);
    await made(admin, '/lfscada/equipment/multi/alarm/edit', {
      owner: { equipmentId },
      id: ruleId,
      item: { variableId, condition: 'gt', value: 10, content: 'off', enabled: false },
    });
    await ingest([good(variableId, t0 + 3, 50)]);
    expect(await alarmsOf(p.ctx.db, { ruleId })).toEqual([]);
  });
});
