import {
  AppError,
  Err,
  SMART_REPORT_FIELDS_MAX,
  type Page,
  type SheetModel,
  type SmartReportCell,
  type SmartReportInfo,
  type SmartReportRow,
  type SmartReportVariable,
} from '@fieldhub/shared';
import type { Clock } from '../../clock';
import type { Db } from '../../db/db';
import type { AuthContext } from '../../http/context';
import type { Upload } from '../bulk/upload';
import { recordBy } from '../oplog/oplog.service';
import * as repo from './excel.repo';
import { nextSlot } from './reportSchedule';
import { templateSheet } from './reportWorkbook';

/**
 * Smart report templates (docs/requirements/data-views.md §4.2): managing needs excel_manage,
 * reading a report smart_report or excel_manage; a report of another enterprise is 90002.
 */

export const requireManage = (auth: AuthContext) => {
  if (!auth.auths.has('excel_manage')) throw new AppError(Err.noAccess);
};
export const requireReader = (auth: AuthContext) => {
  if (!auth.auths.has('excel_manage') && !auth.auths.has('smart_report')) throw new AppError(Err.noAccess);
};

/** The caller's enterprise's report, or 90002. */
export async function reportOf(db: Db, auth: AuthContext, id: number): Promise<repo.StoredReport> {
  const report = await repo.reportById(db, auth.orgId, id);
  if (!report) throw new AppError(Err.dataMissingOrNoAccess);
  return report;
}

const rowOf = ({ cells: _cells, fileId: _fileId, ...row }: repo.StoredReport): SmartReportRow => row;

export async function queryAll(
  db: Db,
  auth: AuthContext,
  q: { keyword?: string | undefined; pageNum: number; pageSize: number },
): Promise<Page<SmartReportRow>> {
  const { list, total } = await repo.reportsOf(db, auth.orgId, q);
  return { list: list.map(rowOf), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function reports(db: Db, auth: AuthContext): Promise<SmartReportRow[]> {
  return (await repo.reportsWithTemplate(db, auth.orgId)).map(rowOf);
}

export async function info(db: Db, auth: AuthContext, id: number): Promise<SmartReportInfo> {
  requireReader(auth);
  const { fileId: _fileId, ...report } = await reportOf(db, auth, id);
  return report;
}

async function requireFreeName(db: Db, orgId: number, name: string, exceptId: number | null) {
  if (await repo.nameTaken(db, orgId, name, exceptId)) throw new AppError(Err.smartReportNameExists);
}

const logged = (action: 'add' | 'edit' | 'delete' | 'upload' | 'cells', id: number, detail: object) => ({
  action: `excel.${action}` as const,
  objectType: 'smartReport' as const,
  objectId: id,
  detail: { ...detail },
});

export async function add(
  db: Db,
  auth: AuthContext,
  f: repo.ReportFields,
  ip: string,
): Promise<{ id: number }> {
  return db.tx(async (tx) => {
    await requireFreeName(tx, auth.orgId, f.name, null);
    const id = await repo.insertReport(tx, auth.orgId, f, auth.accountId);
    await recordBy(tx, auth, ip, logged('add', id, { name: f.name }));
    return { id };
  });
}

export async function edit(
  db: Db,
  clock: Clock,
  auth: AuthContext,
  f: repo.ReportFields & { id: number },
  ip: string,
): Promise<void> {
  await db.tx(async (tx) => {
    const report = await reportOf(tx, auth, f.id);
    await requireFreeName(tx, auth.orgId, f.name, f.id);
    // the next run follows the new schedule; a report without a template has none
    const next = report.fileId === null ? null : nextSlot(f.schedule, clock.now());
    await repo.updateReport(tx, auth.orgId, f.id, f, next);
    await recordBy(tx, auth, ip, logged('edit', f.id, { name: f.name }));
  });
}

export async function remove(db: Db, auth: AuthContext, id: number, ip: string): Promise<void> {
  await db.tx(async (tx) => {
    const report = await reportOf(tx, auth, id);
    await repo.deleteReport(tx, auth.orgId, id);
    await recordBy(tx, auth, ip, logged('delete', id, { name: report.name }));
  });
}

/**
 * Stores an uploaded template (read in a worker: 10007 not a workbook, 10008 too large). The
 * bound and fill cells stay; the template tab shows them on the new sheet.
 */
export async function upload(
  db: Db,
  clock: Clock,
  auth: AuthContext,
  id: number,
  file: Upload,
  ip: string,
): Promise<{ fileName: string; fileSize: number }> {
  const report = await reportOf(db, auth, id);
  if (!/\.xlsx$/i.test(file.filename)) throw new AppError(Err.fileFormatWrong);
  const sheet = await templateSheet(file.content);
  await db.tx(async (tx) => {
    // deleted while the worker read the file: nothing to attach it to
    await reportOf(tx, auth, id);
    await repo.replaceTemplate(
      tx,
      auth.orgId,
      id,
      { fileName: file.filename, content: file.content, sheet },
      nextSlot(report.schedule, clock.now()),
    );
    await recordBy(tx, auth, ip, logged('upload', id, { name: report.name, file: file.filename }));
  });
  return { fileName: file.filename, fileSize: file.content.length };
}

export async function template(db: Db, auth: AuthContext, id: number): Promise<SheetModel> {
  requireReader(auth);
  const report = await reportOf(db, auth, id);
  if (report.fileId === null) throw new AppError(Err.fileMissing);
  const file = await repo.templateFile(db, auth.orgId, report.fileId);
  if (!file) throw new AppError(Err.fileMissing);
  return file.sheet;
}

/**
 * Saves the bound and fill cells: at most 100 (2603), each cell once (10001), each variable one
 * of the enterprise's device variables (90002).
 */
export async function saveCells(
  db: Db,
  auth: AuthContext,
  id: number,
  cells: SmartReportCell[],
  ip: string,
): Promise<void> {
  if (cells.length > SMART_REPORT_FIELDS_MAX) throw new AppError(Err.reportFieldLimit);
  const seen = new Set<string>();
  for (const c of cells) {
    if (seen.has(c.cell))
      throw new AppError(Err.parameterCheckFailed, { params: { detail: `${c.cell}: more than one field` } });
    seen.add(c.cell);
  }
  await db.tx(async (tx) => {
    const report = await reportOf(tx, auth, id);
    const ids = [...new Set(cells.flatMap((c) => (c.kind === 'variable' ? [c.variableId] : [])))];
    const known = await repo.variablesOf(tx, auth.orgId, ids);
    if (ids.some((v) => !known.has(v))) throw new AppError(Err.dataMissingOrNoAccess);
    await repo.saveCells(tx, auth.orgId, id, cells);
    await recordBy(tx, auth, ip, logged('cells', id, { name: report.name, fields: cells.length }));
  });
}

export async function variables(
  db: Db,
  auth: AuthContext,
  keyword: string | undefined,
): Promise<SmartReportVariable[]> {
  return repo.variableOptions(db, auth.orgId, keyword, 200);
}
