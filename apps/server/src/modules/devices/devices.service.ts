import { AppError, Err, type EquipmentInput, type EquipmentQuery, type Page } from '@fieldhub/shared';
import type { Clock } from '../../clock';
import type { Db } from '../../db/db';
import { Where } from '../../db/where';
import type { AuthContext } from '../../http/context';
import { checkVerifyCode } from '../gateways/bindAttempts';
import { bindCheckedGateway } from '../gateways/gateways.service';
import { groupIn } from '../groups/groups.repo';
import { recordBy } from '../oplog/oplog.service';
import { inheritLinks, mirrorConfig } from '../templates/configCopier';
import { bindTemplate } from '../templates/templates.service';
import { scopeDevices, visibleDevice } from './deviceScope';
import * as repo from './devices.repo';

/** The group must be one of the caller's enterprise (1203 otherwise). */
async function checkGroup(db: Db, auth: AuthContext, groupId: number | null) {
  if (groupId === null) return;
  if (!(await groupIn(db, auth.orgId, groupId))) throw new AppError(Err.parentGroupError);
}

export async function listDevices(
  db: Db,
  auth: AuthContext,
  q: EquipmentQuery,
): Promise<Page<repo.DeviceRow>> {
  if (q.groupId) await checkGroup(db, auth, q.groupId);
  const { list, total } = await repo.findDevices(db, scopeDevices(new Where(), auth), q);
  return { list, total, pageNum: q.pageNum, pageSize: q.pageSize };
}

/** Every device the caller may see, in short form (selectors, authorisation, monitoring). */
export async function devicesOfUser(db: Db, auth: AuthContext) {
  return repo.deviceSummaries(db, scopeDevices(new Where(), auth));
}

export async function deviceInfo(db: Db, auth: AuthContext, id: number): Promise<repo.DeviceRow> {
  await visibleDevice(db, auth, id);
  return (await repo.findDevice(db, id))!;
}

export async function addDevice(db: Db, auth: AuthContext, e: EquipmentInput, ip: string): Promise<number> {
  return db.tx(async (tx) => {
    await checkGroup(tx, auth, e.groupId);
    if (await repo.deviceNameTaken(tx, auth.orgId, e.name, null)) throw new AppError(Err.deviceNameExists);
    const id = await repo.insertDevice(tx, auth.orgId, auth.accountId, e);
    await recordBy(tx, auth, ip, {
      action: 'device.add',
      objectType: 'equipment',
      objectId: id,
      detail: { name: e.name },
    });
    return id;
  });
}

export async function editDevice(
  db: Db,
  auth: AuthContext,
  id: number,
  e: EquipmentInput,
  ip: string,
): Promise<void> {
  await db.tx(async (tx) => {
    await visibleDevice(tx, auth, id);
    await checkGroup(tx, auth, e.groupId);
    if (await repo.deviceNameTaken(tx, auth.orgId, e.name, id)) throw new AppError(Err.deviceNameExists);
    await repo.updateDevice(tx, id, e);
    await recordBy(tx, auth, ip, { action: 'device.edit', objectType: 'equipment', objectId: id });
  });
}

/** Deleting a device frees its gateway for another binding and drops its configuration. */
export async function deleteDevice(db: Db, auth: AuthContext, id: number, ip: string): Promise<void> {
  await db.tx(async (tx) => {
    const device = await visibleDevice(tx, auth, id);
    await repo.deleteDeviceRow(tx, id);
    await recordBy(tx, auth, ip, {
      action: 'device.delete',
      objectType: 'equipment',
      objectId: id,
      detail: { name: device.name },
    });
  });
}

/**
 * Copies a device with its configuration under a new name (at most 25 characters). The copy has
 * no gateway; it keeps the source's gateway series, so the source must have one (1119).
 */
export async function copyDevice(
  db: Db,
  auth: AuthContext,
  id: number,
  name: string,
  ip: string,
): Promise<number> {
  return db.tx(async (tx) => {
    const source = await visibleDevice(tx, auth, id);
    if (source.gateway_id === null) throw new AppError(Err.noGatewayCannotCopy);
    if (await repo.deviceNameTaken(tx, auth.orgId, name, null)) throw new AppError(Err.deviceNameExists);
    const copyId = await repo.insertDeviceCopy(tx, id, {
      ownerId: auth.accountId,
      series: source.series,
      name,
    });
    await mirrorConfig(
      tx,
      { column: 'equipment_id', id },
      { column: 'equipment_id', id: copyId, orgId: source.org_id },
      true,
    );
    await inheritLinks(tx, { column: 'equipment_id', id: copyId });
    await recordBy(tx, auth, ip, {
      action: 'device.copy',
      objectType: 'equipment',
      objectId: copyId,
      detail: { from: id, name },
    });
    return copyId;
  });
}

export const manufacturers = (db: Db, auth: AuthContext) => repo.manufacturersOf(db, auth.orgId);

/**
 * Binds a template and a gateway to a device in one transaction. The verification code is
 * checked first, outside it: a wrong one stays counted when the binding rolls back.
 */
export async function bindGatewayAndTemplate(
  db: Db,
  clock: Clock,
  auth: AuthContext,
  input: { equipmentId: number; sn: string; verifyCode: string; templateId: number },
  ip: string,
): Promise<void> {
  await checkVerifyCode(db, clock, auth.accountId, input.sn, input.verifyCode);
  await db.tx(async (tx) => {
    await bindTemplate(tx, auth, input.equipmentId, input.templateId, ip);
    await bindCheckedGateway(tx, auth, input, ip);
  });
}
