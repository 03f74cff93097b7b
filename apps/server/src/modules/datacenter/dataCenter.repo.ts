import type { Db } from '../../db/db';
import { one } from '../../db/db';
import type { Where } from '../../db/where';
import type { HistoryRange } from '../../monitor/history/history.repo';
import { bucketedValuesSql, rollupStepFor } from '../../monitor/history/rollups.repo';

/** Whether the enterprise has the data center on (docs/requirements/data-views.md §3.3). */
export async function dataCenterEnabled(db: Db, orgId: number): Promise<boolean> {
  const row = await one<{ enabled: boolean }>(
    db,
    'select data_center_enabled as enabled from orgs where id = $1',
    [orgId],
  );
  return row?.enabled ?? false;
}

/** The devices matching `where` (alias e: the caller's visible devices), in the device list's order. */
export function treeDevices(db: Db, where: Where) {
  return db.query<{ id: number; name: string; groupId: number | null }>(
    `select e.id, e.name, e.group_id as "groupId" from equipment e where ${where} order by e.seq desc, e.id desc`,
    where.params,
  );
}

/** The variables of the devices, in each device's order (as the device's history tab lists them). */
export function variablesOfDevices(db: Db, deviceIds: readonly number[]) {
  return db.query<{
    id: number;
    equipmentId: number;
    name: string;
    unit: string;
    dataType: string;
    storeHistory: boolean;
  }>(
    `select v.id, v.equipment_id as "equipmentId", v.name, v.unit, v.data_type as "dataType",
            v.store_history as "storeHistory"
       from variables v where v.equipment_id = any($1::int8[])
      order by v.equipment_id, case v.pinned when 'top' then 0 when 'bottom' then 2 else 1 end, v.seq desc, v.id`,
    [deviceIds],
  );
}

export interface ScopedVariable {
  id: number;
  name: string;
  unit: string;
  decimals: number;
  equipmentId: number;
  device: string;
}

/** The variables named by `ids` whose devices match `where` (alias e), in the order of `ids`. */
export async function scopedVariables(
  db: Db,
  where: Where,
  ids: readonly number[],
): Promise<ScopedVariable[]> {
  const rows = await db.query<ScopedVariable>(
    `select v.id, v.name, v.unit, v.decimals, e.id as "equipmentId", e.name as device
       from variables v join equipment e on e.id = v.equipment_id
      where v.id = any($${where.params.length + 1}::int8[]) and ${where}`,
    [...where.params, ids],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** How a range is cut into buckets: `interval` ms long, aligned to the reader's midnight. */
export interface Buckets {
  intervalMs: number;
  offsetMs: number;
}

export interface BucketRow {
  variableId: number;
  ts: number;
  avg: number;
  min: number;
  max: number;
  first: number;
  last: number;
  count: number;
}

// $1 ids, $2 start, $3 end, $4 offset ms, $5 interval ms: the values (or the rollups of whole
// parts of buckets, gateway-link.md §10.4) as rows to aggregate per variable and bucket `b`
const bucketed = (b: Buckets) => bucketedValuesSql(rollupStepFor(b.intervalMs, b.offsetMs));

/**
 * The buckets of the variables in the range with their average, minimum, maximum, first and last
 * values and count, computed in the database; newest first (the table) or oldest first (chart,
 * export).
 */
export function findBuckets(
  db: Db,
  ids: readonly number[],
  r: HistoryRange,
  b: Buckets,
  page: { limit: number; offset: number; order: 'asc' | 'desc' },
): Promise<BucketRow[]> {
  const order = page.order === 'asc' ? 'asc' : 'desc';
  return db.query<BucketRow>(
    `select variable_id as "variableId", b as ts, (sum(total) / sum(n))::float8 as avg, min(lo) as min,
            max(hi) as max, (array_agg(yf order by tf))[1] as first, (array_agg(yl order by tl desc))[1] as last,
            sum(n)::int as count
       from (${bucketed(b)}) s
      group by variable_id, b order by b ${order}, variable_id
      limit ${Math.trunc(page.limit)} offset ${Math.trunc(page.offset)}`,
    [ids, r.start, r.end, b.offsetMs, b.intervalMs],
  );
}

/** How many (variable, bucket) pairs hold values, counted up to `cap`. */
export async function countBuckets(
  db: Db,
  ids: readonly number[],
  r: HistoryRange,
  b: Buckets,
  cap: number,
): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `select count(*)::int as n from (select 1 from (${bucketed(b)}) s group by variable_id, b
       limit ${Math.trunc(cap)}) c`,
    [ids, r.start, r.end, b.offsetMs, b.intervalMs],
  );
  return row?.n ?? 0;
}

/** Each bucket's average of the variables, oldest first (the chart of aggregated mode). */
export function bucketAverages(
  db: Db,
  ids: readonly number[],
  r: HistoryRange,
  b: Buckets,
): Promise<{ variableId: number; ts: number; avg: number }[]> {
  return db.query(
    `select variable_id as "variableId", b as ts, (sum(total) / sum(n))::float8 as avg from (${bucketed(b)}) s
      group by variable_id, b order by variable_id, b`,
    [ids, r.start, r.end, b.offsetMs, b.intervalMs],
  );
}

/** A stored value as an export reads it: [time ms, number, text, quality]. */
export type PackedValue = [number, number | null, string | null, number];

/**
 * One variable's values after `afterMs` (all from the range's start when null), oldest first, at
 * most `limit`, as one JSON array: crossing from the database as one value instead of thousands
 * of rows saves the driver's per-row work (on PGlite about four times quicker).
 */
export async function packedValuesAfter(
  db: Db,
  variableId: number,
  r: HistoryRange,
  afterMs: number | null,
  limit: number,
): Promise<PackedValue[]> {
  const [row] = await db.query<{ values: PackedValue[] | null }>(
    `select json_agg(json_build_array((date_part('epoch', ts) * 1000)::int8, num, txt, quality) order by ts) as values
       from (select ts, num, txt, quality from signal_values where variable_id = $1 and ts >= $2 and ts <= $3
              order by ts limit ${Math.trunc(limit)}) s`,
    [variableId, afterMs === null ? r.start : new Date(afterMs + 1), r.end],
  );
  return row?.values ?? [];
}

// --- saved queries -------------------------------------------------------------------------------

export interface SavedQueryRow {
  id: number;
  name: string;
  query: Record<string, unknown>;
  updatedAt: Date;
}

export function savedQueriesOf(db: Db, accountId: number): Promise<SavedQueryRow[]> {
  return db.query<SavedQueryRow>(
    `select id, name, query, updated_at as "updatedAt" from datacenter_queries
      where account_id = $1 order by lower(name), id`,
    [accountId],
  );
}

/** A saved query of the account in the enterprise, or undefined. */
export function savedQueryOf(db: Db, orgId: number, accountId: number, id: number) {
  return one<{ id: number }>(
    db,
    'select id from datacenter_queries where id = $1 and org_id = $2 and account_id = $3',
    [id, orgId, accountId],
  );
}

export async function savedNameTaken(db: Db, accountId: number, name: string, exceptId: number | null) {
  return !!(await one(
    db,
    'select 1 from datacenter_queries where account_id = $1 and lower(name) = lower($2) and id <> coalesce($3, 0)',
    [accountId, name, exceptId],
  ));
}

export async function insertSavedQuery(
  db: Db,
  orgId: number,
  accountId: number,
  name: string,
  query: unknown,
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    'insert into datacenter_queries(org_id, account_id, name, query) values ($1, $2, $3, $4) returning id',
    [orgId, accountId, name, JSON.stringify(query)],
  );
  return row!.id;
}

export async function renameSavedQuery(db: Db, id: number, name: string): Promise<void> {
  await db.query('update datacenter_queries set name = $2, updated_at = now() where id = $1', [id, name]);
}

export async function deleteSavedQuery(db: Db, id: number): Promise<void> {
  await db.query('delete from datacenter_queries where id = $1', [id]);
}

// --- export jobs ---------------------------------------------------------------------------------

export interface ExportRow {
  state: 'running' | 'completed' | 'failed';
  done: number;
  total: number;
  filename: string;
  errorCode: number | null;
}

/** Opens an export job; the enterprise's exports older than a day go first (their files with them). */
export async function insertExport(
  db: Db,
  job: { id: string; orgId: number; accountId: number; total: number; filename: string },
): Promise<void> {
  await db.query(
    `delete from datacenter_exports where org_id = $1 and created_at < now() - interval '1 day'`,
    [job.orgId],
  );
  await db.query(
    'insert into datacenter_exports(id, org_id, account_id, total, filename) values ($1, $2, $3, $4, $5)',
    [job.id, job.orgId, job.accountId, job.total, job.filename],
  );
}

/** A running export is taken for interrupted when its writer has not beaten for this long. */
export const EXPORT_BEAT_TIMEOUT_S = 120;

/**
 * An export started by the account in the enterprise, or undefined. A running one whose writer
 * stopped beating (its server went away) is ended first as interrupted, with `interruptedCode`.
 */
export async function exportOf(
  db: Db,
  orgId: number,
  accountId: number,
  id: string,
  interruptedCode: number,
) {
  await db.query(
    `update datacenter_exports set state = 'failed', error_code = $2, finished_at = now()
      where id = $1 and state = 'running' and beat_at < now() - make_interval(secs => $3)`,
    [id, interruptedCode, EXPORT_BEAT_TIMEOUT_S],
  );
  return one<ExportRow>(
    db,
    `select state, done, total, filename, error_code as "errorCode" from datacenter_exports
      where id = $1 and org_id = $2 and account_id = $3`,
    [id, orgId, accountId],
  );
}

export async function exportProgress(db: Db, id: string, done: number): Promise<void> {
  await db.query('update datacenter_exports set done = $2, beat_at = now() where id = $1', [id, done]);
}

export async function finishExport(
  db: Db,
  id: string,
  state: 'completed' | 'failed',
  done: number | null,
  errorCode: number | null,
): Promise<void> {
  await db.query(
    `update datacenter_exports set state = $2, done = coalesce($3, done), error_code = $4, finished_at = now()
      where id = $1`,
    [id, state, done, errorCode],
  );
}

export async function insertExportPart(db: Db, id: string, seq: number, bytes: Buffer): Promise<void> {
  await db.query('insert into datacenter_export_parts(export_id, seq, bytes) values ($1, $2, $3)', [
    id,
    seq,
    bytes,
  ]);
  await db.query('update datacenter_exports set beat_at = now() where id = $1', [id]);
}

/** One piece of an export's workbook, or undefined after the last. */
export async function exportPart(db: Db, id: string, seq: number): Promise<Uint8Array | undefined> {
  const row = await one<{ bytes: Uint8Array }>(
    db,
    'select bytes from datacenter_export_parts where export_id = $1 and seq = $2',
    [id, seq],
  );
  return row?.bytes;
}
