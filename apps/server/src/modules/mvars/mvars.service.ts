import {
  AppError,
  Err,
  MVARS_PER_PROJECT_MAX,
  MVAR_REPORT_FIELDS_MAX,
  checkMvarFormula,
  type Lang,
  type MvarAddInput,
  type MvarEditInput,
  type MvarFormulaVerdict,
  type MvarQueryAllInput,
  type MvarQueryInput,
  type MvarRef,
  type MvarRefInfo,
  type MvarRow,
  type MvarStatisticsVerdict,
  type MvarType,
  type MvarValidFormulaInput,
  type MvarValidStatisticsInput,
  type MvarWithValue,
  type Page,
} from '@fieldhub/shared';
import type { Db } from '../../db/db';
import type { AuthContext } from '../../http/context';
import type { LiveBus } from '../../monitor/liveBus';
import type { ValueCache } from '../../monitor/valueCache';
import { recordBy } from '../oplog/oplog.service';
import { projectFor } from '../projects/projectAccess';
import type { MvarDefinitionCache } from './mvarDefinitionCache';
import { currentMvarValues } from './mvarValues';
import * as repo from './mvars.repo';

export interface MvarDeps {
  db: Db;
  cache: ValueCache;
  bus: LiveBus;
  /** the engine's cache of which mvars read which signal, cleared by every change */
  definitions: MvarDefinitionCache;
}

type FormulaOutcome =
  | { ok: true; refs: MvarRefInfo[] }
  | {
      ok: false;
      code: number;
      position: number;
      kind: string;
      message: { zh: string; en: string };
      ref?: string;
    };

/**
 * Checks a formula against the project: the rules of `checkMvarFormula`, then every reference a
 * signal of a device bound to the project (one query for all of them).
 */
async function checkAgainstProject(
  db: Db,
  orgId: number,
  projectId: number,
  calcType: MvarType,
  formula: string,
): Promise<FormulaOutcome> {
  const syntax = checkMvarFormula(calcType, formula);
  if (!syntax.ok) return { ok: false, code: Err.mvarFormulaInvalid, ...syntax.error };
  const found = new Map(
    (
      await repo.projectSignals(
        db,
        orgId,
        projectId,
        syntax.refs.map((r) => r.signalId),
      )
    ).map((s) => [s.signal_id, s]),
  );
  const belongs = (ref: MvarRef) => found.get(ref.signalId)?.equipment_id === ref.equipmentId;
  const checked = checkMvarFormula(calcType, formula, { allowRef: belongs });
  if (!checked.ok) {
    const ref =
      checked.error.kind === 'unknownReference' ? refAt(formula, checked.error.position) : undefined;
    return { ok: false, code: Err.mvarReferenceNotInProject, ...checked.error, ref };
  }
  return {
    ok: true,
    refs: checked.refs.map((r) => {
      const s = found.get(r.signalId)!;
      return { ...r, equipmentTitle: s.equipment_title, signalName: s.signal_name };
    }),
  };
}

/** The `${...}` text that starts at `position`. */
function refAt(formula: string, position: number): string {
  const end = formula.indexOf('}', position);
  return formula.slice(position, end < 0 ? undefined : end + 1);
}

function formulaError(outcome: Extract<FormulaOutcome, { ok: false }>): AppError {
  const data = { position: outcome.position, kind: outcome.kind, ref: outcome.ref };
  if (outcome.code === Err.mvarReferenceNotInProject)
    return new AppError(Err.mvarReferenceNotInProject, { params: { ref: outcome.ref ?? '' }, data });
  return new AppError(Err.mvarFormulaInvalid, {
    params: { detail: { 'zh-CN': outcome.message.zh, 'en-US': outcome.message.en } },
    data,
  });
}

/** The references of stored mvars as their formulas name them, with names while still bound. */
async function rowsOf(
  db: Db,
  orgId: number,
  projectId: number,
  records: repo.MvarRecord[],
): Promise<MvarRow[]> {
  const signalIds = [...new Set(records.flatMap((r) => r.refs))];
  const names = new Map(
    (await repo.projectSignals(db, orgId, projectId, signalIds)).map((s) => [s.signal_id, s]),
  );
  return records.map((r) => {
    const check = checkMvarFormula(r.calc_type, r.formula);
    const refs = (check.ok ? check.refs : []).map((ref): MvarRefInfo => {
      const s = names.get(ref.signalId);
      // a device unbound since keeps its reference in the formula, without names, and reads as 0
      const bound = s?.equipment_id === ref.equipmentId;
      return {
        ...ref,
        equipmentTitle: bound ? s.equipment_title : '',
        signalName: bound ? s.signal_name : '',
      };
    });
    return repo.toMvarRow(r, refs);
  });
}

async function mvarFor(db: Db, auth: AuthContext, id: number, need: 'view' | 'manage') {
  const record = await repo.mvarInOrg(db, auth.orgId, id);
  if (!record) throw new AppError(Err.mvarNotFound);
  try {
    await projectFor(db, auth, record.project_id, need);
  } catch (e) {
    // the mvar of a project the caller cannot see is as missing as another enterprise's
    if (e instanceof AppError && e.code === Err.projectNotFound) throw new AppError(Err.mvarNotFound);
    throw e;
  }
  return record;
}

export async function queryMvars(db: Db, auth: AuthContext, input: MvarQueryInput): Promise<Page<MvarRow>> {
  const project = await projectFor(db, auth, input.projectId, 'view');
  const { rows, total } = await repo.mvarsOfProject(db, auth.orgId, project.id, {
    keyword: input.keyword,
    limit: input.pageSize,
    offset: (input.pageNum - 1) * input.pageSize,
  });
  return {
    list: await rowsOf(db, auth.orgId, project.id, rows),
    total,
    pageNum: input.pageNum,
    pageSize: input.pageSize,
  };
}

export async function queryAllMvars(
  deps: MvarDeps,
  auth: AuthContext,
  input: MvarQueryAllInput,
): Promise<MvarWithValue[]> {
  const project = await projectFor(deps.db, auth, input.projectId, 'view');
  const { rows } = await repo.mvarsOfProject(deps.db, auth.orgId, project.id, { ids: input.ids });
  const defs = await repo.mvarDefinitions(
    deps.db,
    project.id,
    rows.map((r) => r.id),
  );
  const values = new Map((await currentMvarValues(deps.db, deps.cache, defs)).map((v) => [v.mvarId, v]));
  const list = await rowsOf(deps.db, auth.orgId, project.id, rows);
  return list.map((row) => ({ ...row, value: values.get(row.id)!.value, ts: values.get(row.id)!.ts }));
}

async function fieldsOf(
  db: Db,
  orgId: number,
  projectId: number,
  input: Omit<MvarAddInput, 'projectId'>,
): Promise<repo.MvarFields> {
  const outcome = await checkAgainstProject(db, orgId, projectId, input.calcType, input.formula);
  if (!outcome.ok) throw formulaError(outcome);
  return { ...input, refs: outcome.refs.map((r) => r.signalId) };
}

/** Sends the new value of a saved mvar to the project's open pages. */
async function publishValue(deps: MvarDeps, projectId: number, id: number): Promise<void> {
  const defs = await repo.mvarDefinitions(deps.db, projectId, [id]);
  const values = await currentMvarValues(deps.db, deps.cache, defs);
  if (values.length) await deps.bus.publish({ type: 'mvarVal', projectId, values });
}

export async function addMvar(
  deps: MvarDeps,
  auth: AuthContext,
  input: MvarAddInput,
  ip: string,
): Promise<MvarRow> {
  const { db } = deps;
  const project = await projectFor(db, auth, input.projectId, 'manage');
  const fields = await fieldsOf(db, auth.orgId, project.id, input);
  const id = await db.tx(async (tx) => {
    // serialises adds of one project, so the limit and the title check hold under concurrency
    await tx.query('select 1 from projects where id = $1 for update', [project.id]);
    if ((await repo.countMvars(tx, project.id)) >= MVARS_PER_PROJECT_MAX)
      throw new AppError(Err.intermediateVariableLimit);
    if (await repo.titleTaken(tx, project.id, input.title, null)) throw new AppError(Err.mvarTitleExists);
    const id = await repo.insertMvar(tx, auth.orgId, project.id, fields, auth.accountId);
    await recordBy(tx, auth, ip, {
      action: 'mvar.add',
      objectType: 'project',
      objectId: project.id,
      detail: { mvarId: id, title: input.title, calcType: input.calcType, formula: input.formula },
    });
    return id;
  });
  // after the commit: the engine and the open pages hear only of an mvar that is stored
  deps.definitions.invalidate();
  await publishValue(deps, project.id, id);
  return (await rowsOf(db, auth.orgId, project.id, [(await repo.mvarInOrg(db, auth.orgId, id))!]))[0]!;
}

export async function editMvar(
  deps: MvarDeps,
  auth: AuthContext,
  input: MvarEditInput,
  ip: string,
): Promise<MvarRow> {
  const { db } = deps;
  const record = await mvarFor(db, auth, input.id, 'manage');
  const fields = await fieldsOf(db, auth.orgId, record.project_id, input);
  await db.tx(async (tx) => {
    await tx.query('select 1 from projects where id = $1 for update', [record.project_id]);
    if (await repo.titleTaken(tx, record.project_id, input.title, record.id))
      throw new AppError(Err.mvarTitleExists);
    await repo.updateMvar(tx, auth.orgId, record.id, fields, auth.accountId);
    await recordBy(tx, auth, ip, {
      action: 'mvar.edit',
      objectType: 'project',
      objectId: record.project_id,
      detail: { mvarId: record.id, from: record.formula, formula: input.formula, title: input.title },
    });
  });
  deps.definitions.invalidate();
  await publishValue(deps, record.project_id, record.id);
  return (
    await rowsOf(db, auth.orgId, record.project_id, [(await repo.mvarInOrg(db, auth.orgId, record.id))!])
  )[0]!;
}

export async function deleteMvar(deps: MvarDeps, auth: AuthContext, id: number, ip: string): Promise<null> {
  const { db } = deps;
  await db.tx(async (tx) => {
    const record = await mvarFor(tx, auth, id, 'manage');
    await repo.deleteMvar(tx, auth.orgId, record.id);
    await recordBy(tx, auth, ip, {
      action: 'mvar.delete',
      objectType: 'project',
      objectId: record.project_id,
      detail: { mvarId: record.id, title: record.title },
    });
  });
  deps.definitions.invalidate();
  return null;
}

export async function validFormula(
  db: Db,
  auth: AuthContext,
  input: MvarValidFormulaInput,
  lang: Lang,
): Promise<MvarFormulaVerdict> {
  const project = await projectFor(db, auth, input.projectId, 'manage');
  const outcome = await checkAgainstProject(db, auth.orgId, project.id, input.calcType, input.formula);
  if (outcome.ok) return { valid: true, refs: outcome.refs };
  return {
    valid: false,
    position: outcome.position,
    kind: outcome.kind,
    message: lang === 'zh-CN' ? outcome.message.zh : outcome.message.en,
  };
}

export async function validStatistics(
  db: Db,
  auth: AuthContext,
  input: MvarValidStatisticsInput,
): Promise<MvarStatisticsVerdict> {
  const project = await projectFor(db, auth, input.projectId, 'manage');
  if (input.ids.length > MVAR_REPORT_FIELDS_MAX) throw new AppError(Err.reportFieldLimit);
  const { total } = await repo.mvarsOfProject(db, auth.orgId, project.id, { ids: input.ids, limit: 0 });
  if (total !== input.ids.length) throw new AppError(Err.mvarNotFound);
  return { count: total };
}
