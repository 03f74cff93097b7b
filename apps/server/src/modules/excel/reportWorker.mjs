/**
 * Worker side of reportWorkbook.ts (docs/requirements/data-views.md §4): exceljs parses and
 * writes on the thread it runs on, so a smart report's workbook is read and filled here, off the
 * server's main thread. Plain JavaScript so the file runs under tsx, vitest and node alike.
 *
 * `model`: the first sheet of an uploaded template as the browser renders it (values, merges,
 * borders, fonts, fills, number formats, column widths, row heights).
 * `fill`: the template with values and signature images written into cells, as .xlsx bytes.
 */
import { parentPort, workerData } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import { Refusal, checkUnpackedSize } from '../bulk/zipBudget.mjs';

const { op, content, inflatedMaxBytes, cellsMax, values, images } = workerData;

/** `#rrggbb` of an exceljs colour; theme and indexed colours have no fixed value and are left out. */
function hex(color) {
  const argb = color?.argb;
  return typeof argb === 'string' && argb.length === 8 ? `#${argb.slice(2).toLowerCase()}` : undefined;
}

function side(border) {
  return border?.style ? { style: border.style, color: hex(border.color) ?? null } : undefined;
}

/** The drawn part of a cell's style; undefined when it has none. */
function styleOf(cell) {
  const s = {};
  const font = cell.font ?? {};
  if (font.bold) s.bold = true;
  if (font.italic) s.italic = true;
  if (font.underline) s.underline = true;
  if (font.strike) s.strike = true;
  if (typeof font.size === 'number') s.fontSize = font.size;
  if (font.name) s.fontName = font.name;
  const color = hex(font.color);
  if (color) s.color = color;
  const fill = cell.fill;
  if (fill?.type === 'pattern' && fill.pattern === 'solid') {
    const f = hex(fill.fgColor) ?? hex(fill.bgColor);
    if (f) s.fill = f;
  }
  const al = cell.alignment ?? {};
  if (al.horizontal) s.hAlign = al.horizontal;
  if (al.vertical) s.vAlign = al.vertical;
  if (al.wrapText) s.wrap = true;
  if (cell.numFmt && cell.numFmt !== 'General') s.numFmt = cell.numFmt;
  const b = cell.border ?? {};
  const border = { top: side(b.top), left: side(b.left), bottom: side(b.bottom), right: side(b.right) };
  for (const k of Object.keys(border)) if (!border[k]) delete border[k];
  if (Object.keys(border).length) s.border = border;
  return Object.keys(s).length ? s : undefined;
}

/** A cell's value as the model keeps it: formulas by their result, rich text joined, dates as ms. */
function valueOf(raw) {
  if (raw === null || raw === undefined) return { value: null };
  if (raw instanceof Date) return { value: raw.getTime(), date: true };
  if (typeof raw === 'number' || typeof raw === 'string' || typeof raw === 'boolean') return { value: raw };
  if (typeof raw === 'object') {
    if ('formula' in raw || 'sharedFormula' in raw) return valueOf(raw.result ?? null);
    if (Array.isArray(raw.richText)) return { value: raw.richText.map((r) => r.text).join('') };
    if ('text' in raw) return { value: String(raw.text) };
    if ('error' in raw) return { value: String(raw.error) };
  }
  return { value: String(raw) };
}

function sheetModel(sheet) {
  const cells = [];
  let rowCount = 0;
  let colCount = 0;
  const rowHeights = {};
  sheet.eachRow({ includeEmpty: true }, (row, r) => {
    if (row.height) rowHeights[r] = row.height;
    row.eachCell({ includeEmpty: true }, (cell, c) => {
      // a merged range's other cells repeat the first one's value in exceljs: keep only their style
      const slave = cell.isMerged && cell.master !== cell;
      const { value, date } = slave ? { value: null } : valueOf(cell.value);
      const style = styleOf(cell);
      if (value === null && !style) return;
      if (cells.length >= cellsMax) throw new Refusal('tooLarge', `more than ${cellsMax} cells`);
      cells.push({ row: r, col: c, value, ...(date ? { date } : {}), ...(style ? { style } : {}) });
      rowCount = Math.max(rowCount, r);
      colCount = Math.max(colCount, c);
    });
  });
  const merges = [...(sheet.model.merges ?? [])];
  for (const range of merges) {
    const end = range.split(':')[1] ?? range;
    const m = /^([A-Z]+)(\d+)$/.exec(end);
    if (!m) continue;
    let col = 0;
    for (const ch of m[1]) col = col * 26 + (ch.charCodeAt(0) - 64);
    rowCount = Math.max(rowCount, Number(m[2]));
    colCount = Math.max(colCount, col);
  }
  const colWidths = {};
  (sheet.columns ?? []).forEach((column, i) => {
    if (column?.width) colWidths[i + 1] = column.width;
  });
  return { name: sheet.name, rowCount, colCount, merges, colWidths, rowHeights, cells };
}

async function load() {
  const zip = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  await checkUnpackedSize(zip, inflatedMaxBytes);
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(zip);
  } catch (err) {
    throw new Refusal('format', String(err?.message ?? err));
  }
  const sheet = wb.worksheets[0];
  if (!sheet) throw new Refusal('format', 'no worksheet');
  return { wb, sheet };
}

async function run() {
  const { wb, sheet } = await load();
  if (op === 'model') return { sheet: sheetModel(sheet) };
  for (const [address, value] of Object.entries(values)) sheet.getCell(address).value = value;
  for (const image of images) {
    const id = wb.addImage({ buffer: Buffer.from(image.base64, 'base64'), extension: image.extension });
    const cell = sheet.getCell(image.address);
    sheet.addImage(id, {
      tl: { col: Number(cell.col) - 1, row: Number(cell.row) - 1 },
      ext: { width: 120, height: 40 },
      editAs: 'oneCell',
    });
  }
  // the template's formulas keep the results it was saved with: Excel recomputes them on opening
  wb.calcProperties.fullCalcOnLoad = true;
  const bytes = new Uint8Array(await wb.xlsx.writeBuffer());
  return { bytes };
}

run().then(
  (result) => parentPort.postMessage({ ok: true, ...result }),
  (err) =>
    parentPort.postMessage({
      ok: false,
      reason: err instanceof Refusal ? err.reason : 'format',
      message: String(err?.message ?? err),
    }),
);
