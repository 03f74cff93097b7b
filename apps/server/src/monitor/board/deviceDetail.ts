import {
  AppError,
  Err,
  type GatewayStatus,
  type MonitorGatewayInfo,
  type MonitorOpenResult,
  type MonitorSignal,
} from '@fieldhub/shared';
import { one, type Db } from '../../db/db';
import type { Clock } from '../../clock';
import type { AuthContext } from '../../http/context';
import { visibleDevice } from '../../modules/devices/deviceScope';
import { variableOrder } from '../../modules/config/variables';
import type { ValueCache } from '../valueCache';
import { latestValues } from './latestValues';

type SignalConfig = Omit<MonitorSignal, 'value' | 'ts' | 'quality'>;

/** The real-time tab: every variable of the device with its latest value, time and quality. */
export async function deviceSignals(
  db: Db,
  cache: ValueCache,
  auth: AuthContext,
  equipmentId: number,
): Promise<MonitorSignal[]> {
  await visibleDevice(db, auth, equipmentId);
  const variables = await db.query<SignalConfig>(
    `select v.id, v.name, v.key, v.unit, v.decimals, v.data_type as "dataType", v.kind, v.rw, v.mapping,
            v.write_upper as "writeUpper", v.write_lower as "writeLower",
            v.collect_upper as "collectUpper", v.collect_lower as "collectLower", v.pinned, v.seq,
            v.store_history as "storeHistory"
       from variables v where v.equipment_id = $1 order by ${variableOrder}`,
    [equipmentId],
  );
  const values = new Map(
    (
      await latestValues(
        db,
        cache,
        variables.map((v) => v.id),
      )
    ).map((v) => [v.signalId, v]),
  );
  return variables.map((v) => {
    const live = values.get(v.id);
    return { ...v, value: live?.value ?? null, ts: live?.ts ?? null, quality: live?.quality ?? null };
  });
}

interface GatewayRow extends Omit<MonitorGatewayInfo, 'lastSeenAt' | 'vpn'> {
  lastSeenAt: Date | null;
}

/**
 * The device's gateway, or 2001 (the browser then clears the gateway and alarm count,
 * docs/requirements/monitoring.md §4.2).
 */
async function deviceGateway(db: Db, equipmentId: number): Promise<MonitorGatewayInfo> {
  const row = await one<GatewayRow>(
    db,
    `select g.sn, g.series, g.model, g.firmware, g.status, g.signal_strength as "signalStrength", g.location,
            g.network_mode as "networkMode", g.remote_mode as "remoteMode",
            coalesce(g.applied_version, 0) <> e.config_version as "syncNeeded", g.last_seen_at as "lastSeenAt"
       from gateways g join equipment e on e.id = g.equipment_id where e.id = $1`,
    [equipmentId],
  );
  if (!row) throw new AppError(Err.gatewayUnavailableForWrite);
  return { ...row, lastSeenAt: row.lastSeenAt ? row.lastSeenAt.getTime() : null, vpn: false };
}

/** /monitor/multi/gateway/info: status, signal, location, firmware, sync needed. */
export async function gatewayInfo(
  db: Db,
  auth: AuthContext,
  equipmentId: number,
): Promise<MonitorGatewayInfo> {
  await visibleDevice(db, auth, equipmentId);
  return deviceGateway(db, equipmentId);
}

/**
 * /monitor/multi/open: records that the caller watches the device for `interval` seconds (the
 * browser re-opens every 580 s) and answers the gateway's state. Monitoring opens only on an
 * online gateway (docs/requirements/monitoring.md §4.1); offline or sleeping answers opened = false.
 */
export async function openMonitor(
  db: Db,
  clock: Clock,
  auth: AuthContext,
  equipmentId: number,
  intervalS: number,
): Promise<MonitorOpenResult> {
  await visibleDevice(db, auth, equipmentId);
  const gateway = await deviceGateway(db, equipmentId);
  const status: GatewayStatus = gateway.status;
  if (status !== 'online') return { online: false, status, opened: false, expiresAt: null };
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + intervalS * 1000);
  await db.query('delete from monitor_sessions where expires_at < $1', [now]);
  await db.query(
    `insert into monitor_sessions(equipment_id, account_id, interval_s, opened_at, expires_at)
     values ($1, $2, $3, $4, $5)
     on conflict (equipment_id, account_id) do update
       set interval_s = excluded.interval_s, opened_at = excluded.opened_at, expires_at = excluded.expires_at`,
    [equipmentId, auth.accountId, intervalS, now, expiresAt],
  );
  return { online: true, status, opened: true, expiresAt: expiresAt.getTime() };
}
