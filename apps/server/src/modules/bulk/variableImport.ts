import {
  AppError,
  Err,
  isAppError,
  validateAddress,
  variableProblems,
  variableSchema,
  type AddressProtocol,
  type Lang,
  type VariableInput,
} from '@fieldhub/shared';
import { one, type Db } from '../../db/db';
import type { AuthContext } from '../../http/context';
import {
  checkCapacity,
  recordChange,
  resolveOwner,
  type ConfigOwner,
  type OwnerInput,
} from '../config/configOwner';
import { variableNamesOf } from '../config/configOwner.repo';
import { checkVariable, insertVariables, listVariables } from '../config/variables';
import {
  errorOfRow,
  importDetails,
  openJob,
  parseRow,
  rowError,
  RowsRejected,
  type JobRunner,
  type Progress,
  type RowError,
} from './bulkJobs';
import { parseMapping, variableCells, variableRaw, variableSheet } from './variableSheet';
import { buildWorkbook, readWorkbook, type SheetRow } from './workbook';

/** A generated .xlsx and the name it is downloaded under. */
export interface XlsxFile {
  filename: string;
  content: Buffer;
}

async function ownerName(db: Db, owner: ConfigOwner): Promise<string> {
  const table = owner.kind === 'equipment' ? 'equipment' : 'templates';
  const row = await one<{ name: string }>(db, `select name from ${table} where id = $1`, [owner.id]);
  return row?.name ?? String(owner.id);
}

async function driversOf(db: Db, owner: ConfigOwner) {
  return db.query<{ id: number; name: string; protocol: AddressProtocol }>(
    `select id, name, protocol from drivers where ${owner.column} = $1 order by seq, id`,
    [owner.id],
  );
}

/** The variables of a device or template as .xlsx, in list order, marked with the series. */
export async function exportVariables(db: Db, auth: AuthContext, input: OwnerInput, lang: Lang) {
  const owner = await resolveOwner(db, auth, input);
  const list = await listVariables(db, auth, input);
  const content = await buildWorkbook(
    variableSheet,
    lang,
    list.map(variableCells),
    { series: owner.series },
    {
      driver: (await driversOf(db, owner)).map((d) => d.name),
    },
  );
  const suffix = lang === 'zh-CN' ? '变量' : 'variables';
  return { filename: `${await ownerName(db, owner)}-${suffix}.xlsx`, content } satisfies XlsxFile;
}

/** An empty variable sheet; for a named owner its drivers fill the driver drop-down. */
export async function variableTemplate(
  db: Db,
  auth: AuthContext,
  input: OwnerInput | null,
  lang: Lang,
): Promise<XlsxFile> {
  const owner = input ? await resolveOwner(db, auth, input) : null;
  const drivers = owner ? (await driversOf(db, owner)).map((d) => d.name) : [];
  const content = await buildWorkbook(
    variableSheet,
    lang,
    [],
    { series: owner?.series ?? null },
    { driver: drivers },
  );
  return { filename: lang === 'zh-CN' ? '变量导入模板.xlsx' : 'variable-import-template.xlsx', content };
}

/**
 * Checks the file and the owner at once (tenant, template lock, template version, series) and
 * leaves the rows to a job; answers the job id for the progress bar.
 */
export async function startVariableImport(
  db: Db,
  runner: JobRunner,
  auth: AuthContext,
  input: OwnerInput,
  content: Buffer,
  ip: string,
): Promise<{ jobId: string }> {
  const owner = await resolveOwner(db, auth, input, 'variable');
  const { rows, marker } = await readWorkbook(content, variableSheet);
  if (marker.series && marker.series !== owner.series) throw new AppError(Err.importSeriesMismatch);
  const jobId = await openJob(db, auth, 'variables', `${owner.kind}:${owner.id}`, rows.length);
  runner.start(jobId, rows.length, (progress) => importVariables(db, auth, input, rows, ip, progress));
  return { jobId };
}

/**
 * All or nothing: every row is checked with the form's rules (variableSchema, checkVariable),
 * names must be new to the owner (2106) and to the file (1729), and the batch must fit the
 * series capacity; only when no row is bad are they stored, in one transaction.
 */
async function importVariables(
  db: Db,
  auth: AuthContext,
  input: OwnerInput,
  rows: SheetRow[],
  ip: string,
  progress: Progress,
): Promise<Record<string, unknown>> {
  const owner = await resolveOwner(db, auth, input, 'variable');
  const drivers = new Map((await driversOf(db, owner)).map((d) => [d.name.toLowerCase(), d]));
  const stored = await variableNamesOf(db, owner);
  const existing = new Set(stored.map((n) => n.toLowerCase()));
  const knownNames = [...stored, ...rows.map((r) => String(r.cells.name ?? '')).filter(Boolean)];
  const firstRowOf = new Map<string, number>();

  const errors: RowError[] = [];
  const valid: VariableInput[] = [];
  for (const [i, r] of rows.entries()) {
    const name = String(r.cells.name ?? '').toLowerCase();
    const first = firstRowOf.get(name);
    if (name && first === undefined) firstRowOf.set(name, r.row);
    const checked =
      first !== undefined
        ? [rowError(r.row, 'name', Err.importDuplicateVariableName, importDetails.duplicateInFile(first))]
        : await checkRow(r);
    if (Array.isArray(checked)) errors.push(...checked);
    else valid.push(checked);
    await progress(i + 1);
  }
  await batchCapacity(db, owner, rows.length, valid.filter((v) => v.storeHistory).length, errors);
  if (errors.length) throw new RowsRejected(errors);

  await db.tx(async (tx) => {
    const current = await resolveOwner(tx, auth, input, 'variable');
    // names added by someone else while the rows were checked
    const taken = new Set((await variableNamesOf(tx, current)).map((n) => n.toLowerCase()));
    const late = rows.filter((r) => taken.has(String(r.cells.name).toLowerCase()));
    if (late.length) throw new RowsRejected(late.map((r) => rowError(r.row, 'name', Err.variableNameExists)));
    await checkCapacity(tx, current, 'variables', valid.length);
    await checkCapacity(tx, current, 'stored', valid.filter((v) => v.storeHistory).length);
    await insertVariables(tx, current, valid);
    await recordChange(tx, auth, ip, current, 'variable.import', { count: valid.length });
  });
  return { created: valid.length };

  /** The row as a variable, or what is wrong with it (each column once). */
  async function checkRow(r: SheetRow): Promise<VariableInput | RowError[]> {
    const raw = variableRaw(r.cells);
    const found: RowError[] = [];
    const driverName = r.cells.driver ?? null;
    const driver = driverName === null ? undefined : drivers.get(String(driverName).toLowerCase());
    if (driverName !== null && !driver) found.push(rowError(r.row, 'driver', Err.driverMissing));
    raw.driverId = driver?.id ?? null;
    const mappingText = r.cells.mapping ?? null;
    if (mappingText !== null) {
      const mapping = parseMapping(String(mappingText));
      if (mapping) raw.mapping = mapping;
      else found.push(rowError(r.row, 'mapping', Err.parameterCheckFailed, importDetails.mappingFormat));
    }
    const parsed = parseRow(variableSchema, raw);
    if (!parsed.ok)
      for (const issue of parsed.issues)
        found.push(rowError(r.row, columnOf(issue.field), Err.parameterCheckFailed, issue.detail));
    if (found.length || !parsed.ok) return found;
    const v = parsed.data;
    if (existing.has(v.name.toLowerCase())) return [rowError(r.row, 'name', Err.variableNameExists)];
    const problems = variableProblems(v);
    if (problems.length) return problems.map((p) => rowError(r.row, columnOf(p.field), p.code, p.detail));
    try {
      await checkVariable(db, owner, v, knownNames);
    } catch (err) {
      if (!isAppError(err)) throw err;
      return [errorOfRow(r.row, columnOfCheck(err, v, driver?.protocol), err)];
    }
    return v;
  }
}

/** Capacity is checked for the whole batch (1701/1704, or 31xx for a template), not per row. */
async function batchCapacity(
  db: Db,
  owner: ConfigOwner,
  count: number,
  storedCount: number,
  errors: RowError[],
) {
  try {
    await checkCapacity(db, owner, 'variables', count);
    await checkCapacity(db, owner, 'stored', storedCount);
  } catch (err) {
    if (!isAppError(err)) throw err;
    errors.unshift(errorOfRow(null, null, err));
  }
}

const columnOf = (field: string) => (field === 'driverId' ? 'driver' : field);

/** Which column a checkVariable error is about: the address rules name their field. */
function columnOfCheck(
  err: AppError,
  v: VariableInput,
  protocol: AddressProtocol | undefined,
): string | null {
  if (err.code === Err.addressError && protocol) {
    const problem = validateAddress(protocol, { ...v, stringLength: v.stringLength ?? undefined });
    return problem && problem.field !== 'value' ? problem.field : 'address';
  }
  if (err.code === Err.writeFormulaError) return 'writeFormula';
  if (err.code === Err.driverMissing) return 'driver';
  const detail = err.params?.detail;
  const prefix = typeof detail === 'object' ? /^(\w+):/.exec(detail['en-US'])?.[1] : undefined;
  return prefix && variableSheet.columns.some((c) => c.key === prefix) ? prefix : null;
}
