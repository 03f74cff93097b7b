import { createHash } from 'node:crypto';
import { Err, type ConfigAckMessage, type GatewayConfig } from '@fieldhub/shared';
import type { Db } from '../db/db';
import type { Clock } from '../clock';
import { finishTask, openSyncTask } from './commandTasks';

/** JSON with keys in a fixed order, so equal configurations hash equally. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function configHash(config: GatewayConfig): string {
  return createHash('sha256').update(canonical(config)).digest('hex');
}

/**
 * What a device's gateway must run: its drivers (with their secrets: the gateway needs them),
 * variables, reports and scripts. Alarm rules stay in the cloud.
 */
export async function buildGatewayConfig(
  db: Db,
  equipmentId: number,
): Promise<{ version: number; hash: string; config: GatewayConfig }> {
  const [device] = await db.query<{ version: number }>(
    'select config_version as version from equipment where id = $1',
    [equipmentId],
  );
  const drivers = await db.query<{
    id: number;
    name: string;
    protocol: string;
    brand: string;
    model: string;
    settings: Record<string, unknown>;
  }>(
    'select id, name, protocol, brand, model, settings from drivers where equipment_id = $1 order by seq, id',
    [equipmentId],
  );
  const variables = await db.query<GatewayConfig['variables'][number]>(
    `select id, driver_id as "driverId", kind, name, data_type as "dataType", string_length as "stringLength",
            register_type as "registerType", address, rw, deadband, collect_formula as "collectFormula",
            write_formula as "writeFormula", collect_upper as "collectUpper", collect_lower as "collectLower",
            write_upper as "writeUpper", write_lower as "writeLower", formula, initial_value as "initialValue"
       from variables where equipment_id = $1 and kind <> 'summary' order by id`,
    [equipmentId],
  );
  const reports = await db.query<Omit<GatewayConfig['reports'][number], 'items'>>(
    `select id, storage_mode as "storageMode", interval_s as "intervalS", expression from reports
      where equipment_id = $1 and enabled order by id`,
    [equipmentId],
  );
  const items = await db.query<{
    reportId: number;
    variableId: number;
    aggregation: GatewayConfig['reports'][number]['items'][number]['aggregation'];
  }>(
    `select i.report_id as "reportId", i.variable_id as "variableId", i.aggregation from report_items i
       join reports r on r.id = i.report_id where r.equipment_id = $1 order by i.seq`,
    [equipmentId],
  );
  const scripts = await db.query<GatewayConfig['scripts'][number]>(
    `select id, strategy, interval_s as "intervalS", condition, body from scripts where equipment_id = $1 and enabled order by id`,
    [equipmentId],
  );
  const config = {
    drivers: drivers.map((d) => ({
      id: d.id,
      name: d.name,
      protocol: d.protocol,
      brand: d.brand,
      model: d.model,
      ...d.settings,
    })),
    variables,
    reports: reports.map((r) => ({
      ...r,
      items: items
        .filter((i) => i.reportId === r.id)
        .map(({ variableId, aggregation }) => ({ variableId, aggregation })),
    })),
    scripts,
  } as GatewayConfig;
  return { version: device?.version ?? 0, hash: configHash(config), config };
}

/**
 * A gateway's `up/config/ack`: a configuration it applied becomes the one it runs; the ack
 * finishes the open sync task that sent it this hash, a refusal with the gateway's first error
 * code (1326 when it names none). An ack of a version and hash never sent to this gateway for its
 * current device changes nothing and answers false (docs/requirements/gateway-link.md §5.2).
 */
export async function applyConfigAck(
  db: Db,
  clock: Clock,
  sn: string,
  ack: ConfigAckMessage,
): Promise<boolean> {
  const [sent] = await db.query(
    `select 1 from command_tasks t join gateways g on g.sn = t.gateway_sn
      where t.gateway_sn = $1 and t.kind = 'sync' and t.equipment_id = g.equipment_id
        and t.payload->>'version' = $2 and t.payload->>'hash' = $3
      limit 1`,
    [sn, String(ack.version), ack.hash],
  );
  if (!sent) return false;
  const task = await openSyncTask(db, sn, ack.hash);
  if (ack.ok) {
    await db.query('update gateways set applied_version = $2, applied_hash = $3 where sn = $1', [
      sn,
      ack.version,
      ack.hash,
    ]);
  }
  if (task)
    await finishTask(
      db,
      clock,
      task,
      ack.ok,
      ack.ok ? null : (ack.errors?.[0]?.code ?? Err.configSyncFailed),
      ack.errors ?? null,
    );
  return true;
}
