/**
 * Worker side of workbookReader.ts: reads an uploaded .xlsx off the main thread and answers its
 * cells as plain data (exceljs cell values, which structured clone copies). Plain JavaScript so
 * the same file runs under tsx, vitest and node without a loader in the worker.
 *
 * Before exceljs sees the file, every zip entry is inflated once and counted, so a small file
 * that unpacks to gigabytes (a zip bomb) is refused: inflated buffers live outside the JS heap,
 * where the worker's heap limit does not reach.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createInflateRaw } from 'node:zlib';
import ExcelJS from 'exceljs';

const { content, markerSheet, maxRows, inflatedMaxBytes } = workerData;

class Refusal extends Error {
  /** @param {'tooLarge' | 'format'} reason */
  constructor(reason, message) {
    super(message);
    this.reason = reason;
  }
}

/** Bytes of one deflated entry once inflated, counting without keeping; stops past `budget`. */
async function inflatedBytes(data, budget) {
  const inflate = createInflateRaw();
  inflate.end(data);
  let bytes = 0;
  for await (const chunk of inflate) {
    bytes += chunk.length;
    if (bytes > budget) {
      inflate.destroy();
      throw new Refusal('tooLarge', `unpacks to more than ${inflatedMaxBytes} bytes`);
    }
  }
  return bytes;
}

/** Walks the zip's central directory (APPNOTE 4.3.12, 4.3.16) and inflates each entry once. */
async function checkUnpackedSize(zip) {
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Refusal('format', 'no zip directory');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  let total = 0;
  for (let n = 0; n < count; n++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== 0x02014b50)
      throw new Refusal('format', 'bad zip directory');
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const local = zip.readUInt32LE(at + 42);
    // zip64 (sizes or offsets beyond 4 GB) has no place in an import file
    if (compressed === 0xffffffff || local === 0xffffffff) throw new Refusal('tooLarge', 'zip64 entry');
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== 0x04034b50)
      throw new Refusal('format', 'bad zip entry');
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + compressed);
    if (method === 0) total += data.length;
    else if (method === 8) total += await inflatedBytes(data, inflatedMaxBytes - total);
    else throw new Refusal('format', `zip compression method ${method}`);
    if (total > inflatedMaxBytes)
      throw new Refusal('tooLarge', `unpacks to more than ${inflatedMaxBytes} bytes`);
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
}

const isBlank = (value) =>
  value === null || value === undefined || (typeof value === 'string' && !value.trim());

async function read() {
  const zip = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  await checkUnpackedSize(zip);
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(zip);
  } catch (err) {
    throw new Refusal('format', String(err?.message ?? err));
  }
  const meta = wb.getWorksheet(markerSheet);
  const marker = [];
  meta?.eachRow((row) => marker.push([row.getCell(1).value, row.getCell(2).value]));

  const sheet = wb.worksheets.find((s) => s.name !== markerSheet);
  if (!sheet) return { marker: meta ? marker : null, sheet: null };
  const header = [];
  sheet.getRow(1).eachCell((cell, col) => (header[col - 1] = cell.value));
  const width = header.length;
  for (let c = 0; c < width; c++) header[c] ??= null;
  // data rows within the header's columns that have any content, at most maxRows of them
  const rows = [];
  let more = false;
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.findRow(r);
    if (!row) continue;
    const cells = [];
    for (let c = 1; c <= width; c++) cells.push(row.findCell(c)?.value ?? null);
    if (cells.every(isBlank)) continue;
    if (rows.length === maxRows) {
      more = true;
      break;
    }
    rows.push({ row: r, cells });
  }
  return { marker: meta ? marker : null, sheet: { header, rows, more } };
}

read().then(
  (workbook) => parentPort.postMessage({ ok: true, workbook }),
  (err) =>
    parentPort.postMessage({
      ok: false,
      reason: err instanceof Refusal ? err.reason : 'format',
      message: String(err?.message ?? err),
    }),
);
