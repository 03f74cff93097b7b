/**
 * Test helpers for the bulk calls: a browser-like session over real HTTP (fetch, multipart
 * FormData, downloads), workbooks written with exceljs, and devices ready for variables.
 */
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import { loggedIn, makeEnterprise, type Caller, type TestPlatform } from './harness';
import { loggedInOperator, startEnterprisePlatform } from './platformFixtures';
import type { JobView } from '../src/modules/bulk/bulkJobs';
import { MARKER_SHEET, type SheetSpec } from '../src/modules/bulk/workbook';

export interface Envelope<T> {
  code: string;
  message: string;
  data: T;
}

/** A logged-in browser talking to the listening server. */
export class HttpSession {
  constructor(
    readonly base: string,
    private readonly cookie: string,
    private readonly lang: 'zh-CN' | 'en-US',
  ) {}

  private headers(extra: Record<string, string> = {}) {
    return { cookie: this.cookie, 'accept-language': this.lang, ...extra };
  }

  async json<T = unknown>(url: string, body: unknown = {}): Promise<Envelope<T>> {
    const res = await fetch(this.base + url, {
      method: 'POST',
      headers: this.headers({ 'content-type': 'application/json' }),
      body: JSON.stringify(body),
    });
    return (await res.json()) as Envelope<T>;
  }

  /** A download: the file when the call succeeds, the envelope when it does not. */
  async download(url: string, body: unknown = {}) {
    const res = await fetch(this.base + url, {
      method: 'POST',
      headers: this.headers({ 'content-type': 'application/json' }),
      body: JSON.stringify(body),
    });
    const content = Buffer.from(await res.arrayBuffer());
    const isJson = (res.headers.get('content-type') ?? '').includes('json');
    return {
      status: res.status,
      headers: res.headers,
      content,
      envelope: isJson ? (JSON.parse(content.toString()) as Envelope<unknown>) : null,
    };
  }

  /** A multipart upload, as the import dialog sends it. */
  async upload<T = { jobId: string }>(
    url: string,
    file: { name: string; content: Buffer },
    fields: Record<string, string> = {},
  ): Promise<Envelope<T>> {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(file.content)]), file.name);
    const res = await fetch(this.base + url, { method: 'POST', headers: this.headers(), body: form });
    return (await res.json()) as Envelope<T>;
  }

  /** Polls the job like the progress bar does until it has ended; `seen` collects each `done`. */
  async waitJob(jobId: string, seen: number[] = [], timeoutMs = 60_000): Promise<JobView> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const res = await this.json<JobView>('/lfscada/bulk/job', { jobId });
      if (res.code !== '200') throw new Error(`job ${jobId}: ${res.code} ${res.message}`);
      seen.push(res.data.done);
      if (res.data.state !== 'running') return res.data;
      if (Date.now() > until) throw new Error(`job ${jobId} still running`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

export async function listen(p: TestPlatform): Promise<string> {
  await p.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(p.app.server.address() as AddressInfo).port}`;
}

export async function session(
  p: TestPlatform,
  base: string,
  loginname: string,
  lang: 'zh-CN' | 'en-US' = 'en-US',
): Promise<HttpSession> {
  const caller = await loggedIn(p.app, loginname, lang);
  return new HttpSession(base, `sid=${caller.cookie('sid')}`, lang);
}

/**
 * The platform of a bulk test file, listening on a port: an enterprise whose admin calls the API
 * (`admin`) and browses (`web`), a rival enterprise's browser (`rival`), and the platform operator.
 */
export async function startBulkPlatform(name: string, rivalName: string) {
  const { p, admin, enterprise } = await startEnterprisePlatform(name);
  const base = await listen(p);
  const rival = await makeEnterprise(p.ctx.db, rivalName);
  const operator = await loggedInOperator(p);
  return {
    p,
    base,
    enterprise,
    admin,
    operator,
    web: await session(p, base, enterprise.admin),
    rival: await session(p, base, rival.admin),
  };
}

/** A workbook as a user would fill it: English headers, data rows, and the marker of `version`. */
export async function workbookOf(
  spec: SheetSpec,
  rows: Record<string, unknown>[],
  marker: { version: number; series?: string } | null = { version: spec.version },
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Sheet1');
  sheet.addRow(spec.columns.map((c) => c.label['en-US']));
  for (const r of rows) sheet.addRow(spec.columns.map((c) => (r[c.key] ?? null) as ExcelJS.CellValue));
  if (marker) {
    const meta = wb.addWorksheet(MARKER_SHEET, { state: 'veryHidden' });
    meta.addRow(['kind', spec.kind]);
    meta.addRow(['version', marker.version]);
    meta.addRow(['series', marker.series ?? '']);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function readXlsx(content: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(content as unknown as ExcelJS.Buffer);
  return wb;
}

/**
 * `n` valid variables of many shapes: holding-register numbers with limits and formulas, bits
 * in coils with a state mapping, strings, stored ones, and intermediate variables whose formula
 * reads a variable of the same file.
 */
export function generatedVariables(n: number, driver: string, prefix = 'v'): Record<string, unknown>[] {
  const rows: Record<string, unknown>[] = [];
  for (let i = 0; i < n; i++) {
    const name = `${prefix}_${i}`;
    const base = { name, key: `k${i}`, unit: i % 3 ? 'm' : '', decimals: i % 4, seq: 0 };
    if (i % 10 === 9) {
      rows.push({
        ...base,
        kind: 'intermediate',
        dataType: 'float32',
        formula: `${prefix}_${i - 1} * 2 + 1`,
      });
    } else if (i % 10 === 3) {
      rows.push({
        ...base,
        driver,
        dataType: 'bit',
        registerType: '0x',
        address: String(i),
        rw: 'rw',
        mapping: '0:Off;1:On',
      });
    } else if (i % 10 === 5) {
      rows.push({
        ...base,
        driver,
        dataType: 'string',
        stringLength: 10,
        registerType: '3x',
        address: String(i * 8),
      });
    } else {
      rows.push({
        ...base,
        driver,
        dataType: ['int16', 'uint16', 'int32', 'float32', 'float64'][i % 5],
        registerType: '4x',
        address: String(i * 4),
        rw: 'rw',
        collectFormula: i % 2 ? 'x*0.1' : '',
        writeUpper: 100,
        writeLower: -5.5,
        collectUpper: i % 2 ? 1000 : null,
        collectLower: i % 2 ? 0 : null,
        deadband: i % 7 ? null : 0.5,
        storeHistory: i % 10 === 1 ? 'true' : 'false',
      });
    }
  }
  return rows;
}

/** A device with a gateway of `series` and a Modbus TCP driver named PLC. */
export async function deviceWithDriver(
  admin: Caller,
  operator: Caller,
  name: string,
  sn: string,
  series = 'EG',
) {
  const reg = await operator.post<{ sn: string; verifyCode: string }[]>(
    '/lfscada/hardware/register',
    { series, gateways: [{ sn }] },
    true,
  );
  const dev = await admin.post<{ id: number }>('/lfscada/equipment/multi/add', { name }, true);
  const equipmentId = dev.body.data.id;
  await admin.post(
    '/lfscada/equipment/multi/bindGateway',
    { equipmentId, sn, verifyCode: reg.body.data[0]!.verifyCode },
    true,
  );
  const drv = await admin.post<{ id: number }>(
    '/lfscada/equipment/multi/driver/add',
    { owner: { equipmentId }, item: { protocol: 'modbus-tcp', name: 'PLC', ip: '10.0.0.9' } },
    true,
  );
  if (drv.body.code !== '200') throw new Error(`driver: ${drv.body.message}`);
  return { equipmentId, owner: { equipmentId } };
}
