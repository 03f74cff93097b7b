import {
  AppError,
  Err,
  SMART_REPORT_SIGNATURE_MAX_BYTES,
  SMART_REPORT_TEXT_MAX,
  cellPosition,
  type Page,
  type SheetCell,
  type SheetModel,
  type SmartReportCell,
  type SmartReportFillCell,
  type SmartReportRecord,
} from '@fieldhub/shared';
import type { Clock } from '../../clock';
import type { Db } from '../../db/db';
import type { AuthContext } from '../../http/context';
import { recordBy } from '../oplog/oplog.service';
import * as repo from './excel.repo';
import { reportOf, requireReader } from './excel.service';
import { localStamp, recordPeriod } from './reportSchedule';
import { filledWorkbook, type CellImage } from './reportWorkbook';

/**
 * Smart report records (docs/requirements/data-views.md §4.3-§4.5): generated from the stored
 * history of the enterprise's variables, filled per field type, read as a sheet model or .xlsx.
 */

type CellValue = string | number | null;

const round = (v: number, decimals: number) => {
  const f = 10 ** Math.max(0, Math.min(decimals, 10));
  return Math.round(v * f) / f;
};

const sampleValue = (s: repo.StoredSample): CellValue => (s ? (s.num ?? s.txt) : null);

/** The values of the bound cells for the period [from, to): at `to`, or aggregated over it. */
async function boundValues(
  db: Db,
  orgId: number,
  cells: SmartReportCell[],
  from: Date,
  to: Date,
): Promise<Record<string, CellValue>> {
  const bound = cells.filter((c) => c.kind === 'variable');
  // only variables still of the enterprise are read: one deleted since leaves its cell empty
  const known = await repo.variablesOf(
    db,
    orgId,
    bound.map((c) => c.variableId),
  );
  const out: Record<string, CellValue> = {};
  for (const c of bound) {
    const variable = known.get(c.variableId);
    if (!variable) {
      out[c.cell] = null;
      continue;
    }
    let value: CellValue;
    if (c.aggregate === 'value') value = sampleValue(await repo.valueAt(db, c.variableId, to));
    else if (c.aggregate === 'first' || c.aggregate === 'last')
      value = sampleValue(await repo.edgeValue(db, c.variableId, from, to, c.aggregate));
    else value = await repo.aggregate(db, c.variableId, from, to, c.aggregate);
    out[c.cell] = typeof value === 'number' ? round(value, variable.decimals) : value;
  }
  return out;
}

/**
 * Makes a record of `report` for the period ending `at`. A scheduled one names its slot, so a
 * second instance making the same slot stores nothing (null).
 */
export async function makeRecord(
  db: Db,
  report: repo.StoredReport,
  orgId: number,
  at: Date,
  scheduled: boolean,
): Promise<SmartReportRecord | null> {
  if (report.fileId === null) throw new AppError(Err.fileMissing);
  const { from, to } = recordPeriod(report.schedule, at, scheduled);
  return repo.insertRecord(db, {
    orgId,
    reportId: report.id,
    fileId: report.fileId,
    name: `${report.name} ${localStamp(report.schedule, at)}`,
    trigger: scheduled ? 'schedule' : 'manual',
    slotAt: scheduled ? at : null,
    from,
    to,
    generatedAt: at,
    cells: report.cells,
    boundValues: await boundValues(db, orgId, report.cells, from, to),
  });
}

/** Generates a record now (smart_report); 3301 where the report does not allow storing by hand. */
export async function generate(
  db: Db,
  clock: Clock,
  auth: AuthContext,
  id: number,
  ip: string,
): Promise<SmartReportRecord> {
  const report = await reportOf(db, auth, id);
  if (!report.allowManualStore) throw new AppError(Err.smartReportManualStore);
  return db.tx(async (tx) => {
    // an on-demand record has no slot: it is always stored
    const record = (await makeRecord(tx, report, auth.orgId, clock.now(), false))!;
    await recordBy(tx, auth, ip, {
      action: 'excel.generate',
      objectType: 'smartReport',
      objectId: id,
      detail: { name: report.name, record: record.name },
    });
    return record;
  });
}

export async function records(
  db: Db,
  auth: AuthContext,
  q: { reportId: number; filled: 'all' | 'filled' | 'unfilled'; pageNum: number; pageSize: number },
): Promise<Page<SmartReportRecord>> {
  requireReader(auth);
  await reportOf(db, auth, q.reportId);
  const { list, total } = await repo.recordsOf(db, auth.orgId, q);
  return { list, total, pageNum: q.pageNum, pageSize: q.pageSize };
}

async function recordOf(db: Db, auth: AuthContext, id: number): Promise<repo.StoredRecord> {
  requireReader(auth);
  const stored = await repo.recordById(db, auth.orgId, id);
  if (!stored) throw new AppError(Err.dataMissingOrNoAccess);
  return stored;
}

const fillCells = (cells: SmartReportCell[]) =>
  cells.filter((c): c is SmartReportFillCell => c.kind !== 'variable');

export async function record(db: Db, auth: AuthContext, id: number) {
  const stored = await recordOf(db, auth, id);
  return {
    record: stored.record,
    reportName: stored.reportName,
    fields: fillCells(stored.cells),
    values: stored.fillValues,
  };
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

/** A signature's image from its data URL: PNG or JPEG by its bytes (10007), at most 256 KB (10008). */
export function signatureImage(dataUrl: string): { bytes: Buffer; extension: 'png' | 'jpeg' } {
  const m = /^data:image\/(png|jpeg);base64,([A-Za-z0-9+/=]+)$/.exec(dataUrl);
  if (!m) throw new AppError(Err.fileFormatWrong);
  if ((m[2]!.length * 3) / 4 > SMART_REPORT_SIGNATURE_MAX_BYTES + 3) throw new AppError(Err.fileTooLarge);
  const bytes = Buffer.from(m[2]!, 'base64');
  if (bytes.length > SMART_REPORT_SIGNATURE_MAX_BYTES) throw new AppError(Err.fileTooLarge);
  if (bytes.subarray(0, 8).equals(PNG)) return { bytes, extension: 'png' };
  if (bytes.subarray(0, 3).equals(JPEG)) return { bytes, extension: 'jpeg' };
  throw new AppError(Err.fileFormatWrong);
}

const problem = (field: SmartReportFillCell, detail: string, code: number = Err.parameterCheckFailed) =>
  new AppError(code, { params: { detail: `${field.label} (${field.cell}): ${detail}` } });

/** One filled value checked against its field; '' and null are empty. */
function checkedValue(field: SmartReportFillCell, raw: CellValue | undefined): CellValue {
  const empty = raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '');
  if (empty) {
    if (field.required) throw problem(field, 'required');
    return null;
  }
  switch (field.kind) {
    case 'text': {
      const text = String(raw).trim();
      if (text.length > SMART_REPORT_TEXT_MAX)
        throw problem(field, `at most ${SMART_REPORT_TEXT_MAX} characters`);
      return text;
    }
    case 'number': {
      const n = typeof raw === 'number' ? raw : Number(String(raw).trim());
      if (!Number.isFinite(n)) throw problem(field, 'a number');
      if ((field.min !== undefined && n < field.min) || (field.max !== undefined && n > field.max))
        throw problem(field, `${field.min ?? '-∞'} … ${field.max ?? '∞'}`, Err.outOfRange);
      return n;
    }
    case 'choice': {
      const text = String(raw).trim();
      if (!field.options.includes(text)) throw problem(field, field.options.join(' / '));
      return text;
    }
    case 'signature':
      if (typeof raw !== 'string') throw new AppError(Err.fileFormatWrong);
      signatureImage(raw);
      return raw;
  }
}

/**
 * Saves a record's filled values (smart_report): every fill field of the record is checked by
 * its type; a value for a cell that is no fill field is 10001. Nothing is stored on a refusal.
 */
export async function fill(
  db: Db,
  clock: Clock,
  auth: AuthContext,
  input: { recordId: number; values: Record<string, CellValue> },
  ip: string,
): Promise<void> {
  const stored = await recordOf(db, auth, input.recordId);
  const fields = fillCells(stored.cells);
  const byCell = new Set(fields.map((f) => f.cell));
  for (const cell of Object.keys(input.values))
    if (!byCell.has(cell))
      throw new AppError(Err.parameterCheckFailed, { params: { detail: `${cell}: not a fill field` } });
  const values: Record<string, CellValue> = {};
  for (const field of fields) values[field.cell] = checkedValue(field, input.values[field.cell]);
  await db.tx(async (tx) => {
    await repo.saveFill(tx, auth.orgId, input.recordId, values, auth.accountId, clock.now());
    await recordBy(tx, auth, ip, {
      action: 'excel.fill',
      objectType: 'smartReport',
      objectId: stored.record.reportId,
      detail: { name: stored.reportName, record: stored.record.name },
    });
  });
}

/** The record's values by cell: bound cells' values and filled values (signatures as images). */
function recordValues(stored: repo.StoredRecord) {
  const values: Record<string, string | number> = {};
  const images: CellImage[] = [];
  for (const c of stored.cells) {
    const v = c.kind === 'variable' ? stored.boundValues[c.cell] : stored.fillValues[c.cell];
    if (v === null || v === undefined) continue;
    if (c.kind === 'signature' && typeof v === 'string') {
      const image = signatureImage(v);
      images.push({ address: c.cell, base64: image.bytes.toString('base64'), extension: image.extension });
    } else values[c.cell] = v;
  }
  return { values, images };
}

/** The template's sheet with the record's values written over its cells, keeping their styles. */
function overlaid(sheet: SheetModel, stored: repo.StoredRecord): SheetModel {
  const cells = new Map<string, SheetCell>(sheet.cells.map((c) => [`${c.row}:${c.col}`, c]));
  let { rowCount, colCount } = sheet;
  const { values, images } = recordValues(stored);
  const put = (address: string, change: Partial<SheetCell>) => {
    const { row, col } = cellPosition(address);
    const before = cells.get(`${row}:${col}`) ?? { row, col, value: null };
    const { date: _date, ...kept } = before;
    cells.set(`${row}:${col}`, { ...kept, ...change });
    rowCount = Math.max(rowCount, row);
    colCount = Math.max(colCount, col);
  };
  for (const [address, value] of Object.entries(values)) put(address, { value });
  for (const image of images)
    put(image.address, { value: null, image: `data:image/${image.extension};base64,${image.base64}` });
  return { ...sheet, rowCount, colCount, cells: [...cells.values()] };
}

export async function read(db: Db, auth: AuthContext, id: number) {
  const stored = await recordOf(db, auth, id);
  const file = await repo.templateFile(db, auth.orgId, stored.fileId);
  if (!file) throw new AppError(Err.fileMissing);
  return { record: stored.record, reportName: stored.reportName, sheet: overlaid(file.sheet, stored) };
}

/** The filled workbook as .xlsx bytes with its file name. */
export async function download(db: Db, auth: AuthContext, id: number) {
  const stored = await recordOf(db, auth, id);
  const file = await repo.templateFile(db, auth.orgId, stored.fileId);
  if (!file) throw new AppError(Err.fileMissing);
  const { values, images } = recordValues(stored);
  // characters no file system takes in a name become '-'
  const filename = `${stored.record.name.replace(/[\\/:*?"<>|]/g, '-')}.xlsx`;
  return { filename, content: await filledWorkbook(file.content, values, images) };
}
