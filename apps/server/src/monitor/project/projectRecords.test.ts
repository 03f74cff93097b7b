import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Page,
  ProjectAlarmRow,
  ProjectDevice,
  ProjectHistoryRow,
  ReportRecordPage,
} from '@fieldhub/shared';
import { loggedIn, type Caller, type TestPlatform } from '../../../test/harness';
import {
  deviceWithGateway,
  hourlyMaxReport,
  made,
  modbusDriver,
  role,
  send,
  subAccount,
  variable,
} from '../../../test/deviceFixtures';
import { otherEnterpriseAdmin, startDevicePlatform } from '../../../test/platformFixtures';
import { download } from '../../../test/sheets';
import { ensureMonthPartitions } from '../../link/partitions';
import { addMember, addProjectPage, bindToProject, insertProject } from '../../../test/projectFixtures';
import { alarmRule, good } from '../../../test/alarmFixtures';

/**
 * The project page's queries over several devices: history/queryAll, queryAllData,
 * alarm/queryAll, report/queryCols, custom/report/data/query and queryAll.
 */

let p: TestPlatform;
let admin: Caller;
let adminZh: Caller;
let other: Caller;
let member: Caller;
let memberWithoutOps: Caller;
let opsOutsider: Caller;
let projectId: number;
let otherProjectId: number;
let boiler: number;
let pump: number;
let valve: number;
let level: number;
let flow: number;
let temp: number;
let report: number;

const base = '/lfscada/monitor/project';
const DAY = 86_400_000;
/** 2024-03-01T00:00:00Z: the stored values start here */
const T0 = Date.UTC(2024, 2, 1);
const range = { startTime: T0, endTime: T0 + 60_000 };

beforeAll(async () => {
  const platform = await startDevicePlatform('Records Works');
  ({ p, admin } = platform);
  const { db } = p.ctx;
  adminZh = await loggedIn(p.app, platform.enterprise.admin, 'zh-CN');
  other = await otherEnterpriseAdmin(p, 'Rival Records Works');

  const b = await deviceWithGateway(admin, platform.operator, 'Boiler');
  const pu = await deviceWithGateway(admin, platform.operator, 'Pump');
  const va = await deviceWithGateway(admin, platform.operator, 'Valve');
  [boiler, pump, valve] = [b.id, pu.id, va.id];
  level = await variable(admin, b.owner, await modbusDriver(admin, b.owner), 'level', { unit: 'm' });
  flow = await variable(admin, pu.owner, await modbusDriver(admin, pu.owner), 'flow', { unit: 'm3/h' });
  temp = await variable(admin, va.owner, await modbusDriver(admin, va.owner), 'temp', { unit: '°C' });

  projectId = await insertProject(db, platform.enterprise.orgId, 'Water plant');
  await bindToProject(db, projectId, boiler, 'Boiler 1');
  await bindToProject(db, projectId, pump, 'Pump 1');
  // the valve belongs to another project of the same enterprise
  otherProjectId = await insertProject(db, platform.enterprise.orgId, 'Gas plant');
  await bindToProject(db, otherProjectId, valve, 'Valve 1');

  await ensureMonthPartitions(db, 'signal_values', [T0]);
  const stored: [number, number, number, number][] = [
    [boiler, level, T0, 1.5],
    [pump, flow, T0 + 5_000, 30],
    [boiler, level, T0 + 10_000, 2.5],
    [pump, flow, T0 + 15_000, 31],
    [boiler, level, T0 + 20_000, 3.5],
    [valve, temp, T0 + 25_000, 80],
  ];
  for (const [equipmentId, variableId, ts, num] of stored)
    await db.query(
      'insert into signal_values(equipment_id, variable_id, ts, num, quality) values ($1, $2, $3, $4, 0)',
      [equipmentId, variableId, new Date(ts), num],
    );

  report = await hourlyMaxReport(admin, b.owner, level);
  await ensureMonthPartitions(db, 'report_records', [T0]);
  for (let h = 0; h < 3; h++)
    await db.query(
      'insert into report_records(report_id, equipment_id, ts, values) values ($1, $2, $3, $4)',
      [report, boiler, new Date(T0 + h * 3_600_000), JSON.stringify({ [level]: { max: h } })],
    );

  // designer alarms on each device, raised by live values
  for (const [equipmentId, variableId] of [
    [boiler, level],
    [pump, flow],
    [valve, temp],
  ] as const) {
    await alarmRule(admin, equipmentId, variableId, { condition: 'gt', value: 10, ruleType: '01' });
    await p.ctx.monitor.ingest(equipmentId, [good(variableId, Date.now(), 50)], false);
  }

  const pageId = await addProjectPage(admin, projectId, 'Overview');
  const ops = await role(admin, 'Ops', ['ops_center', 'monitor_view'], 'self');
  const viewOnly = await role(admin, 'Viewer', ['monitor_view'], 'self');
  const memberId = await subAccount(admin, { segment: 'int', loginname: 'rec-member', roleId: ops });
  const plainId = await subAccount(admin, { segment: 'int', loginname: 'rec-plain', roleId: viewOnly });
  await subAccount(admin, { segment: 'int', loginname: 'rec-outsider', roleId: ops });
  await addMember(db, projectId, memberId, [{ pageId, pmsn: 'view' }]);
  await addMember(db, projectId, plainId, [{ pageId, pmsn: 'view' }]);
  member = await loggedIn(p.app, 'rec-member');
  memberWithoutOps = await loggedIn(p.app, 'rec-plain');
  opsOutsider = await loggedIn(p.app, 'rec-outsider');
});
afterAll(() => p.stop());

/** Each new call with a body that succeeds for the project's admin. */
const calls = (): [string, Record<string, unknown>][] => [
  [`${base}/history/queryAll`, { projectId, dataSignal: [level, flow], ...range }],
  [`${base}/queryAllData`, { projectId, dataSignal: [level, flow], ...range }],
  [`${base}/alarm/queryAll`, { projectId }],
  [`${base}/report/queryCols`, { projectId, equipmentId: boiler, reportId: report }],
  [
    `${base}/custom/report/data/query`,
    { projectId, equipmentId: boiler, reportId: report, startTime: T0, endTime: T0 + DAY },
  ],
  [`${base}/queryAll`, { projectId }],
];

describe('project history over several devices', () => {
  it('answers the values of signals of any bound devices, newest first, with their device', async () => {
    const page = await made<Page<ProjectHistoryRow> & { totalCapped: boolean }>(
      admin,
      `${base}/history/queryAll`,
      { projectId, dataSignal: `${level},${flow}`, ...range, pageSize: 4 },
    );
    expect(page).toMatchObject({ total: 5, totalCapped: false, pageNum: 1, pageSize: 4 });
    expect(page.list.map((r) => [r.ts - T0, r.equipmentTitle, r.name, r.value])).toEqual([
      [20_000, 'Boiler 1', 'level', 3.5],
      [15_000, 'Pump 1', 'flow', 31],
      [10_000, 'Boiler 1', 'level', 2.5],
      [5_000, 'Pump 1', 'flow', 30],
    ]);
    expect(page.list[0]).toEqual({
      equipmentId: boiler,
      equipmentTitle: 'Boiler 1',
      variableId: level,
      name: 'level',
      unit: 'm',
      ts: T0 + 20_000,
      value: 3.5,
      quality: 0,
    });
    const second = await made<Page<ProjectHistoryRow>>(admin, `${base}/history/queryAll`, {
      projectId,
      dataSignal: [level, flow],
      ...range,
      pageSize: 4,
      pageNum: 2,
    });
    expect(second.list.map((r) => r.ts)).toEqual([T0]);
  });

  it('refuses a signal of a device not bound to the project with 2610', async () => {
    const res = await send(admin, `${base}/history/queryAll`, {
      projectId,
      dataSignal: [level, temp],
      ...range,
    });
    expect([res.code, res.data]).toEqual(['2610', null]);
    expect(
      (await send(admin, `${base}/queryAllData`, { projectId, dataSignal: [temp], ...range })).code,
    ).toBe('2610');
  });

  it('applies the history range rules of the device query (10001 naming the rule)', async () => {
    const cases: [number, number, string][] = [
      [T0, T0 + 30 * DAY + 1, 'span'],
      [T0, T0, 'order'],
      [-1, T0, 'before1970'],
    ];
    for (const [startTime, endTime, rule] of cases) {
      for (const url of [`${base}/history/queryAll`, `${base}/queryAllData`]) {
        const res = await send(admin, url, { projectId, dataSignal: [level], startTime, endTime });
        expect([res.code, res.data], `${url} ${rule}`).toEqual(['10001', { rule }]);
      }
    }
    const zh = await send(adminZh, `${base}/history/queryAll`, {
      projectId,
      dataSignal: [level],
      startTime: T0,
      endTime: T0 + 31 * DAY,
    });
    expect(zh.message).toMatch(/30 天/);
    expect(
      (
        await send(admin, `${base}/history/queryAll`, {
          projectId,
          dataSignal: [level],
          startTime: T0,
          endTime: T0 + 30 * DAY,
        })
      ).code,
    ).toBe('200');
    expect(
      (await send(admin, `${base}/history/queryAll`, { projectId, dataSignal: [], ...range })).code,
    ).toBe('10001');
  });

  it('exports the values as .xlsx with a device column, by device and in time order', async () => {
    const { res, rows } = await download(p.app, admin, `${base}/queryAllData`, {
      projectId,
      dataSignal: [flow, level],
      ...range,
      utcOffsetMinutes: 0,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('Water%20plant-history-20240301.xlsx');
    expect(rows).toEqual([
      ['Time', 'Device', 'Variable', 'Value', 'Unit', 'Quality'],
      [new Date(T0), 'Boiler 1', 'level', 1.5, 'm', 0],
      [new Date(T0 + 10_000), 'Boiler 1', 'level', 2.5, 'm', 0],
      [new Date(T0 + 20_000), 'Boiler 1', 'level', 3.5, 'm', 0],
      [new Date(T0 + 5_000), 'Pump 1', 'flow', 30, 'm3/h', 0],
      [new Date(T0 + 15_000), 'Pump 1', 'flow', 31, 'm3/h', 0],
    ]);
  });
});

describe('project alarms over several devices', () => {
  it('exports the alarms of the bound devices as .xlsx, in the reader’s language', async () => {
    const { res, rows } = await download(
      p.app,
      admin,
      `${base}/alarm/export`,
      { projectId, utcOffsetMinutes: 0 },
      'zh-CN',
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('.xlsx');
    expect(rows[0]).toEqual([
      '设备',
      '变量',
      '报警等级',
      '触发时间',
      '解除时间',
      '触发值',
      '报警内容',
      '状态',
      '迟到上报',
      '确认人',
      '确认时间',
    ]);
    expect(
      rows
        .slice(1)
        .map((r) => [r[0], r[1], r[7]])
        .sort(),
    ).toEqual(
      [
        ['Boiler 1', 'level', '未处理'],
        ['Pump 1', 'flow', '未处理'],
      ].sort(),
    );
    // another enterprise gets the envelope, no file
    const refused = await download(p.app, other, `${base}/alarm/export`, { projectId });
    expect(refused.rows).toEqual([]);
    expect(JSON.parse(refused.res.payload)).toMatchObject({ code: '2604', data: null });
  });

  it('lists the alarms of every bound device and none of another project’s', async () => {
    const page = await made<Page<ProjectAlarmRow>>(admin, `${base}/alarm/queryAll`, { projectId });
    expect(page.total).toBe(2);
    expect(page.list.map((a) => [a.equipmentId, a.equipmentTitle, a.variableId, a.state]).sort()).toEqual(
      [
        [boiler, 'Boiler 1', level, 'active'],
        [pump, 'Pump 1', flow, 'active'],
      ].sort(),
    );
    expect(page.list.every((a) => a.ruleType === '01')).toBe(true);
    const valveAlarms = await made<Page<ProjectAlarmRow>>(admin, `${base}/alarm/queryAll`, {
      projectId: otherProjectId,
    });
    expect(valveAlarms.list.map((a) => [a.equipmentId, a.equipmentTitle])).toEqual([[valve, 'Valve 1']]);
  });

  it('lists only the named devices, and refuses a device not bound with 2610', async () => {
    const page = await made<Page<ProjectAlarmRow>>(admin, `${base}/alarm/queryAll`, {
      projectId,
      equipmentIds: String(pump),
    });
    expect(page.list.map((a) => a.equipmentId)).toEqual([pump]);
    const res = await send(admin, `${base}/alarm/queryAll`, { projectId, equipmentIds: [pump, valve] });
    expect([res.code, res.data]).toEqual(['2610', null]);
  });

  it('filters by state and applies the rule-type keys of alarm/query', async () => {
    const cleared = await made<Page<ProjectAlarmRow>>(admin, `${base}/alarm/queryAll`, {
      projectId,
      state: 'cleared',
    });
    expect(cleared.total).toBe(0);
    // equipment-info alarms ('00'): none were raised on these devices
    expect(
      (await made<Page<ProjectAlarmRow>>(admin, `${base}/alarm/queryAll`, { projectId, ruleType: '00' }))
        .total,
    ).toBe(0);
    // the member's role lacks monitor_designer_menu_alarm
    expect((await send(member, `${base}/alarm/queryAll`, { projectId })).code).toBe('90008');
  });

  it('lists the alarms of every rule type the reader may see with ruleType all (an alarm table)', async () => {
    // an equipment-info alarm ('00') beside the pump's designer alarm
    await alarmRule(admin, pump, flow, { condition: 'gt', value: 40, content: 'Flow very high' });
    await p.ctx.monitor.ingest(pump, [good(flow, Date.now() + 1_000, 60)], false);
    const types = async (caller: Caller) =>
      (
        await made<Page<ProjectAlarmRow>>(caller, `${base}/alarm/queryAll`, { projectId, ruleType: 'all' })
      ).list
        .map((a) => `${a.equipmentTitle} ${a.ruleType} ${a.content}`)
        .sort();
    expect(await types(admin)).toEqual(['Boiler 1 01 gt 10', 'Pump 1 00 Flow very high', 'Pump 1 01 gt 10']);
    // the default stays the designer alarms
    expect(
      (await made<Page<ProjectAlarmRow>>(admin, `${base}/alarm/queryAll`, { projectId })).list.map(
        (a) => a.ruleType,
      ),
    ).toEqual(['01', '01']);
    // a member holding only the equipment-info key sees those alone; one holding neither key, 90008
    const infoOnly = await role(admin, 'Info alarms', [
      'ops_center',
      'monitor_view',
      'monitor_equipinfo_menu_alarm',
    ]);
    const infoId = await subAccount(admin, { segment: 'int', loginname: 'rec-info', roleId: infoOnly });
    await addMember(p.ctx.db, projectId, infoId, []);
    expect(await types(await loggedIn(p.app, 'rec-info'))).toEqual(['Pump 1 00 Flow very high']);
    expect((await send(member, `${base}/alarm/queryAll`, { projectId, ruleType: 'all' })).code).toBe('90008');
    // the pump's flow back below 40: its equipment-info alarm clears, the designer alarm holds
    await p.ctx.monitor.ingest(pump, [good(flow, Date.now() + 2_000, 15)], false);
  });
});

describe('project reports', () => {
  it('answers the columns of a bound device’s report', async () => {
    expect(
      await made(admin, `${base}/report/queryCols`, { projectId, equipmentId: boiler, reportId: report }),
    ).toEqual([{ variableId: level, name: 'level', unit: 'm', aggregation: 'max' }]);
  });

  it('answers the records of the report, newest first, paged', async () => {
    const page = await made<ReportRecordPage>(admin, `${base}/custom/report/data/query`, {
      projectId,
      equipmentId: boiler,
      reportId: report,
      startTime: T0,
      endTime: T0 + DAY,
      pageSize: 2,
    });
    expect(page.total).toBe(3);
    expect(page.columns).toEqual([{ variableId: level, name: 'level', unit: 'm', aggregation: 'max' }]);
    expect(page.list).toEqual([
      { ts: T0 + 2 * 3_600_000, values: { [level]: { max: 2 } } },
      { ts: T0 + 3_600_000, values: { [level]: { max: 1 } } },
    ]);
  });

  it('refuses a report of another device (90002), a device not bound (2610) and a bad range (10001)', async () => {
    const ofPump = { projectId, equipmentId: pump, reportId: report };
    expect((await send(admin, `${base}/report/queryCols`, ofPump)).code).toBe('90002');
    expect(
      (await send(admin, `${base}/custom/report/data/query`, { ...ofPump, startTime: T0, endTime: T0 + DAY }))
        .code,
    ).toBe('90002');
    const ofValve = { projectId, equipmentId: valve, reportId: report };
    expect((await send(admin, `${base}/report/queryCols`, ofValve)).code).toBe('2610');
    expect(
      (
        await send(admin, `${base}/custom/report/data/query`, {
          ...ofValve,
          startTime: T0,
          endTime: T0 + DAY,
        })
      ).code,
    ).toBe('2610');
    const span = await send(admin, `${base}/custom/report/data/query`, {
      projectId,
      equipmentId: boiler,
      reportId: report,
      startTime: T0,
      endTime: T0 + 31 * DAY,
    });
    expect([span.code, span.data]).toEqual(['10001', { rule: 'span' }]);
  });
});

describe('project devices', () => {
  it('answers every bound device with its title, key, gateway state and active alarms', async () => {
    expect(await made<ProjectDevice[]>(admin, `${base}/queryAll`, { projectId })).toEqual([
      { equipmentId: boiler, title: 'Boiler 1', key: `dev${boiler}`, status: 'offline', alarmCount: 1 },
      { equipmentId: pump, title: 'Pump 1', key: `dev${pump}`, status: 'offline', alarmCount: 1 },
    ]);
  });
});

describe('project records access', () => {
  it('answers a member with ops_center through the project, whatever its own data range', async () => {
    const devices = await made<ProjectDevice[]>(member, `${base}/queryAll`, { projectId });
    expect(devices.map((d) => d.equipmentId)).toEqual([boiler, pump]);
    const page = await made<Page<ProjectHistoryRow>>(member, `${base}/history/queryAll`, {
      projectId,
      dataSignal: [level, flow],
      ...range,
    });
    expect(page.total).toBe(5);
  });

  it('refuses a member without ops_center (90008) and an ops_center account not a member (2604)', async () => {
    for (const [url, body] of calls()) {
      expect((await send(memberWithoutOps, url, body)).code, url).toBe('90008');
      expect((await send(opsOutsider, url, body)).code, url).toBe('2604');
    }
  });

  it('answers another enterprise’s project as missing (2604) and tells nothing of it', async () => {
    for (const [url, body] of calls()) {
      const res = await send(other, url, body);
      expect([res.code, res.data], url).toEqual(['2604', null]);
    }
  });

  it('refuses every call on an expired project with 2606', async () => {
    const { db } = p.ctx;
    await db.query('update projects set expires_at = $2 where id = $1', [
      projectId,
      new Date(p.clock.now().getTime() - 60_000),
    ]);
    try {
      for (const [url, body] of calls()) expect((await send(admin, url, body)).code, url).toBe('2606');
    } finally {
      await db.query('update projects set expires_at = null where id = $1', [projectId]);
    }
    expect((await send(admin, `${base}/queryAll`, { projectId })).code).toBe('200');
  });
});

describe('project report export', () => {
  it('exports a bound device’s report records and refuses another enterprise and unbound devices', async () => {
    const body = {
      projectId,
      equipmentId: boiler,
      reportId: report,
      startTime: T0,
      endTime: T0 + DAY,
      utcOffsetMinutes: 0,
    };
    const { res, rows } = await download(p.app, admin, `${base}/custom/report/data/export`, body);
    expect(res.statusCode).toBe(200);
    expect(rows[0]).toEqual(['Time', 'level (max) [m]']);
    expect(rows.slice(1).map((r) => r[1])).toEqual([2, 1, 0]);
    const rival = await download(p.app, other, `${base}/custom/report/data/export`, body);
    expect(JSON.parse(rival.res.payload)).toMatchObject({ code: '2604', data: null });
    const unbound = await download(p.app, admin, `${base}/custom/report/data/export`, {
      ...body,
      projectId: otherProjectId,
    });
    expect(JSON.parse(unbound.res.payload)).toMatchObject({ code: '2610', data: null });
  });
});
