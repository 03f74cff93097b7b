import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, type TestPlatform } from '../../../test/harness';
import { readXlsx, startBulkPlatform, workbookOf, type HttpSession } from '../../../test/bulkFixtures';
import { deviceSheet } from './deviceSheet';

let p: TestPlatform;
let admin: Caller;
let operator: Caller;
let web: HttpSession;
let rival: HttpSession;

const D = '/lfscada/equipment/multi';
// the first workbook of a run also pays for loading exceljs
const HEAVY = 90_000;

beforeAll(async () => {
  ({ p, admin, operator, web, rival } = await startBulkPlatform('Device Plant', 'Second Site'));
});
afterAll(() => p.stop());

const devices = [
  {
    name: 'Boiler 1',
    group: 'East/Shanghai',
    deviceNumber: 'B-001',
    address: '1 Harbour Road',
    lng: 121.47,
    lat: 31.23,
    factoryDate: '2024-03-01',
    installDate: '2024-05-20',
    warrantyMonths: 24,
    manufacturer: 'Acme',
    iccid: '89860012345678901234',
    remark: 'north hall',
    seq: 5,
    defaultValueMode: 'last',
    menuBarVisible: 'false',
  },
  { name: 'Boiler 2', group: 'East', seq: 3 },
  { name: 'Chiller', seq: 1, manufacturer: 'Acme' },
];

async function importDevices(s: HttpSession, content: Buffer) {
  const res = await s.upload(`${D}/importXlsx`, { name: 'devices.xlsx', content });
  expect(res.code).toBe('200');
  return s.waitJob(res.data.jobId);
}

/** The data rows of an exported device sheet, as values. */
async function exportedRows(s: HttpSession) {
  const file = await s.download(`${D}/exportXlsx`, {});
  expect(file.status).toBe(200);
  const sheet = (await readXlsx(file.content)).worksheets[0]!;
  const rows: unknown[][] = [];
  for (let r = 2; r <= sheet.rowCount; r++)
    rows.push(deviceSheet.columns.map((_c, i) => sheet.getCell(r, i + 1).value ?? null));
  // drop-downs reach below the data; those rows are empty
  return rows.filter((row) => row.some((v) => v !== null));
}

async function groupNames() {
  const res = await admin.post<{ name: string }[]>(`${D.replace('/multi', '')}/group/query`, {}, true);
  return res.body.data.map((g) => g.name).sort();
}

describe('device import and export', () => {
  it(
    'imports devices with groups by path and round-trips through another enterprise',
    async () => {
      expect(await exportedRows(rival)).toEqual([]);
      const job = await importDevices(web, await workbookOf(deviceSheet, devices));
      expect(job).toMatchObject({ state: 'completed', done: 3, total: 3, result: { created: 3 } });
      expect(await groupNames()).toEqual(['East', 'Shanghai']);
      const exported = await exportedRows(web);
      expect(exported.map((r) => r.slice(0, 2))).toEqual([
        ['Boiler 1', 'East/Shanghai'],
        ['Boiler 2', 'East'],
        ['Chiller', null],
      ]);

      const file = await web.download(`${D}/exportXlsx`, {});
      expect(file.headers.get('content-disposition')).toContain('devices.xlsx');
      expect((await importDevices(rival, file.content)).state).toBe('completed');
      expect(await exportedRows(rival)).toEqual(exported);
      const boiler = await admin.post<{ list: Record<string, unknown>[] }>(
        `${D}/query`,
        { keyword: 'Boiler 1' },
        true,
      );
      const { group: _group, ...basicInfo } = devices[0]!;
      expect(boiler.body.data.list[0]).toMatchObject({
        ...basicInfo,
        menuBarVisible: false,
        groupName: 'Shanghai',
      });
    },
    HEAVY,
  );

  it('binds a gateway by SN and code and a template by name', async () => {
    const reg = await operator.post<{ verifyCode: string }[]>(
      '/lfscada/hardware/register',
      { series: 'EG', gateways: [{ sn: '300000000001' }] },
      true,
    );
    await admin.post('/lfscada/template/add', { name: 'Pump T', series: 'EG' }, true);
    const row = {
      name: 'Pump 1',
      template: 'Pump T',
      gatewaySn: 300000000001,
      verifyCode: reg.body.data[0]!.verifyCode,
    };
    expect((await importDevices(web, await workbookOf(deviceSheet, [row]))).state).toBe('completed');
    const list = await admin.post<{ list: Record<string, unknown>[] }>(
      `${D}/query`,
      { keyword: 'Pump 1' },
      true,
    );
    expect(list.body.data.list[0]).toMatchObject({ sn: '300000000001', templateName: 'Pump T' });
    const exported = await exportedRows(web);
    expect(exported.find((r) => r[0] === 'Pump 1')?.slice(-3)).toEqual(['Pump T', '300000000001', null]);
  });

  it('stores nothing and reports every bad row', async () => {
    const rows = [
      { name: 'New 1', group: 'North/Zone A' },
      { name: 'Boiler 1' },
      { name: 'New 2', gatewaySn: '12345', verifyCode: '123456' },
      { name: 'New 3', template: 'No such template', lng: 200 },
      { name: 'new 1' },
    ];
    const job = await importDevices(web, await workbookOf(deviceSheet, rows));
    expect(job.state).toBe('failed');
    expect(job.errors.map((e) => [e.row, e.field, e.code])).toEqual([
      [3, 'name', 2101],
      [4, 'gatewaySn', 1305],
      [5, 'lng', 10001],
      [5, 'template', 90002],
      [6, 'name', 2101],
    ]);
    expect(await groupNames()).toEqual(['East', 'Shanghai']);
  });

  it('rolls everything back when a verification code is wrong', async () => {
    const reg = await operator.post<{ verifyCode: string }[]>(
      '/lfscada/hardware/register',
      { series: 'EG', gateways: [{ sn: '300000000002' }] },
      true,
    );
    const wrong = reg.body.data[0]!.verifyCode === '000000' ? '111111' : '000000';
    const rows = [
      { name: 'Kiln', group: 'West' },
      { name: 'Kiln 2', gatewaySn: '300000000002', verifyCode: wrong },
    ];
    const job = await importDevices(web, await workbookOf(deviceSheet, rows));
    expect(job.errors).toEqual([
      expect.objectContaining({ row: 3, field: 'verifyCode', code: 1103, column: 'Verification code' }),
    ]);
    const list = await admin.post<{ total: number }>(`${D}/query`, { keyword: 'Kiln' }, true);
    expect(list.body.data.total).toBe(0);
    expect(await groupNames()).toEqual(['East', 'Shanghai']);
  });

  it('serves the device template and refuses a variable workbook in its place', async () => {
    const file = await web.download(`${D}/templateXlsx`);
    const wb = await readXlsx(file.content);
    expect(wb.worksheets[0]!.getRow(1).values).toEqual([
      undefined,
      ...deviceSheet.columns.map((c) => c.label['en-US']),
    ]);
    const res = await web.upload(`${D}/importXlsx`, {
      name: 'x.xlsx',
      content: await workbookOf({ ...deviceSheet, kind: 'variables' }, [{ name: 'v' }]),
    });
    expect(res.code).toBe('10007');
    expect(
      (await rival.json('/lfscada/bulk/job', { jobId: '00000000-0000-4000-8000-000000000000' })).code,
    ).toBe('90002');
  });
});
