import {
  AppError,
  Err,
  INSPECTION_PHOTO_MAX_BYTES,
  type InspectionResult,
  type InspectionSubmitInput,
  type InspectionTaskInfo,
  type InspectionTaskItem,
  type InspectionTaskRow,
  type InspectionTaskState,
  type Page,
  type Paging,
  REPAIR_PROBLEM_MAX,
  viewsRepairs,
} from '@fieldhub/shared';
import type { Clock } from '../../clock';
import type { Db } from '../../db/db';
import type { AuthContext } from '../../http/context';
import { visibleDevice } from '../devices/deviceScope';
import { recordBy } from '../oplog/oplog.service';
import * as repairs from '../repairs/repairs.service';
import * as repo from './inspections.repo';

/**
 * Inspection tasks (docs/requirements/operations.md §4.3–§4.6): read by managers and by the
 * task's inspectors, submitted by an inspector who may see the device, while the window is open.
 */

const isManager = (auth: AuthContext) => auth.auths.has('ops_manage');

/** A task of the caller's enterprise (90002 otherwise, the same answer for another enterprise's id). */
async function taskOf(db: Db, auth: AuthContext, id: number, lock = false) {
  const task = await repo.taskIn(db, auth.orgId, id, lock);
  if (!task) throw new AppError(Err.dataMissingOrNoAccess);
  return task;
}

const row = (t: repo.TaskFacts): InspectionTaskRow => ({
  id: t.id,
  planId: t.planId,
  planName: t.planName,
  deviceId: t.deviceId,
  deviceName: t.deviceName,
  windowStart: t.windowStart,
  windowEnd: t.windowEnd,
  status: t.status,
  inspectorName: t.inspectorName,
  submittedAt: t.submittedAt,
});

/** One task with its items and results: for a manager or one of its inspectors (2706). */
export async function task(db: Db, auth: AuthContext, id: number): Promise<InspectionTaskInfo> {
  const t = await taskOf(db, auth, id);
  const assigned = await repo.isTaskInspector(db, id, auth.accountId);
  if (!assigned && !isManager(auth)) throw new AppError(Err.notInspectionAssignee);
  const photos = new Map(
    (await repo.taskPhotos(db, id)).map((p) => [
      Number(p.itemId),
      `data:${p.mime};base64,${Buffer.from(p.content).toString('base64')}`,
    ]),
  );
  const results: InspectionResult[] = (t.results ?? []).map((r) => ({
    ...r,
    photo: photos.get(r.itemId) ?? null,
  }));
  return { ...row(t), items: t.items, results, note: t.note, assigned };
}

const PHOTO_TYPES: { mime: string; matches: (b: Buffer) => boolean }[] = [
  { mime: 'image/png', matches: (b) => b.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex')) },
  { mime: 'image/jpeg', matches: (b) => b.subarray(0, 3).equals(Buffer.from('ffd8ff', 'hex')) },
  {
    mime: 'image/webp',
    matches: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/** A photo from its data URL: PNG, JPEG or WebP by its bytes (10007), at most 2 MB (10008). */
export function photoOf(value: string | number): { mime: string; content: Buffer } {
  const m = typeof value === 'string' ? /^data:image\/[a-z+.-]+;base64,([A-Za-z0-9+/=]+)$/.exec(value) : null;
  if (!m) throw new AppError(Err.fileFormatWrong);
  if ((m[1]!.length * 3) / 4 > INSPECTION_PHOTO_MAX_BYTES + 3) throw new AppError(Err.fileTooLarge);
  const content = Buffer.from(m[1]!, 'base64');
  if (content.length > INSPECTION_PHOTO_MAX_BYTES) throw new AppError(Err.fileTooLarge);
  const type = PHOTO_TYPES.find((t) => t.matches(content));
  if (!type) throw new AppError(Err.fileFormatWrong);
  return { mime: type.mime, content };
}

const problem = (item: InspectionTaskItem, detail: string) =>
  new AppError(Err.parameterCheckFailed, { params: { detail: `${item.name}: ${detail}` } });

/** One result checked against its item's kind (§3.1); a number outside the range is abnormal. */
function checkedResult(item: InspectionTaskItem, value: string | number | undefined) {
  if (value === undefined || value === '') throw problem(item, 'no result');
  switch (item.resultKind) {
    case 'check':
      if (value !== 'normal' && value !== 'abnormal') throw problem(item, 'normal or abnormal');
      return { value, abnormal: value === 'abnormal', photo: null };
    case 'number': {
      const n = typeof value === 'number' ? value : Number(value);
      if (!Number.isFinite(n)) throw problem(item, 'a number');
      const abnormal = (item.min !== null && n < item.min) || (item.max !== null && n > item.max);
      return { value: n, abnormal, photo: null };
    }
    case 'text': {
      const text = String(value).trim();
      if (!text || text.length > 500) throw problem(item, 'text of 1 to 500 characters');
      return { value: text, abnormal: false, photo: null };
    }
    case 'photo':
      return { value: null, abnormal: false, photo: photoOf(value) };
  }
}

export interface SubmittedTask {
  status: InspectionTaskState;
  repairOrderId: number | null;
}

/** The repair order's problem: the plan, the abnormal items with their values, the note. */
function problemText(
  planName: string,
  abnormal: { name: string; value: string | number | null }[],
  note: string,
) {
  const items = abnormal.map((a) =>
    a.value === null || a.value === 'abnormal' ? a.name : `${a.name} = ${a.value}`,
  );
  return `${planName}: ${items.join('; ')}${note ? ` — ${note}` : ''}`.slice(0, REPAIR_PROBLEM_MAX);
}

/**
 * Submits an open task's results (§4.3): the caller must be one of its inspectors (2706) and see
 * the device (2707); a task whose window passed is aborted (2705), one done cannot be changed
 * (2704), one whose window has not begun cannot be done yet (90009). Every item needs a result of
 * its kind (10001); the task is abnormal when one result is, and then, when asked, a repair order
 * is opened for the device in the same call (operations.md §4.3).
 */
export async function submit(
  deps: repairs.RepairDeps,
  auth: AuthContext,
  input: InspectionSubmitInput,
  ip: string,
): Promise<SubmittedTask> {
  const { db, clock } = deps;
  const now = clock.now();
  // asked for a repair order without the key to see orders: refused before anything is stored
  if (input.repair && !viewsRepairs(auth)) throw new AppError(Err.noAccess);
  const outcome = await db.tx(async (tx) => {
    const t = await taskOf(tx, auth, input.id, true);
    if (!(await repo.isTaskInspector(tx, t.id, auth.accountId)))
      throw new AppError(Err.notInspectionAssignee);
    if (t.status === 'aborted') throw new AppError(Err.inspectionAborted);
    if (t.status !== 'pending') throw new AppError(Err.inspectionAlreadyStarted);
    if (t.windowEnd <= now.getTime()) {
      // the scheduler aborts it at its next run; the answer does not wait for it
      await repo.markAborted(tx, t.id);
      return 'aborted' as const;
    }
    if (t.windowStart > now.getTime()) throw new AppError(Err.operationNotPermitted);
    await visibleDevice(tx, auth, t.deviceId).catch(() => {
      throw new AppError(Err.inspectionDeviceNotAllowed);
    });
    const given = new Map(input.results.map((r) => [r.itemId, r.value]));
    const known = new Set(t.items.map((i) => i.id));
    const stranger = input.results.find((r) => !known.has(r.itemId));
    if (stranger)
      throw new AppError(Err.parameterCheckFailed, {
        params: { detail: `results: item ${stranger.itemId}` },
      });
    const checked = t.items.map((item) => ({ item, ...checkedResult(item, given.get(item.id)) }));
    const status: InspectionTaskState = checked.some((c) => c.abnormal) ? 'abnormal' : 'normal';
    await repo.saveResults(tx, t.id, {
      status,
      results: checked.map((c) => ({ itemId: c.item.id, value: c.value, abnormal: c.abnormal })),
      note: input.note,
      inspectorId: auth.accountId,
      at: now,
      photos: checked.flatMap((c) => (c.photo ? [{ itemId: c.item.id, ...c.photo }] : [])),
    });
    await recordBy(tx, auth, ip, {
      action: 'inspection.task.submit',
      objectType: 'inspectionTask',
      objectId: t.id,
      detail: { plan: t.planName, device: t.deviceName, status },
    });
    const abnormal = checked.filter((c) => c.abnormal).map((c) => ({ name: c.item.name, value: c.value }));
    return { status, deviceId: t.deviceId, problem: problemText(t.planName, abnormal, input.note) };
  });
  if (outcome === 'aborted') throw new AppError(Err.inspectionAborted);
  if (outcome.status !== 'abnormal' || !input.repair) return { status: outcome.status, repairOrderId: null };
  // the order in its own transaction, after the result is stored (a result never waits on an order)
  const order = await repairs.create(deps, auth, {
    equipmentId: outcome.deviceId,
    problem: outcome.problem,
    priority: 'high',
  });
  return { status: outcome.status, repairOrderId: order.id };
}

/** A device's inspection records, for whoever may see the device (1101 otherwise). */
export async function deviceRecords(
  db: Db,
  clock: Clock,
  auth: AuthContext,
  deviceId: number,
  paging: Paging,
): Promise<Page<InspectionTaskRow>> {
  await visibleDevice(db, auth, deviceId);
  return repo.deviceTasks(db, auth.orgId, deviceId, clock.now(), paging);
}

/** The caller's open tasks, soonest ending first (the worksheet, §4.6). */
export function myTasks(db: Db, clock: Clock, auth: AuthContext): Promise<InspectionTaskRow[]> {
  return repo.openTasksOf(db, auth.orgId, auth.accountId, clock.now());
}
