import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import ExcelJS from 'exceljs';
import { AppError, Err, type Lang, type LocalizedText } from '@fieldhub/shared';
import { readWorkbookCells } from './workbookReader';

/** One column of an import/export sheet. */
export interface SheetColumn {
  key: string;
  label: LocalizedText;
  /** what the column holds, for the explanation sheet */
  help: LocalizedText;
  /** allowed values: a drop-down in the sheet and a line in the explanation */
  allowed?: readonly string[];
  required?: boolean;
  width?: number;
}

/** The layout of one kind of workbook; `version` goes up whenever the columns change. */
export interface SheetSpec {
  kind: 'variables' | 'devices';
  version: number;
  sheetName: LocalizedText;
  columns: readonly SheetColumn[];
}

export type CellValue = string | number | boolean | null;

/** A data row read from a sheet; `row` is the spreadsheet's row number (the header is row 1). */
export interface SheetRow {
  row: number;
  cells: Record<string, CellValue>;
}

/** What the hidden marker sheet says about the workbook. */
export interface WorkbookMarker {
  /** gateway series of the device or template the workbook was made for, if any */
  series: string | null;
}

// veryHidden: not listed under Excel's "Unhide", so users do not edit it by accident
export const MARKER_SHEET = 'fieldhub-marker';
/** Drop-downs reach this many rows below the header in an empty template. */
const TEMPLATE_ROWS = 1000;
/** The most data rows one import may carry. */
export const MAX_IMPORT_ROWS = 5000;

const helpHeader = ['列名', 'Column', '必填 / Required', '可选值 / Allowed values', '说明', 'Description'];

/** Builds the .xlsx: a data sheet, a sheet explaining each column in both languages, the marker. */
export async function buildWorkbook(
  spec: SheetSpec,
  lang: Lang,
  rows: readonly Record<string, CellValue>[],
  marker: WorkbookMarker,
  extraChoices: Record<string, readonly string[]> = {},
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'FieldHub';
  const sheet = wb.addWorksheet(spec.sheetName[lang], { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = spec.columns.map((c) => ({ header: c.label[lang], key: c.key, width: c.width ?? 14 }));
  sheet.getRow(1).font = { bold: true };
  for (const r of rows) sheet.addRow(spec.columns.map((c) => r[c.key] ?? null));
  const lastRow = Math.max(rows.length, TEMPLATE_ROWS) + 1;
  spec.columns.forEach((c, i) => {
    const choices = c.allowed ?? extraChoices[c.key];
    const list = choices?.join(',');
    // Excel refuses list validations over 255 characters or with commas inside an item
    if (!list || list.length > 255 || choices!.some((v) => v.includes(',') || v.includes('"'))) return;
    for (let r = 2; r <= lastRow; r++) {
      sheet.getCell(r, i + 1).dataValidation = {
        type: 'list',
        allowBlank: true,
        formulae: [`"${list}"`],
        showErrorMessage: true,
      };
    }
  });

  const help = wb.addWorksheet(lang === 'zh-CN' ? '填写说明' : 'Instructions');
  help.columns = [8, 22, 16, 40, 40, 60].map((width) => ({ width }));
  help.addRow(helpHeader).font = { bold: true };
  for (const c of spec.columns) {
    const choices = c.allowed ?? extraChoices[c.key] ?? [];
    help.addRow([
      c.label['zh-CN'],
      c.label['en-US'],
      c.required ? '是 / Yes' : '',
      choices.join(', '),
      c.help['zh-CN'],
      c.help['en-US'],
    ]);
  }
  help.eachRow((row) => (row.alignment = { wrapText: true, vertical: 'top' }));

  const meta = wb.addWorksheet(MARKER_SHEET, { state: 'veryHidden' });
  meta.addRow(['kind', spec.kind]);
  meta.addRow(['version', spec.version]);
  meta.addRow(['series', marker.series ?? '']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/**
 * Reads an uploaded .xlsx (parsed in a worker, workbookReader.ts): checks the marker (kind and
 * version, 1724 when outdated or missing) and the header row (every column of the spec, in either
 * language), then returns the non-empty data rows keyed by column.
 */
export async function readWorkbook(
  buffer: Buffer,
  spec: SheetSpec,
): Promise<{ rows: SheetRow[]; marker: WorkbookMarker }> {
  const wb = await readWorkbookCells(buffer, MARKER_SHEET, MAX_IMPORT_ROWS + 1);
  const fields = new Map<string, CellValue>();
  for (const [name, value] of wb.marker ?? []) fields.set(String(cellValue(name)), cellValue(value));
  const kind = fields.get('kind');
  if (kind !== undefined && kind !== spec.kind) throw new AppError(Err.fileFormatWrong);
  if (Number(fields.get('version')) !== spec.version) throw new AppError(Err.importTemplateOutdated);

  const sheet = wb.sheet;
  if (!sheet) throw new AppError(Err.fileEmpty);
  const keyOfLabel = new Map<string, string>();
  for (const c of spec.columns) {
    for (const text of [c.key, c.label['zh-CN'], c.label['en-US']]) keyOfLabel.set(text.toLowerCase(), c.key);
  }
  const positions: { col: number; key: string }[] = [];
  sheet.header.forEach((value, i) => {
    const label = String(cellValue(value) ?? '').toLowerCase();
    if (!label) return;
    const key = keyOfLabel.get(label);
    // a column the current template does not have means an edited or older template
    if (!key) throw new AppError(Err.importTemplateOutdated);
    positions.push({ col: i, key });
  });
  const present = new Set(positions.map((p) => p.key));
  if (present.size !== positions.length || spec.columns.some((c) => !present.has(c.key)))
    throw new AppError(Err.importTemplateOutdated);

  // the worker counts rows with any content in these columns (a text of spaces included)
  if (sheet.more) throw new AppError(Err.dataOverLimit);
  const rows: SheetRow[] = [];
  for (const { row, cells: values } of sheet.rows) {
    const cells: Record<string, CellValue> = {};
    let empty = true;
    for (const p of positions) {
      const value = cellValue(values[p.col]);
      cells[p.key] = value;
      if (value !== null) empty = false;
    }
    if (empty) continue;
    rows.push({ row, cells });
    if (rows.length > MAX_IMPORT_ROWS) throw new AppError(Err.dataOverLimit);
  }
  if (!rows.length) throw new AppError(Err.fileEmpty);
  return { rows, marker: { series: (fields.get('series') as string | null) || null } };
}

/** A cell as plain data: rich text and hyperlinks become their text, formulas their result. */
export function cellValue(value: ExcelJS.CellValue | undefined): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return cellValue(value.richText.map((t) => t.text).join(''));
  if ('formula' in value || 'sharedFormula' in value)
    return cellValue((value as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
  if ('text' in value) return cellValue(value.text as ExcelJS.CellValue);
  return null; // an error value such as #N/A
}

/** Content-Disposition for a download, with an ASCII fallback and the UTF-8 name. */
export function attachmentHeader(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Answers a workbook itself rather than the envelope (`noStore`: not kept by caches); resolves once
 * it is sent.
 */
export async function sendWorkbook(
  reply: FastifyReply,
  filename: string,
  body: Buffer | Uint8Array | Readable,
  options: { noStore?: boolean } = {},
): Promise<void> {
  reply.header('content-type', XLSX_TYPE).header('content-disposition', attachmentHeader(filename));
  if (options.noStore) reply.header('cache-control', 'no-store');
  await reply.send(body);
}
