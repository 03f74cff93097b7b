import {
  AppError,
  Err,
  repairActions,
  repairStep,
  viewsRepairs,
  OPEN_REPAIR_STATES,
  type LocalizedText,
  type Page,
  type RepairAction,
  type RepairCreateInput,
  type RepairFilter,
  type RepairOrderInfo,
  type RepairOrderRow,
  type RepairPart,
  type RepairPriority,
} from '@fieldhub/shared';
import type { Clock } from '../../clock';
import type { Db } from '../../db/db';
import { Where } from '../../db/where';
import type { AuthContext } from '../../http/context';
import { scopeDevices, visibleDevice } from '../devices/deviceScope';
import { recordBy } from '../oplog/oplog.service';
import { notifyOrderChange, type RepairNotifier } from './repairNotices';
import * as repo from './repairs.repo';

/**
 * Repair work orders (docs/requirements/operations.md §2). Reading needs
 * monitor_multi_designer_repair or ops_manage (90008), except for the order's own requester and
 * repairer; every order is looked up within the caller's enterprise and on a device they see.
 * Each step asks the kernel (packages/shared ops/repairKernel.ts), writes a timeline row and
 * notifies the people concerned (§2.5).
 */

export interface RepairDeps {
  db: Db;
  clock: Clock;
  notifier: RepairNotifier;
}

const STATE_REFUSED: LocalizedText = {
  'zh-CN': '工单当前状态不允许此操作',
  'en-US': "the order's state does not allow this step",
};

export function requireViewer(auth: AuthContext): void {
  if (!viewsRepairs(auth)) throw new AppError(Err.noAccess);
}

const involved = (auth: AuthContext, o: RepairOrderRow) =>
  o.requesterId === auth.accountId || o.repairerId === auth.accountId;

/** The order, readable by the caller: a viewer who sees its device, or its requester or repairer. */
async function readableOrder(
  db: Db,
  auth: AuthContext,
  id: number,
  forUpdate = false,
): Promise<RepairOrderRow> {
  const order = await repo.orderById(db, auth.orgId, id, forUpdate);
  if (!order) throw new AppError(Err.dataMissingOrNoAccess);
  if (involved(auth, order)) return order;
  requireViewer(auth);
  await visibleDevice(db, auth, order.equipmentId);
  return order;
}

/** The order as `readableOrder` gives it, for the attachment calls. */
export const readableOrderOf = (db: Db, auth: AuthContext, id: number) => readableOrder(db, auth, id);

/** An operation log entry of an order's change (accounts-and-login.md §7.1). */
export const logged = (
  action: 'create' | RepairAction | 'attach' | 'detach',
  id: number,
  detail: Record<string, string | number>,
) => ({ action: `repair.${action}` as const, objectType: 'repairOrder' as const, objectId: id, detail });

const priorityDefault = (p: RepairPriority | undefined): RepairPriority => p ?? 'normal';

async function generatedNumber(db: Db, orgId: number, at: Date): Promise<string> {
  // a number typed by hand may already hold the next value: take the following one
  for (;;) {
    const n = await repo.nextCounter(db, orgId);
    const number = `R${at.getUTCFullYear()}-${String(n).padStart(4, '0')}`;
    if (!(await repo.numberTaken(db, orgId, number))) return number;
  }
}

export async function create(
  deps: RepairDeps,
  auth: AuthContext,
  input: RepairCreateInput & { priority?: RepairPriority; equipmentId: number; alarmId?: number | null },
  /** the caller's address for the operation log (an order made by another service may have none) */
  ip = '',
): Promise<{ id: number }> {
  requireViewer(auth);
  const created = await deps.db.tx(async (tx) => {
    await visibleDevice(tx, auth, input.equipmentId);
    const alarmId = input.alarmId ?? null;
    if (alarmId !== null && !(await repo.alarmOfDevice(tx, auth.orgId, alarmId, input.equipmentId)))
      throw new AppError(Err.dataMissingOrNoAccess);
    const at = deps.clock.now();
    const given = input.number?.trim();
    if (given && (await repo.numberTaken(tx, auth.orgId, given)))
      throw new AppError(Err.workOrderNumberExists);
    const number = given || (await generatedNumber(tx, auth.orgId, at));
    const id = await repo.insertOrder(tx, auth.orgId, {
      number,
      equipmentId: input.equipmentId,
      alarmId,
      problem: input.problem,
      priority: priorityDefault(input.priority),
      requesterId: auth.accountId,
      at,
    });
    await repo.insertEvent(tx, auth.orgId, {
      orderId: id,
      accountId: auth.accountId,
      action: 'create',
      detail: alarmId === null ? {} : { alarmId },
      at,
    });
    await recordBy(tx, auth, ip, logged('create', id, { number, device: input.equipmentId }));
    const order = (await repo.orderById(tx, auth.orgId, id))!;
    return { id, notices: await notifyOrderChange(tx, auth, order, 'create') };
  });
  await deps.notifier.announce(created.notices);
  return { id: created.id };
}

function scopedWhere(auth: AuthContext, f: RepairFilter): Where {
  const where = scopeDevices(new Where(), auth).add('o.org_id = ?', auth.orgId);
  return repo.filterWhere(where, f);
}

export async function list(
  db: Db,
  auth: AuthContext,
  q: RepairFilter & { pageNum: number; pageSize: number },
): Promise<Page<RepairOrderRow>> {
  requireViewer(auth);
  const { list: rows, total } = await repo.ordersPage(db, scopedWhere(auth, q), q);
  return { list: rows, total, pageNum: q.pageNum, pageSize: q.pageSize };
}

/** One device's orders (its Repair tab): the device must be visible to the caller (1101). */
export async function deviceOrders(
  db: Db,
  auth: AuthContext,
  q: { equipmentId: number; pageNum: number; pageSize: number },
): Promise<Page<RepairOrderRow>> {
  requireViewer(auth);
  await visibleDevice(db, auth, q.equipmentId);
  return list(db, auth, q);
}

export const EXPORT_MAX_ROWS = 5000;

export async function exportRows(db: Db, auth: AuthContext, f: RepairFilter): Promise<RepairOrderRow[]> {
  requireViewer(auth);
  return repo.ordersOf(db, scopedWhere(auth, f), EXPORT_MAX_ROWS);
}

/** The caller's open orders: dispatched to them or accepted by them (the worksheet, §5). */
export async function mine(db: Db, auth: AuthContext): Promise<RepairOrderRow[]> {
  const where = new Where()
    .add('o.org_id = ?', auth.orgId)
    .add('o.repairer_id = ?', auth.accountId)
    .add("o.state in ('dispatched', 'received')");
  return repo.ordersOf(db, where, 200);
}

const canAttach = (auth: AuthContext, o: RepairOrderRow) =>
  OPEN_REPAIR_STATES.includes(o.state) && (viewsRepairs(auth) || involved(auth, o));

export async function info(db: Db, auth: AuthContext, id: number): Promise<RepairOrderInfo> {
  const order = await readableOrder(db, auth, id);
  return {
    order,
    attachments: await repo.attachmentsOf(db, auth.orgId, id),
    timeline: await repo.timeline(db, auth.orgId, id),
    actions: repairActions(order, auth),
    canAttach: canAttach(auth, order),
  };
}

export async function repairers(db: Db, auth: AuthContext): Promise<{ id: number; name: string }[]> {
  requireViewer(auth);
  return repo.repairers(db, auth.orgId);
}

/** What a step changes beyond the state. */
type StepFields = { repairerId?: number; content?: string; parts?: RepairPart[]; endReason?: string };

/** One step of the state machine on an order the caller reads, with its timeline row and messages. */
async function step(
  deps: RepairDeps,
  auth: AuthContext,
  ip: string,
  id: number,
  action: RepairAction,
  fields: StepFields,
  detail: (tx: Db) => Promise<Record<string, string | number>>,
): Promise<void> {
  const notices = await deps.db.tx(async (tx) => {
    const order = await readableOrder(tx, auth, id, true);
    const answer = repairStep(order, action, auth);
    if (!answer.ok) {
      if (answer.why === 'state')
        throw new AppError(Err.parameterCheckFailed, { params: { detail: STATE_REFUSED } });
      throw new AppError(answer.why === 'permission' ? Err.noAccess : Err.operationNotPermitted);
    }
    const at = deps.clock.now();
    const said = await detail(tx);
    await repo.updateOrder(tx, auth.orgId, id, { state: answer.to, at, ...fields });
    await repo.insertEvent(tx, auth.orgId, {
      orderId: id,
      accountId: auth.accountId,
      action,
      detail: said,
      at,
    });
    await recordBy(tx, auth, ip, logged(action, id, { number: order.number, ...said }));
    const changed = (await repo.orderById(tx, auth.orgId, id))!;
    return notifyOrderChange(tx, auth, changed, action, order.repairerId);
  });
  await deps.notifier.announce(notices);
}

export async function dispatch(
  deps: RepairDeps,
  auth: AuthContext,
  ip: string,
  id: number,
  repairerId: number,
) {
  await step(deps, auth, ip, id, 'dispatch', { repairerId }, async (tx) => {
    const [repairer] = await repo.repairers(tx, auth.orgId, repairerId);
    if (!repairer) throw new AppError(Err.dataMissingOrNoAccess);
    return { repairer: repairer.name };
  });
}

export async function accept(deps: RepairDeps, auth: AuthContext, ip: string, id: number) {
  await step(deps, auth, ip, id, 'accept', {}, () => Promise.resolve({}));
}

export async function finish(
  deps: RepairDeps,
  auth: AuthContext,
  ip: string,
  f: { id: number; content: string; parts: RepairPart[] },
) {
  await step(deps, auth, ip, f.id, 'finish', { content: f.content, parts: f.parts }, () =>
    Promise.resolve({ parts: f.parts.length }),
  );
}

export async function end(deps: RepairDeps, auth: AuthContext, ip: string, id: number, reason: string) {
  await step(deps, auth, ip, id, 'end', { endReason: reason }, () => Promise.resolve({ reason }));
}

/** The order an attachment change is made on: open, and the caller views it or works on it. */
export async function attachableOrder(db: Db, auth: AuthContext, id: number): Promise<RepairOrderRow> {
  const order = await readableOrder(db, auth, id, true);
  if (!canAttach(auth, order)) throw new AppError(Err.operationNotPermitted);
  return order;
}
