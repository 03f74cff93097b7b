import type { ReportRecordMessage, TelemetryMessage } from '@fieldhub/shared';
import type { Db } from '../db/db';
import type { Clock } from '../clock';
import { ensureMonthPartitions } from './partitions';

// A gateway clock further ahead than this is wrong; such values are not stored.
const FUTURE_TOLERANCE_MS = 24 * 3600_000;

export interface StoredValue {
  variableId: number;
  ts: number;
  value: number | string | null;
  quality: number;
}

/**
 * Variable ids of a device, cached per configuration version (a gateway may only report its own),
 * per database as partitions.ts keeps its partitions: ids and versions mean nothing in another.
 */
const variableCaches = new WeakMap<Db, Map<number, { version: number; ids: Set<number> }>>();

export async function deviceVariableIds(db: Db, equipmentId: number): Promise<Set<number>> {
  let variableCache = variableCaches.get(db);
  if (!variableCache) variableCaches.set(db, (variableCache = new Map()));
  const [row] = await db.query<{ version: number }>(
    'select config_version as version from equipment where id = $1',
    [equipmentId],
  );
  const cached = variableCache.get(equipmentId);
  if (cached && row && cached.version === row.version) return cached.ids;
  const ids = new Set(
    (await db.query<{ id: number }>('select id from variables where equipment_id = $1', [equipmentId])).map(
      (r) => r.id,
    ),
  );
  variableCache.set(equipmentId, { version: row?.version ?? 0, ids });
  return ids;
}

/**
 * Turns a telemetry batch into rows of the device's own variables (others are ignored) and
 * stores them in one statement; a batch delivered twice is stored once (primary key).
 */
export async function storeTelemetry(
  db: Db,
  clock: Clock,
  equipmentId: number,
  msg: TelemetryMessage,
): Promise<StoredValue[]> {
  const own = await deviceVariableIds(db, equipmentId);
  const horizon = clock.now().getTime() + FUTURE_TOLERANCE_MS;
  const rows: StoredValue[] = [];
  for (const item of msg.items) {
    if (item.ts > horizon) continue;
    const keys = new Set([...Object.keys(item.vals), ...Object.keys(item.q ?? {})]);
    for (const key of keys) {
      const variableId = Number(key);
      if (!own.has(variableId)) continue;
      const raw = item.vals[key];
      const value = raw === undefined || raw === null ? null : typeof raw === 'boolean' ? Number(raw) : raw;
      rows.push({ variableId, ts: item.ts, value, quality: item.q?.[key] ?? 0 });
    }
  }
  if (!rows.length) return rows;
  await ensureMonthPartitions(
    db,
    'signal_values',
    rows.map((r) => r.ts),
  );
  await db.query(
    `insert into signal_values (equipment_id, variable_id, ts, num, txt, quality)
     select $1, v, t, n, x, q from unnest($2::bigint[], $3::timestamptz[], $4::float8[], $5::text[], $6::int[]) as u(v, t, n, x, q)
     on conflict do nothing`,
    [
      equipmentId,
      rows.map((r) => r.variableId),
      rows.map((r) => new Date(r.ts)),
      rows.map((r) => (typeof r.value === 'number' ? r.value : null)),
      rows.map((r) => (typeof r.value === 'string' ? r.value : null)),
      rows.map((r) => r.quality),
    ],
  );
  return rows;
}

/** Stores a report record of one of the device's reports (others are ignored). */
export async function storeReportRecord(
  db: Db,
  clock: Clock,
  equipmentId: number,
  msg: ReportRecordMessage,
): Promise<boolean> {
  if (msg.ts > clock.now().getTime() + FUTURE_TOLERANCE_MS) return false;
  const [report] = await db.query('select 1 from reports where id = $1 and equipment_id = $2', [
    msg.reportId,
    equipmentId,
  ]);
  if (!report) return false;
  await ensureMonthPartitions(db, 'report_records', [msg.ts]);
  await db.query(
    `insert into report_records (report_id, equipment_id, ts, values) values ($1, $2, $3, $4) on conflict do nothing`,
    [msg.reportId, equipmentId, new Date(msg.ts), msg.values],
  );
  return true;
}
