import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, variableSchema, type LiveValue } from '@fieldhub/shared';
import type { Clock } from '../../clock';
import { storeValues } from '../../link/telemetryStore';
import { loggedIn, startTestPlatform, type Caller, type TestPlatform } from '../../../test/harness';
import {
  deviceWithGateway,
  made,
  modbusDriver,
  role,
  send,
  subAccount,
  variable,
} from '../../../test/deviceFixtures';
import { loggedInOperator, otherEnterpriseAdmin } from '../../../test/platformFixtures';
import { makeEnterprise } from '../../../test/harness';
import { buildGatewayConfig } from '../../link/gatewayConfig';
import { runSummaries, startSummaryScheduler } from './summaryScheduler';
import type { ConfigOwner } from '../config/configOwner';
import { insertVariables } from '../config/variables.repo';

/**
 * Data summary variables and the summary screen's calls (docs/requirements/data-views.md §2,
 * device-configuration.md §3.6). Periods are bounded in Asia/Shanghai (the default zone, UTC+8):
 * the expected values below are worked out by hand from the samples stored.
 */
const m = '/lfscada/equipment/multi';
const s = '/lfscada/monitor/summary';
const TZ = 'Asia/Shanghai';

let p: TestPlatform;
let orgId: number;
let admin: Caller;
let adminZh: Caller;
let globex: Caller;
let viewer: Caller;
let engineer: Caller;
/** two meters with a `power` variable each, a host device (no gateway) for summary variables */
let meterA: number;
let meterB: number;
let host: number;
let powerA: number;
let powerB: number;
let globexPower: number;

const at = (iso: string) => new Date(iso).getTime();
const fixed = (iso: string): Clock => ({ now: () => new Date(iso) });
const deps = (iso: string) => ({
  db: p.ctx.db,
  clock: fixed(iso),
  tz: TZ,
  publish: (equipmentId: number, values: LiveValue[]) => p.ctx.monitor.ingest(equipmentId, values, false),
});
const summaryItem = (name: string, sources: number[], aggregation: string, period: string) => ({
  kind: 'summary',
  name,
  dataType: 'float64',
  summarySources: sources,
  summaryAggregation: aggregation,
  summaryPeriod: period,
});
const addSummary = (item: Record<string, unknown>, caller = admin, equipmentId = host) =>
  send<{ id: number }>(caller, `${m}/variable/add`, { owner: { equipmentId }, item });
const stored = (variableId: number) =>
  p.ctx.db.query<{ ts: Date; num: number }>(
    'select ts, num from signal_values where variable_id = $1 order by ts',
    [variableId],
  );
const samples = (equipmentId: number, variableId: number, points: [string, number][]) =>
  storeValues(
    p.ctx.db,
    equipmentId,
    points.map(([ts, value]) => ({ variableId, ts: at(ts), value, quality: 0 })),
  );

beforeAll(async () => {
  // the platform's own scheduler stays out of the way (a day between runs): the tests run it on virtual time
  p = await startTestPlatform({ SCHEDULER_INTERVAL_MS: '86400000' });
  const acme = await makeEnterprise(p.ctx.db, 'Acme Utilities');
  orgId = acme.orgId;
  admin = await loggedIn(p.app, acme.admin);
  adminZh = await loggedIn(p.app, acme.admin, 'zh-CN');
  const operator = await loggedInOperator(p);
  const a = await deviceWithGateway(admin, operator, 'Meter A');
  const b = await deviceWithGateway(admin, operator, 'Meter B');
  meterA = a.id;
  meterB = b.id;
  powerA = await variable(admin, a.owner, await modbusDriver(admin, a.owner), 'power');
  powerB = await variable(admin, b.owner, await modbusDriver(admin, b.owner), 'power');
  host = (await made(admin, `${m}/add`, { name: 'Plant totals' })).id;

  globex = await otherEnterpriseAdmin(p, 'Globex');
  const g = await deviceWithGateway(globex, operator, 'Globex meter');
  globexPower = await variable(globex, g.owner, await modbusDriver(globex, g.owner), 'power');

  const viewRole = await role(admin, 'Summary viewer', ['summary_view']);
  await subAccount(admin, { segment: 'int', loginname: 'summary-viewer', roleId: viewRole });
  viewer = await loggedIn(p.app, 'summary-viewer');
  const engineerRole = await role(admin, 'Engineer', ['equipment_manage', 'monitor_view']);
  await subAccount(admin, { segment: 'int', loginname: 'engineer', roleId: engineerRole });
  engineer = await loggedIn(p.app, 'engineer');
}, 120_000);
afterAll(() => p.stop());

describe('summary variables in the variable editor', () => {
  it('adds a summary variable over two devices and lists it with its definition', async () => {
    const res = await addSummary(summaryItem('total_power_daily', [powerB, powerA], 'sum', 'day'));
    expect(res.code).toBe('200');
    const rows = await made<Record<string, unknown>[]>(admin, `${m}/variable/query`, {
      owner: { equipmentId: host },
    });
    expect(rows).toEqual([
      expect.objectContaining({
        id: res.data.id,
        kind: 'summary',
        summarySources: [powerA, powerB].sort((x, y) => x - y),
        summaryAggregation: 'sum',
        summaryPeriod: 'day',
      }),
    ]);
  });

  it('refuses the same sources, aggregation and period again with 1725, in either order and language', async () => {
    const again = await addSummary(summaryItem('total_power_again', [powerA, powerB], 'sum', 'day'));
    expect(again).toMatchObject({ code: '1725', message: 'Duplicate summary variable', data: null });
    const zh = await addSummary(
      summaryItem('total_power_zh', [powerB, powerA, powerA], 'sum', 'day'),
      adminZh,
    );
    expect(zh).toMatchObject({ code: '1725', message: '汇总变量重复' });
    // on another device of the enterprise too
    const elsewhere = await addSummary(summaryItem('copy', [powerA, powerB], 'sum', 'day'), admin, meterA);
    expect(elsewhere.code).toBe('1725');
    const names = (
      await made<{ name: string }[]>(admin, `${m}/variable/query`, { owner: { equipmentId: host } })
    ).map((v) => v.name);
    expect(names).toEqual(['total_power_daily']);
  });

  it('refuses with 1725, not a server error, a duplicate that got past the check (saved at the same moment)', async () => {
    // the service's check ran for both saves before either wrote: the table's unique index decides
    const owner: ConfigOwner = {
      kind: 'equipment',
      id: host,
      orgId,
      series: 'EG',
      hasGateway: false,
      templateId: null,
      column: 'equipment_id',
    };
    const item = (name: string) => variableSchema.parse(summaryItem(name, [powerA, powerB], 'min', 'day'));
    const [first] = await insertVariables(p.ctx.db, owner, [item('low_a')]);
    const second = await insertVariables(p.ctx.db, owner, [item('low_b')]).catch((err: unknown) => err);
    expect(second).toBeInstanceOf(AppError);
    expect(second).toMatchObject({ code: 1725 });
    await send(admin, `${m}/variable/delete`, { owner: { equipmentId: host }, ids: [first] });
  });

  it('accepts the same sources with another period, and refuses an edit that makes a duplicate with 1725', async () => {
    const hourly = await addSummary(summaryItem('total_power_hourly', [powerA, powerB], 'sum', 'hour'));
    expect(hourly.code).toBe('200');
    const edit = await send(admin, `${m}/variable/edit`, {
      owner: { equipmentId: host },
      id: hourly.data.id,
      item: summaryItem('total_power_hourly', [powerA, powerB], 'sum', 'day'),
    });
    expect(edit.code).toBe('1725');
    await send(admin, `${m}/variable/delete`, { owner: { equipmentId: host }, ids: [hourly.data.id] });
  });

  it("refuses another enterprise's variable as a source with 1714 and stores nothing", async () => {
    const res = await addSummary(summaryItem('mixed', [powerA, globexPower], 'max', 'hour'));
    expect(res).toMatchObject({ code: '1714', data: null });
    const [{ n }] = (await p.ctx.db.query<{ n: number }>(
      "select count(*)::int as n from variables where org_id = $1 and kind = 'summary' and name = 'mixed'",
      [orgId],
    )) as [{ n: number }];
    expect(n).toBe(0);
  });

  it('refuses a summary without sources, aggregation or period, of text type, or over a summary with 10001', async () => {
    const noSources = await addSummary({ ...summaryItem('x1', [], 'sum', 'day') });
    expect(noSources).toMatchObject({
      code: '10001',
      message: expect.stringContaining('A summary variable needs source variables'),
    });
    const noPeriod = await addSummary({ ...summaryItem('x2', [powerA], 'sum', 'day'), summaryPeriod: null });
    expect(noPeriod.message).toContain('A summary variable needs a period');
    const text = await addSummary({
      ...summaryItem('x3', [powerA], 'sum', 'day'),
      dataType: 'string',
      stringLength: 8,
    });
    expect(text.message).toContain('numeric data type');
    const badAgg = await addSummary({ ...summaryItem('x4', [powerA], 'median', 'day') });
    expect(badAgg.code).toBe('10001');
    const [daily] = await made<{ id: number }[]>(admin, `${m}/variable/query`, {
      owner: { equipmentId: host },
    });
    const overSummary = await addSummary(summaryItem('x5', [daily!.id], 'max', 'month'));
    expect(overSummary.message).toContain('Sources must be numeric variables, not summaries');
  });

  it('leaves summary variables out of the configuration the gateway receives', async () => {
    const onMeter = await addSummary(summaryItem('meter_a_max', [powerA], 'max', 'month'), admin, meterA);
    expect(onMeter.code).toBe('200');
    const { config } = await buildGatewayConfig(p.ctx.db, meterA);
    expect(config.variables.map((v) => v.name)).toEqual(['power']);
    await send(admin, `${m}/variable/delete`, { owner: { equipmentId: meterA }, ids: [onMeter.data.id] });
  });
});

describe('computation from stored history', () => {
  let hourlySum: number;
  let dailyAvg: number;
  let monthlyMax: number;
  let count: number;

  beforeAll(async () => {
    hourlySum = (await addSummary(summaryItem('power_hourly_sum', [powerA, powerB], 'sum', 'hour'))).data.id;
    dailyAvg = (await addSummary(summaryItem('power_a_daily_avg', [powerA], 'avg', 'day'))).data.id;
    monthlyMax = (await addSummary(summaryItem('power_monthly_max', [powerA, powerB], 'max', 'month'))).data
      .id;
    count = (await addSummary(summaryItem('power_b_hourly_count', [powerB], 'count', 'hour'))).data.id;
    // an alarm rule on the hourly sum: its newest result is judged like a sample of the host device
    await made(admin, `${m}/alarm/add`, {
      owner: { equipmentId: host },
      item: {
        variableId: hourlySum,
        condition: 'gt',
        value: 60,
        level: 'urgent',
        content: 'Hourly power high',
      },
    });
    // Shanghai is UTC+8: 2026-02-28T16:30Z is 1 March 00:30 there
    await samples(meterA, powerA, [
      ['2026-02-28T15:00:00Z', 50],
      ['2026-02-28T16:30:00Z', 7],
      ['2026-03-10T02:05:00Z', 10],
      ['2026-03-10T02:30:00Z', 20],
      ['2026-03-10T03:10:00Z', 1],
      ['2026-03-10T04:20:00Z', 100],
    ]);
    await samples(meterB, powerB, [
      ['2026-03-10T02:45:00Z', 5],
      ['2026-03-10T03:40:00Z', 2],
      ['2026-03-10T03:50:00Z', 60],
    ]);
  });

  it('computes each closed period exactly on schedule and leaves the open one', async () => {
    // virtual time: 04:30Z, inside the hour of the 100 sample, which stays open
    await runSummaries(deps('2026-03-10T04:30:00Z'));
    expect(await stored(hourlySum)).toEqual([
      { ts: new Date('2026-02-28T15:00:00Z'), num: 50 },
      { ts: new Date('2026-02-28T16:00:00Z'), num: 7 },
      { ts: new Date('2026-03-10T02:00:00Z'), num: 35 },
      { ts: new Date('2026-03-10T03:00:00Z'), num: 63 },
    ]);
    expect(await stored(count)).toEqual([
      { ts: new Date('2026-03-10T02:00:00Z'), num: 1 },
      { ts: new Date('2026-03-10T03:00:00Z'), num: 2 },
    ]);
    // days in Shanghai: 28 Feb (50), 1 March (7); 10 March is still open
    expect(await stored(dailyAvg)).toEqual([
      { ts: new Date('2026-02-27T16:00:00Z'), num: 50 },
      { ts: new Date('2026-02-28T16:00:00Z'), num: 7 },
    ]);
    // February in Shanghai closed with max 50; March is open
    expect(await stored(monthlyMax)).toEqual([{ ts: new Date('2026-01-31T16:00:00Z'), num: 50 }]);
    // the newest hour is the variable's live value, and raised its alarm rule (63 > 60)
    expect(p.ctx.monitor.cache.get(hourlySum)).toMatchObject({ ts: at('2026-03-10T03:00:00Z'), value: 63 });
    const alarms = await p.ctx.db.query<{ state: string; content: string }>(
      'select state, content from alarms where variable_id = $1',
      [hourlySum],
    );
    expect(alarms).toEqual([{ state: 'active', content: 'Hourly power high' }]);
  });

  it('replaces the last computed period with a late sample at the next run, and adds the hour just closed', async () => {
    await samples(meterA, powerA, [['2026-03-10T03:55:00Z', 4]]);
    // a second run in the same hour does nothing
    await runSummaries(deps('2026-03-10T04:59:00Z'));
    expect((await stored(hourlySum)).at(-1)).toEqual({ ts: new Date('2026-03-10T03:00:00Z'), num: 63 });
    await runSummaries(deps('2026-03-10T05:01:00Z'));
    expect((await stored(hourlySum)).slice(-3)).toEqual([
      { ts: new Date('2026-03-10T02:00:00Z'), num: 35 },
      { ts: new Date('2026-03-10T03:00:00Z'), num: 67 },
      { ts: new Date('2026-03-10T04:00:00Z'), num: 100 },
    ]);
  });

  it('recomputes an older period on demand with a late sample, replacing its value', async () => {
    await samples(meterB, powerB, [['2026-03-10T02:59:59Z', 0.5]]);
    const res = await send<{ periods: number }>(admin, `${s}/recompute`, {
      variableId: hourlySum,
      startTime: '2026-03-10T02:00:00Z',
      endTime: '2026-03-10T02:10:00Z',
    });
    expect(res).toMatchObject({ code: '200', data: { periods: 1 } });
    expect((await stored(hourlySum)).slice(-3)).toEqual([
      { ts: new Date('2026-03-10T02:00:00Z'), num: 35.5 },
      { ts: new Date('2026-03-10T03:00:00Z'), num: 67 },
      { ts: new Date('2026-03-10T04:00:00Z'), num: 100 },
    ]);
  });

  it('answers the stored results as series over a range', async () => {
    const res = await made<{ variableId: number; points: [number, number][] }[]>(admin, `${s}/history`, {
      variableIds: [hourlySum, monthlyMax],
      startTime: '2026-03-10T00:00:00Z',
      endTime: '2026-03-11T00:00:00Z',
    });
    expect(res).toEqual([
      {
        variableId: hourlySum,
        points: [
          [at('2026-03-10T02:00:00Z'), 35.5],
          [at('2026-03-10T03:00:00Z'), 67],
          [at('2026-03-10T04:00:00Z'), 100],
        ],
      },
      { variableId: monthlyMax, points: [] },
    ]);
  });

  it('refuses a range longer than 366 days or ending before it starts with 10001, changing nothing', async () => {
    const before = await stored(hourlySum);
    const long = await send(admin, `${s}/recompute`, {
      variableId: hourlySum,
      startTime: '2025-01-01T00:00:00Z',
      endTime: '2026-03-10T00:00:00Z',
    });
    expect(long).toMatchObject({ code: '10001', message: expect.stringContaining('at most 366 days') });
    const backwards = await send(adminZh, `${s}/history`, {
      variableIds: [hourlySum],
      startTime: '2026-03-10T00:00:00Z',
      endTime: '2026-03-09T00:00:00Z',
    });
    expect(backwards).toMatchObject({ code: '10001', message: expect.stringContaining('结束晚于开始') });
    const tooMany = await send(admin, `${s}/history`, {
      variableIds: Array.from({ length: 11 }, (_, i) => i + 1),
      startTime: '2026-03-01T00:00:00Z',
      endTime: '2026-03-09T00:00:00Z',
    });
    expect(tooMany.code).toBe('10001');
    expect(await stored(hourlySum)).toEqual(before);
  });

  it('drops the results of a summary whose definition changes', async () => {
    const edit = await send(admin, `${m}/variable/edit`, {
      owner: { equipmentId: host },
      id: count,
      item: summaryItem('power_b_hourly_count', [powerA], 'count', 'hour'),
    });
    expect(edit.code).toBe('200');
    expect(await stored(count)).toEqual([]);
  });

  it("answers another enterprise's summary variable as missing (1714) and lists none of them", async () => {
    const range = { startTime: '2026-03-10T00:00:00Z', endTime: '2026-03-11T00:00:00Z' };
    expect((await send(globex, `${s}/history`, { variableIds: [hourlySum], ...range })).code).toBe('1714');
    expect((await send(globex, `${s}/recompute`, { variableId: hourlySum, ...range })).code).toBe('1714');
    expect(await made(globex, `${s}/variables`, {})).toEqual([]);
    expect((await made<{ id: number }[]>(globex, `${s}/sources`, {})).map((r) => r.id)).toEqual([
      globexPower,
    ]);
    expect((await made<unknown[]>(admin, `${s}/variables`, {})).length).toBe(5);
  });
});

describe('the scheduler', () => {
  it('runs on the one instance holding the lease', async () => {
    const log = { warn: () => undefined } as never;
    const d = { db: p.ctx.db, clock: p.clock, tz: TZ };
    const first = startSummaryScheduler(d, 3_600_000, log);
    const second = startSummaryScheduler(d, 3_600_000, log);
    expect(typeof (await first.tick())).toBe('number');
    expect(await second.tick()).toBeNull();
    // the leader stops and hands the lease back: the other takes over at its next run
    await first.stop();
    expect(typeof (await second.tick())).toBe('number');
    await second.stop();
  });
});

describe('totals and permissions', () => {
  it('counts devices, online share, alarms and writes of today, by group', async () => {
    const db = p.ctx.db;
    await db.query("update gateways set status = 'online' where equipment_id = $1", [meterA]);
    const now = p.clock.now();
    await db.query(
      `insert into alarms (org_id, equipment_id, kind, sn, state, triggered_at, released_at) values
         ($1, $2, 'gateway', 'x', 'cleared', $3, $3), ($1, $2, 'gateway', 'y', 'active', $4, null)`,
      [orgId, meterB, now, new Date(now.getTime() - 3 * 86_400_000)],
    );
    await db.query(
      `insert into command_tasks (uuid, org_id, equipment_id, gateway_sn, kind, expires_at, created_at)
       values (gen_random_uuid(), $1, $2, 'x', 'write', $3, $3), (gen_random_uuid(), $1, $2, 'x', 'sync', $3, $3)`,
      [orgId, meterA, now],
    );
    const all = await made(admin, `${s}/totals`, {});
    expect(all).toMatchObject({ devices: 3, online: 1, onlineShare: 1 / 3, alarmsToday: 1, writesToday: 1 });

    const [group] = await db.query<{ id: number }>(
      "insert into equipment_groups (org_id, name) values ($1, 'Line 1') returning id",
      [orgId],
    );
    const [sub] = await db.query<{ id: number }>(
      "insert into equipment_groups (org_id, parent_id, name) values ($1, $2, 'Cell 1') returning id",
      [orgId, group!.id],
    );
    await db.query('update equipment set group_id = $1 where id = $2', [sub!.id, meterB]);
    const line = await made(admin, `${s}/totals`, { groupId: group!.id });
    expect(line).toMatchObject({ devices: 1, online: 0, onlineShare: 0, alarmsToday: 1, writesToday: 0 });
    expect(await made(globex, `${s}/totals`, { groupId: group!.id })).toMatchObject({
      devices: 0,
      alarmsToday: 0,
    });
  });

  it('needs summary_view for the summary calls and equipment_manage for sources and summary variables', async () => {
    const range = { startTime: '2026-03-10T00:00:00Z', endTime: '2026-03-11T00:00:00Z' };
    expect((await send(engineer, `${s}/totals`, {})).code).toBe('90008');
    expect((await send(engineer, `${s}/variables`, {})).code).toBe('90008');
    expect((await send(engineer, `${s}/history`, { variableIds: [1], ...range })).code).toBe('90008');
    expect((await send(engineer, `${s}/recompute`, { variableId: 1, ...range })).code).toBe('90008');
    expect((await send(viewer, `${s}/sources`, {})).code).toBe('90008');
    const add = await addSummary(summaryItem('viewer_sum', [powerA], 'sum', 'month'), viewer);
    expect(add.code).toBe('90008');
    expect((await made<unknown[]>(viewer, `${s}/variables`, {})).length).toBe(5);
  });

  it('refuses a summary variable on a template with 10001', async () => {
    const tpl = await made(admin, '/lfscada/template/add', { name: 'Meter template', series: 'EG' });
    const res = await send(admin, `${m}/variable/add`, {
      owner: { templateId: tpl.id },
      item: summaryItem('tpl_sum', [powerA], 'sum', 'month'),
    });
    expect(res).toMatchObject({ code: '10001', message: expect.stringContaining('not a template') });
  });
});
