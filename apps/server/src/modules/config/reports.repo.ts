import type { ReportInput, ReportRow } from '@fieldhub/shared';
import type { Db } from '../../db/db';
import type { ConfigOwner } from './configOwner';

/** A report's variable with the report it belongs to. */
export interface ReportItemOf {
  reportId: number;
  variableId: number;
  variableName: string;
  aggregation: string;
}

export function reportsOf(db: Db, owner: ConfigOwner): Promise<Omit<ReportRow, 'items'>[]> {
  return db.query<Omit<ReportRow, 'items'>>(
    `select id, name, type, storage_mode as "storageMode", interval_s as "intervalS", expression, enabled
       from reports where ${owner.column} = $1 order by id`,
    [owner.id],
  );
}

/** The variables of all the owner's reports, each report's in order. */
export function reportItemsOf(db: Db, owner: ConfigOwner): Promise<ReportItemOf[]> {
  return db.query<ReportItemOf>(
    `select i.report_id as "reportId", i.variable_id as "variableId", v.name as "variableName", i.aggregation
       from report_items i join reports r on r.id = i.report_id join variables v on v.id = i.variable_id
      where r.${owner.column} = $1 order by i.seq`,
    [owner.id],
  );
}

/** How many of the (distinct) ids are variables of the owner. */
export async function ownedVariableCount(db: Db, owner: ConfigOwner, ids: number[]): Promise<number> {
  const [found] = await db.query<{ n: number }>(
    `select count(*)::int as n from variables where id = any($1::bigint[]) and ${owner.column} = $2`,
    [ids, owner.id],
  );
  return found?.n ?? 0;
}

/** Replaces a report's variables by the form's, in its order. */
export async function writeReportItems(db: Db, reportId: number, items: ReportInput['items']): Promise<void> {
  await db.query('delete from report_items where report_id = $1', [reportId]);
  for (const [seq, item] of items.entries()) {
    await db.query(
      'insert into report_items(report_id, variable_id, aggregation, seq) values ($1, $2, $3, $4)',
      [reportId, item.variableId, item.aggregation, seq],
    );
  }
}

export async function insertReport(db: Db, owner: ConfigOwner, r: ReportInput): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `insert into reports(name, type, storage_mode, interval_s, expression, enabled, org_id, ${owner.column})
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [r.name, r.type, r.storageMode, r.intervalS, r.expression, r.enabled, owner.orgId, owner.id],
  );
  return row!.id;
}

export async function updateReport(db: Db, id: number, r: ReportInput): Promise<void> {
  await db.query(
    'update reports set name = $2, type = $3, storage_mode = $4, interval_s = $5, expression = $6, enabled = $7 where id = $1',
    [id, r.name, r.type, r.storageMode, r.intervalS, r.expression, r.enabled],
  );
}

/** Deletes a report; its items go with it. */
export async function deleteReport(db: Db, id: number): Promise<void> {
  await db.query('delete from reports where id = $1', [id]);
}
