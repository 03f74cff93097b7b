import { one, type Db } from '../../db/db';
import { pageClause, type Where } from '../../db/where';

/** A gateway row as the gateway list reads it (times as Dates). */
export interface GatewayRow {
  id: number;
  sn: string;
  series: string;
  model: string;
  firmware: string;
  equipmentId: number;
  equipmentName: string;
  networkMode: string;
  pendingNetworkMode: string | null;
  remoteMode: string;
  status: string;
  signalStrength: number | null;
  lan: Record<string, unknown>;
  mqtt: Record<string, unknown>;
  location: Record<string, unknown> | null;
  sleepDelayS: number | null;
  syncNeeded: boolean;
  lastSeenAt: Date | null;
  /** the last firmware upgrade: its state, target version, download percent and failure code */
  otaState: string | null;
  otaVersion: string | null;
  otaPercent: number | null;
  otaCode: number | null;
  otaAt: Date | null;
  /** the newest firmware package of the gateway's series */
  latestFirmware: string | null;
  /** what the platform refused of its uplinks: how many, the last code and when */
  refusedCount: number;
  lastRefusedCode: number | null;
  lastRefusedAt: Date | null;
  /** how far its clock was off at its last status, in ms (positive: ahead) */
  clockSkewMs: number | null;
}

/** What binding needs of a gateway, read under a row lock. */
export interface GatewayRecord {
  id: number;
  sn: string;
  verify_code: string;
  series: string;
  equipment_id: number | null;
}

const gatewayColumns = `g.id, g.sn, g.series, g.model, g.firmware, e.id as "equipmentId", e.name as "equipmentName",
  g.network_mode as "networkMode", g.pending_network_mode as "pendingNetworkMode", g.remote_mode as "remoteMode", g.status,
  g.signal_strength as "signalStrength", g.lan, g.mqtt, g.location, g.sleep_delay_s as "sleepDelayS",
  coalesce(g.applied_version, 0) <> e.config_version as "syncNeeded", g.last_seen_at as "lastSeenAt",
  g.ota_state as "otaState", g.ota_version as "otaVersion", g.ota_percent as "otaPercent", g.ota_code as "otaCode",
  g.ota_at as "otaAt", g.refused_count as "refusedCount", g.refused_code as "lastRefusedCode",
  g.refused_at as "lastRefusedAt", g.clock_skew_ms as "clockSkewMs",
  (select p.version from firmware_packages p where p.series = g.series order by p.version_key desc limit 1) as "latestFirmware"`;

const boundFrom = 'gateways g join equipment e on e.id = g.equipment_id';

export async function seriesExists(db: Db, series: string): Promise<boolean> {
  return !!(await one(db, 'select 1 from gateway_series where name = $1', [series]));
}

/** The series' optional features (low-power, ...), or undefined for an unknown series. */
export async function seriesFeatures(db: Db, series: string): Promise<string[] | undefined> {
  return (
    await one<{ features: string[] }>(db, 'select features from gateway_series where name = $1', [series])
  )?.features;
}

/** Which of these SNs are registered already. */
export async function registeredSns(db: Db, sns: readonly string[]): Promise<string[]> {
  return (await db.query<{ sn: string }>('select sn from gateways where sn = any($1::text[])', [sns])).map(
    (r) => r.sn,
  );
}

export async function insertGateway(
  db: Db,
  g: {
    sn: string;
    verifyCode: string;
    passwordHash: string;
    brokerHash: string;
    series: string;
    model: string;
  },
): Promise<void> {
  await db.query(
    `insert into gateways(sn, verify_code, mqtt_password_hash, broker_hash, series, model)
     values ($1, $2, $3, $4, $5, $6)`,
    [g.sn, g.verifyCode, g.passwordHash, g.brokerHash, g.series, g.model],
  );
}

/** A gateway by SN with its binding's enterprise (null when free). */
export function gatewayOverview(db: Db, sn: string) {
  return one<{
    sn: string;
    series: string;
    model: string;
    firmware: string;
    bound: boolean;
    status: string;
    org_id: number | null;
  }>(
    db,
    'select sn, series, model, firmware, equipment_id is not null as bound, status, org_id from gateways where sn = $1',
    [sn],
  );
}

/** The gateway for binding, its row locked until the transaction ends. */
export function gatewayForBinding(db: Db, sn: string): Promise<GatewayRecord | undefined> {
  return one<GatewayRecord>(
    db,
    'select id, sn, verify_code, series, equipment_id from gateways where sn = $1 for update',
    [sn],
  );
}

/** The series of a template. */
export async function templateSeries(db: Db, templateId: number): Promise<string | undefined> {
  return (await one<{ series: string }>(db, 'select series from templates where id = $1', [templateId]))
    ?.series;
}

/**
 * The gateway now serves the device (the device's former gateway, if any, is freed) and the
 * device takes its series; the gateway gets the configuration anew.
 */
export async function bindGatewayRow(
  db: Db,
  gateway: { id: number; series: string },
  device: { id: number; orgId: number },
): Promise<void> {
  await db.query(
    'update gateways set equipment_id = null, org_id = null, applied_version = null, applied_hash = null where equipment_id = $1',
    [device.id],
  );
  await db.query(
    'update gateways set equipment_id = $2, org_id = $3, applied_version = null, applied_hash = null where id = $1',
    [gateway.id, device.id, device.orgId],
  );
  await db.query(
    'update equipment set series = $2, config_version = config_version + 1, updated_at = now() where id = $1',
    [device.id, gateway.series],
  );
}

export async function freeGateway(db: Db, gatewayId: number): Promise<void> {
  await db.query(
    'update gateways set equipment_id = null, org_id = null, applied_version = null, applied_hash = null where id = $1',
    [gatewayId],
  );
}

/** One page of bound gateways matching `where` (aliases g, e), by SN, and how many match. */
export async function boundGatewayPage(db: Db, where: Where, page: { pageNum: number; pageSize: number }) {
  const [count] = await db.query<{ n: number }>(
    `select count(*)::int as n from ${boundFrom} where ${where}`,
    where.params,
  );
  const list = await db.query<GatewayRow>(
    `select ${gatewayColumns} from ${boundFrom} where ${where} order by g.sn ${pageClause(page)}`,
    where.params,
  );
  return { list, total: count?.n ?? 0 };
}

/** The one bound gateway matching `where` (aliases g, e). */
export function boundGateway(db: Db, where: Where): Promise<GatewayRow | undefined> {
  return one<GatewayRow>(db, `select ${gatewayColumns} from ${boundFrom} where ${where}`, where.params);
}

export async function storedMqttSettings(
  db: Db,
  gatewayId: number,
): Promise<Record<string, unknown> | undefined> {
  return (
    await one<{ mqtt: Record<string, unknown> }>(db, 'select mqtt from gateways where id = $1', [gatewayId])
  )?.mqtt;
}

/** Saves the settings and moves the device's configuration version on, so the gateway receives them. */
export async function updateGatewaySettings(
  db: Db,
  gateway: { id: number; equipmentId: number },
  s: {
    lan: unknown;
    mqtt: unknown;
    pendingNetworkMode: string | null;
    remoteMode: string;
    sleepDelayS: number | null;
  },
): Promise<void> {
  await db.query(
    `update gateways set lan = $2, mqtt = $3, pending_network_mode = $4, remote_mode = $5, sleep_delay_s = $6 where id = $1`,
    [gateway.id, s.lan, s.mqtt, s.pendingNetworkMode, s.remoteMode, s.sleepDelayS],
  );
  await db.query('update equipment set config_version = config_version + 1 where id = $1', [
    gateway.equipmentId,
  ]);
}

/** One page of every registered gateway matching `where` (alias g), newest first. */
export async function registeredGatewayPage(
  db: Db,
  where: Where,
  page: { pageNum: number; pageSize: number },
) {
  const [count] = await db.query<{ n: number }>(
    `select count(*)::int as n from gateways g where ${where}`,
    where.params,
  );
  const list = await db.query<{
    sn: string;
    series: string;
    model: string;
    firmware: string;
    status: string;
    orgName: string | null;
    bound: boolean;
    registeredAt: Date;
  }>(
    `select g.sn, g.series, g.model, g.firmware, g.status, o.name as "orgName", g.equipment_id is not null as bound,
            g.registered_at as "registeredAt"
       from gateways g left join orgs o on o.id = g.org_id where ${where} order by g.registered_at desc, g.sn ${pageClause(page)}`,
    where.params,
  );
  return { list, total: count?.n ?? 0 };
}

/** Gateway series with their capacities and optional features, the default first. */
export function seriesList(db: Db) {
  return db.query<{
    name: string;
    maxDrivers: number;
    maxVariables: number;
    maxAlarms: number;
    maxStored: number;
    maxReports: number;
    maxScripts: number;
    features: string[];
    isDefault: boolean;
  }>(
    `select name, max_drivers as "maxDrivers", max_variables as "maxVariables", max_alarms as "maxAlarms",
            max_stored as "maxStored", max_reports as "maxReports", max_scripts as "maxScripts", features,
            is_default as "isDefault"
       from gateway_series order by is_default desc, name`,
  );
}
