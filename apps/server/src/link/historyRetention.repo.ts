import type { Db } from '../db/db';
import type { MonthlyTable } from './partitions';

/** A month partition of a table: its name and its first instant (Unix ms). */
export interface MonthPartition {
  name: string;
  from: number;
}

const MONTH_NAME = /_y(\d{4})m(\d{2})$/;

/** The month partitions of `table` (named by partitions.ts), oldest first; the default one is not among them. */
export async function monthPartitions(db: Db, table: MonthlyTable): Promise<MonthPartition[]> {
  const rows = await db.query<{ name: string }>(
    `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = $1::regclass`,
    [table],
  );
  const parts: MonthPartition[] = [];
  for (const { name } of rows) {
    const m = MONTH_NAME.exec(name);
    if (m) parts.push({ name, from: Date.UTC(Number(m[1]), Number(m[2]) - 1, 1) });
  }
  return parts.sort((a, b) => a.from - b.from);
}

/** Drops a month partition with its rows. */
export async function dropPartition(db: Db, name: string): Promise<void> {
  if (!/^[a-z_]+_y\d{4}m\d{2}$/.test(name)) throw new Error(`not a month partition: ${name}`);
  await db.exec(`drop table if exists ${name}`);
}

/** The longest retention of the enterprises, in months (null: no enterprise). */
export async function longestRetention(db: Db): Promise<number | null> {
  const [row] = await db.query<{ months: number | null }>(
    `select max(history_retention_months)::int as months from orgs where kind = 'enterprise'`,
  );
  return row?.months ?? null;
}

/** Enterprises keeping less than `months`, with their retention. */
export function shorterRetentions(db: Db, months: number): Promise<{ orgId: number; months: number }[]> {
  return db.query(
    `select id as "orgId", history_retention_months as months from orgs
      where kind = 'enterprise' and history_retention_months < $1 order by id`,
    [months],
  );
}

/**
 * Deletes at most `limit` of the enterprise's stored values (signal_values) or report records
 * dated before `before`; answers how many. The enterprise's rows are found by its devices
 * (equipment_id, ts index), so one batch touches only what it deletes.
 */
export async function deleteOldRows(
  db: Db,
  table: MonthlyTable,
  orgId: number,
  before: Date,
  limit: number,
): Promise<number> {
  const key = table === 'signal_values' ? 'variable_id' : 'report_id';
  const rows = await db.query<{ n: number }>(
    `with gone as (
       delete from ${table} t using (
         select ${key} as k, ts from ${table}
          where equipment_id in (select id from equipment where org_id = $1) and ts < $2
          limit ${Math.trunc(limit)}) d
        where t.${key} = d.k and t.ts = d.ts
       returning 1)
     select count(*)::int as n from gone`,
    [orgId, before],
  );
  return rows[0]?.n ?? 0;
}
