import {
  AppError,
  Err,
  checkWriteValue,
  DOWN,
  PROTOCOL_VERSION,
  validateFormula,
  type NETWORK_MODES,
} from '@fieldhub/shared';
import { one, type Db } from '../db/db';
import type { Clock } from '../clock';
import type { AuthContext } from '../http/context';
import { visibleDevice } from '../modules/devices/deviceScope';
import { recordBy } from '../modules/oplog/oplog.service';
import { startTask, type TaskKind } from './commandTasks';
import { buildGatewayConfig } from './gatewayConfig';
import type { LinkClient } from './linkClient';

export interface CommandDeps {
  db: Db;
  clock: Clock;
  link: LinkClient;
}

export interface ReachableGateway {
  equipmentId: number;
  orgId: number;
  sn: string;
  series: string;
}

/**
 * The device's gateway, which must be bound (`noGateway` otherwise) and online: offline or
 * sleeping gateways cannot be synced or operated (1304, 1308).
 */
export async function reachableGateway(
  db: Db,
  auth: AuthContext,
  equipmentId: number,
  noGateway: number,
): Promise<ReachableGateway> {
  const device = await visibleDevice(db, auth, equipmentId);
  const gw = await one<{ sn: string; status: string; series: string }>(
    db,
    'select sn, status, series from gateways where equipment_id = $1',
    [equipmentId],
  );
  if (!gw) throw new AppError(noGateway);
  if (gw.status === 'sleeping') throw new AppError(Err.gatewaySleeping);
  if (gw.status !== 'online') throw new AppError(Err.gatewayOffline);
  return { equipmentId, orgId: device.org_id, sn: gw.sn, series: gw.series };
}

/** Starts the task on the gateway; a command the broker does not take ends it with 1301. */
export function dispatch(
  deps: CommandDeps,
  auth: AuthContext,
  gw: ReachableGateway,
  kind: TaskKind,
  payload: Record<string, unknown>,
  send: (uuid: string, expiresAt: Date) => Promise<void>,
): Promise<{ uuid: string }> {
  const task = { orgId: gw.orgId, equipmentId: gw.equipmentId, sn: gw.sn, accountId: auth.accountId };
  return startTask(deps.db, deps.clock, { ...task, kind, payload }, send, Err.communicationTimeout);
}

/** Pushes the device's current configuration; the gateway's ack finishes the task. */
export async function syncDevice(deps: CommandDeps, auth: AuthContext, equipmentId: number, ip: string) {
  const gw = await reachableGateway(deps.db, auth, equipmentId, Err.noGatewayCannotSync);
  await recordBy(deps.db, auth, ip, {
    action: 'gateway.sync',
    objectType: 'equipment',
    objectId: equipmentId,
  });
  return pushConfig(deps, gw, auth.accountId);
}

/** Sends the configuration as a `sync` task (also used for a new gateway that has none yet). */
export async function pushConfig(deps: CommandDeps, gw: ReachableGateway, accountId: number | null) {
  const { version, hash, config } = await buildGatewayConfig(deps.db, gw.equipmentId);
  return startTask(
    deps.db,
    deps.clock,
    {
      orgId: gw.orgId,
      equipmentId: gw.equipmentId,
      sn: gw.sn,
      accountId,
      kind: 'sync',
      payload: { version, hash },
    },
    () => deps.link.publishDown(gw.sn, DOWN.config, { v: PROTOCOL_VERSION, version, hash, config }),
    Err.configSyncFailed,
  );
}

/**
 * Where a birth without configuration gets its device's pushed to (`pushConfig`, no account):
 * null when the device no longer exists.
 */
export async function firstConfigTarget(
  db: Db,
  sn: string,
  equipmentId: number,
): Promise<ReachableGateway | null> {
  const org = await one<{ org_id: number }>(db, 'select org_id from equipment where id = $1', [equipmentId]);
  return org ? { equipmentId, orgId: org.org_id, sn, series: '' } : null;
}

interface WritableVariable {
  id: number;
  rw: string;
  data_type: string;
  string_length: number | null;
  write_formula: string;
  write_upper: number | null;
  write_lower: number | null;
}

/**
 * A write from the platform (docs/requirements/monitoring.md §3.6, docs/requirements/gateway-link.md §6.3):
 * write permission (2006), a writable variable (2002), the value within the write limits (2003/2004), a valid
 * write formula (2005), an online gateway; then the gateway applies the write formula and answers the task.
 */
export async function writeValue(
  deps: CommandDeps,
  auth: AuthContext,
  input: { equipmentId: number; signalId: number; value: string | number | boolean },
  ip: string,
) {
  if (!auth.auths.has('monitor_write')) throw new AppError(Err.noWritePermission);
  await visibleDevice(deps.db, auth, input.equipmentId);
  const v = await one<WritableVariable>(
    deps.db,
    `select id, rw, data_type, string_length, write_formula, write_upper, write_lower from variables where id = $1 and equipment_id = $2`,
    [input.signalId, input.equipmentId],
  );
  if (!v) throw new AppError(Err.variableNotFound);
  if (v.rw === 'r') throw new AppError(Err.variableReadOnly);
  let value: string | number =
    v.data_type === 'string'
      ? String(input.value)
      : typeof input.value === 'boolean'
        ? Number(input.value)
        : input.value;
  if (v.data_type !== 'string') {
    value = Number(value);
    if (!Number.isFinite(value)) throw new AppError(Err.dataTypeError);
    if (v.write_upper !== null && value > v.write_upper) throw new AppError(Err.writeAboveUpperLimit);
    if (v.write_lower !== null && value < v.write_lower) throw new AppError(Err.writeBelowLowerLimit);
  }
  if (v.write_formula && validateFormula(v.write_formula, { allowedIdentifiers: ['x'] }))
    throw new AppError(Err.writeFormulaError);
  if (!v.write_formula) {
    const problem = checkWriteValue(v.data_type as never, value, v.string_length ?? undefined);
    if (problem)
      throw new AppError(Err.parameterCheckFailed, {
        params: { detail: { 'zh-CN': problem.zh, 'en-US': problem.en } },
      });
  }
  const gw = await reachableGateway(deps.db, auth, input.equipmentId, Err.gatewayUnavailableForWrite);
  await recordBy(deps.db, auth, ip, {
    action: 'signal.write',
    objectType: 'equipment',
    objectId: input.equipmentId,
    detail: { variableId: v.id, value },
  });
  return dispatch(deps, auth, gw, 'write', { variableId: v.id, value }, (uuid, expiresAt) =>
    deps.link.publishDown(gw.sn, DOWN.cmd, {
      v: PROTOCOL_VERSION,
      uuid,
      type: 'write',
      variableId: v.id,
      value,
      expiresAt: expiresAt.getTime(),
    }),
  );
}

/** A fresh read of some of the device's variables. */
export async function readValues(
  deps: CommandDeps,
  auth: AuthContext,
  equipmentId: number,
  signalIds: number[],
) {
  await visibleDevice(deps.db, auth, equipmentId);
  const [count] = await deps.db.query<{ n: number }>(
    'select count(*)::int as n from variables where id = any($1::bigint[]) and equipment_id = $2',
    [signalIds, equipmentId],
  );
  if ((count?.n ?? 0) !== new Set(signalIds).size) throw new AppError(Err.variableNotFound);
  const gw = await reachableGateway(deps.db, auth, equipmentId, Err.deviceWithoutGateway);
  return dispatch(deps, auth, gw, 'read', { variableIds: signalIds }, (uuid, expiresAt) =>
    deps.link.publishDown(gw.sn, DOWN.cmd, {
      v: PROTOCOL_VERSION,
      uuid,
      type: 'read',
      variableIds: signalIds,
      expiresAt: expiresAt.getTime(),
    }),
  );
}

export async function gatewayDevice(db: Db, sn: string): Promise<number> {
  const row = await one<{ equipment_id: number | null }>(
    db,
    'select equipment_id from gateways where sn = $1',
    [sn],
  );
  if (!row?.equipment_id) throw new AppError(Err.gatewayNotFound);
  return row.equipment_id;
}

export async function restartGateway(deps: CommandDeps, auth: AuthContext, sn: string, ip: string) {
  const gw = await reachableGateway(deps.db, auth, await gatewayDevice(deps.db, sn), Err.gatewayNotFound);
  await recordBy(deps.db, auth, ip, {
    action: 'gateway.restart',
    objectType: 'equipment',
    objectId: gw.equipmentId,
    detail: { sn },
  });
  return dispatch(deps, auth, gw, 'restart', {}, (uuid, expiresAt) =>
    deps.link.publishDown(gw.sn, DOWN.cmd, {
      v: PROTOCOL_VERSION,
      uuid,
      type: 'restart',
      expiresAt: expiresAt.getTime(),
    }),
  );
}

/** A network mode change takes effect after the gateway restarts; it stays pending until then. */
export async function changeNetworkMode(
  deps: CommandDeps,
  auth: AuthContext,
  sn: string,
  mode: (typeof NETWORK_MODES)[number],
  ip: string,
) {
  const gw = await reachableGateway(deps.db, auth, await gatewayDevice(deps.db, sn), Err.gatewayNotFound);
  await deps.db.query(
    'update gateways set pending_network_mode = case when network_mode = $2 then null else $2 end where sn = $1',
    [sn, mode],
  );
  await recordBy(deps.db, auth, ip, {
    action: 'gateway.mode',
    objectType: 'equipment',
    objectId: gw.equipmentId,
    detail: { sn, mode },
  });
  return dispatch(deps, auth, gw, 'mode', { networkMode: mode }, (uuid, expiresAt) =>
    deps.link.publishDown(gw.sn, DOWN.cmd, {
      v: PROTOCOL_VERSION,
      uuid,
      type: 'mode',
      networkMode: mode,
      expiresAt: expiresAt.getTime(),
    }),
  );
}

export const LOCATION_REFRESHES_PER_DAY = 5;

/** A manual base-station location refresh: series with positioning only (1322), 5 a day (1321). */
export async function refreshLocation(deps: CommandDeps, auth: AuthContext, sn: string) {
  const gw = await reachableGateway(deps.db, auth, await gatewayDevice(deps.db, sn), Err.gatewayNotFound);
  const series = await one<{ features: string[] }>(
    deps.db,
    'select features from gateway_series where name = $1',
    [gw.series],
  );
  if (!series?.features.includes('positioning')) throw new AppError(Err.positioningUnsupported);
  const today = deps.clock.now().toISOString().slice(0, 10);
  const counted = await deps.db.query(
    `update gateways set location_refresh_count = case when location_refresh_day = $2::date then location_refresh_count + 1 else 1 end,
            location_refresh_day = $2::date
      where sn = $1 and (location_refresh_day is distinct from $2::date or location_refresh_count < $3) returning sn`,
    [sn, today, LOCATION_REFRESHES_PER_DAY],
  );
  if (!counted.length) throw new AppError(Err.locationRefreshLimit);
  return dispatch(deps, auth, gw, 'locate', {}, (uuid, expiresAt) =>
    deps.link.publishDown(gw.sn, DOWN.cmd, {
      v: PROTOCOL_VERSION,
      uuid,
      type: 'locate',
      expiresAt: expiresAt.getTime(),
    }),
  );
}
