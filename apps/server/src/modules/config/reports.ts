import { AppError, Err, REPORT_VARIABLES_MAX, type ReportInput, type ReportRow } from '@fieldhub/shared';
import type { Db } from '../../db/db';
import type { AuthContext } from '../../http/context';
import { addConfigRow, type ConfigAreaDescriptor } from './configArea';
import { requireFormula, type ConfigOwner, type OwnerInput } from './configOwner';
import { variableNamesOf } from './configOwner.repo';
import * as repo from './reports.repo';

async function listReports(db: Db, owner: ConfigOwner): Promise<ReportRow[]> {
  const reports = await repo.reportsOf(db, owner);
  const items = await repo.reportItemsOf(db, owner);
  return reports.map((r) => ({
    ...r,
    items: items
      .filter((i) => i.reportId === r.id)
      .map(({ reportId: _r, ...i }) => i as ReportRow['items'][number]),
  }));
}

async function checkReport(db: Db, owner: ConfigOwner, r: ReportInput) {
  if (r.items.length > REPORT_VARIABLES_MAX) throw new AppError(Err.reportVariableLimit);
  if (r.expression)
    requireFormula(r.expression, await variableNamesOf(db, owner), Err.parameterCheckFailed, 'expression');
  const ids = [...new Set(r.items.map((i) => i.variableId))];
  if ((await repo.ownedVariableCount(db, owner, ids)) !== ids.length)
    throw new AppError(Err.variableNotFound);
}

/** Historical reports (docs/requirements/device-configuration.md §5) with their variables. */
export const reportArea: ConfigAreaDescriptor<ReportInput, ReportRow> = {
  area: 'report',
  table: 'reports',
  counted: 'reports',
  uniqueName: { of: (r) => r.name, taken: Err.reportNameExists },
  missing: Err.dataMissingOrNoAccess,
  addedDetail: (r) => ({ name: r.name }),
  idKey: 'reportId',
  list: listReports,
  async insert(db, owner, r) {
    const id = await repo.insertReport(db, owner, r);
    await repo.writeReportItems(db, id, r.items);
    return id;
  },
  async update(db, id, r) {
    await repo.updateReport(db, id, r);
    await repo.writeReportItems(db, id, r.items);
  },
  remove: repo.deleteReport,
  check: checkReport,
};

export const addReport = (db: Db, auth: AuthContext, input: OwnerInput, r: ReportInput, ip: string) =>
  addConfigRow(reportArea, db, auth, input, r, ip);
