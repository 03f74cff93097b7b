import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MsgChangeResult, MsgInfo, MsgPage, MsgUnreadCount, NoticeDetail, Page } from '@fieldhub/shared';
import { loggedIn, type Caller, type TestPlatform } from './harness';
import { otherEnterpriseAdmin, startDevicePlatform } from './platformFixtures';
import { deviceWithGateway, made, modbusDriver, role, send, subAccount, variable } from './deviceFixtures';
import { alarmRule, good, variableWithRule } from './alarmFixtures';
import { subscribeMessages, type MessageClient } from './messagesSocket';

let p: TestPlatform;
let admin: Caller;
let adminId: number;
let operator: Caller;
let watcher: Caller;
let watcherId: number;
let bystanderId: number;
let rival: Caller;
let equipmentId: number;
let driverId: number;
const sockets: MessageClient[] = [];
let serial = 0;

beforeAll(async () => {
  const platform = await startDevicePlatform('Message Works');
  ({ p, admin, operator } = platform);
  adminId = platform.enterprise.adminId;
  await p.app.listen({ port: 0, host: '127.0.0.1' });
  equipmentId = (await deviceWithGateway(admin, operator, 'Boiler')).id;
  driverId = await modbusDriver(admin, { equipmentId });
  const viewer = await role(admin, 'Viewers', ['monitor_view', 'monitor_equipinfo_menu_alarm'], 'org');
  watcherId = await subAccount(admin, { segment: 'int', loginname: 'msg-watcher', roleId: viewer });
  bystanderId = await subAccount(admin, { segment: 'int', loginname: 'msg-bystander', roleId: viewer });
  await made(admin, '/lfscada/equipment/multi/auth/add', { equipmentId, accountIds: [watcherId] });
  watcher = await loggedIn(p.app, 'msg-watcher');
  rival = await otherEnterpriseAdmin(p, 'Rival Message Works');
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await p.stop();
});

/** Raises a fresh alarm on the device; returns its id. */
async function raiseAlarm(voiceLoops = 3): Promise<number> {
  serial++;
  const rule = await variableWithRule(admin, equipmentId, driverId, {
    condition: 'gt',
    value: 10,
    content: `Pressure high ${serial}`,
    voiceLoops,
  });
  await p.ctx.monitor.ingest(equipmentId, [good(rule.variableId, Date.now(), 20)], false);
  const [alarm] = await p.ctx.db.query<{ id: number }>('select id from alarms where rule_id = $1', [
    rule.ruleId,
  ]);
  return alarm!.id;
}

const unread = (c: Caller) => made<MsgUnreadCount>(c, '/lfscada/msg/queryUnReadMsgCount');
const list = (c: Caller, q: Record<string, unknown> = {}) =>
  made<MsgPage>(c, '/lfscada/msg/query', { pageSize: 500, ...q });

/** What the table holds of the account's messages: [id, read?, deleted?, ignored?]. */
async function stored(accountId: number) {
  return p.ctx.db.query<{ id: number; read: boolean; deleted: boolean; ignored: boolean }>(
    `select id, read_at is not null as read, deleted_at is not null as deleted, ignored_at is not null as ignored
       from messages where account_id = $1 order by id`,
    [accountId],
  );
}

describe('alarm messages', () => {
  it('makes exactly one message per authorised account and delivers it to an open message socket within 2 s', async () => {
    const watcherSocket = await subscribeMessages(p.app, watcher);
    const rivalSocket = await subscribeMessages(p.app, rival);
    sockets.push(watcherSocket, rivalSocket);
    const started = performance.now();
    const alarmId = await raiseAlarm(3);
    await watcherSocket.until(() => watcherSocket.news.length > 0, 'the alarm message');
    const latency = watcherSocket.arrivals[watcherSocket.frames.indexOf(watcherSocket.news[0]!)]! - started;
    expect(latency).toBeLessThan(2000);
    console.info(`alarm raised → message frame on the socket: ${latency.toFixed(0)} ms`);

    const perAccount = await p.ctx.db.query<{ account_id: number; n: number }>(
      'select account_id, count(*)::int as n from messages where alarm_id = $1 group by account_id order by account_id',
      [alarmId],
    );
    expect(perAccount).toEqual([
      { account_id: adminId, n: 1 },
      { account_id: watcherId, n: 1 },
    ]);
    expect(perAccount.map((r) => r.account_id)).not.toContain(bystanderId);

    const frame = watcherSocket.news[0]!;
    expect(frame.message).toMatchObject({
      type: 'alarm',
      equipType: 'eg',
      dataId: equipmentId,
      dataStatus: 'sended',
      alarmId,
      alarmBroadcastTimes: 3,
      read: false,
      title: 'Boiler',
      note: `Pressure high ${serial}`,
      ignored: false,
      ruleType: '00',
    });
    expect(frame.unread.byType.alarm).toBe(1);
    // the rival enterprise's socket heard nothing of it
    await new Promise((r) => setTimeout(r, 300));
    expect(rivalSocket.news).toEqual([]);

    // the list shows the same row
    const page = await list(watcher);
    expect(page.list).toEqual([frame.message]);
  });

  it('tells the account’s other sockets when its read state changes', async () => {
    const socket = await subscribeMessages(p.app, watcher);
    sockets.push(socket);
    const before = socket.frames.length;
    await made(watcher, '/lfscada/msg/allMarkAsRead');
    await socket.until(() => socket.frames.length > before, 'the new unread counts');
    expect(socket.frames.at(-1)).toEqual({
      type: 'msgUnread',
      unread: { count: 0, byType: { alarm: 0, order: 0, notice: 0, expire: 0, payment: 0 } },
    });
  });
});

describe('unread count', () => {
  it('follows markAsRead, delete, markAsReadForEquipAlarm and allMarkAsRead', async () => {
    await made(admin, '/lfscada/msg/allMarkAsRead');
    await raiseAlarm();
    await raiseAlarm();
    await raiseAlarm();
    await made(await loggedIn(p.app, 'platform-op'), '/lfscada/notice/publish', {
      title: 'Maintenance window',
      content: 'The platform is updated on Sunday night.',
    });
    const start = await unread(admin);
    expect(start).toMatchObject({
      count: 4,
      byType: { alarm: 3, notice: 1, order: 0, expire: 0, payment: 0 },
    });
    expect((await list(admin, { readState: 'unread' })).total).toBe(4);

    const alarms = (await list(admin, { readState: 'unread', type: 'alarm' })).list;
    expect(alarms).toHaveLength(3);
    expect(await made<MsgChangeResult>(admin, '/lfscada/msg/markAsRead', { ids: [alarms[0]!.id] })).toEqual({
      changed: 1,
    });
    expect((await unread(admin)).count).toBe(3);
    // read again: nothing changes
    expect(await made<MsgChangeResult>(admin, '/lfscada/msg/markAsRead', { ids: [alarms[0]!.id] })).toEqual({
      changed: 0,
    });
    expect((await list(admin, { readState: 'read', type: 'alarm' })).list.map((m) => m.id)).toContain(
      alarms[0]!.id,
    );

    expect(await made<MsgChangeResult>(admin, '/lfscada/msg/delete', { ids: [alarms[1]!.id] })).toEqual({
      changed: 1,
    });
    expect(await unread(admin)).toMatchObject({ count: 2, byType: { alarm: 1, notice: 1 } });
    expect((await list(admin)).list.map((m) => m.id)).not.toContain(alarms[1]!.id);

    expect(
      await made<MsgChangeResult>(admin, '/lfscada/msg/markAsReadForEquipAlarm', {
        dataId: equipmentId,
        equipType: 'eg',
      }),
    ).toEqual({ changed: 1 });
    expect(await unread(admin)).toMatchObject({ count: 1, byType: { alarm: 0, notice: 1 } });

    expect(await made<MsgChangeResult>(admin, '/lfscada/msg/allMarkAsRead')).toEqual({ changed: 1 });
    expect((await unread(admin)).count).toBe(0);
    expect((await list(admin, { readState: 'unread' })).total).toBe(0);
  });

  it('filters the list by kind, item and keyword, newest first, paged', async () => {
    const all = await list(admin, { equipmentId });
    expect(all.list.every((m) => m.dataId === equipmentId && m.type === 'alarm')).toBe(true);
    const ids = all.list.map((m) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const page2 = await made<MsgPage>(admin, '/lfscada/msg/query', { equipmentId, pageSize: 1, pageNum: 2 });
    expect(page2).toMatchObject({ total: all.total, pageNum: 2, pageSize: 1, list: [all.list[1]] });
    const notices = await list(admin, { type: 'notice', keyword: 'Maintenance' });
    expect(notices.list.map((m) => [m.type, m.equipType, m.title])).toEqual([
      ['notice', 'public', 'Maintenance window'],
    ]);
  });

  it('opens a message with its details and reads it; setIgnore flags it', async () => {
    const alarmId = await raiseAlarm(2);
    const [row] = (await list(watcher, { readState: 'unread' })).list.filter((m) => m.alarmId === alarmId);
    const info = await made<MsgInfo>(watcher, '/lfscada/msg/info', { id: row!.id });
    expect(info).toMatchObject({
      id: row!.id,
      read: true,
      alarmBroadcastTimes: 2,
      value: 20,
      subject: 'Boiler',
    });
    expect(info.text['zh-CN']).toBe(row!.note);
    expect(await made(watcher, '/lfscada/msg/setIgnore', { id: row!.id })).toEqual({ changed: 1 });
    expect((await list(watcher)).list.find((m) => m.id === row!.id)).toMatchObject({
      ignored: true,
      read: true,
    });
  });
  it('carries the alarm variable’s format beside the raising value, in the list and the details', async () => {
    serial++;
    const variableId = await variable(admin, { equipmentId }, driverId, `temp_${serial}`, {
      dataType: 'float32',
      address: String(500 + serial),
      unit: '°C',
      decimals: 2,
    });
    const ruleId = await alarmRule(admin, equipmentId, variableId, { condition: 'gt', value: 95 });
    await p.ctx.monitor.ingest(equipmentId, [good(variableId, Date.now(), 95.04582977294922)], false);
    const [alarm] = await p.ctx.db.query<{ id: number }>('select id from alarms where rule_id = $1', [
      ruleId,
    ]);
    const [row] = (await list(watcher)).list.filter((m) => m.alarmId === alarm!.id);
    const format = { decimals: 2, dataType: 'float32', unit: '°C', mapping: [] };
    expect(row).toMatchObject({ value: 95.04582977294922, valueFormat: format });
    expect(await made<MsgInfo>(watcher, '/lfscada/msg/info', { id: row!.id })).toMatchObject({
      value: 95.04582977294922,
      valueFormat: format,
    });
    // a notice has no value and no format
    expect((await list(watcher, { type: 'notice' })).list.every((m) => m.valueFormat === null)).toBe(true);
  });
});

describe('public notices', () => {
  it('a platform operator publishes a notice that becomes one message for every account', async () => {
    const op = await loggedIn(p.app, 'platform-op');
    const notice = await made<NoticeDetail>(op, '/lfscada/notice/publish', {
      title: 'New firmware',
      content: 'Gateway firmware 2.1 is available.',
    });
    const rows = await p.ctx.db.query<{ account_id: number }>(
      "select account_id from messages where kind = 'notice' and data_id = $1 order by account_id",
      [notice.id],
    );
    const accounts = await p.ctx.db.query<{ id: number }>(
      'select id from accounts where not disabled order by id',
    );
    expect(rows.map((r) => r.account_id)).toEqual(accounts.map((a) => a.id));
    // every account, the rival enterprise's too, reads it
    const [mine] = (await list(rival, { type: 'notice' })).list.filter((m) => m.dataId === notice.id);
    expect(mine).toMatchObject({ equipType: 'public', title: 'New firmware' });
    expect(await made<NoticeDetail>(rival, '/lfscada/notice/detail', { id: notice.id })).toEqual(notice);
    const listed = await made<Page<NoticeDetail>>(op, '/lfscada/notice/query', { keyword: 'firmware' });
    expect(listed.list).toEqual([notice]);
  });

  it('refuses publishing and the notice list to enterprise accounts, storing nothing', async () => {
    const before = await p.ctx.db.query('select id from notices');
    const res = await send(admin, '/lfscada/notice/publish', { title: 'Fake', content: 'Not allowed' });
    expect(res.code).toBe('90008');
    expect((await send(admin, '/lfscada/notice/query', {})).code).toBe('90008');
    expect(await p.ctx.db.query('select id from notices')).toEqual(before);
    expect((await send(admin, '/lfscada/notice/detail', { id: 999_999 })).code).toBe('90002');
  });
});

describe('tenant isolation', () => {
  it('another enterprise and another account of the same enterprise can neither read nor change the messages', async () => {
    const rivalCount = await unread(rival);
    await raiseAlarm();
    expect(await unread(rival)).toEqual(rivalCount);
    const mine = (await list(admin, { readState: 'unread' })).list;
    expect(mine.length).toBeGreaterThan(0);
    const id = mine[0]!.id;
    const before = await stored(adminId);
    const bystander = await loggedIn(p.app, 'msg-bystander');
    for (const other of [rival, bystander]) {
      for (const [url, body] of [
        ['/lfscada/msg/markAsRead', { ids: [id] }],
        ['/lfscada/msg/delete', { ids: [id] }],
        ['/lfscada/msg/info', { id }],
        ['/lfscada/msg/setIgnore', { id }],
        ['/lfscada/msg/getExpireById', { id }],
      ] as const) {
        const res = await send(other, url, body);
        expect([url, res.code]).toEqual([url, '90002']);
      }
      // calls over the caller's own messages only: nothing of the admin's moves
      expect(
        await made(other, '/lfscada/msg/markAsReadForEquipAlarm', { dataId: equipmentId, equipType: 'eg' }),
      ).toEqual({
        changed: 0,
      });
      await made(other, '/lfscada/msg/allMarkAsRead');
      const seen = await list(other, { equipmentId });
      expect(seen.list.map((m) => m.id)).not.toContain(id);
    }
    expect((await list(rival, { equipmentId })).total).toBe(0);
    expect(await stored(adminId)).toEqual(before);
  });

  it('changes nothing when one id of a list is not the caller’s', async () => {
    const mine = (await list(admin, { readState: 'unread' })).list[0]!;
    const theirs = (await list(rival)).list[0]!;
    const before = await stored(adminId);
    const theirsBefore = await stored(
      (
        await p.ctx.db.query<{ account_id: number }>('select account_id from messages where id = $1', [
          theirs.id,
        ])
      )[0]!.account_id,
    );
    for (const url of ['/lfscada/msg/markAsRead', '/lfscada/msg/delete']) {
      const res = await send(admin, url, { ids: [mine.id, theirs.id] });
      expect(res.code).toBe('90002');
    }
    expect(await stored(adminId)).toEqual(before);
    expect(theirsBefore.find((r) => r.id === theirs.id)).toMatchObject({ deleted: false });
  });

  it('a message socket only hears its own account', async () => {
    const adminSocket = await subscribeMessages(p.app, admin);
    const bystanderSocket = await subscribeMessages(p.app, await loggedIn(p.app, 'msg-bystander'));
    sockets.push(adminSocket, bystanderSocket);
    const alarmId = await raiseAlarm();
    await adminSocket.until(() => adminSocket.news.some((f) => f.message.alarmId === alarmId), 'the alarm');
    await new Promise((r) => setTimeout(r, 300));
    expect(bystanderSocket.news).toEqual([]);
  });
});

describe('bad input', () => {
  it('answers a catalogue error in the caller’s language and changes nothing', async () => {
    const zh = await loggedIn(p.app, 'msg-watcher', 'zh-CN');
    const before = await stored(watcherId);
    const cases: [string, Record<string, unknown>, string][] = [
      ['/lfscada/msg/markAsRead', { ids: ['abc'] }, '10001'],
      ['/lfscada/msg/markAsRead', {}, '10001'],
      ['/lfscada/msg/delete', { ids: [-1] }, '10001'],
      ['/lfscada/msg/query', { readState: 'bogus' }, '10001'],
      ['/lfscada/msg/query', { type: 'weather' }, '10001'],
      ['/lfscada/msg/markAsReadForEquipAlarm', { dataId: equipmentId, equipType: 'ship' }, '10001'],
      ['/lfscada/msg/getExpireById', { equipType: 'api' }, '10001'],
      ['/lfscada/msg/createSound', { text: 'x'.repeat(201) }, '10001'],
      ['/lfscada/msg/createSound', { text: '   ' }, '10001'],
      ['/lfscada/msg/info', { id: 987_654 }, '90002'],
    ];
    for (const [url, body, code] of cases) {
      const res = await send(zh, url, body);
      expect([url, res.code]).toEqual([url, code]);
      expect(res.message).toMatch(/[\u4e00-\u9fff]/);
    }
    const en = await send(watcher, '/lfscada/msg/markAsRead', { ids: ['abc'] });
    expect(en.message).toMatch(/^[\x20-\x7e]+$/);
    expect(await stored(watcherId)).toEqual(before);
  });

  it('answers 1006 to calls without a session', async () => {
    const res = await p.app.inject({ method: 'POST', url: '/lfscada/msg/queryUnReadMsgCount' });
    expect(res.json()).toMatchObject({ code: '1006' });
  });
});

describe('alarm voice', () => {
  async function sound(caller: Caller, lang: 'zh-CN' | 'en-US', text: string) {
    const started = performance.now();
    const res = await p.app.inject({
      method: 'POST',
      url: '/lfscada/msg/createSound',
      headers: {
        cookie: `sid=${caller.cookie('sid')}`,
        'accept-language': lang,
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ text }),
    });
    return { res, ms: performance.now() - started };
  }

  it('speaks alarm texts into a WAV in Chinese and English, cached by language and text', async () => {
    const zh = await sound(admin, 'zh-CN', '锅炉压力过高');
    expect(zh.res.statusCode).toBe(200);
    expect(zh.res.headers['content-type']).toBe('audio/wav');
    expect(zh.res.rawPayload.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(zh.res.rawPayload.subarray(8, 12).toString('ascii')).toBe('WAVE');
    const en = await sound(admin, 'en-US', 'Boiler pressure high');
    expect(en.res.rawPayload.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(en.res.rawPayload.length).toBeGreaterThan(10_000);
    expect(en.res.rawPayload.equals(zh.res.rawPayload)).toBe(false);
    const again = await sound(admin, 'en-US', 'Boiler pressure high');
    expect(again.res.rawPayload.equals(en.res.rawPayload)).toBe(true);
    console.info(
      `createSound: zh ${zh.ms.toFixed(0)} ms (${zh.res.rawPayload.length} B), en ${en.ms.toFixed(0)} ms, en cached ${again.ms.toFixed(1)} ms`,
    );
    expect(again.ms).toBeLessThan(en.ms);
  });
});
