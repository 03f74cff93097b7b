import { one, type Db } from '../../db/db';
import type { ConfigOwner } from './configOwner';

/** A gateway series' capacities (`gateway_series`). */
export interface SeriesCapacity {
  name: string;
  max_drivers: number;
  max_variables: number;
  max_alarms: number;
  max_stored: number;
  max_reports: number;
  max_scripts: number;
  features: string[];
}

/** The named series, or the default series when `series` is null; undefined when unknown. */
export function seriesRow(db: Db, series: string | null) {
  return one<SeriesCapacity>(
    db,
    'select * from gateway_series where name = coalesce($1, (select name from gateway_series where is_default limit 1))',
    [series],
  );
}

/** Bumps the owner's configuration version (its devices or gateway must then be synced). */
export async function bumpConfigVersion(db: Db, owner: Pick<ConfigOwner, 'kind' | 'id'>): Promise<void> {
  const table = owner.kind === 'equipment' ? 'equipment' : 'templates';
  await db.query(
    `update ${table} set config_version = config_version + 1, updated_at = now() where id = $1`,
    [owner.id],
  );
}

/** The areas a series caps (`stored`: variables that keep history). */
export type CountedArea = 'drivers' | 'variables' | 'alarms' | 'reports' | 'scripts' | 'stored';

export const COUNTED_AREAS: readonly CountedArea[] = [
  'drivers',
  'variables',
  'alarms',
  'reports',
  'scripts',
  'stored',
];

const countSql: Record<CountedArea, (column: string) => string> = {
  drivers: (c) => `select count(*)::int as n from drivers where ${c} = $1`,
  variables: (c) => `select count(*)::int as n from variables where ${c} = $1`,
  alarms: (c) => `select count(*)::int as n from alarm_rules where ${c} = $1`,
  reports: (c) => `select count(*)::int as n from reports where ${c} = $1`,
  scripts: (c) => `select count(*)::int as n from scripts where ${c} = $1`,
  stored: (c) => `select count(*)::int as n from variables where ${c} = $1 and store_history`,
};

/** How many rows of an area the owner has. */
export async function countOwnerRows(db: Db, owner: ConfigOwner, area: CountedArea): Promise<number> {
  const [row] = await db.query<{ n: number }>(countSql[area](owner.column), [owner.id]);
  return row?.n ?? 0;
}

/** The configuration tables, each with an owner column (`equipment_id` or `template_id`). */
export type ConfigTable = 'drivers' | 'variables' | 'alarm_rules' | 'reports' | 'scripts';

/** Whether another row of the owner's table already carries the name (case-insensitive). */
export async function nameTakenIn(
  db: Db,
  owner: ConfigOwner,
  table: ConfigTable,
  name: string,
  exceptId: number | null,
) {
  return !!(await one(
    db,
    `select 1 from ${table} where ${owner.column} = $1 and lower(name) = lower($2) and id <> coalesce($3, 0)`,
    [owner.id, name, exceptId],
  ));
}

/** The row of the owner's table with this id, or undefined (another owner's id reads as missing). */
export function ownerRowIn(db: Db, owner: ConfigOwner, table: ConfigTable, id: number) {
  return one<{ id: number }>(db, `select id from ${table} where id = $1 and ${owner.column} = $2`, [
    id,
    owner.id,
  ]);
}

/** Names of the owner's variables: what its formulas and conditions may read. */
export async function variableNamesOf(db: Db, owner: ConfigOwner): Promise<string[]> {
  const rows = await db.query<{ name: string }>(`select name from variables where ${owner.column} = $1`, [
    owner.id,
  ]);
  return rows.map((r) => r.name);
}
