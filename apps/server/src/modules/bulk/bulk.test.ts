import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, type TestPlatform } from '../../../test/harness';
import {
  deviceWithDriver,
  generatedVariables,
  readXlsx,
  session,
  startBulkPlatform,
  workbookOf,
  type HttpSession,
} from '../../../test/bulkFixtures';
import { variableSheet } from './variableSheet';

let p: TestPlatform;
let admin: Caller;
let operator: Caller;
let web: HttpSession;
let webZh: HttpSession;
let rival: HttpSession;
let first: { equipmentId: number; owner: { equipmentId: number } };

const V = '/lfscada/equipment/multi/variable';
// 500-row workbooks on a busy machine; the first of a run also pays for loading exceljs
const HEAVY = 90_000;
const xlsx = (content: Buffer, name = 'variables.xlsx') => ({ name, content });

beforeAll(async () => {
  const bulk = await startBulkPlatform('Bulk Plant', 'Rival Works');
  ({ p, admin, operator, web, rival } = bulk);
  webZh = await session(p, bulk.base, bulk.enterprise.admin, 'zh-CN');
  first = await deviceWithDriver(admin, operator, 'Line 1', '200000000001');
});
afterAll(() => p.stop());

type VariableListRow = Record<string, unknown> & { id: number; driverId: number | null };

async function variablesOf(owner: { equipmentId: number }) {
  const res = await admin.post<VariableListRow[]>(`${V}/query`, { owner }, true);
  return res.body.data;
}
/** A variable list as configuration: ids and driver ids differ between devices. */
const configOf = (list: VariableListRow[]) => list.map(({ id: _id, driverId: _d, ...rest }) => rest);

async function importVariables(s: HttpSession, owner: object, content: Buffer, name?: string) {
  return s.upload(`${V}/importXlsx`, xlsx(content, name), { owner: JSON.stringify(owner) });
}

describe('variable import', () => {
  it(
    'imports a generated 500-variable workbook completely, filling an EG gateway exactly',
    async () => {
      const started = performance.now();
      const res = await importVariables(
        web,
        first.owner,
        await workbookOf(variableSheet, generatedVariables(500, 'PLC')),
      );
      expect(res.code).toBe('200');
      const seen: number[] = [];
      const job = await web.waitJob(res.data.jobId, seen);
      expect(job).toMatchObject({
        state: 'completed',
        done: 500,
        total: 500,
        errors: [],
        result: { created: 500 },
      });
      // progress moves in steps of 50 rows
      expect(seen.every((done) => done % 50 === 0)).toBe(true);
      const list = await variablesOf(first.owner);
      expect(list).toHaveLength(500);
      expect(list.find((v) => v.name === 'v_3')).toMatchObject({
        dataType: 'bit',
        registerType: '0x',
        driverName: 'PLC',
        mapping: [
          { value: 0, text: 'Off' },
          { value: 1, text: 'On' },
        ],
      });
      expect(list.find((v) => v.name === 'v_9')).toMatchObject({
        kind: 'intermediate',
        formula: 'v_8 * 2 + 1',
      });
      expect(list.filter((v) => v.storeHistory)).toHaveLength(50);
      console.info(`500-variable import: ${Math.round(performance.now() - started)} ms`);
    },
    HEAVY,
  );

  it('refuses a 501st variable on the same EG gateway with 1701 and stores nothing', async () => {
    const res = await importVariables(
      web,
      first.owner,
      await workbookOf(variableSheet, generatedVariables(1, 'PLC', 'extra')),
    );
    const job = await web.waitJob(res.data.jobId);
    expect(job.state).toBe('failed');
    expect(job.errors).toEqual([expect.objectContaining({ row: null, code: 1701 })]);
    expect(await variablesOf(first.owner)).toHaveLength(500);
  });

  it('stores nothing from a workbook with 3 bad rows and reports each row with its column and reason', async () => {
    const second = await deviceWithDriver(admin, operator, 'Line 2', '200000000002');
    const rows = generatedVariables(10, 'PLC', 'w');
    rows[2] = { ...rows[2], name: '2bad' };
    rows[5] = { ...rows[5], writeUpper: 0, writeLower: 10 };
    rows[7] = { ...rows[7], name: 'w_1' };
    const res = await importVariables(web, second.owner, await workbookOf(variableSheet, rows));
    const job = await web.waitJob(res.data.jobId);
    expect(job.state).toBe('failed');
    expect(job.errors.map((e) => [e.row, e.field, e.code])).toEqual([
      [4, 'name', 10001],
      [7, 'writeUpper', 10001],
      [9, 'name', 1729],
    ]);
    expect(job.errors[1]).toMatchObject({
      column: 'Write upper limit',
      message: 'Parameter check failed: The write upper limit must exceed the write lower limit',
    });
    expect(job.errors[2]!.message).toBe('The import file contains duplicate variable names: same as row 3');
    // the same report read in Chinese
    const zh = await webZh.waitJob(res.data.jobId);
    expect(zh.errors[1]).toMatchObject({
      column: '写入上限',
      message: '参数校验失败：写入上限必须大于写入下限',
    });
    expect(await variablesOf(second.owner)).toEqual([]);
  });

  it('reports names already on the device with 2106 and unknown drivers with 1504', async () => {
    const third = await deviceWithDriver(admin, operator, 'Line 3', '200000000003');
    const ok = await importVariables(
      web,
      third.owner,
      await workbookOf(variableSheet, generatedVariables(2, 'PLC', 'x')),
    );
    expect((await web.waitJob(ok.data.jobId)).state).toBe('completed');
    const rows = [
      ...generatedVariables(2, 'PLC', 'x').slice(1),
      { ...generatedVariables(1, 'Nope', 'y')[0] },
    ];
    const res = await importVariables(web, third.owner, await workbookOf(variableSheet, rows));
    const job = await web.waitJob(res.data.jobId);
    expect(job.errors.map((e) => [e.row, e.field, e.code])).toEqual([
      [2, 'name', 2106],
      [3, 'driver', 1504],
    ]);
    expect(await variablesOf(third.owner)).toHaveLength(2);
  });

  it(
    'exports a device and re-imports into a second device of the same series with the same configuration',
    async () => {
      const file = await web.download(`${V}/exportXlsx`, { owner: first.owner });
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toContain('spreadsheetml');
      expect(file.headers.get('content-disposition')).toContain("filename*=UTF-8''Line%201-variables.xlsx");
      const copy = await deviceWithDriver(admin, operator, 'Line 1 copy', '200000000004');
      const res = await importVariables(web, copy.owner, file.content, 'Line 1-variables.xlsx');
      expect((await web.waitJob(res.data.jobId)).state).toBe('completed');
      expect(configOf(await variablesOf(copy.owner))).toEqual(configOf(await variablesOf(first.owner)));
    },
    HEAVY,
  );

  it('refuses an export made for another gateway series with 1106', async () => {
    const lite = await deviceWithDriver(admin, operator, 'Lite 1', '200000000005', 'EG-Lite');
    const content = await workbookOf(variableSheet, generatedVariables(3, 'PLC'), {
      version: 2,
      series: 'EG',
    });
    expect((await importVariables(web, lite.owner, content)).code).toBe('1106');
  });

  it('answers 1126 while another import of the same device is running', async () => {
    await p.ctx.db.query(
      `insert into bulk_jobs(id, org_id, kind, total, result)
       select 'busy-job', org_id, 'variables', 10, $2::jsonb from equipment where id = $1`,
      [first.equipmentId, JSON.stringify({ target: `equipment:${first.equipmentId}` })],
    );
    const res = await importVariables(
      web,
      first.owner,
      await workbookOf(variableSheet, generatedVariables(1, 'PLC', 'z')),
    );
    expect(res.code).toBe('1126');
    await p.ctx.db.query("update bulk_jobs set state = 'failed' where id = 'busy-job'");
  });
});

describe('template variables', () => {
  it('imports into a template, and a device bound to it refuses imports with 1123', async () => {
    const t = await admin.post<{ id: number }>(
      '/lfscada/template/add',
      { name: 'Line T', series: 'EG' },
      true,
    );
    const owner = { templateId: t.body.data.id };
    await admin.post(
      '/lfscada/equipment/multi/driver/add',
      { owner, item: { protocol: 'modbus-tcp', name: 'PLC', ip: '10.0.0.8' } },
      true,
    );
    const res = await importVariables(
      web,
      owner,
      await workbookOf(variableSheet, generatedVariables(4, 'PLC', 'tv')),
    );
    expect((await web.waitJob(res.data.jobId)).state).toBe('completed');
    const list = await admin.post<{ name: string }[]>(`${V}/query`, { owner }, true);
    expect(list.body.data.map((v) => v.name)).toEqual(['tv_0', 'tv_1', 'tv_2', 'tv_3']);

    const dev = await admin.post<{ id: number }>('/lfscada/equipment/multi/add', { name: 'Bound 1' }, true);
    await admin.post(
      '/lfscada/equipment/multi/bindTemplate',
      { equipmentId: dev.body.data.id, templateId: owner.templateId },
      true,
    );
    const content = await workbookOf(variableSheet, generatedVariables(1, 'PLC', 'local'));
    expect((await importVariables(web, { equipmentId: dev.body.data.id }, content)).code).toBe('1123');
  });
});

describe('import files', () => {
  it('refuses a workbook of an older template version with 1724, and one without the marker', async () => {
    const old = await workbookOf(variableSheet, generatedVariables(2, 'PLC', 'o'), { version: 1 });
    const res = await importVariables(web, first.owner, old);
    expect(res).toMatchObject({
      code: '1724',
      message: 'The import template is outdated; download the latest one',
    });
    const bare = await workbookOf(variableSheet, generatedVariables(2, 'PLC', 'o'), null);
    expect((await importVariables(web, first.owner, bare)).code).toBe('1724');
  });

  it('refuses a text file renamed .xlsx, an old .xls and a .csv with 10007', async () => {
    const text = await importVariables(
      web,
      first.owner,
      Buffer.from('name,dataType\nv1,int16\n'),
      'vars.xlsx',
    );
    expect(text.code).toBe('10007');
    const ole = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(504)]);
    const xls = await importVariables(web, first.owner, ole, 'vars.xls');
    expect(xls).toMatchObject({ code: '10007' });
    expect(xls.message).toContain('save the file as .xlsx');
    const csv = await importVariables(web, first.owner, Buffer.from('a,b'), 'vars.csv');
    expect(csv.code).toBe('10007');
  });

  it('refuses an empty file with 10006 and a file over 10 MB with 10008', async () => {
    expect((await importVariables(web, first.owner, Buffer.alloc(0))).code).toBe('10006');
    const big = Buffer.concat([Buffer.from('504b0304', 'hex'), Buffer.alloc(10 * 1024 * 1024 + 10)]);
    expect((await importVariables(web, first.owner, big)).code).toBe('10008');
  });

  it('serves a template with the header, a hidden marker, explanations and drop-downs that imports', async () => {
    const file = await web.download(`${V}/templateXlsx`, { owner: first.owner });
    expect(file.status).toBe(200);
    const wb = await readXlsx(file.content);
    const [data, help, marker] = wb.worksheets;
    expect(data!.getRow(1).values).toEqual([
      undefined,
      ...variableSheet.columns.map((c) => c.label['en-US']),
    ]);
    expect(marker!.state).toBe('veryHidden');
    expect(help!.getRow(4).values).toContain('Name');
    const typeColumn = variableSheet.columns.findIndex((c) => c.key === 'dataType') + 1;
    expect(data!.getCell(2, typeColumn).dataValidation).toMatchObject({ type: 'list' });
    expect(String(data!.getCell(2, typeColumn).dataValidation.formulae[0])).toContain('float32');
    const driverColumn = variableSheet.columns.findIndex((c) => c.key === 'driver') + 1;
    expect(String(data!.getCell(5, driverColumn).dataValidation.formulae[0])).toBe('"PLC"');

    const fresh = await deviceWithDriver(admin, operator, 'Line 6', '200000000006');
    generatedVariables(3, 'PLC', 't').forEach((r, i) =>
      variableSheet.columns.forEach(
        (c, col) => (data!.getCell(i + 2, col + 1).value = (r[c.key] ?? null) as string),
      ),
    );
    const filled = Buffer.from(await wb.xlsx.writeBuffer());
    const res = await importVariables(web, fresh.owner, filled);
    expect((await web.waitJob(res.data.jobId)).state).toBe('completed');
    expect((await variablesOf(fresh.owner)).map((v) => v.name)).toEqual(['t_0', 't_1', 't_2']);
  });
});

describe('tenant isolation', () => {
  it("refuses another enterprise's device and job, storing nothing", async () => {
    const before = await variablesOf(first.owner);
    const content = await workbookOf(variableSheet, generatedVariables(2, 'PLC', 'intruder'));
    expect((await importVariables(rival, first.owner, content)).code).toBe('1101');
    expect((await rival.download(`${V}/exportXlsx`, { owner: first.owner })).envelope?.code).toBe('1101');
    expect((await rival.download(`${V}/templateXlsx`, { owner: first.owner })).envelope?.code).toBe('1101');
    const [job] = await p.ctx.db.query<{ id: string }>(
      "select id from bulk_jobs where state = 'completed' limit 1",
    );
    expect((await rival.json('/lfscada/bulk/job', { jobId: job!.id })).code).toBe('90002');
    expect(await variablesOf(first.owner)).toEqual(before);
  });
});
