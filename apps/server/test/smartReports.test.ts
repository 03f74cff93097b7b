import ExcelJS from 'exceljs';
// exceljs's own zip reader: the workbook's calculation settings, which exceljs does not read back
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SheetModel, SmartReportInfo, SmartReportRecord } from '@fieldhub/shared';
import { loggedIn, makeEnterprise, type Caller, type TestPlatform } from './harness';
import { startDevicePlatform } from './platformFixtures';
import { listen, session, type HttpSession } from './bulkFixtures';
import { role, subAccount } from './deviceFixtures';
import { PNG_1X1, boilerDevice, excel, storeHistory, templateWorkbook } from './smartReportFixtures';

// Smart reports through HTTP and a real database (docs/requirements/data-views.md §4): templates,
// upload, bound and fill cells, generation from stored history, filling, reading and download.
const HOUR = 3_600_000;
let p: TestPlatform;
let admin: Caller;
let web: HttpSession;
let rival: Caller;
let rivalWeb: HttpSession;
let viewer: Caller;
let boiler: { equipmentId: number; temp: number; pressure: number };
let rivalVariable: number;
let reportId: number;
let recordId: number;

const call = async <T = unknown>(c: Caller, path: string, body: Record<string, unknown> = {}) =>
  (await c.post<T>(`${excel}${path}`, body, true)).body;

const cells = (temp: number) => [
  { kind: 'variable', cell: 'B3', variableId: temp, aggregate: 'value' },
  { kind: 'variable', cell: 'B4', variableId: temp, aggregate: 'max' },
  { kind: 'text', cell: 'B5', label: 'Note' },
  { kind: 'number', cell: 'B6', label: 'Pressure', required: true, min: 0, max: 10 },
  { kind: 'choice', cell: 'C6', label: 'State', options: ['ok', 'fault'] },
  { kind: 'signature', cell: 'B7', label: 'Signed' },
];

beforeAll(async () => {
  const started = await startDevicePlatform('Report Works');
  p = started.p;
  admin = started.admin;
  const base = await listen(p);
  web = await session(p, base, started.enterprise.admin);
  const other = await makeEnterprise(p.ctx.db, 'Rival Reports');
  rival = await loggedIn(p.app, other.admin);
  rivalWeb = await session(p, base, other.admin);
  rivalVariable = (await boilerDevice(rival, started.operator, 'Rival boiler')).temp;
  boiler = await boilerDevice(admin, started.operator);
  const staff = await role(admin, 'Viewer', ['monitor_view'], 'org');
  await subAccount(admin, { segment: 'int', loginname: 'report-viewer', roleId: staff });
  viewer = await loggedIn(p.app, 'report-viewer');
});

afterAll(async () => {
  await p?.stop();
});

describe('report templates', () => {
  it('adds a report and refuses a second of the same name with 2122, in either case', async () => {
    const added = await call<{ id: number }>(admin, '/add', { name: 'Boiler shift log', remark: 'daily' });
    expect(added.code).toBe('200');
    reportId = added.data.id;
    const again = await call(admin, '/add', { name: 'BOILER shift log' });
    expect(again.code).toBe('2122');
    expect(again.message).toBe('Smart report name already exists');
    const list = await call<{ total: number }>(admin, '/queryAll', { keyword: 'Boiler' });
    expect(list.data.total).toBe(1);
  });

  it('answers 2122 in Chinese for a zh-CN caller renaming onto a taken name', async () => {
    const zh = await loggedIn(p.app, (await makeEnterprise(p.ctx.db, 'ZH Reports')).admin, 'zh-CN');
    await call(zh, '/add', { name: 'A' });
    const b = await call<{ id: number }>(zh, '/add', { name: 'B' });
    const renamed = await call(zh, '/edit', { id: b.data.id, name: 'a' });
    expect(renamed.code).toBe('2122');
    expect(renamed.message).toBe('智能报表名称已存在');
  });

  it('refuses an upload that is not an .xlsx workbook with 10007, and one above 5 MB or 20,000 cells with 10008', async () => {
    const text = await web.upload(
      `${excel}/upload`,
      { name: 'log.xlsx', content: Buffer.from('hello') },
      {
        id: String(reportId),
      },
    );
    expect(text.code).toBe('10007');
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    const xls = await web.upload(
      `${excel}/upload`,
      { name: 'log.xls', content: ole },
      { id: String(reportId) },
    );
    expect(xls.code).toBe('10007');
    // a zip that is no workbook
    const zipOnly = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64)]);
    const zip = await web.upload(
      `${excel}/upload`,
      { name: 'log.xlsx', content: zipOnly },
      { id: String(reportId) },
    );
    expect(zip.code).toBe('10007');
    const big = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const large = await web.upload(
      `${excel}/upload`,
      { name: 'log.xlsx', content: big },
      { id: String(reportId) },
    );
    expect(large.code).toBe('10008');
    // a workbook whose sheet has more cells than the browser draws (20,000)
    const wide = new ExcelJS.Workbook();
    const ws = wide.addWorksheet('Data');
    for (let r = 1; r <= 201; r++) ws.addRow(Array.from({ length: 100 }, (_, c) => r * 100 + c));
    const tooMany = await web.upload(
      `${excel}/upload`,
      { name: 'data.xlsx', content: Buffer.from(await wide.xlsx.writeBuffer()) },
      { id: String(reportId) },
    );
    expect(tooMany.code).toBe('10008');
    const info = await call<SmartReportInfo>(admin, '/info', { id: reportId });
    expect(info.data.fileName).toBe('');
  });

  it('stores an uploaded template and answers its sheet with merges, borders, fonts, fills and formats', async () => {
    const up = await web.upload<{ fileName: string; fileSize: number }>(
      `${excel}/upload`,
      { name: 'shift-log.xlsx', content: await templateWorkbook() },
      { id: String(reportId) },
    );
    expect(up.code).toBe('200');
    expect(up.data.fileName).toBe('shift-log.xlsx');
    const sheet = (await call<SheetModel>(admin, '/template', { id: reportId })).data;
    expect(sheet.name).toBe('Shift log');
    expect(sheet.merges).toEqual(['A1:D1']);
    expect(sheet.colWidths['1']).toBe(18);
    expect(sheet.rowHeights['1']).toBe(28);
    const at = (row: number, col: number) => sheet.cells.find((c) => c.row === row && c.col === col);
    expect(at(1, 1)).toMatchObject({
      value: 'Boiler shift log',
      style: { bold: true, fontSize: 16, color: '#1f4e79', hAlign: 'center' },
    });
    // the merged range's other cells carry no copy of the title
    expect(at(1, 2)?.value ?? null).toBeNull();
    expect(at(2, 1)?.style?.fill).toBe('#d9e1f2');
    expect(at(3, 2)?.style).toMatchObject({
      numFmt: '0.00',
      border: { top: { style: 'thin', color: '#000000' } },
    });
    expect(at(2, 4)).toMatchObject({
      value: Date.UTC(2026, 0, 2),
      date: true,
      style: { numFmt: 'yyyy-mm-dd' },
    });
  });

  it('binds cells, and refuses more than 100 with 2603, a cell twice with 10001, a rival variable with 90002', async () => {
    const many = Array.from({ length: 101 }, (_, i) => ({
      kind: 'text',
      cell: `A${i + 10}`,
      label: `f${i}`,
    }));
    expect((await call(admin, '/cells/save', { id: reportId, cells: many })).code).toBe('2603');
    const twice = [...cells(boiler.temp), { kind: 'text', cell: 'b5', label: 'again' }];
    expect((await call(admin, '/cells/save', { id: reportId, cells: twice })).code).toBe('10001');
    const foreign = [{ kind: 'variable', cell: 'B3', variableId: rivalVariable, aggregate: 'value' }];
    expect((await call(admin, '/cells/save', { id: reportId, cells: foreign })).code).toBe('90002');
    const badRange = [{ kind: 'number', cell: 'B6', label: 'P', min: 5, max: 1 }];
    expect((await call(admin, '/cells/save', { id: reportId, cells: badRange })).code).toBe('10001');
    expect((await call(admin, '/cells/save', { id: reportId, cells: cells(boiler.temp) })).code).toBe('200');
    const info = await call<SmartReportInfo>(admin, '/info', { id: reportId });
    expect(info.data.fieldCount).toBe(6);
    // exactly 100 is allowed
    const hundred = Array.from({ length: 100 }, (_, i) => ({
      kind: 'text',
      cell: `A${i + 10}`,
      label: `f${i}`,
    }));
    const other = await call<{ id: number }>(admin, '/add', { name: 'Hundred fields' });
    expect((await call(admin, '/cells/save', { id: other.data.id, cells: hundred })).code).toBe('200');
  });

  it('offers only the caller enterprise variables for binding', async () => {
    const options = await call<{ id: number; equipmentName: string }[]>(admin, '/variables', {});
    expect(options.data.map((v) => v.id).sort()).toEqual([boiler.temp, boiler.pressure].sort());
    expect(options.data[0]!.equipmentName).toBe('Boiler');
  });

  it("keeps another enterprise's report out of reach (90002) and a caller without the keys out (90008)", async () => {
    for (const path of ['/info', '/template', '/delete'])
      expect((await call(rival, path, { id: reportId })).code).toBe('90002');
    expect((await call(rival, '/edit', { id: reportId, name: 'Taken over' })).code).toBe('90002');
    expect((await call(rival, '/cells/save', { id: reportId, cells: [] })).code).toBe('90002');
    expect((await call(rival, '/record/generate', { id: reportId })).code).toBe('90002');
    expect((await call(rival, '/record/queryAll', { reportId })).code).toBe('90002');
    const upload = await rivalWeb.upload(
      `${excel}/upload`,
      { name: 'x.xlsx', content: await templateWorkbook() },
      { id: String(reportId) },
    );
    expect(upload.code).toBe('90002');
    expect((await call<{ total: number }>(rival, '/queryAll', {})).data.total).toBe(0);
    expect((await call<{ id: number }[]>(rival, '/reports')).data).toEqual([]);
    expect((await call<{ id: number }[]>(admin, '/reports')).data.map((r) => r.id)).toEqual([reportId]);
    expect((await call(viewer, '/queryAll', {})).code).toBe('90008');
    expect((await call(viewer, '/info', { id: reportId })).code).toBe('90008');
    expect((await call(viewer, '/record/generate', { id: reportId })).code).toBe('90008');
    const info = await call<SmartReportInfo>(admin, '/info', { id: reportId });
    expect(info.data.name).toBe('Boiler shift log');
    expect(info.data.cells).toHaveLength(6);
  });
});

describe('records', () => {
  it('refuses generating by hand with 3301 where the report does not allow it, storing nothing', async () => {
    const info = (await call<SmartReportInfo>(admin, '/info', { id: reportId })).data;
    await call(admin, '/edit', { id: reportId, name: info.name, allowManualStore: false });
    const refused = await call(admin, '/record/generate', { id: reportId });
    expect(refused.code).toBe('3301');
    expect(refused.message).toBe('Smart reports do not support storing records by hand');
    const list = await call<{ total: number }>(admin, '/record/queryAll', { reportId });
    expect(list.data.total).toBe(0);
    await call(admin, '/edit', { id: reportId, name: info.name, allowManualStore: true });
  });

  it('generates a record from the stored history of the period: the value at generation and the maximum', async () => {
    const now = p.clock.now().getTime();
    // within the last 24 hours (the period of a report without a schedule) and one older value
    await storeHistory(p.ctx.db, boiler.equipmentId, boiler.temp, now - 30 * HOUR, HOUR, [99]);
    await storeHistory(
      p.ctx.db,
      boiler.equipmentId,
      boiler.temp,
      now - 3 * HOUR,
      HOUR,
      [61.25, 64.44, 62.06],
    );
    const made = await call<SmartReportRecord>(admin, '/record/generate', { id: reportId });
    expect(made.code).toBe('200');
    expect(made.data).toMatchObject({ trigger: 'manual', filled: false, reportId });
    expect(made.data.periodTo - made.data.periodFrom).toBe(24 * HOUR);
    recordId = made.data.id;
    const read = (await call<{ sheet: SheetModel }>(admin, '/record/read', { recordId })).data.sheet;
    const at = (row: number, col: number) => read.cells.find((c) => c.row === row && c.col === col);
    // rounded to the variable's decimals (1); the template's style is kept
    expect(at(3, 2)).toMatchObject({ value: 62.1, style: { numFmt: '0.00' } });
    expect(at(4, 2)?.value).toBe(64.4);
    const list = await call<{ total: number; list: SmartReportRecord[] }>(admin, '/record/queryAll', {
      reportId,
      filled: 'unfilled',
    });
    expect(list.data.list.map((r) => r.id)).toEqual([recordId]);
  });

  it('checks each filled value by its field and stores nothing on a refusal', async () => {
    const fill = (values: Record<string, unknown>) => call(admin, '/record/fill', { recordId, values });
    expect((await fill({ B6: 11 })).code).toBe('10005');
    expect((await fill({ B6: 'abc' })).code).toBe('10001');
    expect((await fill({ B5: 'x' })).code).toBe('10001'); // B6 is required
    expect((await fill({ B6: 3, C6: 'maybe' })).code).toBe('10001');
    expect((await fill({ B6: 3, Z9: 'x' })).code).toBe('10001');
    expect((await fill({ B6: 3, B7: 'data:image/png;base64,SGVsbG8=' })).code).toBe('10007');
    const huge = `data:image/png;base64,${Buffer.alloc(300 * 1024, 1).toString('base64')}`;
    expect((await fill({ B6: 3, B7: huge })).code).toBe('10008');
    const gif = `data:image/gif;base64,${Buffer.from('GIF89a').toString('base64')}`;
    expect((await fill({ B6: 3, B7: gif })).code).toBe('10007');
    const record = await call<{ record: SmartReportRecord; values: Record<string, unknown> }>(
      admin,
      '/record/info',
      {
        recordId,
      },
    );
    expect(record.data.record.filled).toBe(false);
    expect(record.data.values).toEqual({});
  });

  it('keeps records of another enterprise out of reach (90002)', async () => {
    for (const path of ['/record/info', '/record/read'])
      expect((await call(rival, path, { recordId })).code).toBe('90002');
    // an account of the same enterprise without excel_manage or smart_report
    for (const path of ['/record/info', '/record/read', '/record/download'])
      expect((await call(viewer, path, { recordId })).code).toBe('90008');
    expect((await call(viewer, '/record/fill', { recordId, values: { B6: 1 } })).code).toBe('90008');
    expect((await call(rival, '/record/fill', { recordId, values: { B6: 1 } })).code).toBe('90002');
    const dl = await rivalWeb.download(`${excel}/record/download`, { recordId });
    expect(dl.envelope?.code).toBe('90002');
  });

  it('stores a filled record, reads it back with the values and the signature, and downloads it as .xlsx', async () => {
    const values = { B5: 'All normal', B6: '4.5', C6: 'ok', B7: PNG_1X1 };
    expect((await call(admin, '/record/fill', { recordId, values })).code).toBe('200');
    const record = await call<{ record: SmartReportRecord; values: Record<string, unknown> }>(
      admin,
      '/record/info',
      {
        recordId,
      },
    );
    expect(record.data.record).toMatchObject({ filled: true, filledBy: 'reportworks-admin' });
    expect(record.data.values).toEqual({ B5: 'All normal', B6: 4.5, C6: 'ok', B7: PNG_1X1 });
    const read = (await call<{ sheet: SheetModel }>(admin, '/record/read', { recordId })).data.sheet;
    const at = (row: number, col: number) => read.cells.find((c) => c.row === row && c.col === col);
    expect(at(5, 2)?.value).toBe('All normal');
    expect(at(6, 2)?.value).toBe(4.5);
    expect(at(7, 2)?.image).toBe(PNG_1X1);
    expect(at(7, 2)?.style?.border?.left?.style).toBe('thin');

    const dl = await web.download(`${excel}/record/download`, { recordId });
    expect(dl.headers.get('content-type')).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(dl.content as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getCell('A1').value).toBe('Boiler shift log');
    expect(ws.getCell('B3').value).toBe(62.1);
    expect(ws.getCell('B3').numFmt).toBe('0.00');
    expect(ws.getCell('B6').value).toBe(4.5);
    expect(ws.getCell('C6').value).toBe('ok');
    expect(ws.getImages()).toHaveLength(1);
    // the template's formula stays, and Excel recomputes it with the filled values on opening
    expect(ws.getCell('C4').value).toMatchObject({ formula: 'B4*2' });
    const workbookXml = await (await JSZip.loadAsync(dl.content)).file('xl/workbook.xml')!.async('string');
    expect(workbookXml).toContain('fullCalcOnLoad="1"');
    const list = await call<{ list: SmartReportRecord[] }>(admin, '/record/queryAll', {
      reportId,
      filled: 'filled',
    });
    expect(list.data.list.map((r) => r.id)).toEqual([recordId]);
  });

  it('deletes a report with its records', async () => {
    const other = await call<{ id: number }>(admin, '/add', { name: 'Short lived' });
    await web.upload(
      `${excel}/upload`,
      { name: 't.xlsx', content: await templateWorkbook() },
      { id: String(other.data.id) },
    );
    const made = await call<SmartReportRecord>(admin, '/record/generate', { id: other.data.id });
    expect((await call(admin, '/delete', { id: other.data.id })).code).toBe('200');
    expect((await call(admin, '/record/info', { recordId: made.data.id })).code).toBe('90002');
    expect((await call(admin, '/info', { id: other.data.id })).code).toBe('90002');
  });

  it("writes each change to the enterprise's operation log, and nothing for refused callers", async () => {
    const rows = await p.ctx.db.query<{ action: string; org_id: number }>(
      "select action, org_id from operation_log where action like 'excel.%' order by id",
    );
    const orgs = new Set(rows.map((r) => r.org_id));
    expect(orgs.size).toBe(2); // Report Works and the zh-CN enterprise; never the rival
    const actions = new Set(rows.map((r) => r.action));
    for (const a of [
      'excel.add',
      'excel.edit',
      'excel.upload',
      'excel.cells',
      'excel.generate',
      'excel.fill',
      'excel.delete',
    ])
      expect(actions).toContain(a);
  });
});
