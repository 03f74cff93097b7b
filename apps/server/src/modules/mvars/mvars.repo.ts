import type { MvarRefInfo, MvarRow, MvarType } from '@fieldhub/shared';
import { one, type Db } from '../../db/db';

/** A stored intermediate variable (table project_mvars, migration 0009). */
export interface MvarRecord {
  id: number;
  org_id: number;
  project_id: number;
  title: string;
  calc_type: MvarType;
  formula: string;
  initial_value: number;
  unit: string;
  decimals: number;
  /** ids of the signals (variables) the formula reads */
  refs: number[];
  created_at: Date;
  updated_at: Date;
}

/**
 * What an mvar is computed from. `refs` holds only the signals whose device is still bound to the
 * project: a device unbound since the formula was saved reads as 0, so its values stop reaching
 * the project's pages.
 */
export type MvarDefinition = Pick<
  MvarRecord,
  'id' | 'project_id' | 'calc_type' | 'formula' | 'initial_value' | 'refs'
>;

const definitionColumns = `m.id, m.project_id, m.calc_type, m.formula, m.initial_value,
  array(select v.id from unnest(m.refs) r(id)
          join variables v on v.id = r.id
          join project_equipment pe on pe.equipment_id = v.equipment_id and pe.project_id = m.project_id
        order by v.id)::int8[] as refs`;

const columns = `id, org_id, project_id, title, calc_type, formula, initial_value, unit, decimals,
  refs::int8[] as refs, created_at, updated_at`;

const asNumbers = <T extends { refs: unknown[] }>(r: T): T => ({ ...r, refs: r.refs.map(Number) });

export function toMvarRow(r: MvarRecord, refs: MvarRefInfo[]): MvarRow {
  return {
    id: r.id,
    projectId: r.project_id,
    title: r.title,
    calcType: r.calc_type,
    formula: r.formula,
    initialValue: r.initial_value,
    unit: r.unit,
    decimals: r.decimals,
    refs,
    createdAt: new Date(r.created_at).getTime(),
    updatedAt: new Date(r.updated_at).getTime(),
  };
}

export async function mvarInOrg(db: Db, orgId: number, id: number): Promise<MvarRecord | undefined> {
  const row = await one<MvarRecord>(
    db,
    `select ${columns} from project_mvars where id = $1 and org_id = $2`,
    [id, orgId],
  );
  return row && asNumbers(row);
}

/** The project's mvars by title, optionally only those whose title contains `keyword`. */
export async function mvarsOfProject(
  db: Db,
  orgId: number,
  projectId: number,
  filter: { keyword?: string; ids?: readonly number[]; limit?: number; offset?: number } = {},
): Promise<{ rows: MvarRecord[]; total: number }> {
  const params: unknown[] = [orgId, projectId];
  let where = 'org_id = $1 and project_id = $2';
  if (filter.keyword) {
    params.push(`%${filter.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where += ` and title ilike $${params.length}`;
  }
  if (filter.ids) {
    params.push(filter.ids);
    where += ` and id = any($${params.length}::int8[])`;
  }
  const [count] = await db.query<{ n: number }>(
    `select count(*)::int as n from project_mvars where ${where}`,
    params,
  );
  const page =
    filter.limit === undefined
      ? ''
      : ` limit ${Math.trunc(filter.limit)} offset ${Math.trunc(filter.offset ?? 0)}`;
  const rows = await db.query<MvarRecord>(
    `select ${columns} from project_mvars where ${where} order by lower(title), id${page}`,
    params,
  );
  return { rows: rows.map(asNumbers), total: count?.n ?? 0 };
}

export async function countMvars(db: Db, projectId: number): Promise<number> {
  const row = await one<{ n: number }>(
    db,
    'select count(*)::int as n from project_mvars where project_id = $1',
    [projectId],
  );
  return row?.n ?? 0;
}

export async function titleTaken(db: Db, projectId: number, title: string, exceptId: number | null) {
  const row = await one(
    db,
    'select 1 from project_mvars where project_id = $1 and lower(title) = lower($2) and id <> coalesce($3, 0)',
    [projectId, title, exceptId],
  );
  return row !== undefined;
}

export interface MvarFields {
  title: string;
  calcType: MvarType;
  formula: string;
  initialValue: number;
  unit: string;
  decimals: number;
  refs: readonly number[];
}

export async function insertMvar(
  db: Db,
  orgId: number,
  projectId: number,
  f: MvarFields,
  accountId: number,
): Promise<number> {
  const row = await one<{ id: number }>(
    db,
    `insert into project_mvars (org_id, project_id, title, calc_type, formula, initial_value, unit, decimals, refs,
                                created_by, updated_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9::int8[], $10, $10) returning id`,
    [orgId, projectId, f.title, f.calcType, f.formula, f.initialValue, f.unit, f.decimals, f.refs, accountId],
  );
  return row!.id;
}

export async function updateMvar(db: Db, orgId: number, id: number, f: MvarFields, accountId: number) {
  await db.query(
    `update project_mvars set title = $3, calc_type = $4, formula = $5, initial_value = $6, unit = $7,
            decimals = $8, refs = $9::int8[], updated_by = $10, updated_at = now()
      where id = $1 and org_id = $2`,
    [id, orgId, f.title, f.calcType, f.formula, f.initialValue, f.unit, f.decimals, f.refs, accountId],
  );
}

export async function deleteMvar(db: Db, orgId: number, id: number): Promise<void> {
  await db.query('delete from project_mvars where id = $1 and org_id = $2', [id, orgId]);
}

/** A signal of a device bound to the project, with the names shown for a reference. */
export interface ProjectSignalRef {
  signal_id: number;
  equipment_id: number;
  signal_name: string;
  equipment_title: string;
}

/** Those of `signalIds` that are signals of devices bound to the project (same enterprise). */
export function projectSignals(
  db: Db,
  orgId: number,
  projectId: number,
  signalIds: readonly number[],
): Promise<ProjectSignalRef[]> {
  return db.query<ProjectSignalRef>(
    `select v.id as signal_id, v.equipment_id, v.name as signal_name, pe.title as equipment_title
       from variables v
       join project_equipment pe on pe.equipment_id = v.equipment_id and pe.project_id = $2 and pe.org_id = $1
      where v.id = any($3::int8[])`,
    [orgId, projectId, signalIds],
  );
}

/** The mvars (of any project) whose formula reads one of these signals. */
export async function mvarsReading(db: Db, signalIds: readonly number[]): Promise<MvarDefinition[]> {
  const rows = await db.query<MvarDefinition>(
    `select ${definitionColumns} from project_mvars m where m.refs && $1::int8[]`,
    [signalIds],
  );
  return rows.map(asNumbers);
}

/** Every signal some mvar's formula names (of any project): a signal outside these has no reader. */
export async function signalsNamedByMvars(db: Db): Promise<number[]> {
  const rows = await db.query<{ id: number }>('select distinct unnest(refs)::int8 as id from project_mvars');
  return rows.map((r) => Number(r.id));
}

/** These mvars of one project. */
export async function mvarDefinitions(
  db: Db,
  projectId: number,
  ids: readonly number[],
): Promise<MvarDefinition[]> {
  const rows = await db.query<MvarDefinition>(
    `select ${definitionColumns} from project_mvars m
      where m.project_id = $1 and m.id = any($2::int8[]) order by m.id`,
    [projectId, ids],
  );
  return rows.map(asNumbers);
}
