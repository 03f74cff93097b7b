/**
 * Workbook imports are parsed off the main thread (workbookReader.ts): other calls go on
 * meanwhile, and a corrupt or bomb-like zip is refused.
 */
import { constants, deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Err } from '@fieldhub/shared';
import type { Caller, TestPlatform } from '../../../test/harness';
import { startBulkPlatform, workbookOf, type Envelope, type HttpSession } from '../../../test/bulkFixtures';
import { deviceSheet } from './deviceSheet';
import { IMPORT_MAX_BYTES } from './upload';
import { MARKER_SHEET } from './workbook';
import { READ_LIMITS, readWorkbookCells } from './workbookReader';

let p: TestPlatform;
let base: string;
let web: HttpSession;
/** the same admin's session cookie, for calls made beside the import */
let cookie: string;

const IMPORT = '/lfscada/equipment/multi/importXlsx';
const MIB = 1024 * 1024;

beforeAll(async () => {
  let admin: Caller;
  ({ p, base, web, admin } = await startBulkPlatform('Workbook Works', 'Other Works'));
  cookie = `sid=${admin.cookie('sid')}`;
});
afterAll(() => p.stop());

/** Bytes held by this process outside the code: JS heap and buffers. */
function heldBytes(): number {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

/** 6,000 rows of 60 numbers: 360,000 cells, 10 MB of sheet XML, seconds of exceljs work. */
async function heavyWorkbook(): Promise<Buffer> {
  const xml = numberSheet(6000, 60);
  return withSheet(await workbookOf(deviceSheet, [{ name: 'Pump' }]), deflateRawSync(xml), xml.length);
}

describe('workbook imports off the main thread', () => {
  it('answers other calls while a heavy workbook is parsed', async () => {
    const content = await heavyWorkbook();
    let importAnswered = false;
    const imported = web.upload(IMPORT, { name: 'heavy.xlsx', content }).then((res) => {
      importAnswered = true;
      return res;
    });
    // user/info, one call after the other, until the import answers
    const started = performance.now();
    const waits: number[] = [];
    while (!importAnswered) {
      const asked = performance.now();
      const info = await fetch(`${base}/lfscada/user/info`, { headers: { cookie } });
      expect(((await info.json()) as Envelope<unknown>).code).toBe('200');
      if (!importAnswered) waits.push(performance.now() - asked);
    }
    const importTook = performance.now() - started;
    expect((await imported).code).toBe('90003'); // parsed to the end: more rows than an import may carry
    expect(waits.length).toBeGreaterThanOrEqual(10);
    // no call waits on the parse: a share of the import's own time, not a fixed number of ms
    // (parsed on the main thread, one call waited about a third of it; off it, about 2 %)
    expect(Math.max(...waits)).toBeLessThan(importTook / 8);
  });

  it('refuses a corrupt .xlsx (zip signature, then garbage) with 10007', async () => {
    const garbage = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(4000, 0x5a)]);
    const res = await web.upload(IMPORT, { name: 'broken.xlsx', content: garbage });
    expect(res.code).toBe('10007');
  });

  it('refuses a small workbook that unpacks to gigabytes with 10008', async () => {
    // a real workbook with its sheet replaced by 1 GB of spaces: about 1 MB deflated
    const real = await workbookOf(deviceSheet, [{ name: 'Pump' }]);
    const bomb = withSheet(real, deflatedSpaces(1024 * MIB), 1024 * MIB);
    expect(bomb.length).toBeLessThan(IMPORT_MAX_BYTES);
    const before = heldBytes();
    const res = await web.upload(IMPORT, { name: 'bomb.xlsx', content: bomb });
    expect(res.code).toBe('10008');
    expect(heldBytes() - before).toBeLessThan(256 * MIB);
  });
});

describe('the parsing worker', () => {
  it('is stopped at its time limit, answering 10007', async () => {
    const limits = { ...READ_LIMITS, timeMs: 50 };
    await expect(readWorkbookCells(await heavyWorkbook(), MARKER_SHEET, 10, limits)).rejects.toMatchObject({
      code: Err.fileFormatWrong,
    });
  });

  it('answers 10008 when the parse outgrows its heap', async () => {
    const limits = { ...READ_LIMITS, heapMb: 16 };
    await expect(readWorkbookCells(await heavyWorkbook(), MARKER_SHEET, 10, limits)).rejects.toMatchObject({
      code: Err.fileTooLarge,
    });
  });

  it('returns the header and the rows with content, as wide as the header', async () => {
    const content = await workbookOf(deviceSheet, [
      { name: 'Pump', seq: 3 },
      {},
      { name: '  ' },
      { remark: 'r' },
    ]);
    const wb = await readWorkbookCells(content, MARKER_SHEET, 10);
    expect(wb.marker).toEqual([
      ['kind', 'devices'],
      ['version', deviceSheet.version],
      ['series', ''],
    ]);
    expect(wb.sheet?.header).toEqual(deviceSheet.columns.map((c) => c.label['en-US']));
    const remark = deviceSheet.columns.findIndex((c) => c.key === 'remark');
    expect(wb.sheet?.rows.map((r) => [r.row, r.cells.length])).toEqual([
      [2, deviceSheet.columns.length],
      [5, deviceSheet.columns.length],
    ]);
    expect(wb.sheet?.rows[1]?.cells[remark]).toBe('r');
    expect(wb.sheet?.more).toBe(false);
    expect((await readWorkbookCells(content, MARKER_SHEET, 1)).sheet?.more).toBe(true);
  });
});

/**
 * `xlsx` with its first sheet (xl/worksheets/sheet1.xml) replaced by `sheet` (raw deflate of
 * `size` bytes), as a new zip: local headers, central directory and end record (APPNOTE 4.3).
 */
function withSheet(xlsx: Buffer, sheet: Buffer, size: number): Buffer {
  const entries = readZip(xlsx);
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const isSheet = e.name === 'xl/worksheets/sheet1.xml';
    const data = isSheet ? sheet : e.data;
    const method = isSheet ? 8 : e.method;
    const declared = Math.min(isSheet ? size : e.size, 0xfffffffe);
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(isSheet ? 0 : e.crc, 14); // a replaced sheet's crc is not checked on reading
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(method, 10);
    dir.writeUInt32LE(isSheet ? 0 : e.crc, 16);
    dir.writeUInt32LE(data.length, 20);
    dir.writeUInt32LE(declared, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    central.push(dir, name);
    offset += 30 + name.length + data.length;
  }
  const dirBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dirBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dirBytes, end]);
}

/** A sheet of the device template's header and `rows` rows of `columns` numbers (inline XML). */
function numberSheet(rows: number, columns: number): Buffer {
  const letters = (n: number): string =>
    (n < 26 ? '' : letters(Math.floor(n / 26) - 1)) + String.fromCharCode(65 + (n % 26));
  const head = deviceSheet.columns
    .map((c, i) => `<c r="${letters(i)}1" t="inlineStr"><is><t>${c.label['en-US']}</t></is></c>`)
    .join('');
  const lines = [
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
    `<row r="1">${head}</row>`,
  ];
  for (let r = 2; r <= rows + 1; r++) {
    const cells: string[] = [];
    for (let c = 0; c < columns; c++) cells.push(`<c r="${letters(c)}${r}"><v>${r * 7 + c}</v></c>`);
    lines.push(`<row r="${r}">${cells.join('')}</row>`);
  }
  lines.push('</sheetData></worksheet>');
  return Buffer.from(lines.join(''));
}

/** `bytes` (a multiple of 1 MiB) of spaces as one raw deflate stream of about bytes / 1000. */
function deflatedSpaces(bytes: number): Buffer {
  // a sync-flushed MiB ends on a byte boundary without the final bit, so copies chain up
  const mib = deflateRawSync(Buffer.alloc(MIB, 0x20), { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  const parts: Buffer[] = Array.from({ length: bytes / MIB }, () => mib);
  parts.push(Buffer.from([0x03, 0x00])); // an empty final block (fixed Huffman, end-of-block code)
  return Buffer.concat(parts);
}

function readZip(zip: Buffer) {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: { name: string; method: number; crc: number; size: number; data: Buffer }[] = [];
  for (let n = 0; n < count; n++) {
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const compressed = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString();
    const local = zip.readUInt32LE(at + 42);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    entries.push({ name, method, crc, size, data: zip.subarray(start, start + compressed) });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}
