/**
 * Worker side of workbookReader.ts: reads an uploaded .xlsx off the main thread and answers its
 * cells as plain data (exceljs cell values, which structured clone copies). Plain JavaScript so
 * the same file runs under tsx, vitest and node without a loader in the worker.
 * The zip is checked for its unpacked size first (zipBudget.mjs).
 */
import { parentPort, workerData } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import { Refusal, checkUnpackedSize } from './zipBudget.mjs';

const { content, markerSheet, maxRows, inflatedMaxBytes } = workerData;

const isBlank = (value) =>
  value === null || value === undefined || (typeof value === 'string' && !value.trim());

async function read() {
  const zip = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  await checkUnpackedSize(zip, inflatedMaxBytes);
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
