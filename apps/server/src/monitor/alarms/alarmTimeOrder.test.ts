import fc from 'fast-check';
import pino from 'pino';
import type { MqttClient } from 'mqtt';
import { Err } from '@fieldhub/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loggedIn,
  makeEnterprise,
  startTestPlatform,
  type Caller,
  type TestPlatform,
} from '../../../test/harness';
import { made, modbusDriver, variable } from '../../../test/deviceFixtures';
import {
  connectAsGateway,
  linkedDevice,
  publishHandled,
  type LinkedDevice,
} from '../../../test/gatewayFixtures';
import { loggedInOperator } from '../../../test/platformFixtures';
import { alarmRule, type RuleFields } from '../../../test/alarmFixtures';
import {
  evaluateRule,
  storedSeries,
  type AlarmSpan,
  type KernelRule,
  type KernelSample,
} from './alarmKernel';
import { delayedAlarmNotices } from './delayedAlarms';
import { defaultProviders } from '../notify/providers';

/**
 * Alarms follow the time order of samples (issue 16 items 6 and 7, docs/requirements/monitoring.md
 * §7.5, §7.6), through the real link: a gateway client publishes telemetry batches — out of order,
 * twice, as replayed history — to the embedded broker, which acknowledges a publish once the platform
 * has stored and judged it. The alarm records must then be the alarm kernel's evaluation of the
 * stored series, and only what is new or still current is told one by one.
 */
let p: TestPlatform;
let admin: Caller;
let device: LinkedDevice;
let driverId: number;
let gateway: MqttClient;
let orgId: number;

beforeAll(async () => {
  p = await startTestPlatform({ MQTT_PORT: '0' }, { link: true });
  const enterprise = await makeEnterprise(p.ctx.db, 'Time Order Works');
  orgId = enterprise.orgId;
  admin = await loggedIn(p.app, enterprise.admin);
  device = await linkedDevice(admin, await loggedInOperator(p), 'Out-of-order tank');
  driverId = await modbusDriver(admin, device.owner);
  gateway = await connectAsGateway(p.brokerUrl, device.sn, device.mqttPassword);
});
afterAll(async () => {
  await gateway?.endAsync();
  await p.stop();
});

interface Item {
  ts: number;
  vals: Record<string, number | string | null>;
  q?: Record<string, number>;
}

let seq = 0;
/** Publishes a batch (live, or replayed history) and resolves once the platform stored and judged it. */
async function publish(items: Item[], hist = false): Promise<void> {
  await publishHandled(
    p,
    gateway,
    p.topic(`iiot/v1/${device.sn}/up/telemetry${hist ? '/hist' : ''}`),
    JSON.stringify({ v: 1, bootId: 'boot-1', seq: ++seq, items }),
  );
}

let serial = 0;
/** A new variable of the device with one rule; returns the ids and the rule as the kernel reads it. */
async function watched(fields: RuleFields & { filterCount?: number }) {
  const variableId = await variable(admin, device.owner, driverId, `t_${++serial}`, {
    address: String(serial),
  });
  const ruleId = await alarmRule(admin, device.equipmentId, variableId, fields);
  const rule: KernelRule = {
    condition: fields.condition as KernelRule['condition'],
    value: fields.value,
    value2: fields.value2 ?? null,
    filterCount: fields.filterCount ?? 1,
  };
  return { variableId, ruleId, rule };
}

async function storedOf(variableId: number): Promise<KernelSample[]> {
  const rows = await p.ctx.db.query<{ ts: number; num: number | null; txt: string | null; quality: number }>(
    `select (date_part('epoch', ts) * 1000)::int8 as ts, num, txt, quality from signal_values
      where variable_id = $1 order by ts`,
    [variableId],
  );
  return rows.map((r) => ({ ts: Number(r.ts), value: r.num ?? r.txt, quality: r.quality }));
}

interface Recorded extends AlarmSpan {
  id: number;
  delayed: boolean;
}
async function recordsOf(ruleId: number): Promise<Recorded[]> {
  const rows = await p.ctx.db.query<{
    id: number;
    trigger_value: number | string | null;
    release_value: number | string | null;
    triggered_at: Date;
    released_at: Date | null;
    state: string;
    delayed: boolean;
  }>('select * from alarms where rule_id = $1 order by triggered_at, id', [ruleId]);
  return rows.map((r) => ({
    id: r.id,
    raisedAt: r.triggered_at.getTime(),
    raiseValue: r.trigger_value,
    releasedAt: r.released_at?.getTime() ?? null,
    releaseValue: r.state === 'cleared' ? r.release_value : null,
    delayed: r.delayed,
  }));
}
const spansOf = (records: Recorded[]): AlarmSpan[] =>
  records.map(({ raisedAt, raiseValue, releasedAt, releaseValue }) => ({
    raisedAt,
    raiseValue,
    releasedAt,
    releaseValue,
  }));

/** The in-app messages of the device made since message `after`: one per alarm told, and summaries. */
async function messagesSince(after: number) {
  return p.ctx.db.query<{
    id: number;
    alarm_id: number | null;
    data: { type: string; count?: number; alarmIds?: number[] };
  }>('select id, alarm_id, data from messages where data_id = $1 and id > $2 order by id', [
    device.equipmentId,
    after,
  ]);
}
async function lastMessageId(): Promise<number> {
  await p.ctx.monitor.alarms.flushNotifications(); // what earlier tests left waiting
  const [row] = await p.ctx.db.query<{ id: number | null }>('select max(id)::int8 as id from messages');
  return Number(row?.id ?? 0);
}

/** A deterministic scramble of 0..n-1. */
function scrambled(n: number, step: number): number[] {
  return Array.from({ length: n }, (_, i) => (i * step + 3) % n);
}

describe('alarms in the time order of samples', () => {
  it('records every excursion of samples delivered out of order, with its true times (18, not 6)', async () => {
    const { variableId, ruleId, rule } = await watched({ condition: 'gt', value: 50 });
    const since = await lastMessageId();
    const base = Date.now();
    // 37 samples: low, high, low, ... — 18 excursions above the limit
    const samples = Array.from({ length: 37 }, (_, i) => ({ ts: base + i * 100, value: i % 2 ? 80 : 20 }));
    const batches = Array.from({ length: 12 }, (_, b) => samples.slice(b * 3, b === 11 ? 37 : b * 3 + 3));
    for (const b of scrambled(12, 5))
      await publish(batches[b]!.map((s) => ({ ts: s.ts, vals: { [variableId]: s.value } })));
    await p.ctx.monitor.alarms.flushNotifications();

    const records = await recordsOf(ruleId);
    expect(records).toHaveLength(18);
    expect(spansOf(records)).toEqual(
      samples
        .filter((s) => s.value === 80)
        .map((s) => ({ raisedAt: s.ts, raiseValue: 80, releasedAt: s.ts + 100, releaseValue: 20 })),
    );
    expect(spansOf(records)).toEqual(evaluateRule(rule, await storedOf(variableId)).spans);

    // new alarms were told one by one as they came; those learnt late only in one summary
    const late = records.filter((r) => r.delayed);
    expect(late.length).toBeGreaterThan(0);
    expect(late.length).toBeLessThan(18);
    const messages = await messagesSince(since);
    const told = messages.filter((m) => m.data.type === 'alarm').map((m) => Number(m.alarm_id));
    expect(told.sort((a, b) => a - b)).toEqual(
      records
        .filter((r) => !r.delayed)
        .map((r) => r.id)
        .sort((a, b) => a - b),
    );
    const summaries = messages.filter((m) => m.data.type === 'alarmSummary');
    expect(summaries.map((m) => [m.alarm_id, m.data.count, m.data.alarmIds])).toEqual([
      [null, late.length, late.map((r) => r.id)],
    ]);

    // the alarm list says which were learnt late
    const page = await made<{ list: { id: number; delayed?: boolean }[] }>(
      admin,
      '/lfscada/monitor/multi/alarm/query',
      { equipmentId: device.equipmentId, pageSize: 100 },
    );
    const listed = new Map(page.list.map((a) => [a.id, a.delayed]));
    expect(records.map((r) => listed.get(r.id))).toEqual(records.map((r) => r.delayed));
  });

  it('changes nothing when a batch is delivered again, out of order', async () => {
    const { variableId, ruleId } = await watched({ condition: 'lt', value: 0, filterCount: 2 });
    const base = Date.now();
    const items = [-1, -2, 5, -3, -4, -5, 1].map((v, i) => ({
      ts: base + i * 100,
      vals: { [variableId]: v },
    }));
    await publish(items.slice(0, 4));
    await publish(items.slice(4));
    const before = await recordsOf(ruleId);
    expect(before.map((r) => [r.raiseValue, r.releaseValue])).toEqual([
      [-2, 5],
      [-4, 1],
    ]);
    const since = await lastMessageId();
    await publish(items.slice(0, 4));
    await publish([items[2]!, items[5]!]);
    await p.ctx.monitor.alarms.flushNotifications();
    expect(await recordsOf(ruleId)).toEqual(before);
    expect(await messagesSince(since)).toEqual([]);
  });

  it('raises the alarms of store-and-forward data with their original times, marked delayed, told in one summary (5, not 0)', async () => {
    const { variableId, ruleId, rule } = await watched({ condition: 'gt', value: 50, filterCount: 2 });
    const since = await lastMessageId();
    const base = Date.now();
    const at = (i: number) => base + i * 100;
    await publish([{ ts: at(0), vals: { [variableId]: 20 } }]);
    // offline meanwhile: 5 excursions of two high samples each, buffered, then replayed in order
    const buffered = Array.from({ length: 20 }, (_, i) => ({
      ts: at(i + 1),
      vals: { [variableId]: i % 4 === 1 || i % 4 === 2 ? 90 : 10 },
    }));
    for (let i = 0; i < buffered.length; i += 4) await publish(buffered.slice(i, i + 4), true);
    await publish([{ ts: at(30), vals: { [variableId]: 20 } }]);
    await p.ctx.monitor.alarms.flushNotifications();

    const records = await recordsOf(ruleId);
    expect(records.map((r) => [r.raisedAt, r.releasedAt, r.delayed])).toEqual(
      [0, 1, 2, 3, 4].map((k) => [at(4 * k + 3), at(4 * k + 4), true]),
    );
    expect(spansOf(records)).toEqual(evaluateRule(rule, await storedOf(variableId)).spans);
    const messages = await messagesSince(since);
    expect(messages.map((m) => [m.data.type, m.alarm_id, m.data.count])).toEqual([['alarmSummary', null, 5]]);
    // the message centre shows it in the reader's language, without an alarm sound
    const page = await made<{
      list: { id: number; note: string; alarmId: number | null; alarmBroadcastTimes: number }[];
    }>(admin, '/lfscada/msg/query', { equipmentId: device.equipmentId, pageSize: 5 });
    expect(page.list.find((m) => m.id === messages[0]!.id)).toMatchObject({
      note: '5 alarms in data that arrived late, all released',
      alarmId: null,
      alarmBroadcastTimes: 0,
    });
  });

  it('tells alarms learnt late after a restart that came before the replay went quiet, once', async () => {
    const { variableId, ruleId } = await watched({ condition: 'gt', value: 50 });
    const since = await lastMessageId();
    const base = Date.now();
    await publish(
      [10, 90, 10, 90, 10].map((v, i) => ({ ts: base + i * 100, vals: { [variableId]: v } })),
      true,
    );
    await p.ctx.monitor.alarms.idle();
    const records = await recordsOf(ruleId);
    expect(records.map((r) => r.delayed)).toEqual([true, true]);
    // the server stops before the device's replay has been quiet for 30 s: nothing told yet, and
    // the next start finds the notices waiting in the table and tells them
    expect(await messagesSince(since)).toEqual([]);
    const nextStart = delayedAlarmNotices({
      db: p.ctx.db,
      providers: defaultProviders(),
      log: pino({ level: 'silent' }),
      exclusive: (_equipmentId, work) => work(),
      afterNotified: async () => {},
    });
    await nextStart.flush();
    const told = await messagesSince(since);
    expect(told.map((m) => [m.data.type, m.data.count])).toEqual([['alarmSummary', 2]]);
    // the first run's wait ends too, but the notices were claimed: told once
    await p.ctx.monitor.alarms.flushNotifications();
    expect(await messagesSince(since)).toEqual(told);
    expect(
      await p.ctx.db.query('select id from alarms where notice_pending and rule_id = $1', [ruleId]),
    ).toEqual([]);
  });

  it('tells an alarm of replayed data that still holds, and no summary when the enterprise does not want one', async () => {
    await p.ctx.db.query('update orgs set notify_delayed_alarms = false where id = $1', [orgId]);
    try {
      const { variableId, ruleId } = await watched({ condition: 'gt', value: 50 });
      const since = await lastMessageId();
      const base = Date.now();
      const values = [10, 90, 10, 90, 10, 90, 95];
      await publish(
        values.map((v, i) => ({ ts: base + i * 100, vals: { [variableId]: v } })),
        true,
      );
      await p.ctx.monitor.alarms.flushNotifications();
      const records = await recordsOf(ruleId);
      expect(records.map((r) => [r.raiseValue, r.releaseValue, r.delayed])).toEqual([
        [90, 10, true],
        [90, 10, true],
        [90, null, true],
      ]);
      const messages = await messagesSince(since);
      expect(messages.map((m) => [m.data.type, m.alarm_id])).toEqual([['alarm', records[2]!.id]]);
    } finally {
      await p.ctx.db.query('update orgs set notify_delayed_alarms = true where id = $1', [orgId]);
    }
  });
});

// -- the acceptance property ------------------------------------------------------------------

interface Delivery {
  hist: boolean;
  /** sent without waiting for the acknowledgement of the batch before (handled concurrently) */
  together: boolean;
  items: { slot: number; value: number; kind: ItemKind }[];
}

const ruleArb = fc.record({
  condition: fc.constantFrom('gt', 'ge', 'lt', 'le', 'ne'),
  value: fc.integer({ min: -1, max: 1 }),
  filterCount: fc.integer({ min: 1, max: 3 }),
});
/**
 * A sample as a gateway sends it: mostly good, some failed reads, and some the platform judges bad
 * item by item (docs/requirements/gateway-link.md §4.2–§4.4) — a time before 1970 and a value beyond
 * the int16 register are refused, a key that is not a variable id too, and "NaN" is kept as no value
 * with the quality 1722 — while the good items of the same batch are stored.
 */
type ItemKind = 'good' | 'failed' | 'early' | 'huge' | 'nan' | 'badKey';
const itemArb = fc.record({
  slot: fc.integer({ min: 0, max: 29 }), // few times: the same time is often delivered again
  value: fc.integer({ min: -2, max: 2 }),
  kind: fc.oneof(
    { weight: 14, arbitrary: fc.constant<ItemKind>('good') },
    { weight: 2, arbitrary: fc.constant<ItemKind>('failed') },
    { weight: 1, arbitrary: fc.constantFrom<ItemKind>('early', 'huge', 'nan', 'badKey') },
  ),
});

/** The item sent for a sample, and what history must keep of it (nothing when it is refused). */
function itemOf(
  variableId: number,
  ts: number,
  { value, kind }: { value: number; kind: ItemKind },
): [Item, KernelSample | null] {
  switch (kind) {
    case 'good':
      return [
        { ts, vals: { [variableId]: value } },
        { ts, value, quality: 0 },
      ];
    case 'failed':
      return [
        { ts, vals: {}, q: { [variableId]: 1715 } },
        { ts, value: null, quality: 1715 },
      ];
    case 'early':
      return [{ ts: -1, vals: { [variableId]: value } }, null];
    case 'huge':
      return [{ ts, vals: { [variableId]: 40_000 } }, null];
    case 'nan':
      return [
        { ts, vals: { [variableId]: 'NaN' } },
        { ts, value: null, quality: Err.dataTypeError },
      ];
    case 'badKey':
      return [{ ts, vals: { [`k${variableId}`]: value } }, null];
    default: {
      const unknown: never = kind;
      throw new Error(`unknown item kind ${String(unknown)}`);
    }
  }
}
const deliveryArb = fc.record({
  hist: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
  together: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
  items: fc.array(itemArb, { minLength: 1, maxLength: 5 }),
});
/** Batches in the order sent; some sent again later (a redelivery after a lost acknowledgement). */
const planArb = fc
  .tuple(fc.array(deliveryArb, { minLength: 1, maxLength: 10 }), fc.array(fc.nat(), { maxLength: 3 }))
  .map(([batches, again]) => [...batches, ...again.map((n) => batches[n % batches.length]!)]);

describe('alarm records equal the kernel over the stored series', () => {
  it('whatever the interleaving, repetition, lateness, replay and concurrency of mixed good and bad batches', async () => {
    await fc.assert(
      fc.asyncProperty(ruleArb, planArb, async (fields, plan: Delivery[]) => {
        const { variableId, ruleId, rule } = await watched(fields);
        const base = Date.now();
        const delivered: KernelSample[] = [];
        let inFlight: Promise<void>[] = [];
        for (const batch of plan) {
          const items = batch.items.map((item): Item => {
            const [sent, kept] = itemOf(variableId, base + item.slot * 50, item);
            if (kept) delivered.push(kept);
            return sent;
          });
          inFlight.push(publish(items, batch.hist));
          if (batch.together) continue;
          await Promise.all(inFlight);
          inFlight = [];
        }
        await Promise.all(inFlight);
        await p.ctx.monitor.alarms.idle();
        const stored = await storedOf(variableId);
        if (plan.some((b) => b.together)) {
          // batches handled at once: which delivery of a time was stored first is theirs to decide
          expect(stored.map((s) => s.ts)).toEqual(storedSeries(delivered).map((s) => s.ts));
          for (const s of stored) expect(delivered.filter((d) => d.ts === s.ts)).toContainEqual(s);
        } else expect(stored).toEqual(storedSeries(delivered));
        expect(spansOf(await recordsOf(ruleId))).toEqual(evaluateRule(rule, stored).spans);
      }),
      { numRuns: 25 },
    );
  });
});
