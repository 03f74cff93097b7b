import {
  AppError,
  Err,
  validateAddress,
  variableProblems,
  type VariableInput,
  type VariableRow,
} from '@fieldhub/shared';
import type { Db } from '../../db/db';
import type { AuthContext } from '../../http/context';
import { addConfigRow, listConfigRows, ownedConfigRow, type ConfigAreaDescriptor } from './configArea';
import {
  checkCapacity,
  recordChange,
  requireFormula,
  resolveOwner,
  type ConfigOwner,
  type OwnerInput,
} from './configOwner';
import { variableNamesOf } from './configOwner.repo';
import { ownedDriver } from './drivers';
import * as repo from './variables.repo';
import { checkSummaryDefinition, definitionChanged, resetSummary } from '../summary/summary.service';

export { insertVariables, valueFormatSql, variableColumns, variableOrder } from './variables.repo';

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

/** Variables (docs/requirements/device-configuration.md §3); their delete call names several. */
export const variableArea: ConfigAreaDescriptor<
  VariableInput,
  VariableRow,
  repo.VariableFilter,
  repo.StoredVariable
> = {
  area: 'variable',
  table: 'variables',
  counted: 'variables',
  uniqueName: { of: (v) => v.name, taken: Err.variableNameExists },
  missing: Err.variableNotFound,
  addedDetail: (v) => ({ name: v.name }),
  idKey: 'variableId',
  list: repo.variablesOf,
  find: repo.variableOf,
  insert: async (db, owner, v) => (await repo.insertVariables(db, owner, [v]))[0]!,
  async update(db, id, v, current) {
    await repo.updateVariable(db, id, v);
    // a summary computed from other sources, by another aggregation or period starts over
    if (definitionChanged(current, v)) await resetSummary(db, id);
  },
  async check(db, owner, v, current) {
    await checkVariable(db, owner, v);
    await checkSummaryDefinition(db, owner, v, current?.id ?? null);
  },
  // a variable that starts keeping history counts against the stored-variable capacity
  async extraCapacity(db, owner, v, current) {
    if (v.storeHistory && !current?.store_history) await checkCapacity(db, owner, 'stored');
  },
};

export const listVariables = (db: Db, auth: AuthContext, input: OwnerInput & repo.VariableFilter) =>
  listConfigRows(variableArea, db, auth, input, input);

export const addVariable = (db: Db, auth: AuthContext, input: OwnerInput, v: VariableInput, ip: string) =>
  addConfigRow(variableArea, db, auth, input, v, ip);

/** Checks every listed id against the owner (another owner's answers 1714) before touching any. */
async function ownedVariables(db: Db, auth: AuthContext, input: OwnerInput, ids: number[]) {
  const owner = await resolveOwner(db, auth, input, 'variable');
  for (const id of ids) await ownedConfigRow(variableArea, db, owner, id);
  return owner;
}

export async function deleteVariables(
  db: Db,
  auth: AuthContext,
  input: OwnerInput,
  ids: number[],
  ip: string,
) {
  await db.tx(async (tx) => {
    const owner = await ownedVariables(tx, auth, input, ids);
    await repo.deleteVariables(tx, owner, ids);
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
  await db.tx(async (tx) => repo.pinVariable(tx, await ownedVariables(tx, auth, input, [id]), id, pinned));
}

/** Sets the order of the listed variables: the first ranks highest (larger seq first). */
export async function sortVariables(db: Db, auth: AuthContext, input: OwnerInput, ids: number[]) {
  await db.tx(async (tx) => {
    await ownedVariables(tx, auth, input, ids);
    await repo.setVariableOrder(tx, ids);
  });
}
