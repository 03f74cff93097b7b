import { AppError, Err, type VariableInput, type VariableRow } from '@fieldhub/shared';
import { isUniqueViolation, one, type Db } from '../../db/db';
import type { ConfigOwner } from './configOwner';
import { checkLicenseRoom } from '../license/licensePolicy';

export const variableColumns = `v.id, v.kind, v.driver_id as "driverId", d.name as "driverName", v.name, v.key, v.unit, v.decimals,
  v.data_type as "dataType", v.string_length as "stringLength", v.register_type as "registerType", v.address, v.rw, v.deadband,
  v.collect_formula as "collectFormula", v.write_formula as "writeFormula", v.collect_upper as "collectUpper",
  v.collect_lower as "collectLower", v.write_upper as "writeUpper", v.write_lower as "writeLower", v.mapping, v.formula,
  v.initial_value as "initialValue", v.store_history as "storeHistory", v.seq, v.pinned,
  v.summary_sources::float8[] as "summarySources", v.summary_aggregation as "summaryAggregation", v.summary_period as "summaryPeriod"`;

/** Pinned to the top first, then by sort order (larger first), pinned to the bottom last. */
export const variableOrder = `case v.pinned when 'top' then 0 when 'bottom' then 2 else 1 end, v.seq desc, v.id`;

/**
 * A variable's value format as JSON (the fields of ValueFormat, docs/requirements/monitoring.md
 * §3.13), null where the left-joined variable `v` is missing: for answers that carry recorded values.
 */
export const valueFormatSql = (v: string) =>
  `case when ${v}.id is null then null else json_build_object('decimals', ${v}.decimals,
     'dataType', ${v}.data_type, 'unit', ${v}.unit, 'mapping', ${v}.mapping) end`;

/** Filters of the variable list: one driver's variables, a keyword in name, key or address. */
export interface VariableFilter {
  driverId?: number | null;
  keyword?: string;
}

/** What an edit needs of a stored variable. */
export interface StoredVariable {
  id: number;
  store_history: boolean;
  summary_sources: number[];
  summary_aggregation: string | null;
  summary_period: string | null;
}

export function variablesOf(db: Db, owner: ConfigOwner, filter: VariableFilter): Promise<VariableRow[]> {
  const params: unknown[] = [owner.id];
  let where = '';
  if (filter.driverId) {
    params.push(filter.driverId);
    where += ` and v.driver_id = $${params.length}`;
  }
  if (filter.keyword) {
    params.push(`%${filter.keyword}%`);
    where += ` and (v.name ilike $${params.length} or v.key ilike $${params.length} or v.address ilike $${params.length})`;
  }
  return db.query<VariableRow>(
    `select ${variableColumns} from variables v left join drivers d on d.id = v.driver_id
      where v.${owner.column} = $1${where} order by ${variableOrder}`,
    params,
  );
}

/** A variable of the owner, or undefined. */
export function variableOf(db: Db, owner: ConfigOwner, id: number): Promise<StoredVariable | undefined> {
  return one<StoredVariable>(
    db,
    `select id, store_history, summary_sources, summary_aggregation, summary_period
       from variables where id = $1 and ${owner.column} = $2`,
    [id, owner.id],
  );
}

const values = (v: VariableInput) => [
  v.kind,
  v.kind === 'device' ? v.driverId : null,
  v.name,
  v.key,
  v.unit,
  v.decimals,
  v.dataType,
  v.dataType === 'string' ? v.stringLength : null,
  v.registerType,
  v.address,
  v.rw,
  v.deadband,
  v.collectFormula,
  v.writeFormula,
  v.collectUpper,
  v.collectLower,
  v.writeUpper,
  v.writeLower,
  JSON.stringify(v.mapping),
  v.formula,
  v.initialValue,
  v.storeHistory,
  v.seq,
  // sorted, so the same sources in another order are the same summary (1725)
  v.kind === 'summary' ? [...new Set(v.summarySources)].sort((a, b) => a - b) : [],
  v.kind === 'summary' ? v.summaryAggregation : null,
  v.kind === 'summary' ? v.summaryPeriod : null,
];

const insertColumns = `kind, driver_id, name, key, unit, decimals, data_type, string_length, register_type, address, rw, deadband,
  collect_formula, write_formula, collect_upper, collect_lower, write_upper, write_lower, mapping, formula, initial_value,
  store_history, seq, summary_sources, summary_aggregation, summary_period`;

/** Inserts checked variables in one statement per row; used by the form and by imports. */
/** A second summary of the same sources, aggregation and period, saved at the same moment as the first (1725). */
function summaryTaken(err: unknown): never {
  if (isUniqueViolation(err, 'variables_summary_uq')) throw new AppError(Err.summaryVariableDuplicate);
  throw err;
}

export async function insertVariables(db: Db, owner: ConfigOwner, list: VariableInput[]): Promise<number[]> {
  // every new variable passes here (form and import): the licence's variable limit (account-security.md §6)
  await checkLicenseRoom(db, 'variables', list.length);
  const ids: number[] = [];
  for (const v of list) {
    const [row] = await db
      .query<{ id: number }>(
        `insert into variables(${insertColumns}, org_id, ${owner.column})
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19::jsonb, $20, $21, $22, $23, $24::bigint[], $25, $26, $27, $28)
       returning id`,
        [...values(v), owner.orgId, owner.id],
      )
      .catch(summaryTaken);
    ids.push(row!.id);
  }
  return ids;
}

export async function updateVariable(db: Db, id: number, v: VariableInput): Promise<void> {
  await db
    .query(
      `update variables set (${insertColumns}) =
       ($2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20::jsonb, $21, $22, $23, $24,
        $25::bigint[], $26, $27)
     where id = $1`,
      [id, ...values(v)],
    )
    .catch(summaryTaken);
}

export async function deleteVariables(db: Db, owner: ConfigOwner, ids: number[]): Promise<void> {
  await db.query(`delete from variables where id = any($1::bigint[]) and ${owner.column} = $2`, [
    ids,
    owner.id,
  ]);
}

/** Sets a variable's pin; pinning first unpins the owner's previous holder of that position. */
export async function pinVariable(
  db: Db,
  owner: ConfigOwner,
  id: number,
  pinned: 'top' | 'bottom' | null,
): Promise<void> {
  if (pinned)
    await db.query(`update variables set pinned = null where ${owner.column} = $1 and pinned = $2`, [
      owner.id,
      pinned,
    ]);
  await db.query('update variables set pinned = $2 where id = $1', [id, pinned]);
}

/** Gives the listed variables descending sort numbers, the first the largest. */
export async function setVariableOrder(db: Db, ids: number[]): Promise<void> {
  for (const [i, id] of ids.entries())
    await db.query('update variables set seq = $2 where id = $1', [id, ids.length - i]);
}
