import {
  AppError,
  Err,
  validateAddress,
  variableProblems,
  type VariableInput,
  type VariableRow,
} from '@fieldhub/shared';
import { one, type Db } from '../../db/db';
import type { AuthContext } from '../../http/context';
import {
  checkCapacity,
  nameTakenIn,
  recordChange,
  requireFormula,
  resolveOwner,
  variableNamesOf,
  type ConfigOwner,
  type OwnerInput,
} from './configOwner';
import { ownedDriver } from './drivers';

export const variableColumns = `v.id, v.kind, v.driver_id as "driverId", d.name as "driverName", v.name, v.key, v.unit, v.decimals,
  v.data_type as "dataType", v.string_length as "stringLength", v.register_type as "registerType", v.address, v.rw, v.deadband,
  v.collect_formula as "collectFormula", v.write_formula as "writeFormula", v.collect_upper as "collectUpper",
  v.collect_lower as "collectLower", v.write_upper as "writeUpper", v.write_lower as "writeLower", v.mapping, v.formula,
  v.initial_value as "initialValue", v.store_history as "storeHistory", v.seq, v.pinned`;

/** Pinned to the top first, then by sort order (larger first), pinned to the bottom last. */
export const variableOrder = `case v.pinned when 'top' then 0 when 'bottom' then 2 else 1 end, v.seq desc, v.id`;

export async function listVariables(
  db: Db,
  auth: AuthContext,
  input: OwnerInput & { driverId?: number | null; keyword?: string },
) {
  const owner = await resolveOwner(db, auth, input);
  const params: unknown[] = [owner.id];
  let filter = '';
  if (input.driverId) {
    params.push(input.driverId);
    filter += ` and v.driver_id = $${params.length}`;
  }
  if (input.keyword) {
    params.push(`%${input.keyword}%`);
    filter += ` and (v.name ilike $${params.length} or v.key ilike $${params.length} or v.address ilike $${params.length})`;
  }
  return db.query<VariableRow>(
    `select ${variableColumns} from variables v left join drivers d on d.id = v.driver_id
      where v.${owner.column} = $1${filter} order by ${variableOrder}`,
    params,
  );
}

/**
 * Throws the first problem of docs/requirements/device-configuration.md §3.1, §3.3–§3.6 (cross-field rules,
 * formulas, address) as a catalogue error. `knownNames` replaces the owner's stored names a formula may read
 * (an import also knows its own rows).
 */
export async function checkVariable(
  db: Db,
  owner: ConfigOwner,
  v: VariableInput,
  knownNames?: readonly string[],
): Promise<void> {
  const [problem] = variableProblems(v);
  if (problem) throw new AppError(problem.code, problem.detail ? { params: { detail: problem.detail } } : {});
  // collection and write formulas read the raw value `x`; intermediate and internal ones read other variables
  if (v.collectFormula) requireFormula(v.collectFormula, ['x'], Err.parameterCheckFailed, 'collectFormula');
  if (v.writeFormula) requireFormula(v.writeFormula, ['x'], Err.writeFormulaError, 'writeFormula');
  if (v.formula)
    requireFormula(
      v.formula,
      (knownNames ?? (await variableNamesOf(db, owner))).filter((n) => n !== v.name),
      Err.parameterCheckFailed,
      'formula',
    );
  if (v.kind === 'device' && v.driverId) {
    const driver = await ownedDriver(db, owner, v.driverId);
    const error = validateAddress(driver.protocol, {
      registerType: v.registerType,
      address: v.address,
      dataType: v.dataType,
      stringLength: v.stringLength ?? undefined,
      rw: v.rw,
    });
    if (error)
      throw new AppError(Err.addressError, { params: { detail: { 'zh-CN': error.zh, 'en-US': error.en } } });
  }
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
];

const insertColumns = `kind, driver_id, name, key, unit, decimals, data_type, string_length, register_type, address, rw, deadband,
  collect_formula, write_formula, collect_upper, collect_lower, write_upper, write_lower, mapping, formula, initial_value,
  store_history, seq`;

/** Inserts checked variables in one statement per row; used by the form and by imports. */
export async function insertVariables(db: Db, owner: ConfigOwner, list: VariableInput[]): Promise<number[]> {
  const ids: number[] = [];
  for (const v of list) {
    const [row] = await db.query<{ id: number }>(
      `insert into variables(${insertColumns}, org_id, ${owner.column})
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19::jsonb, $20, $21, $22, $23, $24, $25)
       returning id`,
      [...values(v), owner.orgId, owner.id],
    );
    ids.push(row!.id);
  }
  return ids;
}

export async function addVariable(
  db: Db,
  auth: AuthContext,
  input: OwnerInput,
  v: VariableInput,
  ip: string,
): Promise<number> {
  return db.tx(async (tx) => {
    const owner = await resolveOwner(tx, auth, input, 'variable');
    await checkVariable(tx, owner, v);
    if (await nameTakenIn(tx, owner, 'variables', v.name, null)) throw new AppError(Err.variableNameExists);
    await checkCapacity(tx, owner, 'variables');
    if (v.storeHistory) await checkCapacity(tx, owner, 'stored');
    const [id] = await insertVariables(tx, owner, [v]);
    await recordChange(tx, auth, ip, owner, 'variable.add', { name: v.name });
    return id!;
  });
}

async function ownedVariable(db: Db, owner: ConfigOwner, id: number) {
  const row = await one<{ id: number; store_history: boolean }>(
    db,
    `select id, store_history from variables where id = $1 and ${owner.column} = $2`,
    [id, owner.id],
  );
  if (!row) throw new AppError(Err.variableNotFound);
  return row;
}

export async function editVariable(
  db: Db,
  auth: AuthContext,
  input: OwnerInput,
  id: number,
  v: VariableInput,
  ip: string,
) {
  await db.tx(async (tx) => {
    const owner = await resolveOwner(tx, auth, input, 'variable');
    const current = await ownedVariable(tx, owner, id);
    await checkVariable(tx, owner, v);
    if (await nameTakenIn(tx, owner, 'variables', v.name, id)) throw new AppError(Err.variableNameExists);
    if (v.storeHistory && !current.store_history) await checkCapacity(tx, owner, 'stored');
    await tx.query(
      `update variables set (${insertColumns}) =
         ($2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20::jsonb, $21, $22, $23, $24)
       where id = $1`,
      [id, ...values(v)],
    );
    await recordChange(tx, auth, ip, owner, 'variable.edit', { variableId: id });
  });
}

export async function deleteVariables(
  db: Db,
  auth: AuthContext,
  input: OwnerInput,
  ids: number[],
  ip: string,
) {
  await db.tx(async (tx) => {
    const owner = await resolveOwner(tx, auth, input, 'variable');
    for (const id of ids) await ownedVariable(tx, owner, id);
    await tx.query(`delete from variables where id = any($1::bigint[]) and ${owner.column} = $2`, [
      ids,
      owner.id,
    ]);
    await recordChange(tx, auth, ip, owner, 'variable.delete', { ids });
  });
}

/**
 * Pins a variable to the top or bottom; only one variable holds each position at a time, so the
 * previous holder is unpinned (docs/requirements/device-configuration.md §3.7).
 */
export async function pinVariable(
  db: Db,
  auth: AuthContext,
  input: OwnerInput,
  id: number,
  pinned: 'top' | 'bottom' | null,
) {
  await db.tx(async (tx) => {
    const owner = await resolveOwner(tx, auth, input, 'variable');
    await ownedVariable(tx, owner, id);
    if (pinned)
      await tx.query(`update variables set pinned = null where ${owner.column} = $1 and pinned = $2`, [
        owner.id,
        pinned,
      ]);
    await tx.query('update variables set pinned = $2 where id = $1', [id, pinned]);
  });
}

/** Sets the order of the listed variables: the first ranks highest (larger seq first). */
export async function sortVariables(db: Db, auth: AuthContext, input: OwnerInput, ids: number[]) {
  await db.tx(async (tx) => {
    const owner = await resolveOwner(tx, auth, input, 'variable');
    for (const id of ids) await ownedVariable(tx, owner, id);
    for (const [i, id] of ids.entries())
      await tx.query('update variables set seq = $2 where id = $1', [id, ids.length - i]);
  });
}
