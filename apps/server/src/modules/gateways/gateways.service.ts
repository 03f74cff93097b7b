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
import type { Db } from '../../db/db';
import { Where } from '../../db/where';
import type { Clock } from '../../clock';
import type { AuthContext } from '../../http/context';
import { hashPassword } from '../auth/passwordHash';
import { mosquittoHash } from '../../link/gatewayCredentials';
import { recordBy } from '../oplog/oplog.service';
import { checkLicenseRoom } from '../license/licensePolicy';
import { scopeDevices, visibleDevice } from '../devices/deviceScope';
import { checkAllCapacities, type ConfigOwner } from '../config/configOwner';
import { checkVerifyCode } from './bindAttempts';
import * as repo from './gateways.repo';

export type { GatewayRow } from './gateways.repo';

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
    if (!(await repo.seriesExists(tx, input.series))) throw new AppError(Err.gatewaySeriesUnsupported);
    const taken = await repo.registeredSns(tx, sns);
    if (taken.length) throw new AppError(Err.snRegistered, { data: { sns: taken } });
    await checkLicenseRoom(tx, 'gateways', credentials.length);
    const issued: { sn: string; verifyCode: string; mqttPassword: string }[] = [];
    for (const c of credentials) {
      await repo.insertGateway(tx, { ...c, series: input.series, model: input.model });
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
  const row = await repo.gatewayOverview(db, sn);
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
    const gateway = await repo.gatewayForBinding(tx, input.sn);
    if (!gateway) throw new AppError(Err.gatewayNotFound);
    // compared again under the row lock, so a binding never holds a code other than the checked one
    if (!VERIFY_CODE_PATTERN.test(input.verifyCode) || gateway.verify_code !== input.verifyCode)
      throw new AppError(Err.gatewaySnOrCodeWrong);
    if (gateway.equipment_id === device.id) return;
    if (gateway.equipment_id !== null) throw new AppError(Err.gatewayBoundToOtherDevice);
    const templateSeries = device.template_id ? await repo.templateSeries(tx, device.template_id) : undefined;
    if (templateSeries !== undefined && templateSeries !== gateway.series)
      throw new AppError(Err.templateSeriesMismatch);
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
    await repo.bindGatewayRow(tx, gateway, { id: device.id, orgId: device.org_id });
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
    await repo.freeGateway(tx, device.gateway_id);
    await recordBy(tx, auth, ip, {
      action: 'gateway.unbind',
      objectType: 'equipment',
      objectId: equipmentId,
    });
  });
}

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
  const { list, total } = await repo.boundGatewayPage(db, where, q);
  return {
    list: list.map((g) => ({
      ...g,
      mqtt: maskMqtt(g.mqtt),
      upgradable: isNewer(g.latestFirmware, g.firmware),
    })),
    total,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}

/** A gateway bound to a device the caller may see, or 1302. */
async function visibleGateway(db: Db, auth: AuthContext, sn: string) {
  const where = scopeDevices(new Where(), auth).add('g.sn = ?', sn);
  const row = await repo.boundGateway(db, where);
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
    const features = await repo.seriesFeatures(tx, gateway.series);
    if (input.sleepDelayS && !features?.includes('low-power')) throw new AppError(Err.lowPowerUnsupported);
    const mqtt = input.mqtt ? { ...input.mqtt } : gateway.mqtt;
    if (input.mqtt) {
      const stored = await repo.storedMqttSettings(tx, gateway.id);
      if (!input.mqtt.password || input.mqtt.password === '******') mqtt.password = stored?.password;
      if (!input.mqtt.privateKey?.content) mqtt.privateKey = stored?.privateKey;
    }
    // the latest choice wins: choosing the current mode again cancels a pending change
    const pending = input.networkMode ?? gateway.pendingNetworkMode;
    await repo.updateGatewaySettings(tx, gateway, {
      lan: input.lan ?? gateway.lan,
      mqtt,
      pendingNetworkMode: pending === gateway.networkMode ? null : pending,
      remoteMode: input.remoteMode ?? gateway.remoteMode,
      sleepDelayS: input.sleepDelayS ?? gateway.sleepDelayS,
    });
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
  const { list, total } = await repo.registeredGatewayPage(db, where, q);
  return { list, total, pageNum: q.pageNum, pageSize: q.pageSize };
}

/**
 * Gateway series with their capacities (docs/requirements/devices-and-gateways.md §7) and optional features.
 */
export function listSeries(db: Db) {
  return repo.seriesList(db);
}
