import type {
  SheetModel,
  SmartReportCell,
  SmartReportRecord,
  SmartReportRow,
  SmartReportSchedule,
  SmartReportVariable,
} from '@fieldhub/shared';
import { one, type Db } from '../../db/db';
import { pageClause, Where } from '../../db/where';

/** Smart reports' SQL (docs/requirements/data-views.md §4); every statement is scoped by the enterprise. */

interface ReportRecordRow {
  id: number;
  name: string;
  remark: string;
  allow_manual_store: boolean;
  schedule: SmartReportSchedule;
  cells: SmartReportCell[];
  file_id: number | null;
  file_name: string | null;
  file_size: number | null;
  next_run_at: Date | null;
  created_at: Date;
  updated_at: Date;
  record_count: number;
  unfilled_count: number;
}

const ms = (d: Date | null) => (d === null ? null : new Date(d).getTime());

const reportColumns = `r.id, r.name, r.remark, r.allow_manual_store, r.schedule, r.cells, r.file_id, r.next_run_at,
  r.created_at, r.updated_at, f.file_name, octet_length(f.content)::int as file_size,
  (select count(*)::int from smart_report_records x where x.report_id = r.id) as record_count,
  (select count(*)::int from smart_report_records x where x.report_id = r.id and not x.filled) as unfilled_count`;
const fromReports = 'from smart_reports r left join smart_report_files f on f.id = r.file_id';

/** A report as its row, with its cells. */
export interface StoredReport extends SmartReportRow {
  cells: SmartReportCell[];
  fileId: number | null;
}

function toReport(r: ReportRecordRow): StoredReport {
  return {
    id: r.id,
    name: r.name,
    remark: r.remark,
    allowManualStore: r.allow_manual_store,
    schedule: r.schedule,
    fileName: r.file_name ?? '',
    fileSize: r.file_size ?? 0,
    fieldCount: r.cells.length,
    recordCount: r.record_count,
    unfilledCount: r.unfilled_count,
    nextRunAt: ms(r.next_run_at),
    createdAt: new Date(r.created_at).getTime(),
    updatedAt: new Date(r.updated_at).getTime(),
    cells: r.cells,
    fileId: r.file_id,
  };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function reportsOf(
  db: Db,
  orgId: number,
  q: { keyword?: string | undefined; pageNum: number; pageSize: number },
): Promise<{ list: StoredReport[]; total: number }> {
  const where = new Where().add('r.org_id = ?', orgId);
  if (q.keyword) where.add("r.name ilike '%' || ? || '%'", escapeLike(q.keyword));
  const rows = await db.query<ReportRecordRow>(
    `select ${reportColumns} ${fromReports} where ${where} order by lower(r.name), r.id ${pageClause(q)}`,
    where.params,
  );
  const count = await one<{ n: number }>(
    db,
    `select count(*)::int as n from smart_reports r where ${where}`,
    where.params,
  );
  return { list: rows.map(toReport), total: count?.n ?? 0 };
}

/** The enterprise's reports that have a template, by name. */
export async function reportsWithTemplate(db: Db, orgId: number): Promise<StoredReport[]> {
  const rows = await db.query<ReportRecordRow>(
    `select ${reportColumns} ${fromReports} where r.org_id = $1 and r.file_id is not null order by lower(r.name), r.id`,
    [orgId],
  );
  return rows.map(toReport);
}

export async function reportById(db: Db, orgId: number, id: number): Promise<StoredReport | undefined> {
  const row = await one<ReportRecordRow>(
    db,
    `select ${reportColumns} ${fromReports} where r.org_id = $1 and r.id = $2`,
    [orgId, id],
  );
  return row && toReport(row);
}

export async function nameTaken(db: Db, orgId: number, name: string, exceptId: number | null) {
  const row = await one(
    db,
    'select 1 from smart_reports where org_id = $1 and lower(name) = lower($2) and id <> coalesce($3, 0)',
    [orgId, name, exceptId],
  );
  return row !== undefined;
}

export interface ReportFields {
  name: string;
  remark: string;
  allowManualStore: boolean;
  schedule: SmartReportSchedule;
}

export async function insertReport(
  db: Db,
  orgId: number,
  f: ReportFields,
  accountId: number,
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `insert into smart_reports (org_id, name, remark, allow_manual_store, schedule, created_by)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [orgId, f.name, f.remark, f.allowManualStore, JSON.stringify(f.schedule), accountId],
  );
  return row!.id;
}

export async function updateReport(
  db: Db,
  orgId: number,
  id: number,
  f: ReportFields,
  nextRunAt: Date | null,
): Promise<void> {
  await db.query(
    `update smart_reports set name = $3, remark = $4, allow_manual_store = $5, schedule = $6, next_run_at = $7,
       updated_at = now() where org_id = $1 and id = $2`,
    [orgId, id, f.name, f.remark, f.allowManualStore, JSON.stringify(f.schedule), nextRunAt],
  );
}

export async function deleteReport(db: Db, orgId: number, id: number): Promise<void> {
  await db.query('delete from smart_reports where org_id = $1 and id = $2', [orgId, id]);
}

/** Stores an uploaded workbook and makes it the report's template. */
export async function replaceTemplate(
  db: Db,
  orgId: number,
  reportId: number,
  file: { fileName: string; content: Buffer; sheet: SheetModel },
  nextRunAt: Date | null,
): Promise<void> {
  const [row] = await db.query<{ id: number }>(
    `insert into smart_report_files (org_id, report_id, file_name, content, sheet) values ($1, $2, $3, $4, $5)
     returning id`,
    [orgId, reportId, file.fileName, file.content, JSON.stringify(file.sheet)],
  );
  await db.query(
    'update smart_reports set file_id = $3, next_run_at = $4, updated_at = now() where org_id = $1 and id = $2',
    [orgId, reportId, row!.id, nextRunAt],
  );
  // earlier workbooks no record reads any more
  await db.query(
    `delete from smart_report_files f where f.report_id = $1 and f.id <> $2
       and not exists (select 1 from smart_report_records x where x.file_id = f.id)`,
    [reportId, row!.id],
  );
}

export async function templateFile(
  db: Db,
  orgId: number,
  fileId: number,
): Promise<{ fileName: string; content: Buffer; sheet: SheetModel } | undefined> {
  const row = await one<{ file_name: string; content: Uint8Array; sheet: SheetModel }>(
    db,
    'select file_name, content, sheet from smart_report_files where org_id = $1 and id = $2',
    [orgId, fileId],
  );
  return row && { fileName: row.file_name, content: Buffer.from(row.content), sheet: row.sheet };
}

export async function saveCells(db: Db, orgId: number, id: number, cells: SmartReportCell[]): Promise<void> {
  await db.query('update smart_reports set cells = $3, updated_at = now() where org_id = $1 and id = $2', [
    orgId,
    id,
    JSON.stringify(cells),
  ]);
}

/** Of `ids`, the device variables of the enterprise, with their decimals. */
export async function variablesOf(
  db: Db,
  orgId: number,
  ids: number[],
): Promise<Map<number, { decimals: number }>> {
  const rows = await db.query<{ id: number; decimals: number }>(
    `select id, decimals from variables where org_id = $1 and equipment_id is not null and id = any($2::bigint[])`,
    [orgId, ids],
  );
  return new Map(rows.map((r) => [r.id, { decimals: r.decimals }]));
}

/** Device variables a cell can bind, by device then variable name. */
export async function variableOptions(db: Db, orgId: number, keyword: string | undefined, limit: number) {
  const where = new Where().add('v.org_id = ?', orgId).add('v.equipment_id is not null');
  if (keyword)
    where.add("(v.name ilike '%' || ? || '%' or e.name ilike '%' || ? || '%')", escapeLike(keyword));
  return db.query<SmartReportVariable>(
    `select v.id, v.name, v.unit, e.id as "equipmentId", e.name as "equipmentName"
       from variables v join equipment e on e.id = v.equipment_id
      where ${where} order by lower(e.name), e.id, v.seq, v.id limit ${limit}`,
    where.params,
  );
}

/** A stored value of a variable: a number or a text. */
export type StoredSample = { num: number | null; txt: string | null } | undefined;

/** The last stored value at or before `at`. */
export async function valueAt(db: Db, variableId: number, at: Date): Promise<StoredSample> {
  return one(
    db,
    'select num, txt from signal_values where variable_id = $1 and ts <= $2 order by ts desc limit 1',
    [variableId, at],
  );
}

/** The first or last stored value within [from, to). */
export async function edgeValue(
  db: Db,
  variableId: number,
  from: Date,
  to: Date,
  edge: 'first' | 'last',
): Promise<StoredSample> {
  return one(
    db,
    `select num, txt from signal_values where variable_id = $1 and ts >= $2 and ts < $3
      order by ts ${edge === 'first' ? 'asc' : 'desc'} limit 1`,
    [variableId, from, to],
  );
}

const AGGREGATE_SQL = { avg: 'avg(num)', min: 'min(num)', max: 'max(num)', sum: 'sum(num)' } as const;

/** avg, min, max or sum of the stored numbers within [from, to); null when there are none. */
export async function aggregate(
  db: Db,
  variableId: number,
  from: Date,
  to: Date,
  fn: keyof typeof AGGREGATE_SQL,
): Promise<number | null> {
  const row = await one<{ v: number | null }>(
    db,
    `select ${AGGREGATE_SQL[fn]}::float8 as v from signal_values
      where variable_id = $1 and ts >= $2 and ts < $3 and num is not null`,
    [variableId, from, to],
  );
  return row?.v ?? null;
}

interface RecordDbRow {
  id: number;
  report_id: number;
  name: string;
  generated_at: Date;
  period_from: Date;
  period_to: Date;
  trigger: 'schedule' | 'manual';
  filled: boolean;
  filled_at: Date | null;
  filled_by: string | null;
}

const recordColumns = `x.id, x.report_id, x.name, x.generated_at, x.period_from, x.period_to, x.trigger, x.filled,
  x.filled_at, a.loginname as filled_by`;
const fromRecords = 'from smart_report_records x left join accounts a on a.id = x.filled_by';

function toRecord(r: RecordDbRow): SmartReportRecord {
  return {
    id: r.id,
    reportId: r.report_id,
    name: r.name,
    generatedAt: new Date(r.generated_at).getTime(),
    periodFrom: new Date(r.period_from).getTime(),
    periodTo: new Date(r.period_to).getTime(),
    trigger: r.trigger,
    filled: r.filled,
    filledAt: ms(r.filled_at),
    filledBy: r.filled_by ?? '',
  };
}

export interface NewRecord {
  orgId: number;
  reportId: number;
  fileId: number;
  name: string;
  trigger: 'schedule' | 'manual';
  slotAt: Date | null;
  from: Date;
  to: Date;
  generatedAt: Date;
  cells: SmartReportCell[];
  boundValues: Record<string, string | number | null>;
}

/** Stores a record; null when a record of the same scheduled slot exists already. */
export async function insertRecord(db: Db, r: NewRecord): Promise<SmartReportRecord | null> {
  const [row] = await db.query<{ id: number }>(
    `insert into smart_report_records (org_id, report_id, file_id, name, trigger, slot_at, period_from, period_to,
       generated_at, cells, bound_values)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     on conflict (report_id, slot_at) where slot_at is not null do nothing returning id`,
    [
      r.orgId,
      r.reportId,
      r.fileId,
      r.name,
      r.trigger,
      r.slotAt,
      r.from,
      r.to,
      r.generatedAt,
      JSON.stringify(r.cells),
      JSON.stringify(r.boundValues),
    ],
  );
  if (!row) return null;
  const stored = await one<RecordDbRow>(db, `select ${recordColumns} ${fromRecords} where x.id = $1`, [
    row.id,
  ]);
  return toRecord(stored!);
}

export async function recordsOf(
  db: Db,
  orgId: number,
  q: { reportId: number; filled: 'all' | 'filled' | 'unfilled'; pageNum: number; pageSize: number },
): Promise<{ list: SmartReportRecord[]; total: number }> {
  const where = new Where().add('x.org_id = ?', orgId).add('x.report_id = ?', q.reportId);
  if (q.filled !== 'all') where.add('x.filled = ?', q.filled === 'filled');
  const rows = await db.query<RecordDbRow>(
    `select ${recordColumns} ${fromRecords} where ${where} order by x.generated_at desc, x.id desc ${pageClause(q)}`,
    where.params,
  );
  const count = await one<{ n: number }>(
    db,
    `select count(*)::int as n from smart_report_records x where ${where}`,
    where.params,
  );
  return { list: rows.map(toRecord), total: count?.n ?? 0 };
}

/** A record with what it was generated from and what was filled in. */
export interface StoredRecord {
  record: SmartReportRecord;
  reportName: string;
  fileId: number;
  cells: SmartReportCell[];
  boundValues: Record<string, string | number | null>;
  fillValues: Record<string, string | number | null>;
}

export async function recordById(db: Db, orgId: number, id: number): Promise<StoredRecord | undefined> {
  const row = await one<
    RecordDbRow & {
      report_name: string;
      file_id: number;
      cells: SmartReportCell[];
      bound_values: Record<string, string | number | null>;
      fill_values: Record<string, string | number | null>;
    }
  >(
    db,
    `select ${recordColumns}, r.name as report_name, x.file_id, x.cells, x.bound_values, x.fill_values
       ${fromRecords} join smart_reports r on r.id = x.report_id
      where x.org_id = $1 and x.id = $2`,
    [orgId, id],
  );
  if (!row) return undefined;
  return {
    record: toRecord(row),
    reportName: row.report_name,
    fileId: row.file_id,
    cells: row.cells,
    boundValues: row.bound_values,
    fillValues: row.fill_values,
  };
}

export async function saveFill(
  db: Db,
  orgId: number,
  id: number,
  values: Record<string, string | number | null>,
  accountId: number,
  at: Date,
): Promise<void> {
  await db.query(
    `update smart_report_records set fill_values = $3, filled = true, filled_at = $4, filled_by = $5
      where org_id = $1 and id = $2`,
    [orgId, id, JSON.stringify(values), at, accountId],
  );
}

/** Reports whose next scheduled generation is due, oldest first. */
export async function dueReports(db: Db, now: Date, limit: number): Promise<{ id: number; orgId: number }[]> {
  return db.query(
    `select id, org_id as "orgId" from smart_reports
      where next_run_at <= $1 and file_id is not null order by next_run_at, id limit ${limit}`,
    [now],
  );
}

export async function setNextRun(db: Db, orgId: number, id: number, nextRunAt: Date | null): Promise<void> {
  await db.query('update smart_reports set next_run_at = $3 where org_id = $1 and id = $2', [
    orgId,
    id,
    nextRunAt,
  ]);
}
