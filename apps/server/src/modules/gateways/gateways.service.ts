import { isNewer } from '../firmware/firmware.service';
import { randomBytes, randomInt } from 'node:crypto';
import { type z } from 'zod';
import {
  AppError,
  Err,
  LIMITS,
  SN_PATTERN,
  VERIFY_CODE_PATTERN,
  lanProblem,
  MQTT_TOPIC_MAX,
  type gatewaySettingsSchema,
  type registerGatewaysSchema,
} from '@fieldhub/shared';
import { one, type Db } from '../../db/db';
import { pageClause, Where } from '../../db/where';
import type { Clock } from '../../clock';
import type { AuthContext } from '../../http/context';
import { hashPassword } from '../auth/passwordHash';
import { mosquittoHash } from '../../link/gatewayCredentials';
import { recordBy } from '../oplog/oplog.service';
import { scopeDevices, visibleDevice } from '../devices/deviceScope';
import { checkAllCapacities, type ConfigOwner } from '../config/configOwner';
import { checkVerifyCode } from './bindAttempts';

interface GatewayRecord {
  id: number;
  sn: string;
  verify_code: string;
  series: string;
  equipment_id: number | null;
}

/**
 * Registers gateways on the platform (at most 100 per batch): each gets a 6-digit verification
 * code for binding and a password for its MQTT login, returned once.
 */
export async function registerGateways(
  db: Db,
  auth: AuthContext,
  input: z.infer<typeof registerGatewaysSchema>,
  ip: string,
) {
  if (input.gateways.length > LIMITS.batchModules) throw new AppError(Err.gatewayBatchLimit);
  const sns = input.gateways.map((g) => g.sn);
  if (new Set(sns).size !== sns.length) throw new AppError(Err.duplicateSn);
  // up to 100 scrypt hashes: made before the transaction, so it holds no lock while they run
  const credentials: {
    sn: string;
    verifyCode: string;
    mqttPassword: string;
    passwordHash: string;
    brokerHash: string;
  }[] = [];
  for (const g of input.gateways) {
    const verifyCode = g.verifyCode ?? String(randomInt(0, 1_000_000)).padStart(6, '0');
    // hex: a generated password never starts with '-', which a command line reads as an option
    const mqttPassword = g.mqttPassword ?? randomBytes(12).toString('hex');
    credentials.push({
      sn: g.sn,
      verifyCode,
      mqttPassword,
      passwordHash: await hashPassword(mqttPassword),
      brokerHash: mosquittoHash(mqttPassword),
    });
  }
  return db.tx(async (tx) => {
    if (!(await one(tx, 'select 1 from gateway_series where name = $1', [input.series]))) {
      throw new AppError(Err.gatewaySeriesUnsupported);
    }
    const taken = await tx.query<{ sn: string }>('select sn from gateways where sn = any($1::text[])', [sns]);
    if (taken.length) throw new AppError(Err.snRegistered, { data: { sns: taken.map((t) => t.sn) } });
    const issued: { sn: string; verifyCode: string; mqttPassword: string }[] = [];
    for (const c of credentials) {
      await tx.query(
        `insert into gateways(sn, verify_code, mqtt_password_hash, broker_hash, series, model)
         values ($1, $2, $3, $4, $5, $6)`,
        [c.sn, c.verifyCode, c.passwordHash, c.brokerHash, input.series, input.model],
      );
      issued.push({ sn: c.sn, verifyCode: c.verifyCode, mqttPassword: c.mqttPassword });
    }
    await recordBy(tx, auth, ip, {
      action: 'gateway.register',
      objectType: 'gateway',
      detail: { count: issued.length, series: input.series },
    });
    return issued;
  });
}

/**
 * What the setup wizard shows about an SN before binding: series, model, whether it is free. A
 * gateway bound in another enterprise answers 1303 only: its status and firmware are that
 * enterprise's business.
 */
export async function gatewayBySn(db: Db, auth: AuthContext, sn: string) {
  if (!SN_PATTERN.test(sn)) throw new AppError(Err.gatewaySnFormat);
  const row = await one<{
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
  if (!row) throw new AppError(Err.gatewayNotFound);
  const { org_id: orgId, ...gateway } = row;
  if (gateway.bound && orgId !== auth.orgId) throw new AppError(Err.gatewayAlreadyBound);
  return gateway;
}

/**
 * Binds a gateway to a device by SN and verification code (docs/requirements/devices-and-gateways.md §4.3):
 * the code is checked first, counted against the limit on wrong codes (bindAttempts.ts), then bound in a
 * transaction.
 */
export async function bindGateway(
  db: Db,
  clock: Clock,
  auth: AuthContext,
  input: { equipmentId: number; sn: string; verifyCode: string },
  ip: string,
): Promise<void> {
  await checkVerifyCode(db, clock, auth.accountId, input.sn, input.verifyCode);
  await bindCheckedGateway(db, auth, input, ip);
}

/**
 * Binds a gateway whose code the caller checked with `checkVerifyCode` before its transaction
 * (a wrong code counted inside would be rolled back with it). The device must exist (basic info
 * first), the gateway must be free or already this device's; a device that had another gateway
 * gets the new one in its place (hardware swap). The device's configuration must fit the gateway
 * series, and a template-bound device needs a gateway of the template's series.
 */
export async function bindCheckedGateway(
  db: Db,
  auth: AuthContext,
  input: { equipmentId: number; sn: string; verifyCode: string },
  ip: string,
): Promise<void> {
  if (!SN_PATTERN.test(input.sn)) throw new AppError(Err.gatewaySnFormat);
  await db.tx(async (tx) => {
    const device = await visibleDevice(tx, auth, input.equipmentId);
    const gateway = await one<GatewayRecord>(
      tx,
      'select id, sn, verify_code, series, equipment_id from gateways where sn = $1 for update',
      [input.sn],
    );
    if (!gateway) throw new AppError(Err.gatewayNotFound);
    // compared again under the row lock, so a binding never holds a code other than the checked one
    if (!VERIFY_CODE_PATTERN.test(input.verifyCode) || gateway.verify_code !== input.verifyCode)
      throw new AppError(Err.gatewaySnOrCodeWrong);
    if (gateway.equipment_id === device.id) return;
    if (gateway.equipment_id !== null) throw new AppError(Err.gatewayBoundToOtherDevice);
    const template = device.template_id
      ? await one<{ series: string }>(tx, 'select series from templates where id = $1', [device.template_id])
      : undefined;
    if (template && template.series !== gateway.series) throw new AppError(Err.templateSeriesMismatch);
    const owner: ConfigOwner = {
      kind: 'equipment',
      id: device.id,
      orgId: device.org_id,
      series: gateway.series,
      hasGateway: true,
      templateId: device.template_id,
      column: 'equipment_id',
    };
    await checkAllCapacities(tx, owner, gateway.series);
    await tx.query(
      'update gateways set equipment_id = null, org_id = null, applied_version = null, applied_hash = null where equipment_id = $1',
      [device.id],
    );
    await tx.query(
      'update gateways set equipment_id = $2, org_id = $3, applied_version = null, applied_hash = null where id = $1',
      [gateway.id, device.id, device.org_id],
    );
    await tx.query(
      'update equipment set series = $2, config_version = config_version + 1, updated_at = now() where id = $1',
      [device.id, gateway.series],
    );
    await recordBy(tx, auth, ip, {
      action: 'gateway.bind',
      objectType: 'equipment',
      objectId: device.id,
      detail: { sn: input.sn },
    });
  });
}

export async function unbindGateway(db: Db, auth: AuthContext, equipmentId: number, ip: string) {
  await db.tx(async (tx) => {
    const device = await visibleDevice(tx, auth, equipmentId);
    if (device.gateway_id === null) throw new AppError(Err.deviceWithoutGateway);
    await tx.query(
      'update gateways set equipment_id = null, org_id = null, applied_version = null, applied_hash = null where id = $1',
      [device.gateway_id],
    );
    await recordBy(tx, auth, ip, {
      action: 'gateway.unbind',
      objectType: 'equipment',
      objectId: equipmentId,
    });
  });
}

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
}

const gatewayColumns = `g.id, g.sn, g.series, g.model, g.firmware, e.id as "equipmentId", e.name as "equipmentName",
  g.network_mode as "networkMode", g.pending_network_mode as "pendingNetworkMode", g.remote_mode as "remoteMode", g.status,
  g.signal_strength as "signalStrength", g.lan, g.mqtt, g.location, g.sleep_delay_s as "sleepDelayS",
  coalesce(g.applied_version, 0) <> e.config_version as "syncNeeded", g.last_seen_at as "lastSeenAt",
  g.ota_state as "otaState", g.ota_version as "otaVersion", g.ota_percent as "otaPercent", g.ota_code as "otaCode",
  g.ota_at as "otaAt",
  (select p.version from firmware_packages p where p.series = g.series order by p.version_key desc limit 1) as "latestFirmware"`;

/** Secrets of the gateway's MQTT settings never go back to the browser. */
function maskMqtt(mqtt: Record<string, unknown>): Record<string, unknown> {
  const out = { ...mqtt };
  if (out.password) out.password = '******';
  if (out.privateKey)
    out.privateKey = { name: (out.privateKey as { name?: string }).name ?? 'key', content: '' };
  return out;
}

/** Gateways bound to the devices the caller may see. */
export async function listGateways(
  db: Db,
  auth: AuthContext,
  q: { keyword?: string | undefined; status?: string | undefined; pageNum: number; pageSize: number },
) {
  const where = scopeDevices(new Where(), auth);
  if (q.keyword) where.add('g.sn like ? or e.name ilike ?', `%${q.keyword}%`, `%${q.keyword}%`);
  where.addIf(q.status, 'g.status = ?');
  const from = 'gateways g join equipment e on e.id = g.equipment_id';
  const [count] = await db.query<{ n: number }>(
    `select count(*)::int as n from ${from} where ${where}`,
    where.params,
  );
  const list = await db.query<GatewayRow>(
    `select ${gatewayColumns} from ${from} where ${where} order by g.sn ${pageClause(q)}`,
    where.params,
  );
  return {
    list: list.map((g) => ({
      ...g,
      mqtt: maskMqtt(g.mqtt),
      upgradable: isNewer(g.latestFirmware, g.firmware),
    })),
    total: count?.n ?? 0,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}

/** A gateway bound to a device the caller may see, or 1302. */
async function visibleGateway(db: Db, auth: AuthContext, sn: string) {
  const where = scopeDevices(new Where(), auth).add('g.sn = ?', sn);
  const row = await one<GatewayRow>(
    db,
    `select ${gatewayColumns} from gateways g join equipment e on e.id = g.equipment_id where ${where}`,
    where.params,
  );
  if (!row) throw new AppError(Err.gatewayNotFound);
  return row;
}

/**
 * Saves LAN, MQTT, network mode, remote mode and sleep delay. A network mode change is pending
 * until the gateway restarts; the series must support low-power mode for a sleep delay.
 */
export async function saveGatewaySettings(
  db: Db,
  auth: AuthContext,
  input: z.infer<typeof gatewaySettingsSchema>,
  ip: string,
) {
  await db.tx(async (tx) => {
    const gateway = await visibleGateway(tx, auth, input.sn);
    const lanCode = input.lan ? lanProblem(input.lan) : null;
    if (lanCode) throw new AppError(lanCode);
    if (input.mqtt && input.mqtt.subscribeTopic.length > MQTT_TOPIC_MAX)
      throw new AppError(Err.mqttTopicTooLong);
    const features = await one<{ features: string[] }>(
      tx,
      'select features from gateway_series where name = $1',
      [gateway.series],
    );
    if (input.sleepDelayS && !features?.features.includes('low-power'))
      throw new AppError(Err.lowPowerUnsupported);
    const mqtt = input.mqtt ? { ...input.mqtt } : gateway.mqtt;
    if (input.mqtt) {
      const stored = await one<{ mqtt: Record<string, unknown> }>(
        tx,
        'select mqtt from gateways where id = $1',
        [gateway.id],
      );
      if (!input.mqtt.password || input.mqtt.password === '******') mqtt.password = stored?.mqtt.password;
      if (!input.mqtt.privateKey?.content) mqtt.privateKey = stored?.mqtt.privateKey;
    }
    // the latest choice wins: choosing the current mode again cancels a pending change
    const pending = input.networkMode ?? gateway.pendingNetworkMode;
    await tx.query(
      `update gateways set lan = $2, mqtt = $3, pending_network_mode = $4, remote_mode = $5, sleep_delay_s = $6 where id = $1`,
      [
        gateway.id,
        input.lan ?? gateway.lan,
        mqtt,
        pending === gateway.networkMode ? null : pending,
        input.remoteMode ?? gateway.remoteMode,
        input.sleepDelayS ?? gateway.sleepDelayS,
      ],
    );
    await tx.query('update equipment set config_version = config_version + 1 where id = $1', [
      gateway.equipmentId,
    ]);
    await recordBy(tx, auth, ip, {
      action: 'gateway.settings',
      objectType: 'equipment',
      objectId: gateway.equipmentId,
      detail: { sn: input.sn },
    });
  });
}

/** Platform view of every registered gateway. */
export async function listRegisteredGateways(
  db: Db,
  q: { sn?: string | undefined; pageNum: number; pageSize: number },
) {
  const where = new Where();
  if (q.sn) where.add('g.sn like ?', `%${q.sn}%`);
  const [count] = await db.query<{ n: number }>(
    `select count(*)::int as n from gateways g where ${where}`,
    where.params,
  );
  const list = await db.query(
    `select g.sn, g.series, g.model, g.firmware, g.status, o.name as "orgName", g.equipment_id is not null as bound,
            g.registered_at as "registeredAt"
       from gateways g left join orgs o on o.id = g.org_id where ${where} order by g.registered_at desc, g.sn ${pageClause(q)}`,
    where.params,
  );
  return { list, total: count?.n ?? 0, pageNum: q.pageNum, pageSize: q.pageSize };
}

/**
 * Gateway series with their capacities (docs/requirements/devices-and-gateways.md §7) and optional features.
 */
export function listSeries(db: Db) {
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
