import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSPECTION_PHOTO_MAX_BYTES } from '@fieldhub/shared';
import { loggedIn, type Caller, type TestPlatform } from '../../../test/harness';
import { made, role, send, subAccount } from '../../../test/deviceFixtures';
import { otherEnterpriseAdmin, startEnterprisePlatform } from '../../../test/platformFixtures';
import { startInspectionScheduler, runInspectionSchedules } from './inspectionScheduler';

// docs/requirements/operations.md §3, §4: items, plans, the scheduler (virtual time) and tasks.
const base = '/lfscada/inspection';

let p: TestPlatform;
let orgId: number;
let adminId: number;
let admin: Caller;
let other: Caller;
/** an inspector who sees every device of the enterprise, without ops_manage */
let inspector: Caller;
let inspectorId: number;
/** an inspector limited to devices it owns (none): may not inspect (2707) */
let blind: Caller;
let blindId: number;
/** an account of the enterprise that is no plan's inspector */
let bystander: Caller;
let devices: number[];

async function device(name: string, org = orgId, owner: number | null = adminId): Promise<number> {
  const [row] = await p.ctx.db.query<{ id: number }>(
    'insert into equipment (org_id, owner_account_id, name) values ($1, $2, $3) returning id',
    [org, owner, name],
  );
  return row!.id;
}

/** The enterprise's offset from UTC that makes the local time now 06:00 (so windows stay on one day). */
function offsetForSixAm(): number {
  const now = p.clock.now();
  const utcMinutes = now.getUTCHours() * 60 + now.getUTCMinutes();
  let offset = (360 - utcMinutes) % 1440;
  if (offset < -720) offset += 1440;
  if (offset > 840) offset -= 1440;
  return offset;
}
const localDate = (offsetMin: number, days = 0) =>
  new Date(p.clock.now().getTime() + offsetMin * 60_000 + days * 86_400_000).toISOString().slice(0, 10);

const schedule = (over: Record<string, unknown> = {}) => {
  const utcOffsetMin = offsetForSixAm();
  return {
    kind: 'daily',
    startDate: localDate(utcOffsetMin),
    start: '08:00',
    end: '10:00',
    utcOffsetMin,
    ...over,
  };
};

const item = (name: string, extra: Record<string, unknown> = {}) =>
  made(admin, `${base}/item/add`, { name, resultKind: 'check', ...extra });

/** Moves the virtual clock on; sessions idle that long have lapsed, so everyone logs in again. */
async function advance(minutes: number) {
  p.clock.advanceMinutes(minutes);
  admin = await loggedIn(p.app, 'inspectingco-admin');
  other = await loggedIn(p.app, 'otherinspectingco-admin');
  inspector = await loggedIn(p.app, 'insp-all');
  blind = await loggedIn(p.app, 'insp-blind');
  bystander = await loggedIn(p.app, 'insp-bystander');
}

const tick = () => runInspectionSchedules({ db: p.ctx.db, clock: p.clock, bus: p.ctx.monitor.bus });

beforeAll(async () => {
  ({
    p,
    admin,
    enterprise: { orgId, adminId },
  } = await startEnterprisePlatform('Inspecting Co'));
  other = await otherEnterpriseAdmin(p, 'Other Inspecting Co');
  const seeAll = await role(admin, 'Inspectors', ['gm_view', 'monitor_multi_designer_repair'], 'org');
  const seeOwn = await role(admin, 'Own devices', ['gm_view'], 'self');
  inspectorId = await subAccount(admin, { segment: 'int', loginname: 'insp-all', roleId: seeAll });
  blindId = await subAccount(admin, { segment: 'int', loginname: 'insp-blind', roleId: seeOwn });
  await subAccount(admin, { segment: 'int', loginname: 'insp-bystander', roleId: seeAll });
  inspector = await loggedIn(p.app, 'insp-all');
  blind = await loggedIn(p.app, 'insp-blind');
  bystander = await loggedIn(p.app, 'insp-bystander');
  devices = [await device('Pump 1'), await device('Pump 2')];
});
afterAll(() => p.stop());

describe('inspection items', () => {
  it('adds, lists, edits and deletes an item; a taken name is 2120 in any case', async () => {
    const { id } = await item('Oil level', { method: 'Look at the gauge', standard: 'Between the marks' });
    expect(await send(admin, `${base}/item/add`, { name: 'OIL LEVEL', resultKind: 'text' })).toMatchObject({
      code: '2120',
      message: 'Inspection item name already exists',
    });
    const listed = await made<{ id: number; name: string; planCount: number }[]>(
      admin,
      `${base}/item/query`,
      {
        keyword: 'oil',
      },
    );
    expect(listed).toEqual([
      expect.objectContaining({
        id,
        name: 'Oil level',
        resultKind: 'check',
        method: 'Look at the gauge',
        planCount: 0,
      }),
    ]);
    await made(admin, `${base}/item/edit`, { id, name: 'Oil level 2', resultKind: 'number', min: 1, max: 5 });
    const [edited] = await made<{ min: number; max: number }[]>(admin, `${base}/item/query`, {
      keyword: 'Oil level 2',
    });
    expect(edited).toMatchObject({ resultKind: 'number', min: 1, max: 5 });
    await made(admin, `${base}/item/delete`, { id });
    expect(await made(admin, `${base}/item/query`, { keyword: 'Oil level' })).toEqual([]);
  });

  it('refuses a range whose min is above its max with 10001 and stores nothing', async () => {
    const res = await send(admin, `${base}/item/add`, {
      name: 'Backwards',
      resultKind: 'number',
      min: 5,
      max: 1,
    });
    expect(res.code).toBe('10001');
    expect(await made(admin, `${base}/item/query`, { keyword: 'Backwards' })).toEqual([]);
  });

  it('needs ops_manage: an inspector without it is refused with 90008', async () => {
    expect((await send(inspector, `${base}/item/query`)).code).toBe('90008');
    expect((await send(inspector, `${base}/item/add`, { name: 'Sneaky', resultKind: 'text' })).code).toBe(
      '90008',
    );
    expect((await send(inspector, `${base}/plan/query`)).code).toBe('90008');
    expect((await send(inspector, `${base}/task/query`)).code).toBe('90008');
  });
});

describe('inspection plans', () => {
  let itemId: number;
  beforeAll(async () => {
    itemId = (await item('Plan check')).id;
  });
  const plan = (name: string, over: Record<string, unknown> = {}) => ({
    name,
    deviceIds: devices,
    itemIds: [itemId],
    inspectorIds: [inspectorId],
    schedule: schedule(),
    ...over,
  });

  it('adds a plan and reads it back; a taken name is 2119; an item in a plan cannot be deleted (10004)', async () => {
    const { id } = await made(admin, `${base}/plan/add`, plan('Morning round'));
    const info = await made<Record<string, unknown>>(admin, `${base}/plan/info`, { id });
    expect(info).toMatchObject({
      name: 'Morning round',
      deviceCount: 2,
      itemCount: 1,
      inspectors: [{ id: inspectorId, name: 'insp-all' }],
      devices: [
        { id: devices[0], name: 'Pump 1' },
        { id: devices[1], name: 'Pump 2' },
      ],
      items: [expect.objectContaining({ id: itemId, name: 'Plan check' })],
    });
    expect((await send(admin, `${base}/plan/add`, plan('MORNING ROUND'))).code).toBe('2119');
    // in the operation log, the refused one not
    const logged = await p.ctx.db.query<{ action: string; object_id: string; loginname: string }>(
      `select action, object_id, loginname from operation_log where object_type = 'inspectionPlan' order by id`,
    );
    expect(logged).toEqual([
      { action: 'inspection.plan.add', object_id: String(id), loginname: 'inspectingco-admin' },
    ]);
    expect((await send(admin, `${base}/item/delete`, { id: itemId })).code).toBe('10004');
    await made(admin, `${base}/plan/delete`, { id });
    expect((await send(admin, `${base}/plan/info`, { id })).code).toBe('2703');
  });

  it('holds 30 devices and refuses 31 with 2701; holds 50 items and refuses 51 with 2702', async () => {
    const many: number[] = [];
    for (let i = 1; i <= 31; i++) many.push(await device(`Fan ${i}`));
    const items: number[] = [itemId];
    for (let i = 1; i <= 50; i++) items.push((await item(`Point ${i}`)).id);
    expect((await send(admin, `${base}/plan/add`, plan('Too many devices', { deviceIds: many }))).code).toBe(
      '2701',
    );
    expect((await send(admin, `${base}/plan/add`, plan('Too many items', { itemIds: items }))).code).toBe(
      '2702',
    );
    const { id } = await made(
      admin,
      `${base}/plan/add`,
      plan('Full plan', { deviceIds: many.slice(0, 30), itemIds: items.slice(0, 50) }),
    );
    expect(await made(admin, `${base}/plan/info`, { id })).toMatchObject({ deviceCount: 30, itemCount: 50 });
    const names = (await made<{ name: string }[]>(admin, `${base}/plan/query`)).map((r) => r.name);
    expect(names).not.toContain('Too many devices');
    expect(names).not.toContain('Too many items');
    await made(admin, `${base}/plan/delete`, { id });
  });

  it('refuses another enterprise: its plan ids are 2703, its devices 1101, its accounts 90002', async () => {
    const { id } = await made(admin, `${base}/plan/add`, plan('Ours'));
    expect((await send(other, `${base}/plan/info`, { id })).code).toBe('2703');
    expect((await send(other, `${base}/plan/edit`, { id, ...plan('Stolen') })).code).toBe('2703');
    expect((await send(other, `${base}/plan/delete`, { id })).code).toBe('2703');
    expect(await made(other, `${base}/plan/query`)).toEqual([]);
    expect(await made(other, `${base}/item/query`)).toEqual([]);
    expect(
      (await send(other, `${base}/item/edit`, { id: itemId, name: 'Mine', resultKind: 'text' })).code,
    ).toBe('90002');
    expect((await send(other, `${base}/item/delete`, { id: itemId })).code).toBe('90002');
    const { devices: seen } = await made<{ devices: unknown[] }>(other, `${base}/plan/candidates`);
    expect(seen).toEqual([]);
    const ours = await made<{ devices: { name: string }[]; inspectors: { name: string }[] }>(
      admin,
      `${base}/plan/candidates`,
    );
    expect(ours.devices.map((d) => d.name)).toEqual(expect.arrayContaining(['Pump 1', 'Pump 2']));
    expect(ours.inspectors.map((a) => a.name).sort()).toEqual(
      ['inspectingco-admin', 'insp-all', 'insp-blind', 'insp-bystander'].sort(),
    );
    const otherOrg = (
      await p.ctx.db.query<{ org_id: number }>(
        `select org_id from accounts where loginname = 'otherinspectingco-admin'`,
      )
    )[0]!.org_id;
    const theirDevice = await device('Their pump', otherOrg, null);
    expect((await send(admin, `${base}/plan/add`, plan('Theirs', { deviceIds: [theirDevice] }))).code).toBe(
      '1101',
    );
    const theirAdmin = (
      await p.ctx.db.query<{ id: number }>(`select id from accounts where org_id = $1`, [otherOrg])
    )[0]!.id;
    expect((await send(admin, `${base}/plan/add`, plan('Theirs', { inspectorIds: [theirAdmin] }))).code).toBe(
      '90002',
    );
    await made(admin, `${base}/plan/delete`, { id });
  });
});

describe('the scheduler and tasks (virtual time)', () => {
  let planId: number;
  let checkId: number;
  let numberId: number;
  let photoId: number;
  const messageCount = async () =>
    Number(
      (
        await p.ctx.db.query<{ n: string }>(
          `select count(*) as n from messages where equip_type = 'inspection'`,
        )
      )[0]!.n,
    );
  const taskIds = async () =>
    (
      await p.ctx.db.query<{ id: number; status: string }>(
        'select id, status from inspection_tasks where plan_id = $1 order by window_start, equipment_id',
        [planId],
      )
    ).map((r) => ({ id: r.id, status: r.status }));

  beforeAll(async () => {
    checkId = (await item('Noise')).id;
    numberId = (await item('Pressure', { resultKind: 'number', min: 2, max: 4 })).id;
    photoId = (await item('Nameplate photo', { resultKind: 'photo' })).id;
    planId = (
      await made(admin, `${base}/plan/add`, {
        name: 'Daily pumps',
        deviceIds: devices,
        itemIds: [checkId, numberId, photoId],
        inspectorIds: [inspectorId, blindId],
        schedule: schedule(),
      })
    ).id;
  });

  it('makes the tasks of the windows of the next day once, however often it runs', async () => {
    expect(await tick()).toEqual({ made: 2, messages: 0, aborted: 0 });
    expect(await tick()).toEqual({ made: 0, messages: 0, aborted: 0 });
    expect((await taskIds()).map((t) => t.status)).toEqual(['pending', 'pending']);
    // not open yet: not in the inspector's list, and not submittable
    expect(await made(inspector, `${base}/task/mine`)).toEqual([]);
    const [first] = await taskIds();
    expect((await send(inspector, `${base}/task/submit`, { id: first!.id, results: [] })).code).toBe('90009');
  });

  it('runs on the one instance holding the lease', async () => {
    const deps = { db: p.ctx.db, clock: p.clock, bus: p.ctx.monitor.bus };
    const silent = { warn: () => undefined } as never; // a logger that says nothing
    const a = startInspectionScheduler(deps, 3_600_000, silent);
    const b = startInspectionScheduler(deps, 3_600_000, silent);
    expect(await a.tick()).toEqual({ made: 0, messages: 0, aborted: 0 });
    expect(await b.tick()).toBeNull();
    await a.stop();
    // handed back: the other takes over at its next tick
    expect(await b.tick()).not.toBeNull();
    await b.stop();
  });

  it('tells each inspector when a window opens, with a message of type order, subject inspection', async () => {
    await advance(121);
    // the next day's window now lies within a day ahead too
    expect(await tick()).toEqual({ made: 2, messages: 4, aborted: 0 });
    const messages = await p.ctx.db.query<{ account_id: number; kind: string; body: string }>(
      `select account_id, kind, body from messages where equip_type = 'inspection' order by id`,
    );
    expect(messages.every((m) => m.kind === 'order')).toBe(true);
    expect(messages.map((m) => m.account_id).sort()).toEqual(
      [inspectorId, inspectorId, blindId, blindId].sort(),
    );
    expect(messages[0]!.body).toContain('Daily pumps');
    expect((await tick()).messages).toBe(0);
    const mine = await made<{ deviceName: string; status: string }[]>(inspector, `${base}/task/mine`);
    expect(mine.map((t) => t.deviceName).sort()).toEqual(['Pump 1', 'Pump 2']);
    expect(await made(bystander, `${base}/task/mine`)).toEqual([]);
  });

  const PNG = `data:image/png;base64,${Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(32)]).toString('base64')}`;
  const results = (over: Record<number, unknown> = {}) =>
    [
      { itemId: checkId, value: 'normal' },
      { itemId: numberId, value: 3 },
      { itemId: photoId, value: PNG },
    ].map((r) => (r.itemId in over ? { ...r, value: over[r.itemId] } : r));

  it('checks every result by its kind and changes nothing on a bad one', async () => {
    const [task] = await taskIds();
    const submit = (res: unknown[]) => send(inspector, `${base}/task/submit`, { id: task!.id, results: res });
    expect((await submit(results().slice(0, 2))).code).toBe('10001');
    expect((await submit(results({ [checkId]: 'fine' }))).code).toBe('10001');
    expect((await submit(results({ [numberId]: 'lots' }))).code).toBe('10001');
    expect(
      (
        await submit(
          results({ [photoId]: `data:image/png;base64,${Buffer.from('GIF89a...').toString('base64')}` }),
        )
      ).code,
    ).toBe('10007');
    const huge = `data:image/jpeg;base64,${Buffer.concat([Buffer.from('ffd8ff', 'hex'), Buffer.alloc(INSPECTION_PHOTO_MAX_BYTES)]).toString('base64')}`;
    expect((await submit(results({ [photoId]: huge }))).code).toBe('10008');
    expect((await submit([...results(), { itemId: 999_999, value: 'x' }])).code).toBe('10001');
    expect((await taskIds())[0]!.status).toBe('pending');
  });

  it('refuses an account that is not its inspector (2706), and an inspector who may not see the device (2707)', async () => {
    const [task] = await taskIds();
    expect(await send(bystander, `${base}/task/submit`, { id: task!.id, results: results() })).toMatchObject({
      code: '2706',
      message: 'You are not assigned to this inspection',
    });
    expect((await send(bystander, `${base}/task/info`, { id: task!.id })).code).toBe('2706');
    expect(await send(blind, `${base}/task/submit`, { id: task!.id, results: results() })).toMatchObject({
      code: '2707',
      message: 'You have no permission to inspect this device',
    });
  });

  it('marks the task normal, keeps the photo, then refuses a second submission with 2704', async () => {
    const [task] = await taskIds();
    expect(
      await made(inspector, `${base}/task/submit`, { id: task!.id, note: 'All good', results: results() }),
    ).toEqual({ status: 'normal', repairOrderId: null });
    const info = await made<Record<string, unknown>>(inspector, `${base}/task/info`, { id: task!.id });
    expect(info).toMatchObject({
      status: 'normal',
      note: 'All good',
      inspectorName: 'insp-all',
      assigned: true,
      results: [
        { itemId: checkId, value: 'normal', abnormal: false, photo: null },
        { itemId: numberId, value: 3, abnormal: false, photo: null },
        { itemId: photoId, value: null, abnormal: false, photo: PNG },
      ],
    });
    expect((await send(inspector, `${base}/task/submit`, { id: task!.id, results: results() })).code).toBe(
      '2704',
    );
    const [entry] = await p.ctx.db.query<{ action: string; detail: { status: string } }>(
      `select action, detail from operation_log where object_type = 'inspectionTask' and object_id = $1`,
      [String(task!.id)],
    );
    expect(entry).toMatchObject({ action: 'inspection.task.submit', detail: { status: 'normal' } });
    // a started plan cannot be changed while a task is open
    expect(
      (
        await send(admin, `${base}/plan/edit`, {
          id: planId,
          name: 'Daily pumps',
          deviceIds: devices,
          itemIds: [checkId],
          inspectorIds: [inspectorId],
          schedule: schedule(),
        })
      ).code,
    ).toBe('2704');
    expect((await send(admin, `${base}/plan/delete`, { id: planId })).code).toBe('2704');
  });

  it('marks a task abnormal when a number is out of its range and opens a repair order in the same call', async () => {
    const [, task] = await taskIds();
    // asking for an order without a repair key is refused before anything is stored
    expect(
      (
        await send(blind, `${base}/task/submit`, {
          id: task!.id,
          results: results({ [numberId]: 4.5 }),
          repair: true,
        })
      ).code,
    ).toBe('90008');
    expect((await taskIds())[1]!.status).toBe('pending');
    const answer = await made<{ status: string; repairOrderId: number }>(inspector, `${base}/task/submit`, {
      id: task!.id,
      note: 'Gauge high',
      results: results({ [numberId]: 4.5 }),
      repair: true,
    });
    expect(answer).toEqual({ status: 'abnormal', repairOrderId: expect.any(Number) });
    const [order] = await p.ctx.db.query<{ equipment_id: number; problem: string; requester_id: number }>(
      'select equipment_id, problem, requester_id from repair_orders where id = $1',
      [answer.repairOrderId],
    );
    expect(order).toEqual({
      equipment_id: devices[1],
      problem: 'Daily pumps: Pressure = 4.5 — Gauge high',
      requester_id: inspectorId,
    });
    const page = await made<{ list: { status: string }[]; total: number }>(admin, `${base}/task/query`, {
      planId,
      status: 'abnormal',
    });
    expect(page.total).toBe(1);
    const byDevice = await made<{ list: { deviceName: string }[]; total: number }>(
      admin,
      `${base}/task/query`,
      {
        deviceId: devices[1],
        startTime: p.clock.now().getTime() - 3_600_000,
        endTime: p.clock.now().getTime(),
      },
    );
    expect(byDevice.list.map((t) => t.deviceName)).toEqual(['Pump 2']);
  });

  it("lists a device's records for whoever sees the device; another enterprise gets 1101 and 90002", async () => {
    const page = await made<{ list: { status: string; planName: string }[] }>(
      inspector,
      `${base}/task/device`,
      {
        deviceId: devices[0],
      },
    );
    expect(page.list).toEqual([expect.objectContaining({ status: 'normal', planName: 'Daily pumps' })]);
    expect((await send(blind, `${base}/task/device`, { deviceId: devices[0] })).code).toBe('1101');
    expect((await send(other, `${base}/task/device`, { deviceId: devices[0] })).code).toBe('1101');
    const [task] = await taskIds();
    expect((await send(other, `${base}/task/info`, { id: task!.id })).code).toBe('90002');
    expect((await send(other, `${base}/task/submit`, { id: task!.id, results: results() })).code).toBe(
      '90002',
    );
    expect((await made<{ total: number }>(other, `${base}/task/query`)).total).toBe(0);
    expect(await made(other, `${base}/task/mine`)).toEqual([]);
  });

  it("the scheduler alone aborts a task whose window passed undone, without a message (2705 on submit); a changed plan's tasks are made anew", async () => {
    // a third device's task, left undone
    const [undone] = await p.ctx.db.query<{ id: number }>(
      `insert into inspection_tasks (org_id, plan_id, plan_name, equipment_id, window_start, window_end, items)
       select org_id, plan_id, plan_name, $2, window_start, window_end, items from inspection_tasks
        where plan_id = $1 order by window_start limit 1 returning id`,
      [planId, await device('Pump 3')],
    );
    await p.ctx.db.query('insert into inspection_task_inspectors (task_id, account_id) values ($1, $2)', [
      undone!.id,
      inspectorId,
    ]);
    const messagesBefore = await messageCount();
    await advance(120);
    // nobody submits: the scheduler's run finds the window passed and aborts the task
    expect(await tick()).toEqual({ made: 0, messages: 0, aborted: 1 });
    const [stored] = await p.ctx.db.query<{ status: string }>(
      'select status from inspection_tasks where id = $1',
      [undone!.id],
    );
    expect(stored!.status).toBe('aborted');
    expect((await taskIds()).map((t) => t.status).filter((s) => s === 'aborted')).toHaveLength(1);
    // operations.md §4.3, §4.6 ask for no message on an abort, and a window already passed is not
    // announced (this task was never announced: the scheduler did not make it)
    expect(await messageCount()).toBe(messagesBefore);
    expect((await made<{ id: number }[]>(inspector, `${base}/task/mine`)).map((t) => t.id)).not.toContain(
      undone!.id,
    );
    expect(
      await send(inspector, `${base}/task/submit`, { id: undone!.id, results: results() }),
    ).toMatchObject({
      code: '2705',
      message: 'The inspection has been aborted',
    });
    expect(await tick()).toEqual({ made: 0, messages: 0, aborted: 0 });
    // nothing open now: the plan can be changed; its tasks not begun are made again
    await made(admin, `${base}/plan/edit`, {
      id: planId,
      name: 'Daily pumps',
      deviceIds: [devices[0]],
      itemIds: [checkId],
      inspectorIds: [inspectorId],
      schedule: schedule({ startDate: localDate(offsetForSixAm(), 0) }),
    });
    expect((await tick()).made).toBe(1);
  });
});
