import {
  AppError,
  Err,
  INSPECTION_PLAN_MAX_DEVICES,
  INSPECTION_PLAN_MAX_ITEMS,
  type InspectionItemInput,
  type InspectionItemRow,
  type InspectionPlanInfo,
  type InspectionPlanInput,
  type InspectionPlanRow,
  type InspectionTaskQuery,
} from '@fieldhub/shared';
import type { Clock } from '../../clock';
import type { Db } from '../../db/db';
import { Where } from '../../db/where';
import type { AuthContext } from '../../http/context';
import { scopeDevices } from '../devices/deviceScope';
import { recordBy } from '../oplog/oplog.service';
import * as repo from './inspections.repo';

/**
 * Inspection items and plans (docs/requirements/operations.md §3, §4.1, §4.5): managed with
 * `ops_manage` (checked on the route), always within the caller's enterprise. An id of another
 * enterprise answers as one that does not exist.
 */

const unique = (ids: readonly number[]) => [...new Set(ids)];

export function items(db: Db, auth: AuthContext, keyword?: string): Promise<InspectionItemRow[]> {
  return repo.itemsOf(db, auth.orgId, keyword);
}

export function addItem(db: Db, auth: AuthContext, i: InspectionItemInput, ip: string): Promise<number> {
  return db.tx(async (tx) => {
    if (await repo.itemNameTaken(tx, auth.orgId, i.name, null))
      throw new AppError(Err.inspectionItemNameExists);
    const id = await repo.insertItem(tx, auth.orgId, i);
    await recordBy(tx, auth, ip, {
      action: 'inspection.item.add',
      objectType: 'inspectionItem',
      objectId: id,
      detail: { name: i.name },
    });
    return id;
  });
}

export async function editItem(db: Db, auth: AuthContext, id: number, i: InspectionItemInput, ip: string) {
  await db.tx(async (tx) => {
    if (!(await repo.itemExists(tx, auth.orgId, id))) throw new AppError(Err.dataMissingOrNoAccess);
    if (await repo.itemNameTaken(tx, auth.orgId, i.name, id))
      throw new AppError(Err.inspectionItemNameExists);
    await repo.updateItem(tx, auth.orgId, id, i);
    await recordBy(tx, auth, ip, {
      action: 'inspection.item.edit',
      objectType: 'inspectionItem',
      objectId: id,
      detail: { name: i.name },
    });
  });
}

/** An item a plan names cannot be deleted (10004); tasks made keep their copy. */
export async function deleteItem(db: Db, auth: AuthContext, id: number, ip: string) {
  await db.tx(async (tx) => {
    if (!(await repo.itemExists(tx, auth.orgId, id))) throw new AppError(Err.dataMissingOrNoAccess);
    if (await repo.itemInUse(tx, id)) throw new AppError(Err.inUseCannotDelete);
    await repo.deleteItemRow(tx, auth.orgId, id);
    await recordBy(tx, auth, ip, {
      action: 'inspection.item.delete',
      objectType: 'inspectionItem',
      objectId: id,
    });
  });
}

/** What a plan may name: the devices the caller sees and the enterprise's accounts. */
export async function candidates(db: Db, auth: AuthContext) {
  const where = scopeDevices(new Where(), auth);
  return {
    devices: await repo.devicesWhere(db, where),
    inspectors: await repo.accountsOf(db, auth.orgId),
  };
}

export function plans(db: Db, auth: AuthContext, keyword?: string): Promise<InspectionPlanRow[]> {
  return repo.plansOf(db, auth.orgId, keyword);
}

async function ownPlan(db: Db, auth: AuthContext, id: number): Promise<InspectionPlanRow> {
  const plan = await repo.planIn(db, auth.orgId, id);
  if (!plan) throw new AppError(Err.inspectionPlanNotFound);
  return plan;
}

export async function plan(db: Db, auth: AuthContext, id: number): Promise<InspectionPlanInfo> {
  const row = await ownPlan(db, auth, id);
  return {
    ...row,
    devices: await repo.planDevices(db, id),
    items: await repo.itemsIn(db, auth.orgId, await repo.planItemIds(db, id)),
  };
}

/**
 * Checks a plan's parts: at most 30 devices (2701) the caller sees, at most 50 items (2702) of
 * the enterprise, inspectors who are accounts of the enterprise, a free name (2119).
 */
async function checkedParts(db: Db, auth: AuthContext, p: InspectionPlanInput, selfId: number | null) {
  const deviceIds = unique(p.deviceIds);
  const itemIds = unique(p.itemIds);
  const inspectorIds = unique(p.inspectorIds);
  if (deviceIds.length > INSPECTION_PLAN_MAX_DEVICES) throw new AppError(Err.inspectionDeviceLimit);
  if (itemIds.length > INSPECTION_PLAN_MAX_ITEMS) throw new AppError(Err.inspectionItemLimit);
  const seen = await repo.devicesWhere(
    db,
    scopeDevices(new Where(), auth).add('e.id = any(?::bigint[])', deviceIds),
  );
  if (seen.length !== deviceIds.length) throw new AppError(Err.deviceNotFound);
  if ((await repo.itemsIn(db, auth.orgId, itemIds)).length !== itemIds.length)
    throw new AppError(Err.dataMissingOrNoAccess);
  if ((await repo.accountsIn(db, auth.orgId, inspectorIds)).length !== inspectorIds.length)
    throw new AppError(Err.dataMissingOrNoAccess);
  if (await repo.planNameTaken(db, auth.orgId, p.name, selfId))
    throw new AppError(Err.inspectionPlanNameExists);
  return { deviceIds, itemIds, inspectorIds };
}

export function addPlan(db: Db, auth: AuthContext, p: InspectionPlanInput, ip: string): Promise<number> {
  return db.tx(async (tx) => {
    const parts = await checkedParts(tx, auth, p, null);
    const id = await repo.insertPlan(tx, auth.orgId, auth.accountId, p.name, p.schedule);
    await repo.setPlanParts(tx, id, parts);
    await recordBy(tx, auth, ip, {
      action: 'inspection.plan.add',
      objectType: 'inspectionPlan',
      objectId: id,
      detail: { name: p.name },
    });
    return id;
  });
}

/**
 * Changes a plan: refused with 2704 while one of its tasks is open (window begun, not done).
 * Its tasks not begun are dropped and made again from the new plan at the scheduler's next run.
 */
export async function editPlan(
  db: Db,
  clock: Clock,
  auth: AuthContext,
  id: number,
  p: InspectionPlanInput,
  ip: string,
) {
  await db.tx(async (tx) => {
    await ownPlan(tx, auth, id);
    if (await repo.planHasOpenTask(tx, id, clock.now())) throw new AppError(Err.inspectionAlreadyStarted);
    const parts = await checkedParts(tx, auth, p, id);
    await repo.deleteUndoneTasks(tx, id);
    await repo.updatePlan(tx, id, p.name, p.schedule);
    await repo.setPlanParts(tx, id, parts);
    await recordBy(tx, auth, ip, {
      action: 'inspection.plan.edit',
      objectType: 'inspectionPlan',
      objectId: id,
      detail: { name: p.name },
    });
  });
}

/** Deletes a plan (2704 while a task is open); its done records stay, naming the plan. */
export async function deletePlan(db: Db, clock: Clock, auth: AuthContext, id: number, ip: string) {
  await db.tx(async (tx) => {
    const plan = await ownPlan(tx, auth, id);
    if (await repo.planHasOpenTask(tx, id, clock.now())) throw new AppError(Err.inspectionAlreadyStarted);
    await repo.deleteUndoneTasks(tx, id);
    await repo.deletePlanRow(tx, id);
    await recordBy(tx, auth, ip, {
      action: 'inspection.plan.delete',
      objectType: 'inspectionPlan',
      objectId: id,
      detail: { name: plan.name },
    });
  });
}

export function tasks(db: Db, auth: AuthContext, q: InspectionTaskQuery) {
  return repo.tasksOf(db, auth.orgId, q);
}
