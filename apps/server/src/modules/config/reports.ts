import { AppError, Err, REPORT_VARIABLES_MAX, type ReportInput, type ReportRow } from '@fieldhub/shared';
import type { Db } from '../../db/db';
import type { AuthContext } from '../../http/context';
import {
  checkCapacity,
  nameTakenIn,
  recordChange,
  requireFormula,
  requireOwnedRow,
  resolveOwner,
  variableNamesOf,
  type ConfigOwner,
  type OwnerInput,
} from './configOwner';

export async function listReports(db: Db, auth: AuthContext, input: OwnerInput): Promise<ReportRow[]> {
  const owner = await resolveOwner(db, auth, input);
  const reports = await db.query<Omit<ReportRow, 'items'>>(
    `select id, name, type, storage_mode as "storageMode", interval_s as "intervalS", expression, enabled
       from reports where ${owner.column} = $1 order by id`,
    [owner.id],
  );
  const items = await db.query<{
    reportId: number;
    variableId: number;
    variableName: string;
    aggregation: string;
  }>(
    `select i.report_id as "reportId", i.variable_id as "variableId", v.name as "variableName", i.aggregation
       from report_items i join reports r on r.id = i.report_id join variables v on v.id = i.variable_id
      where r.${owner.column} = $1 order by i.seq`,
    [owner.id],
  );
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
  const [found] = await db.query<{ n: number }>(
    `select count(*)::int as n from variables where id = any($1::bigint[]) and ${owner.column} = $2`,
    [ids, owner.id],
  );
  if ((found?.n ?? 0) !== ids.length) throw new AppError(Err.variableNotFound);
}

async function writeItems(db: Db, reportId: number, r: ReportInput) {
  await db.query('delete from report_items where report_id = $1', [reportId]);
  for (const [seq, item] of r.items.entries()) {
    await db.query(
      'insert into report_items(report_id, variable_id, aggregation, seq) values ($1, $2, $3, $4)',
      [reportId, item.variableId, item.aggregation, seq],
    );
  }
}

export async function addReport(db: Db, auth: AuthContext, input: OwnerInput, r: ReportInput, ip: string) {
  return db.tx(async (tx) => {
    const owner = await resolveOwner(tx, auth, input, 'report');
    await checkReport(tx, owner, r);
    if (await nameTakenIn(tx, owner, 'reports', r.name, null)) throw new AppError(Err.reportNameExists);
    await checkCapacity(tx, owner, 'reports');
    const [row] = await tx.query<{ id: number }>(
      `insert into reports(name, type, storage_mode, interval_s, expression, enabled, org_id, ${owner.column})
       values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
      [r.name, r.type, r.storageMode, r.intervalS, r.expression, r.enabled, owner.orgId, owner.id],
    );
    await writeItems(tx, row!.id, r);
    await recordChange(tx, auth, ip, owner, 'report.add', { name: r.name });
    return row!.id;
  });
}

export async function editReport(
  db: Db,
  auth: AuthContext,
  input: OwnerInput,
  id: number,
  r: ReportInput,
  ip: string,
) {
  await db.tx(async (tx) => {
    const owner = await resolveOwner(tx, auth, input, 'report');
    await requireOwnedRow(tx, owner, 'reports', id, Err.dataMissingOrNoAccess);
    await checkReport(tx, owner, r);
    if (await nameTakenIn(tx, owner, 'reports', r.name, id)) throw new AppError(Err.reportNameExists);
    await tx.query(
      'update reports set name = $2, type = $3, storage_mode = $4, interval_s = $5, expression = $6, enabled = $7 where id = $1',
      [id, r.name, r.type, r.storageMode, r.intervalS, r.expression, r.enabled],
    );
    await writeItems(tx, id, r);
    await recordChange(tx, auth, ip, owner, 'report.edit', { reportId: id });
  });
}

export async function deleteReport(db: Db, auth: AuthContext, input: OwnerInput, id: number, ip: string) {
  await db.tx(async (tx) => {
    const owner = await resolveOwner(tx, auth, input, 'report');
    await requireOwnedRow(tx, owner, 'reports', id, Err.dataMissingOrNoAccess);
    await tx.query('delete from reports where id = $1', [id]);
    await recordChange(tx, auth, ip, owner, 'report.delete', { reportId: id });
  });
}
