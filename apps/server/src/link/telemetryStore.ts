import type { DataType, ReportRecordMessage } from '@fieldhub/shared';
import type { Db } from '../db/db';
import type { Clock } from '../clock';
import type { BatchReceipt } from './batchRecord.repo';
import { ensureMonthPartitions } from './partitions';
import type { StoredValue, VariableRule } from './telemetryJudge';
import { writeValues } from './valueWriter';

// A report dated further ahead than this is not stored (samples have the clock-skew tolerance).
const REPORT_FUTURE_TOLERANCE_MS = 24 * 3600_000;

/**
 * The variables of a device by key (the id in decimal) with what judging their values needs,
 * cached per configuration version (a gateway may only report its own; the caller read `version`
 * with the gateway, so a change is seen at the next batch), per database as partitions.ts keeps its
 * partitions: ids and versions mean nothing in another.
 */
const variableCaches = new WeakMap<Db, Map<number, { version: number; rules: Map<string, VariableRule> }>>();

export async function deviceVariables(
  db: Db,
  equipmentId: number,
  version: number,
): Promise<Map<string, VariableRule>> {
  let variableCache = variableCaches.get(db);
  if (!variableCache) variableCaches.set(db, (variableCache = new Map()));
  const cached = variableCache.get(equipmentId);
  if (cached && cached.version === version) return cached.rules;
  const variables = await db.query<{
    id: number;
    data_type: DataType;
    string_length: number | null;
    raw: boolean;
  }>(
    `select id, data_type, string_length, (kind = 'device' and btrim(collect_formula) = '') as raw
       from variables where equipment_id = $1`,
    [equipmentId],
  );
  const rules = new Map(
    variables.map((v) => {
      const id = Number(v.id);
      return [
        String(id),
        { id, dataType: v.data_type, stringLength: v.string_length, raw: v.raw } satisfies VariableRule,
      ] as const;
    }),
  );
  variableCache.set(equipmentId, { version, rules });
  return rules;
}

/**
 * Stores judged values of a device, batched with other uplinks into one binary COPY (valueWriter);
 * resolves when they are committed. A value delivered twice is stored once (primary key). With
 * `batch`, the batch is noted as received in that commit (batchRecord.repo).
 */
export function storeValues(
  db: Db,
  equipmentId: number,
  rows: readonly StoredValue[],
  batch?: BatchReceipt,
): Promise<void> {
  return writeValues(db, equipmentId, rows, batch);
}

/** Stores a report record of one of the device's reports (others are ignored). */
export async function storeReportRecord(
  db: Db,
  clock: Clock,
  equipmentId: number,
  msg: ReportRecordMessage,
): Promise<boolean> {
  if (msg.ts > clock.now().getTime() + REPORT_FUTURE_TOLERANCE_MS) return false;
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
