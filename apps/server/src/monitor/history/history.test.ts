import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurveResult, HistoryValueRow, Page, ReportRecordPage } from '@fieldhub/shared';
import {
  loggedIn,
  makeEnterprise,
  startTestPlatform,
  type Caller,
  type TestPlatform,
} from '../../../test/harness';
import {
  deviceWithGateway,
  hourlyMaxReport,
  made,
  modbusDriver,
  send,
  variable,
} from '../../../test/deviceFixtures';
import { loggedInOperator } from '../../../test/platformFixtures';
import { ensureMonthPartitions } from '../../link/partitions';
import { download } from '../../../test/sheets';
import { curveOf, deviceVariables, pointsInTimeOrder } from './history.service';

let p: TestPlatform;
let admin: Caller;
let device: number;
let level: number;
let temp: number;
let state: number;
let report: number;

const DAY = 86_400_000;
/** 2024-03-01T00:00:00Z: the stored values start here, one per variable every 10 s for a day */
const T0 = Date.UTC(2024, 2, 1);
const STEP = 10_000;
const N = DAY / STEP;

/** The value of `level` at step i: a slow wave with a spike every 997 steps. */
const levelAt = (i: number) => Math.round(Math.sin(i / 500) * 100) / 10 + (i % 997 === 0 ? 50 : 0);

beforeAll(async () => {
  p = await startTestPlatform();
  const operator = await loggedInOperator(p);
  admin = await loggedIn(p.app, (await makeEnterprise(p.ctx.db, 'History Works')).admin);
  const d = await deviceWithGateway(admin, operator, 'Kiln');
  device = d.id;
  const plc = await modbusDriver(admin, d.owner);
  level = await variable(admin, d.owner, plc, 'level', { unit: 'm', storeHistory: true });
  temp = await variable(admin, d.owner, plc, 'temp', { address: '1', unit: '°C' });
  state = await variable(admin, d.owner, plc, 'state', {
    address: '2',
    dataType: 'string',
    stringLength: 10,
  });
  report = await hourlyMaxReport(admin, d.owner, level);

  await ensureMonthPartitions(p.ctx.db, 'signal_values', [T0]);
  await p.ctx.db.query(
    `insert into signal_values(equipment_id, variable_id, ts, num, txt, quality)
     select $1::int8, $2::int8, to_timestamp(($4::int8 + g * $5::int8) / 1000.0),
            round((sin(g / 500.0) * 100)::numeric) / 10 + case when g % 997 = 0 then 50 else 0 end, null, 0
       from generate_series(0, $6::int - 1) g
     union all
     select $1::int8, $3::int8, to_timestamp(($4::int8 + g * $5::int8) / 1000.0), 20 + g % 7, null,
            case when g % 100 = 0 then 1715 else 0 end
       from generate_series(0, $6::int - 1) g`,
    [device, level, temp, T0, STEP, N],
  );
  await p.ctx.db.query(
    `insert into signal_values(equipment_id, variable_id, ts, txt) values ($1, $2, $3, 'running')`,
    [device, state, new Date(T0 + 5_000)],
  );
  await ensureMonthPartitions(p.ctx.db, 'report_records', [T0]);
  await p.ctx.db.query(
    `insert into report_records(report_id, equipment_id, ts, values)
     select $1, $2, to_timestamp(($3::int8 + g * 3600000) / 1000.0), jsonb_build_object($4::text, jsonb_build_object('max', g))
       from generate_series(0, 23) g`,
    [report, device, T0, String(level)],
  );
});
afterAll(() => p.stop());

describe('history range rules', () => {
  const query = (startTime: unknown, endTime: unknown) =>
    send(admin, '/lfscada/monitor/multi/history/query', { equipmentId: device, startTime, endTime });

  it('refuses a span over 30 days, a start not before the end and dates before 1970 with 10001', async () => {
    const cases: [unknown, unknown, string, RegExp][] = [
      [T0, T0 + 30 * DAY + 1, 'span', /may not exceed 30 days/],
      [T0, T0, 'order', /end time must be later than the start time/],
      [T0 + 1, T0, 'order', /end time must be later/],
      [-1, T0, 'before1970', /before 1970/],
      ['1969-12-31T23:59:59Z', '1970-01-02T00:00:00Z', 'before1970', /before 1970/],
    ];
    for (const [start, end, rule, message] of cases) {
      const res = await query(start, end);
      expect([res.code, res.data]).toEqual(['10001', { rule }]);
      expect(res.message).toMatch(message);
    }
    expect((await query(T0, T0 + 30 * DAY)).code).toBe('200');
    expect((await query(undefined, T0)).code).toBe('10001');
    expect((await query('yesterday', T0)).code).toBe('10001');
  });

  it('gives the rule’s message in Chinese to a Chinese caller', async () => {
    const zh = await loggedIn(p.app, 'historyworks-admin', 'zh-CN');
    const res = await send(zh, '/lfscada/monitor/multi/history/query', {
      equipmentId: device,
      startTime: T0,
      endTime: T0 + 31 * DAY,
    });
    expect(res.message).toBe('参数校验失败：查询时间跨度不能超过 30 天');
  });
});

describe('history values', () => {
  it('pages the stored values of the range newest first, with name, unit and quality', async () => {
    const page = await made<Page<HistoryValueRow>>(admin, '/lfscada/monitor/multi/history/query', {
      equipmentId: device,
      variableIds: [level, temp],
      startTime: new Date(T0).toISOString(),
      endTime: T0 + 60_000,
      pageNum: 2,
      pageSize: 4,
    });
    // 7 steps (0 s … 60 s) of two variables: 14 values
    expect(page.total).toBe(14);
    expect(page.list).toEqual([
      { variableId: level, name: 'level', unit: 'm', ts: T0 + 40_000, value: levelAt(4), quality: 0 },
      { variableId: temp, name: 'temp', unit: '°C', ts: T0 + 40_000, value: 24, quality: 0 },
      { variableId: level, name: 'level', unit: 'm', ts: T0 + 30_000, value: levelAt(3), quality: 0 },
      { variableId: temp, name: 'temp', unit: '°C', ts: T0 + 30_000, value: 23, quality: 0 },
    ]);
  });

  it('includes every variable, text values too, when none are named', async () => {
    const page = await made<Page<HistoryValueRow>>(admin, '/lfscada/monitor/multi/history/query', {
      equipmentId: device,
      startTime: T0,
      endTime: T0 + 5_000,
    });
    expect(page.list.map((r) => [r.name, r.value, r.quality])).toEqual([
      ['state', 'running', 0],
      ['level', levelAt(0), 0],
      ['temp', 20, 1715],
    ]);
  });

  it('answers the records of a report with its columns', async () => {
    const page = await made<ReportRecordPage>(admin, '/lfscada/monitor/multi/report/query', {
      equipmentId: device,
      reportId: report,
      startTime: T0,
      endTime: T0 + 3 * 3_600_000,
    });
    expect(page.columns).toEqual([{ variableId: level, name: 'level', unit: 'm', aggregation: 'max' }]);
    expect(page.total).toBe(4);
    expect(page.list[0]).toEqual({ ts: T0 + 3 * 3_600_000, values: { [level]: { max: 3 } } });
  });

  it('exports the records of a report as .xlsx, one column per item, newest first', async () => {
    const { res, rows } = await download(
      p.app,
      admin,
      '/lfscada/monitor/multi/report/export',
      {
        equipmentId: device,
        reportId: report,
        startTime: T0,
        endTime: T0 + 2 * 3_600_000,
        utcOffsetMinutes: 0,
      },
      'zh-CN',
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('hourly-20240301.xlsx');
    expect(rows).toEqual([
      ['时间', 'level (最大值) [m]'],
      [new Date(T0 + 2 * 3_600_000), 2],
      [new Date(T0 + 3_600_000), 1],
      [new Date(T0), 0],
    ]);
    // the range rules and the device check come before any file
    const refused = await download(p.app, admin, '/lfscada/monitor/multi/report/export', {
      equipmentId: device,
      reportId: report,
      startTime: T0,
      endTime: T0 + 40 * DAY,
    });
    expect(refused.rows).toEqual([]);
    expect(JSON.parse(refused.res.payload)).toMatchObject({ code: '10001' });
  });
});

describe('curves', () => {
  const curve = (body: Record<string, unknown>) =>
    send<CurveResult>(admin, '/lfscada/monitor/multi/curve/query', { equipmentId: device, ...body });

  it('downsamples each variable keeping every bucket’s first, last, min and max', async () => {
    const width = 200;
    const res = await curve({ variableIds: [level, temp], startTime: T0, endTime: T0 + DAY, width });
    expect(res.code).toBe('200');
    const c = res.data;
    expect(c).toMatchObject({ from: T0, to: T0 + DAY, truncated: false, rawPoints: 2 * N });
    const [lv, tp] = c.series;
    expect([lv!.variableId, lv!.name, lv!.unit, tp!.variableId]).toEqual([level, 'level', 'm', temp]);
    expect(lv!.points.length).toBeLessThanOrEqual(4 * width);
    expect(lv!.points.length).toBeGreaterThan(width);
    // brute force over the stored series: each bucket's extremes and ends are among the points
    for (let b = 0; b < width; b++) {
      const lo = Math.ceil((b * N) / width);
      const hi = Math.ceil(((b + 1) * N) / width) - 1;
      const values = Array.from({ length: hi - lo + 1 }, (_, k) => levelAt(lo + k));
      const kept = lv!.points.filter(([t]) => t >= T0 + lo * STEP && t <= T0 + hi * STEP);
      expect(kept[0]).toEqual([T0 + lo * STEP, levelAt(lo)]);
      expect(kept[kept.length - 1]).toEqual([T0 + hi * STEP, levelAt(hi)]);
      expect(Math.min(...kept.map((k) => k[1]))).toBe(Math.min(...values));
      expect(Math.max(...kept.map((k) => k[1]))).toBe(Math.max(...values));
    }
    // the spikes survive
    expect(lv!.points).toContainEqual([T0 + 997 * STEP, levelAt(997)]);
  });

  it('reads only the latest points past the limit and says so', async () => {
    const variables = await deviceVariables(p.ctx.db, device, [level]);
    const c = await curveOf(p.ctx.db, variables, { start: new Date(T0), end: new Date(T0 + DAY) }, 100, 1000);
    expect(c).toMatchObject({ truncated: true, rawPoints: 1000, from: T0 + (N - 1000) * STEP, to: T0 + DAY });
    expect(c.series[0]!.points[0]).toEqual([T0 + (N - 1000) * STEP, levelAt(N - 1000)]);
    expect(c.series[0]!.points.at(-1)).toEqual([T0 + (N - 1) * STEP, levelAt(N - 1)]);
  });

  it('puts the points the database gave in time order, newest first or in any other order', () => {
    const order = (ts: number[]) => {
      const r = pointsInTimeOrder(
        Float64Array.from(ts),
        Float64Array.from(ts, (t) => t * 10),
      );
      return [[...r.ts], [...r.ys]];
    };
    expect(order([3, 2, 1])).toEqual([
      [1, 2, 3],
      [10, 20, 30],
    ]);
    expect(order([2, 3, 1])).toEqual([
      [1, 2, 3],
      [10, 20, 30],
    ]);
    expect(order([1, 2, 3])).toEqual([
      [1, 2, 3],
      [10, 20, 30],
    ]);
    expect(order([])).toEqual([[], []]);
  });

  it('takes at most 10 variables and at least one', async () => {
    const ids = Array.from({ length: 11 }, (_, i) => i + 1);
    expect((await curve({ variableIds: ids, startTime: T0, endTime: T0 + DAY })).code).toBe('10001');
    expect((await curve({ variableIds: [], startTime: T0, endTime: T0 + DAY })).code).toBe('10001');
    expect((await curve({ variableIds: [level], startTime: T0, endTime: T0 + 31 * DAY })).code).toBe('10001');
  });
});

describe('history export', () => {
  it('writes the values of the range into an .xlsx sheet, by variable in the device’s order and in time order', async () => {
    const { res, rows } = await download(p.app, admin, '/lfscada/monitor/multi/history/export', {
      equipmentId: device,
      variableIds: [temp, level],
      startTime: T0,
      endTime: T0 + 20_000,
      utcOffsetMinutes: 480,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('Kiln-history-20240301.xlsx');
    expect(rows).toEqual([
      ['Time', 'Variable', 'Value', 'Unit', 'Quality'],
      // wall time of UTC+8, written as a date cell
      [new Date(T0 + 8 * 3_600_000), 'level', levelAt(0), 'm', 0],
      [new Date(T0 + 8 * 3_600_000 + 10_000), 'level', levelAt(1), 'm', 0],
      [new Date(T0 + 8 * 3_600_000 + 20_000), 'level', levelAt(2), 'm', 0],
      [new Date(T0 + 8 * 3_600_000), 'temp', 20, '°C', 1715],
      [new Date(T0 + 8 * 3_600_000 + 10_000), 'temp', 21, '°C', 0],
      [new Date(T0 + 8 * 3_600_000 + 20_000), 'temp', 22, '°C', 0],
    ]);
  });

  it('answers a refused export with the envelope, not a file', async () => {
    const res = await send(admin, '/lfscada/monitor/multi/history/export', {
      equipmentId: device,
      startTime: T0,
      endTime: T0 + 40 * DAY,
    });
    expect(res).toMatchObject({ code: '10001', data: { rule: 'span' } });
  });
});
