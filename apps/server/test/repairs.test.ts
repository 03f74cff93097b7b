import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RepairAttachment, RepairOrderInfo, RepairOrderRow } from '@fieldhub/shared';
import { loggedIn, makeEnterprise, type Caller, type TestPlatform } from './harness';
import { startEnterprisePlatform } from './platformFixtures';
import { listen, readXlsx, session, type HttpSession } from './bulkFixtures';
import { made, role, send, subAccount } from './deviceFixtures';
import { PNG_1X1 as PNG_DATA_URL } from './smartReportFixtures';

// Repair work orders through HTTP and a real database (docs/requirements/operations.md §2, §5):
// every call, the steps per permission, the 10-attachment limit, content sniffing, messages and
// another enterprise's ids.
const base = '/lfscada/ops/repair';
const PNG_1X1 = Buffer.from(PNG_DATA_URL.split(',')[1]!, 'base64');
let p: TestPlatform;
let admin: Caller;
let web: HttpSession;
let repairer: Caller;
let repairerWeb: HttpSession;
let repairerId: number;
let viewer: Caller;
let outsider: Caller;
let rival: Caller;
let rivalWeb: HttpSession;
let pump: number;
let rivalDevice: number;
let rivalAccount: number;
let rivalOrder: number;
let alarmId: number;

const call = <T = unknown>(c: Caller, path: string, body: Record<string, unknown> = {}) =>
  send<T>(c, `${base}${path}`, body);

async function gatewayAlarm(orgId: number, equipmentId: number): Promise<number> {
  const [row] = await p.ctx.db.query<{ id: number }>(
    `insert into alarms (org_id, equipment_id, kind, sn, content, triggered_at)
     values ($1, $2, 'gateway', '100000000001', 'Gateway offline', now()) returning id`,
    [orgId, equipmentId],
  );
  return row!.id;
}

const messagesOf = async (c: Caller) =>
  (
    await c.post<{
      list: { title: string; note: string; type: string; equipType: string; dataId: number }[];
    }>('/lfscada/msg/query', { type: 'order', pageSize: 50 })
  ).body.data.list;

beforeAll(async () => {
  const started = await startEnterprisePlatform('Repair Works');
  p = started.p;
  admin = started.admin;
  const url = await listen(p);
  web = await session(p, url, started.enterprise.admin);
  pump = (await made(admin, '/lfscada/equipment/multi/add', { name: 'Pump 1' })).id;
  alarmId = await gatewayAlarm(started.enterprise.orgId, pump);

  const fixer = await role(admin, 'Fixer', ['workorder_accept', 'monitor_view'], 'org');
  repairerId = await subAccount(admin, { segment: 'int', loginname: 'fixer', roleId: fixer });
  repairer = await loggedIn(p.app, 'fixer');
  repairerWeb = await session(p, url, 'fixer');
  const watch = await role(admin, 'Watcher', ['monitor_view', 'monitor_multi_designer_repair'], 'org');
  await subAccount(admin, { segment: 'int', loginname: 'watcher', roleId: watch });
  viewer = await loggedIn(p.app, 'watcher');
  const none = await role(admin, 'Nobody', ['monitor_view'], 'org');
  await subAccount(admin, { segment: 'int', loginname: 'nobody', roleId: none });
  outsider = await loggedIn(p.app, 'nobody');

  const other = await makeEnterprise(p.ctx.db, 'Rival Repairs');
  rival = await loggedIn(p.app, other.admin);
  rivalWeb = await session(p, url, other.admin);
  rivalAccount = other.adminId;
  rivalDevice = (await made(rival, '/lfscada/equipment/multi/add', { name: 'Rival pump' })).id;
  rivalOrder = (await made(rival, `${base}/create`, { equipmentId: rivalDevice, problem: 'Leak' })).id;
});

afterAll(async () => {
  await p?.stop();
});

let orderId: number;
/** an order dispatched to the repairer, then to the admin, then ended early */
let redispatched: number;

describe('creating orders', () => {
  it('creates an order from an alarm with a generated number, the alarm and a timeline row', async () => {
    const res = await call<{ id: number }>(admin, '/create', {
      equipmentId: pump,
      alarmId,
      problem: 'Pump does not start',
      priority: 'high',
    });
    expect(res.code).toBe('200');
    orderId = res.data.id;
    const info = await call<RepairOrderInfo>(admin, '/info', { id: orderId });
    expect(info.data.order).toMatchObject({
      number: `R${new Date().getUTCFullYear()}-0001`,
      equipmentName: 'Pump 1',
      alarmId,
      state: 'pending',
      priority: 'high',
      requesterName: 'repairworks-admin',
    });
    expect(info.data.timeline.map((e) => e.action)).toEqual(['create']);
    expect(info.data.actions).toEqual(['dispatch', 'end']);
  });

  it('numbers orders per enterprise and refuses a number already used with 2121', async () => {
    const second = await call<{ id: number }>(admin, '/create', { equipmentId: pump, problem: 'Noise' });
    const info = await call<RepairOrderInfo>(admin, '/info', { id: second.data.id });
    expect(info.data.order.number).toBe(`R${new Date().getUTCFullYear()}-0002`);
    const own = await call(admin, '/create', { equipmentId: pump, problem: 'Vibration', number: 'PUMP-7' });
    expect(own.code).toBe('200');
    const clash = await call(admin, '/create', { equipmentId: pump, problem: 'Again', number: 'pump-7' });
    expect(clash).toMatchObject({ code: '2121', message: 'Work order number already exists' });
    // the rival's first order has its own first number
    const rivalInfo = await call<RepairOrderInfo>(rival, '/info', { id: rivalOrder });
    expect(rivalInfo.data.order.number).toBe(`R${new Date().getUTCFullYear()}-0001`);
  });

  it('gives orders created at the same moment different numbers', async () => {
    const made10 = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call<{ id: number }>(viewer, '/create', { equipmentId: pump, problem: `Batch ${i}` }),
      ),
    );
    expect(made10.map((r) => r.code)).toEqual(Array(10).fill('200'));
    const numbers = await Promise.all(
      made10.map(
        async (r) => (await call<RepairOrderInfo>(admin, '/info', { id: r.data.id })).data.order.number,
      ),
    );
    expect(new Set(numbers).size).toBe(10);
    // tidy: the rest of the file counts the pump's orders
    for (const r of made10) await call(admin, '/end', { id: r.data.id, reason: 'batch test' });
  });

  it("refuses another enterprise's device (1101) and alarm (90002), and changes nothing", async () => {
    const before = (await call<{ total: number }>(admin, '/list', {})).data.total;
    expect((await call(admin, '/create', { equipmentId: rivalDevice, problem: 'x' })).code).toBe('1101');
    const rivalAlarm = await gatewayAlarm(
      (
        await p.ctx.db.query<{ org_id: number }>('select org_id from equipment where id = $1', [rivalDevice])
      )[0]!.org_id,
      rivalDevice,
    );
    const res = await call(admin, '/create', { equipmentId: pump, problem: 'x', alarmId: rivalAlarm });
    expect(res.code).toBe('90002');
    expect((await call<{ total: number }>(admin, '/list', {})).data.total).toBe(before);
  });

  it('answers bad input with 10001 in the caller’s language', async () => {
    const zh = await loggedIn(p.app, 'repairworks-admin', 'zh-CN');
    const res = await call(zh, '/create', { equipmentId: pump, problem: '' });
    expect(res.code).toBe('10001');
    expect(res.message).toMatch(/^参数校验失败/);
  });

  it('refuses an account without a repair key with 90008 on create, list, export and the device tab', async () => {
    for (const [path, body] of [
      ['/create', { equipmentId: pump, problem: 'x' }],
      ['/list', {}],
      ['/device', { equipmentId: pump }],
      ['/info', { id: orderId }],
    ] as const) {
      const res = await call(outsider, path, body);
      expect(res.code, path).toBe('90008');
    }
    const file = await (await session(p, web.base, 'nobody')).download(`${base}/export`, {});
    expect(file.envelope?.code).toBe('90008');
  });
});

describe('the steps', () => {
  it('refuses accepting an order not dispatched to the caller and dispatching to another enterprise’s account (90002)', async () => {
    const early = await call(repairer, '/accept', { id: orderId });
    expect(early.code).toBe('90008'); // not its repairer yet, and no key to view orders
    const foreign = await call(admin, '/dispatch', { id: orderId, repairerId: rivalAccount });
    expect(foreign.code).toBe('90002');
    const nokey = await call(admin, '/dispatch', {
      id: orderId,
      repairerId: (
        await p.ctx.db.query<{ id: number }>("select id from accounts where loginname = 'nobody'")
      )[0]!.id,
    });
    expect(nokey.code).toBe('90002'); // an account without workorder_accept cannot be the repairer
    const info = await call<RepairOrderInfo>(admin, '/info', { id: orderId });
    expect(info.data.order.state).toBe('pending');
  });

  it('dispatches, and the repairer is told through the message centre (order / repair)', async () => {
    expect((await call(admin, '/dispatch', { id: orderId, repairerId })).code).toBe('200');
    const msgs = await messagesOf(repairer);
    expect(msgs[0]).toMatchObject({
      type: 'order',
      equipType: 'repair',
      dataId: orderId,
      title: 'Repair order dispatched',
    });
    expect(msgs[0]!.note).toContain('dispatched by repairworks-admin to fixer');
  });

  it('refuses accepting by a viewer (90008) or by someone else than the repairer (90009), and finishing before acceptance', async () => {
    expect((await call(viewer, '/accept', { id: orderId })).code).toBe('90008');
    // the admin holds workorder_accept but is not the order's repairer
    expect((await call(admin, '/accept', { id: orderId })).code).toBe('90009');
    expect((await call(repairer, '/finish', { id: orderId, content: 'x' })).code).toBe('10001');
  });

  it('lets the repairer read it, find it in the worksheet, accept and finish it with parts', async () => {
    const mine = await call<RepairOrderRow[]>(repairer, '/mine');
    expect(mine.data.map((o) => o.id)).toContain(orderId);
    const info = await call<RepairOrderInfo>(repairer, '/info', { id: orderId });
    expect(info.data.actions).toEqual(['accept']);
    expect((await call(repairer, '/accept', { id: orderId })).code).toBe('200');
    const again = await call(repairer, '/accept', { id: orderId });
    expect(again.code).toBe('10001');
    expect(again.message).toContain("the order's state does not allow this step");
    // the worksheet's photo from the repairer's phone
    const photo = await repairerWeb.upload<RepairAttachment>(
      `${base}/attachment/upload`,
      { name: 'IMG_0001.png', content: PNG_1X1 },
      { id: String(orderId) },
    );
    expect(photo.data).toMatchObject({ kind: 'image', uploadedBy: 'fixer' });
    const done = await call(repairer, '/finish', {
      id: orderId,
      content: 'Replaced the starter relay',
      parts: [{ name: 'Relay K1', quantity: 1 }],
    });
    expect(done.code).toBe('200');
    const after = await call<RepairOrderInfo>(admin, '/info', { id: orderId });
    expect(after.data.order).toMatchObject({
      state: 'finished',
      repairerName: 'fixer',
      content: 'Replaced the starter relay',
      parts: [{ name: 'Relay K1', quantity: 1 }],
    });
    expect(after.data.order.finishedAt).toBeGreaterThanOrEqual(after.data.order.acceptedAt!);
    expect(after.data.timeline.map((e) => `${e.action}:${e.who}`)).toEqual([
      'create:repairworks-admin',
      'dispatch:repairworks-admin',
      'accept:fixer',
      'attach:fixer',
      'finish:fixer',
    ]);
    expect(after.data.actions).toEqual([]);
    const told = await messagesOf(admin);
    expect(told.map((m) => m.title)).toEqual(['Repair order finished', 'Repair order accepted']);
    expect((await call<RepairOrderRow[]>(repairer, '/mine')).data.map((o) => o.id)).not.toContain(orderId);
  });

  it('tells the repairer an order was taken from when it is dispatched again, and the new repairer', async () => {
    // the watcher's own order: its requester may dispatch it (and again, until it is accepted)
    const id = (await made(viewer, `${base}/create`, { equipmentId: pump, problem: 'Seal drips' })).id;
    await made(viewer, `${base}/dispatch`, { id, repairerId });
    const [adminAccount] = await p.ctx.db.query<{ id: number }>(
      "select id from accounts where loginname = 'repairworks-admin'",
    );
    expect((await call(viewer, '/dispatch', { id, repairerId: adminAccount!.id })).code).toBe('200');
    const taken = (await messagesOf(repairer)).filter((m) => m.dataId === id);
    expect(taken.map((m) => m.title)).toEqual(['Repair order dispatched', 'Repair order dispatched']);
    expect(taken[0]!.note).toContain('dispatched by watcher to repairworks-admin');
    const given = (await messagesOf(admin)).filter((m) => m.dataId === id);
    expect(given).toEqual([
      expect.objectContaining({ type: 'order', equipType: 'repair', title: 'Repair order dispatched' }),
    ]);
    expect(given[0]!.note).toContain('dispatched by watcher to repairworks-admin');
    // the order left the first repairer's worksheet
    expect((await call<RepairOrderRow[]>(repairer, '/mine')).data.map((o) => o.id)).not.toContain(id);
    redispatched = id;
  });

  it('tells the requester and the repairer, with the reason, when an order is ended early', async () => {
    const before = (await messagesOf(viewer)).length;
    // the admin, now its repairer, holds workorder_end; the requester (watcher) is told
    expect((await call(admin, '/end', { id: redispatched, reason: 'Part on back order' })).code).toBe('200');
    const told = await messagesOf(viewer);
    expect(told).toHaveLength(before + 1);
    expect(told[0]).toMatchObject({
      type: 'order',
      equipType: 'repair',
      dataId: redispatched,
      title: 'Repair order ended early',
    });
    expect(told[0]!.note).toContain('ended early by repairworks-admin: Part on back order');
    // the one who ended it is not told; the repairer it was taken from is not concerned any more
    expect((await messagesOf(admin)).filter((m) => m.dataId === redispatched)).toHaveLength(1);
    expect((await messagesOf(repairer)).filter((m) => m.dataId === redispatched)).toHaveLength(2);
  });

  it("writes each change to the operation log, with the order's number", async () => {
    const log = await admin.post<{
      list: { action: string; loginname: string; detail: Record<string, unknown> }[];
    }>('/lfscada/user/operationlog/queryByObjectId', {
      objectType: 'repairOrder',
      objectId: String(orderId),
      pageSize: 50,
    });
    const entries = log.body.data.list.map((e) => `${e.action}:${e.loginname}`).reverse();
    expect(entries).toEqual([
      'repair.create:repairworks-admin',
      'repair.dispatch:repairworks-admin',
      'repair.accept:fixer',
      'repair.attach:fixer',
      'repair.finish:fixer',
    ]);
    expect(log.body.data.list[0]!.detail).toMatchObject({
      number: `R${new Date().getUTCFullYear()}-0001`,
      parts: 1,
    });
  });

  it('ends an open order early with a reason (workorder_end) and refuses ending a finished one', async () => {
    const id = (await made(admin, `${base}/create`, { equipmentId: pump, problem: 'Smell' })).id;
    expect((await call(viewer, '/end', { id, reason: 'dup' })).code).toBe('90008');
    expect((await call(admin, '/end', { id, reason: 'Duplicate of R-1' })).code).toBe('200');
    const info = await call<RepairOrderInfo>(admin, '/info', { id });
    expect(info.data.order).toMatchObject({ state: 'ended', endReason: 'Duplicate of R-1' });
    expect((await call(admin, '/end', { id: orderId, reason: 'late' })).code).toBe('10001');
  });
});

describe('attachments', () => {
  let openOrder: number;
  const pdf = Buffer.from('%PDF-1.4\n%\xe2\xe3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');

  it('stores a photo by its content (the name says .txt) and refuses text named .png with 10007', async () => {
    openOrder = (await made(admin, `${base}/create`, { equipmentId: pump, problem: 'Leak' })).id;
    const up = await web.upload<RepairAttachment>(
      `${base}/attachment/upload`,
      { name: 'site.txt', content: PNG_1X1 },
      {
        id: String(openOrder),
      },
    );
    expect(up.code).toBe('200');
    expect(up.data).toMatchObject({ kind: 'image', mime: 'image/png', fileName: 'site.png' });
    const fake = await web.upload(
      `${base}/attachment/upload`,
      { name: 'x.png', content: Buffer.from('not a picture') },
      {
        id: String(openOrder),
      },
    );
    expect(fake.code).toBe('10007');
    const file = await web.download(`${base}/attachment/download`, { id: up.data.id });
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.content.equals(PNG_1X1)).toBe(true);
  });

  it('refuses the eleventh attachment with 2801 and lets one be deleted', async () => {
    for (let i = 0; i < 9; i++) {
      const res = await web.upload(
        `${base}/attachment/upload`,
        { name: `r${i}.pdf`, content: pdf },
        { id: String(openOrder) },
      );
      expect(res.code).toBe('200');
    }
    const over = await web.upload(
      `${base}/attachment/upload`,
      { name: 'more.pdf', content: pdf },
      { id: String(openOrder) },
    );
    expect(over).toMatchObject({ code: '2801', message: 'At most 10 materials can be uploaded' });
    const info = await call<RepairOrderInfo>(admin, '/info', { id: openOrder });
    expect(info.data.attachments).toHaveLength(10);
    expect((await call(admin, '/attachment/delete', { id: info.data.attachments[1]!.id })).code).toBe('200');
    const after = await call<RepairOrderInfo>(admin, '/info', { id: openOrder });
    expect(after.data.attachments).toHaveLength(9);
    expect(after.data.timeline.at(-1)).toMatchObject({ action: 'detach' });
  });

  it('keeps another enterprise away from the order and its attachments', async () => {
    const info = await call<RepairOrderInfo>(admin, '/info', { id: openOrder });
    const att = info.data.attachments[0]!.id;
    expect((await call(rival, '/info', { id: openOrder })).code).toBe('90002');
    expect((await call(rival, '/dispatch', { id: openOrder, repairerId: rivalAccount })).code).toBe('90002');
    expect((await call(rival, '/end', { id: openOrder, reason: 'x' })).code).toBe('90002');
    // the rival's admin holds workorder_accept: still not another enterprise's order
    expect((await call(rival, '/accept', { id: openOrder })).code).toBe('90002');
    expect((await call(rival, '/finish', { id: openOrder, content: 'x' })).code).toBe('90002');
    expect((await call(rival, '/attachment/delete', { id: att })).code).toBe('90002');
    expect((await rivalWeb.download(`${base}/attachment/download`, { id: att })).envelope?.code).toBe(
      '90002',
    );
    const up = await rivalWeb.upload(
      `${base}/attachment/upload`,
      { name: 'a.png', content: PNG_1X1 },
      { id: String(openOrder) },
    );
    expect(up.code).toBe('90002');
    expect((await call(rival, '/device', { equipmentId: pump })).code).toBe('1101');
    const list = await call<{ list: RepairOrderRow[] }>(rival, '/list', {});
    expect(list.data.list.map((o) => o.id)).toEqual([rivalOrder]);
    expect((await call(admin, '/info', { id: rivalOrder })).code).toBe('90002');
    const rivalSheet = (await readXlsx((await rivalWeb.download(`${base}/export`, {})).content))
      .worksheets[0]!;
    expect(rivalSheet.rowCount).toBe(2);
    expect(rivalSheet.getRow(2).getCell(2).value).toBe('Rival pump');
    const rivalRepairers = await call<{ name: string }[]>(rival, '/repairers');
    expect(rivalRepairers.data.map((a) => a.name)).toEqual(['rivalrepairs-admin']);
    expect((await call<RepairOrderRow[]>(rival, '/mine')).data).toEqual([]);
    expect((await call<RepairOrderInfo>(admin, '/info', { id: openOrder })).data.attachments).toHaveLength(9);
  });

  it('refuses attaching to a finished order (90009)', async () => {
    const res = await web.upload(
      `${base}/attachment/upload`,
      { name: 'a.png', content: PNG_1X1 },
      { id: String(orderId) },
    );
    expect(res.code).toBe('90009');
  });
});

describe('lists and export', () => {
  it('filters by state, device, repairer and time, and the device tab pages its orders', async () => {
    const finished = await call<{ list: RepairOrderRow[] }>(viewer, '/list', { state: 'finished' });
    expect(finished.data.list.map((o) => o.id)).toEqual([orderId]);
    const byRepairer = await call<{ total: number }>(viewer, '/list', { repairerId });
    expect(byRepairer.data.total).toBe(1);
    const future = await call<{ total: number }>(viewer, '/list', { from: Date.now() + 3_600_000 });
    expect(future.data.total).toBe(0);
    const all = await call<{ total: number }>(viewer, '/list', { equipmentId: pump });
    const tab = await call<{ list: RepairOrderRow[]; total: number }>(viewer, '/device', {
      equipmentId: pump,
      pageSize: 2,
    });
    expect(tab.data.total).toBe(all.data.total);
    expect(tab.data.list).toHaveLength(2);
  });

  it('exports the filtered orders as .xlsx in the caller’s language', async () => {
    const file = await web.download(`${base}/export`, { state: 'finished' });
    expect(file.status).toBe(200);
    const sheet = (await readXlsx(file.content)).worksheets[0]!;
    expect(sheet.name).toBe('Repair orders');
    expect(sheet.getRow(2).getCell(3).value).toBe('Pump does not start');
    expect(sheet.getRow(2).getCell(9).value).toBe('Relay K1 × 1');
    expect(sheet.rowCount).toBe(2);
  });

  it('lists the repairers of the enterprise only (holders of workorder_accept)', async () => {
    const res = await call<{ id: number; name: string }[]>(admin, '/repairers');
    expect(res.data.map((a) => a.name)).toEqual(['fixer', 'repairworks-admin']);
  });
});
