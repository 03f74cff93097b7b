import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '@fieldhub/testkit';
import {
  DATA_CENTER_EXPORT_MAX_ROWS,
  dataCenterCalls,
  type AppError,
  type DataCenterChart,
  type DataCenterRow,
  type DataCenterTree,
  type ExportJob,
  type Page,
  type SavedQuery,
} from '@fieldhub/shared';
import {
  loggedIn,
  makeEnterprise,
  startTestPlatform,
  type Caller,
  type TestPlatform,
} from '../../../test/harness';
import {
  deviceWithGateway,
  made,
  modbusDriver,
  role,
  send,
  subAccount,
  variable,
} from '../../../test/deviceFixtures';
import { loggedInOperator } from '../../../test/platformFixtures';
import { download } from '../../../test/sheets';
import { ensureMonthPartitions } from '../../link/partitions';
import type { AuthContext } from '../../http/context';
import { ExportRunner, startExport } from './dataCenterExport';

let p: TestPlatform;
let admin: Caller;
let orgId: number;
let other: Caller;
let kiln: number;
let level: number;
let temp: number;
let press: number;
let state: number;
let foreign: number;
let group: number;

/** 2024-03-01T00:00:00Z: one value a minute for two hours */
const T0 = Date.UTC(2024, 2, 1);
const MIN = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const N = 120;
const dc = dataCenterCalls;

/** The aggregates of minutes [from, to) of temp, computed here as the database should. */
function tempAgg(from: number, to: number) {
  const values = Array.from({ length: to - from }, (_, i) => 20 + ((from + i) % 7));
  const avg = values.reduce((a, b) => a + b, 0) / values.length;
  return {
    avg,
    min: Math.min(...values),
    max: Math.max(...values),
    first: values[0]!,
    last: values.at(-1)!,
    count: values.length,
  };
}

async function insertMinutes(equipmentId: number, variableId: number, sql: string) {
  await p.ctx.db.query(
    `insert into signal_values(equipment_id, variable_id, ts, num, quality)
     select $1::int8, $2::int8, to_timestamp(($3::int8 + g * 60000) / 1000.0), ${sql}, 0
       from generate_series(0, $4::int - 1) g`,
    [equipmentId, variableId, T0, N],
  );
}

beforeAll(async () => {
  p = await startTestPlatform();
  const a = await makeEnterprise(p.ctx.db, 'Data Works');
  orgId = a.orgId;
  admin = await loggedIn(p.app, a.admin);
  const operator = await loggedInOperator(p);
  group = (await made(admin, '/lfscada/equipment/group/add', { name: 'Line 1' })).id;
  kiln = (await deviceWithGateway(admin, operator, 'Kiln')).id;
  await p.ctx.db.query('update equipment set group_id = $2 where id = $1', [kiln, group]);
  const plc = await modbusDriver(admin, { equipmentId: kiln });
  level = await variable(admin, { equipmentId: kiln }, plc, 'level', { unit: 'm', storeHistory: true });
  temp = await variable(admin, { equipmentId: kiln }, plc, 'temp', { address: '1', unit: '°C' });
  press = (await deviceWithGateway(admin, operator, 'Press')).id;
  const plc2 = await modbusDriver(admin, { equipmentId: press });
  state = await variable(admin, { equipmentId: press }, plc2, 'state', {
    dataType: 'string',
    stringLength: 10,
  });

  const b = await makeEnterprise(p.ctx.db, 'Other Works');
  other = await loggedIn(p.app, b.admin);
  const theirs = (await deviceWithGateway(other, operator, 'Their kiln')).id;
  const plc3 = await modbusDriver(other, { equipmentId: theirs });
  foreign = await variable(other, { equipmentId: theirs }, plc3, 'secret');

  await ensureMonthPartitions(p.ctx.db, 'signal_values', [T0]);
  await insertMinutes(kiln, level, 'g');
  await insertMinutes(kiln, temp, '20 + g % 7');
  await insertMinutes(theirs, foreign, '1000 + g');
  await p.ctx.db.query(
    `insert into signal_values(equipment_id, variable_id, ts, txt) values ($1, $2, $3, 'running')`,
    [press, state, new Date(T0 + 30_000)],
  );
});
afterAll(() => p.stop());

const range = { startTime: T0, endTime: T0 + 2 * HOUR, utcOffsetMinutes: 0 };

describe('the tree', () => {
  it("lists the groups and the caller's devices with their variables, nothing of another enterprise", async () => {
    const tree = await made<DataCenterTree>(admin, dc.tree.path);
    expect(tree.groups).toEqual([{ id: group, parentId: null, name: 'Line 1' }]);
    expect(tree.devices.map((d) => [d.name, d.groupId, d.variables.map((v) => v.name)])).toEqual([
      ['Press', null, ['state']],
      ['Kiln', group, ['level', 'temp']],
    ]);
    expect(tree.devices[1]!.variables.find((v) => v.id === level)).toMatchObject({
      unit: 'm',
      dataType: 'int16',
      storeHistory: true,
    });
    const theirs = await made<DataCenterTree>(other, dc.tree.path);
    expect(theirs.devices.map((d) => d.name)).toEqual(['Their kiln']);
    expect(theirs.groups).toEqual([]);
  });
});

describe('queries', () => {
  it('pages raw values across devices newest first, with device, variable, unit and quality', async () => {
    const page = await made<Page<DataCenterRow>>(admin, dc.query.path, {
      variableIds: [level, state],
      startTime: T0,
      endTime: T0 + MIN,
      pageSize: 10,
    });
    expect(page.total).toBe(3);
    expect(page.list.map((r) => [r.ts - T0, r.device, r.name, r.value, r.unit, r.quality, r.agg])).toEqual([
      [MIN, 'Kiln', 'level', 1, 'm', 0, null],
      [30_000, 'Press', 'state', 'running', '', 0, null],
      [0, 'Kiln', 'level', 0, 'm', 0, null],
    ]);
  });

  it('aggregates each hour in SQL: average, minimum, maximum, first, last and count', async () => {
    const page = await made<Page<DataCenterRow>>(admin, dc.query.path, {
      variableIds: [level, temp],
      ...range,
      mode: 'aggregated',
      interval: 3600,
    });
    expect(page.total).toBe(4);
    expect(page.list.map((r) => [r.ts - T0, r.name, r.value, r.agg])).toEqual([
      [HOUR, 'level', null, { avg: 89.5, min: 60, max: 119, first: 60, last: 119, count: 60 }],
      [HOUR, 'temp', null, tempAgg(60, 120)],
      [0, 'level', null, { avg: 29.5, min: 0, max: 59, first: 0, last: 59, count: 60 }],
      [0, 'temp', null, tempAgg(0, 60)],
    ]);
  });

  it("starts day buckets at the reader's midnight", async () => {
    const page = await made<Page<DataCenterRow>>(admin, dc.query.path, {
      variableIds: [level],
      startTime: T0,
      endTime: T0 + 2 * HOUR,
      mode: 'aggregated',
      interval: 86400,
      utcOffsetMinutes: 60,
    });
    // UTC+1: 00:00-00:59 UTC is 01:00-01:59 of March 1st, 01:00 UTC onwards is still March 1st
    expect(page.list.map((r) => [r.ts, r.agg?.count])).toEqual([[T0 - HOUR, N]]);
  });

  it('refuses a span over 30 days and a start after the end with 10001, in the caller’s language', async () => {
    const span = await send(admin, dc.query.path, {
      variableIds: [level],
      startTime: T0,
      endTime: T0 + 30 * DAY + 1,
    });
    expect([span.code, span.data]).toEqual(['10001', { rule: 'span' }]);
    expect(span.message).toMatch(/may not exceed 30 days/);
    const order = await send(admin, dc.chart.path, { variableIds: [level], startTime: T0 + 1, endTime: T0 });
    expect([order.code, order.data]).toEqual(['10001', { rule: 'order' }]);
    const zh = await loggedIn(p.app, 'dataworks-admin', 'zh-CN');
    const res = await send(zh, dc.exportStart.path, {
      variableIds: [level],
      startTime: T0,
      endTime: T0 + 31 * DAY,
    });
    expect(res.message).toBe('参数校验失败：查询时间跨度不能超过 30 天');
    expect(
      (await send(admin, dc.query.path, { variableIds: [level], startTime: T0, endTime: T0 + 30 * DAY }))
        .code,
    ).toBe('200');
    expect((await send(admin, dc.query.path, { variableIds: [], ...range })).code).toBe('10001');
    expect((await send(admin, dc.query.path, { variableIds: [level], ...range, interval: 7 })).code).toBe(
      '10001',
    );
  });

  it("answers 1714 for another enterprise's variable, alone or among the caller's own", async () => {
    for (const call of [dc.query, dc.chart, dc.exportStart]) {
      for (const variableIds of [[foreign], [level, foreign]]) {
        const res = await send(admin, call.path, { variableIds, ...range });
        expect([call.path, res.code]).toEqual([call.path, '1714']);
      }
      const res = await send(other, call.path, { variableIds: [level], ...range });
      expect(res.code).toBe('1714');
    }
  });

  it('needs the data_center key', async () => {
    const roleId = await role(admin, 'Viewer', ['monitor_view']);
    await subAccount(admin, { segment: 'int', loginname: 'dw-viewer', roleId });
    const viewer = await loggedIn(p.app, 'dw-viewer');
    for (const call of Object.values(dc)) {
      const res = await send(viewer, call.path, { variableIds: [level], ...range });
      expect([call.path, res.code]).toEqual([call.path, '90008']);
    }
  });
});

describe('the chart', () => {
  it('draws raw values as they are when fewer than the width, each series named with its device', async () => {
    const chart = await made<DataCenterChart>(admin, dc.chart.path, { variableIds: [level, temp], ...range });
    expect(chart.series.map((s) => [s.device, s.name, s.points.length])).toEqual([
      ['Kiln', 'level', N],
      ['Kiln', 'temp', N],
    ]);
    expect(chart.series[0]!.points.slice(0, 2)).toEqual([
      [T0, 0],
      [T0 + MIN, 1],
    ]);
  });

  it('draws each bucket’s average in aggregated mode', async () => {
    const chart = await made<DataCenterChart>(admin, dc.chart.path, {
      variableIds: [level],
      ...range,
      mode: 'aggregated',
      interval: 900,
    });
    expect(chart.series[0]!.points).toEqual(
      Array.from({ length: 8 }, (_, i) => [T0 + i * 900_000, 15 * i + 7]),
    );
  });
});

describe('saved queries', () => {
  it('saves, lists, renames and deletes the account’s own queries; names unique per account', async () => {
    const query = { variableIds: [level, temp], ...range, mode: 'aggregated', interval: 900 };
    const { id } = await made(admin, dc.savedAdd.path, { name: 'Kiln hourly', query });
    expect((await send(admin, dc.savedAdd.path, { name: 'kiln HOURLY', query })).code).toBe('90006');
    expect((await send(admin, dc.savedAdd.path, { name: '  ', query })).code).toBe('10001');
    const list = await made<SavedQuery[]>(admin, dc.savedList.path);
    expect(list.map((s) => [s.id, s.name, s.query])).toEqual([
      [id, 'Kiln hourly', { ...query, startTime: T0, endTime: T0 + 2 * HOUR }],
    ]);
    const second = await made(admin, dc.savedAdd.path, { name: 'Second', query });
    expect((await send(admin, dc.savedRename.path, { id: second.id, name: 'Kiln hourly' })).code).toBe(
      '90006',
    );
    expect((await send(admin, dc.savedRename.path, { id, name: 'Kiln by hour' })).code).toBe('200');
    expect((await send(admin, dc.savedDelete.path, { id: second.id })).code).toBe('200');
    const after = await made<SavedQuery[]>(admin, dc.savedList.path);
    expect(after.map((s) => s.name)).toEqual(['Kiln by hour']);

    // another enterprise neither sees nor touches it, nor saves the caller's variables
    expect(await made<SavedQuery[]>(other, dc.savedList.path)).toEqual([]);
    expect((await send(other, dc.savedRename.path, { id, name: 'Mine' })).code).toBe('90002');
    expect((await send(other, dc.savedDelete.path, { id })).code).toBe('90002');
    expect((await send(other, dc.savedAdd.path, { name: 'Theirs', query })).code).toBe('1714');
    expect((await made<SavedQuery[]>(admin, dc.savedList.path)).map((s) => s.name)).toEqual(['Kiln by hour']);
  });
});

describe('exports', () => {
  const job = (caller: Caller, jobId: string) => send<ExportJob>(caller, dc.exportJob.path, { jobId });

  it('writes the rows to .xlsx in the background, with progress, downloadable by its starter only', async () => {
    const { jobId } = await made<{ jobId: string }>(admin, dc.exportStart.path, {
      variableIds: [level, state],
      ...range,
    });
    const done = await until('export completed', async () => {
      const res = await job(admin, jobId);
      return res.data.state !== 'running' && res.data;
    });
    expect(done).toMatchObject({ state: 'completed', done: N + 1, total: N + 1, error: null });
    expect(done.filename).toBe('data-center-20240301.xlsx');

    const { res, rows } = await download(p.app, admin, dc.exportDownload.path, { jobId });
    expect(res.headers['content-disposition']).toContain('data-center-20240301.xlsx');
    expect(rows.length).toBe(N + 2);
    expect(rows[0]).toEqual(['Time', 'Device', 'Variable', 'Value', 'Unit', 'Quality']);
    expect(rows[1]).toEqual([new Date(T0), 'Kiln', 'level', 0, 'm', 0]);
    expect(rows[N]).toEqual([new Date(T0 + (N - 1) * MIN), 'Kiln', 'level', N - 1, 'm', 0]);
    expect(rows[N + 1]).toEqual([new Date(T0 + 30_000), 'Press', 'state', 'running', undefined, 0]);

    // another enterprise, and another account of the same enterprise, read it as missing
    expect((await job(other, jobId)).code).toBe('90002');
    const refused = await download(p.app, other, dc.exportDownload.path, { jobId });
    expect(JSON.parse(refused.res.payload)).toMatchObject({ code: '90002' });
    const roleId = await role(admin, 'Analyst', ['data_center']);
    await subAccount(admin, { segment: 'int', loginname: 'dw-analyst', roleId });
    const analyst = await loggedIn(p.app, 'dw-analyst');
    expect((await job(analyst, jobId)).code).toBe('90002');
  });

  it('exports buckets with their aggregates in Chinese', async () => {
    const zh = await loggedIn(p.app, 'dataworks-admin', 'zh-CN');
    const { jobId } = await made<{ jobId: string }>(zh, dc.exportStart.path, {
      variableIds: [temp],
      ...range,
      mode: 'aggregated',
      interval: 3600,
    });
    await until('export completed', async () => (await job(zh, jobId)).data.state === 'completed');
    const { rows } = await download(p.app, zh, dc.exportDownload.path, { jobId }, 'zh-CN');
    expect(rows).toEqual([
      ['时间', '设备', '变量', '平均值', '最小值', '最大值', '首值', '末值', '个数', '单位'],
      [new Date(T0), 'Kiln', 'temp', ...Object.values(tempAgg(0, 60)), '°C'],
      [new Date(T0 + HOUR), 'Kiln', 'temp', ...Object.values(tempAgg(60, 120)), '°C'],
    ]);
  });

  it('keeps the job as a row: its state reads the same from a restarted server', async () => {
    const { jobId } = await made<{ jobId: string }>(admin, dc.exportStart.path, {
      variableIds: [temp],
      ...range,
    });
    await until('export completed', async () => (await job(admin, jobId)).data.state === 'completed');
    const [row] = await p.ctx.db.query<{ state: string; done: number }>(
      'select state, done from datacenter_exports where id = $1',
      [jobId],
    );
    expect(row).toEqual({ state: 'completed', done: N });
    const parts = await p.ctx.db.query<{ bytes: Uint8Array }>(
      'select bytes from datacenter_export_parts where export_id = $1 order by seq',
      [jobId],
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.concat(parts.map((x) => Buffer.from(x.bytes))) as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.rowCount).toBe(N + 1);
  });

  it('refuses an export over the row cap with 10001 before any job starts', async () => {
    const [account] = await p.ctx.db.query<{ id: number }>(
      "select id from accounts where loginname = 'dataworks-admin'",
    );
    const auth: AuthContext = {
      accountId: account!.id,
      orgId,
      orgKind: 'enterprise',
      loginname: 'dataworks-admin',
      kind: 'enterprise',
      roleType: 'admin',
      deptId: null,
      dataRange: 'org',
      auths: new Set(['data_center']),
      sessionHash: '',
    };
    const runner = new ExportRunner(p.ctx.db, p.app.log);
    const q = { variableIds: [level, temp], ...range, mode: 'raw' as const, interval: 3600 };
    const jobs = async () =>
      (await p.ctx.db.query<{ n: number }>('select count(*)::int as n from datacenter_exports'))[0]!.n;
    const before = await jobs();
    const refused = await startExport(p.ctx.db, runner, auth, q, 'en-US', 2 * N - 1).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 10001, data: { rule: 'rows' } });
    expect((refused as AppError).messageIn('en-US')).toMatch(/at most 239 rows/);
    expect(await jobs()).toBe(before);
    // exactly at the cap it runs (the contract's cap is DATA_CENTER_EXPORT_MAX_ROWS)
    await startExport(p.ctx.db, runner, auth, q, 'en-US', 2 * N);
    await runner.drain();
    expect(await jobs()).toBe(before + 1);
    expect(DATA_CENTER_EXPORT_MAX_ROWS).toBe(1_000_000);
  });

  it('ends a running export whose server went away as interrupted (90011), in the reader’s language', async () => {
    const id = '00000000-0000-4000-8000-000000000002';
    const [account] = await p.ctx.db.query<{ id: number }>(
      "select id from accounts where loginname = 'dataworks-admin'",
    );
    // as a server that stopped mid-export leaves it: running, its last beat long ago
    await p.ctx.db.query(
      `insert into datacenter_exports(id, org_id, account_id, total, done, filename, beat_at)
       values ($1, $2, $3, 10, 4, 'x.xlsx', now() - interval '3 minutes')`,
      [id, orgId, account!.id],
    );
    expect((await job(admin, id)).data).toMatchObject({
      state: 'failed',
      done: 4,
      error: 'The job was interrupted by a server restart; start it again',
    });
    const zh = await loggedIn(p.app, 'dataworks-admin', 'zh-CN');
    expect((await job(zh, id)).data.error).toBe('任务因服务器重启而中断，请重新开始');
  });

  it('refuses to download an export still running with 10011', async () => {
    const id = '00000000-0000-4000-8000-000000000001';
    const [account] = await p.ctx.db.query<{ id: number }>(
      "select id from accounts where loginname = 'dataworks-admin'",
    );
    await p.ctx.db.query(
      `insert into datacenter_exports(id, org_id, account_id, total, filename) values ($1, $2, $3, 10, 'x.xlsx')`,
      [id, orgId, account!.id],
    );
    const refused = await download(p.app, admin, dc.exportDownload.path, { jobId: id });
    expect(JSON.parse(refused.res.payload)).toMatchObject({ code: '10011' });
  });
});

describe('an enterprise with the data center disabled', () => {
  it('answers 2615 to every call and changes nothing', async () => {
    const before = await made<SavedQuery[]>(admin, dc.savedList.path);
    await p.ctx.db.query('update orgs set data_center_enabled = false where id = $1', [orgId]);
    try {
      for (const call of Object.values(dc)) {
        const res = await send(admin, call.path, {
          variableIds: [level],
          ...range,
          name: 'While off',
          query: { variableIds: [level], ...range },
          id: before[0]!.id,
          jobId: '00000000-0000-4000-8000-000000000001',
        });
        expect([call.path, res.code]).toEqual([call.path, '2615']);
      }
    } finally {
      await p.ctx.db.query('update orgs set data_center_enabled = true where id = $1', [orgId]);
    }
    expect(await made<SavedQuery[]>(admin, dc.savedList.path)).toEqual(before);
    // another enterprise is not affected
    expect((await send(other, dc.tree.path)).code).toBe('200');
  });
});
