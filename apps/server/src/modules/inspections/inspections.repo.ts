import type {
  InspectionItemInput,
  InspectionItemRow,
  InspectionPlanRow,
  InspectionSchedule,
  InspectionTaskItem,
  InspectionTaskQuery,
  InspectionTaskRow,
  InspectionTaskState,
  Page,
} from '@fieldhub/shared';
import { one, type Db } from '../../db/db';
import { pageClause, Where } from '../../db/where';

/** Inspection items, plans and tasks (docs/requirements/operations.md §3, §4): SQL only, scoped by org. */

const itemColumns = `i.id, i.name, i.method, i.standard, i.result_kind as "resultKind",
  i.min_value as "min", i.max_value as "max"`;

export function itemsOf(db: Db, orgId: number, keyword?: string): Promise<InspectionItemRow[]> {
  const where = new Where().add('i.org_id = ?', orgId);
  if (keyword) where.add(`i.name ilike ?`, `%${keyword.replace(/[\\%_]/g, '\\$&')}%`);
  return db.query<InspectionItemRow>(
    `select ${itemColumns},
            (select count(*)::int from inspection_plan_items pi where pi.item_id = i.id) as "planCount"
       from inspection_items i where ${where} order by lower(i.name), i.id`,
    where.params,
  );
}

/** The enterprise's items among `ids`, in the order of `ids`. */
export async function itemsIn(db: Db, orgId: number, ids: readonly number[]): Promise<InspectionTaskItem[]> {
  const rows = await db.query<InspectionTaskItem>(
    `select ${itemColumns} from inspection_items i where i.org_id = $1 and i.id = any($2::bigint[])`,
    [orgId, ids],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function itemNameTaken(db: Db, orgId: number, name: string, exceptId: number | null) {
  return !!(await one(
    db,
    'select 1 from inspection_items where org_id = $1 and lower(name) = lower($2) and id <> coalesce($3, 0)',
    [orgId, name, exceptId],
  ));
}

export async function insertItem(db: Db, orgId: number, i: InspectionItemInput): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `insert into inspection_items (org_id, name, method, standard, result_kind, min_value, max_value)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [orgId, i.name, i.method, i.standard, i.resultKind, i.min, i.max],
  );
  return row!.id;
}

/** Updates an item of the enterprise; false when there is none with this id. */
export async function updateItem(db: Db, orgId: number, id: number, i: InspectionItemInput) {
  const rows = await db.query(
    `update inspection_items set name = $3, method = $4, standard = $5, result_kind = $6, min_value = $7,
            max_value = $8 where id = $1 and org_id = $2 returning id`,
    [id, orgId, i.name, i.method, i.standard, i.resultKind, i.min, i.max],
  );
  return rows.length === 1;
}

export async function itemExists(db: Db, orgId: number, id: number) {
  return !!(await one(db, 'select 1 from inspection_items where id = $1 and org_id = $2', [id, orgId]));
}

export async function itemInUse(db: Db, id: number) {
  return !!(await one(db, 'select 1 from inspection_plan_items where item_id = $1 limit 1', [id]));
}

export async function deleteItemRow(db: Db, orgId: number, id: number) {
  await db.query('delete from inspection_items where id = $1 and org_id = $2', [id, orgId]);
}

// ---- plans ----

/** Devices matching `where` (alias `e`, already scoped to what the caller sees), by name. */
export function devicesWhere(db: Db, where: Where) {
  return db.query<{ id: number; name: string }>(
    `select e.id, e.name from equipment e where ${where} order by lower(e.name), e.id`,
    where.params,
  );
}

const planColumns = `p.id, p.name, p.schedule,
  (select count(*)::int from inspection_plan_devices d where d.plan_id = p.id) as "deviceCount",
  (select count(*)::int from inspection_plan_items pi where pi.plan_id = p.id) as "itemCount",
  coalesce((select json_agg(json_build_object('id', a.id, 'name', a.loginname) order by a.loginname)
     from inspection_plan_inspectors pa join accounts a on a.id = pa.account_id where pa.plan_id = p.id), '[]') as inspectors,
  (select count(*)::int from inspection_tasks t where t.plan_id = p.id and t.status = 'pending') as "openTasks",
  (extract(epoch from p.created_at) * 1000)::float8 as "createdAt"`;

export function plansOf(db: Db, orgId: number, keyword?: string): Promise<InspectionPlanRow[]> {
  const where = new Where().add('p.org_id = ?', orgId);
  if (keyword) where.add(`p.name ilike ?`, `%${keyword.replace(/[\\%_]/g, '\\$&')}%`);
  return db.query<InspectionPlanRow>(
    `select ${planColumns} from inspection_plans p where ${where} order by p.id desc`,
    where.params,
  );
}

export function planIn(db: Db, orgId: number, id: number) {
  return one<InspectionPlanRow>(
    db,
    `select ${planColumns} from inspection_plans p where p.id = $1 and p.org_id = $2`,
    [id, orgId],
  );
}

export function planDevices(db: Db, planId: number) {
  return db.query<{ id: number; name: string }>(
    `select e.id, e.name from inspection_plan_devices d join equipment e on e.id = d.equipment_id
      where d.plan_id = $1 order by e.name, e.id`,
    [planId],
  );
}

export async function planItemIds(db: Db, planId: number): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    'select item_id as id from inspection_plan_items where plan_id = $1 order by seq',
    [planId],
  );
  return rows.map((r) => Number(r.id));
}

export async function planNameTaken(db: Db, orgId: number, name: string, exceptId: number | null) {
  return !!(await one(
    db,
    'select 1 from inspection_plans where org_id = $1 and lower(name) = lower($2) and id <> coalesce($3, 0)',
    [orgId, name, exceptId],
  ));
}

/** Of `ids`, those that are accounts of the enterprise (enabled or not). */
export async function accountsIn(db: Db, orgId: number, ids: readonly number[]): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    'select id from accounts where org_id = $1 and id = any($2::bigint[])',
    [orgId, ids],
  );
  return rows.map((r) => Number(r.id));
}

export function accountsOf(db: Db, orgId: number) {
  return db.query<{ id: number; name: string }>(
    `select id, loginname as name from accounts where org_id = $1 and kind <> 'operation' order by lower(loginname)`,
    [orgId],
  );
}

export interface PlanParts {
  deviceIds: readonly number[];
  itemIds: readonly number[];
  inspectorIds: readonly number[];
}

export async function insertPlan(
  db: Db,
  orgId: number,
  accountId: number,
  name: string,
  schedule: InspectionSchedule,
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `insert into inspection_plans (org_id, name, schedule, created_by) values ($1, $2, $3, $4) returning id`,
    [orgId, name, JSON.stringify(schedule), accountId],
  );
  return Number(row!.id);
}

/** Renames and reschedules a plan; its tasks are made again from now (`planned_until` cleared). */
export async function updatePlan(db: Db, id: number, name: string, schedule: InspectionSchedule) {
  await db.query(
    `update inspection_plans set name = $2, schedule = $3, planned_until = null, updated_at = now() where id = $1`,
    [id, name, JSON.stringify(schedule)],
  );
}

export async function setPlanParts(db: Db, planId: number, parts: PlanParts) {
  await db.query('delete from inspection_plan_devices where plan_id = $1', [planId]);
  await db.query('delete from inspection_plan_items where plan_id = $1', [planId]);
  await db.query('delete from inspection_plan_inspectors where plan_id = $1', [planId]);
  await db.query(
    'insert into inspection_plan_devices (plan_id, equipment_id) select $1, unnest($2::bigint[])',
    [planId, parts.deviceIds],
  );
  await db.query(
    `insert into inspection_plan_items (plan_id, item_id, seq)
     select $1, id, ord from unnest($2::bigint[]) with ordinality as u(id, ord)`,
    [planId, parts.itemIds],
  );
  await db.query(
    'insert into inspection_plan_inspectors (plan_id, account_id) select $1, unnest($2::bigint[])',
    [planId, parts.inspectorIds],
  );
}

/** Whether a task of the plan is open now: its window has begun, it is not done and not aborted. */
export async function planHasOpenTask(db: Db, planId: number, now: Date) {
  return !!(await one(
    db,
    `select 1 from inspection_tasks where plan_id = $1 and status = 'pending' and window_start <= $2 limit 1`,
    [planId, now],
  ));
}

/** Removes the plan's tasks not done (its done records stay, without the plan). */
export async function deleteUndoneTasks(db: Db, planId: number) {
  await db.query(`delete from inspection_tasks where plan_id = $1 and status = 'pending'`, [planId]);
}

export async function deletePlanRow(db: Db, id: number) {
  await db.query('delete from inspection_plans where id = $1', [id]);
}

// ---- tasks ----

const taskColumns = `t.id, t.plan_id as "planId", t.plan_name as "planName", t.equipment_id as "deviceId",
  e.name as "deviceName", (extract(epoch from t.window_start) * 1000)::float8 as "windowStart",
  (extract(epoch from t.window_end) * 1000)::float8 as "windowEnd", t.status, a.loginname as "inspectorName",
  (extract(epoch from t.submitted_at) * 1000)::float8 as "submittedAt"`;
const taskFrom = `inspection_tasks t join equipment e on e.id = t.equipment_id
  left join accounts a on a.id = t.inspector_id`;

async function taskPage(db: Db, where: Where, paging: { pageNum: number; pageSize: number }) {
  const [count] = await db.query<{ n: number }>(
    `select count(*)::int as n from ${taskFrom} where ${where}`,
    where.params,
  );
  const list = await db.query<InspectionTaskRow>(
    `select ${taskColumns} from ${taskFrom} where ${where} order by t.window_start desc, t.id desc ${pageClause(paging)}`,
    where.params,
  );
  return { list, total: count?.n ?? 0, pageNum: paging.pageNum, pageSize: paging.pageSize };
}

export function tasksOf(db: Db, orgId: number, q: InspectionTaskQuery): Promise<Page<InspectionTaskRow>> {
  const where = new Where().add('t.org_id = ?', orgId);
  where.addIf(q.planId, 't.plan_id = ?');
  where.addIf(q.deviceId, 't.equipment_id = ?');
  where.addIf(q.status, 't.status = ?');
  if (q.startTime !== undefined) where.add('t.window_start >= ?', new Date(q.startTime));
  if (q.endTime !== undefined) where.add('t.window_start < ?', new Date(q.endTime));
  return taskPage(db, where, q);
}

/** A device's records: its tasks whose window has begun. */
export function deviceTasks(
  db: Db,
  orgId: number,
  deviceId: number,
  now: Date,
  paging: { pageNum: number; pageSize: number },
) {
  const where = new Where()
    .add('t.org_id = ?', orgId)
    .add('t.equipment_id = ?', deviceId)
    .add('t.window_start <= ?', now);
  return taskPage(db, where, paging);
}

export function openTasksOf(db: Db, orgId: number, accountId: number, now: Date) {
  return db.query<InspectionTaskRow>(
    `select ${taskColumns} from ${taskFrom}
      where t.org_id = $1 and t.status = 'pending' and t.window_start <= $3 and t.window_end > $3
        and exists (select 1 from inspection_task_inspectors ti where ti.task_id = t.id and ti.account_id = $2)
      order by t.window_end, t.id`,
    [orgId, accountId, now],
  );
}

export interface TaskFacts extends InspectionTaskRow {
  items: InspectionTaskItem[];
  results: { itemId: number; value: string | number | null; abnormal: boolean }[] | null;
  note: string;
}

export function taskIn(db: Db, orgId: number, id: number, lock = false) {
  return one<TaskFacts>(
    db,
    `select ${taskColumns}, t.items, t.results, t.note from ${taskFrom}
      where t.id = $1 and t.org_id = $2 ${lock ? 'for update of t' : ''}`,
    [id, orgId],
  );
}

export async function isTaskInspector(db: Db, taskId: number, accountId: number) {
  return !!(await one(db, 'select 1 from inspection_task_inspectors where task_id = $1 and account_id = $2', [
    taskId,
    accountId,
  ]));
}

export function taskPhotos(db: Db, taskId: number) {
  return db.query<{ itemId: number; mime: string; content: Buffer | Uint8Array }>(
    'select item_id as "itemId", mime, content from inspection_task_photos where task_id = $1',
    [taskId],
  );
}

export async function saveResults(
  db: Db,
  taskId: number,
  r: {
    status: InspectionTaskState;
    results: TaskFacts['results'];
    note: string;
    inspectorId: number;
    at: Date;
    photos: { itemId: number; mime: string; content: Buffer }[];
  },
) {
  await db.query(
    `update inspection_tasks set status = $2, results = $3, note = $4, inspector_id = $5, submitted_at = $6
      where id = $1`,
    [taskId, r.status, JSON.stringify(r.results), r.note, r.inspectorId, r.at],
  );
  for (const p of r.photos)
    await db.query(
      'insert into inspection_task_photos (task_id, item_id, mime, content) values ($1, $2, $3, $4)',
      [taskId, p.itemId, p.mime, p.content],
    );
}

export async function markAborted(db: Db, taskId: number) {
  await db.query(`update inspection_tasks set status = 'aborted' where id = $1 and status = 'pending'`, [
    taskId,
  ]);
}

// ---- the scheduler ----

export interface DuePlan {
  id: number;
  orgId: number;
  name: string;
  schedule: InspectionSchedule;
  plannedUntil: Date | null;
}

/** Plans whose tasks are made only up to before `horizon`. */
export async function plansToPlan(db: Db, horizon: Date, limit: number): Promise<DuePlan[]> {
  return db.query<DuePlan>(
    `select id, org_id as "orgId", name, schedule, planned_until as "plannedUntil" from inspection_plans
      where planned_until is null or planned_until < $1 order by planned_until nulls first, id limit ${Math.trunc(limit)}`,
    [horizon],
  );
}

/**
 * Makes one task per device of the plan and window (the plan's items copied, its inspectors
 * assigned); a task that exists already is left alone. Returns the tasks made.
 */
export async function insertTasks(
  db: Db,
  plan: DuePlan,
  windows: readonly { start: Date; end: Date }[],
): Promise<number> {
  if (!windows.length) return 0;
  const made = await db.query<{ id: number }>(
    `insert into inspection_tasks (org_id, plan_id, plan_name, equipment_id, window_start, window_end, items)
     select $1, $2, $3, d.equipment_id, w.s, w.e,
            (select coalesce(json_agg(json_build_object('id', i.id, 'name', i.name, 'method', i.method,
                    'standard', i.standard, 'resultKind', i.result_kind, 'min', i.min_value, 'max', i.max_value)
                    order by pi.seq), '[]')
               from inspection_plan_items pi join inspection_items i on i.id = pi.item_id where pi.plan_id = $2)
       from inspection_plan_devices d, unnest($4::timestamptz[], $5::timestamptz[]) as w(s, e)
      where d.plan_id = $2
     on conflict (plan_id, equipment_id, window_start) do nothing
     returning id`,
    [plan.orgId, plan.id, plan.name, windows.map((w) => w.start), windows.map((w) => w.end)],
  );
  if (made.length)
    await db.query(
      `insert into inspection_task_inspectors (task_id, account_id)
       select t, pa.account_id from unnest($1::bigint[]) as t, inspection_plan_inspectors pa where pa.plan_id = $2`,
      [made.map((r) => r.id), plan.id],
    );
  return made.length;
}

export async function setPlannedUntil(db: Db, planId: number, until: Date) {
  await db.query('update inspection_plans set planned_until = $2 where id = $1', [planId, until]);
}

/**
 * Claims the tasks whose window has begun and whose inspectors were not told yet; answers them
 * with their inspectors (one claim per task, whichever instance makes it).
 */
export function claimOpened(db: Db, now: Date, limit: number) {
  return db.query<{
    id: number;
    orgId: number;
    planName: string;
    deviceName: string;
    windowEnd: Date;
    inspectors: number[];
  }>(
    `with claimed as (
       update inspection_tasks set notified = true
        where id in (select id from inspection_tasks where status = 'pending' and not notified and window_start <= $1
                      order by window_start limit ${Math.trunc(limit)} for update skip locked)
       returning id, org_id, plan_name, equipment_id, window_end)
     select c.id, c.org_id as "orgId", c.plan_name as "planName", e.name as "deviceName", c.window_end as "windowEnd",
            coalesce((select array_agg(ti.account_id) from inspection_task_inspectors ti where ti.task_id = c.id), '{}') as inspectors
       from claimed c join equipment e on e.id = c.equipment_id`,
    [now],
  );
}

/** Aborts the tasks whose window has passed undone; returns how many. */
export async function abortPassed(db: Db, now: Date): Promise<number> {
  const rows = await db.query(
    `update inspection_tasks set status = 'aborted' where status = 'pending' and window_end <= $1 returning id`,
    [now],
  );
  return rows.length;
}
