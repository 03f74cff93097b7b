import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExpireDetail, ExpireNotice, MsgPage } from '@fieldhub/shared';
import { loadConfig } from '../src/config';
import { createPlatform, type Platform } from '../src/server';
import { runExpiryReminders } from '../src/messages/expiryReminders';
import { TestClock, loggedIn, makeEnterprise, type Caller } from './harness';
import { freshDatabase } from './testDatabase';
import { made, role, send, subAccount } from './deviceFixtures';

// Two server instances on one database, each with its scheduler ticking every 100 ms on the
// same test clock: reminders must exist once per item and threshold, not once per instance.
const DAY = 86_400_000;
const HOUR = 3_600_000;
let a: Platform;
let b: Platform;
let drop: () => Promise<void>;
const clock = new TestClock();
let orgA: { orgId: number; adminId: number; admin: string };
let orgB: { orgId: number; adminId: number; admin: string };
let adminA: Caller;
let adminB: Caller;
let keeperId: number;
const items = { project: 0, api: 0, card: 0, rivalProject: 0, oldProject: 0 };

async function insertItem(sql: string, params: unknown[]): Promise<number> {
  const [row] = await a.ctx.db.query<{ id: number }>(`${sql} returning id`, params);
  return row!.id;
}

const at = (ms: number) => new Date(clock.now().getTime() + ms);

beforeAll(async () => {
  const fresh = await freshDatabase();
  drop = fresh.drop;
  const config = loadConfig({ LOG_LEVEL: 'silent', DEMO_SEED: 'false', SCHEDULER_INTERVAL_MS: '100' });
  a = await createPlatform(config, { db: fresh.db, clock, link: false, serveWeb: false });
  b = await createPlatform(config, { db: fresh.db, clock, link: false, serveWeb: false });
  orgA = await makeEnterprise(fresh.db, 'Expiry Works');
  orgB = await makeEnterprise(fresh.db, 'Rival Expiry Works');
  adminA = await loggedIn(a.app, orgA.admin);
  adminB = await loggedIn(b.app, orgB.admin);
  const staff = await role(adminA, 'Staff', ['monitor_view'], 'org');
  keeperId = await subAccount(adminA, { segment: 'int', loginname: 'key-keeper', roleId: staff });
  await subAccount(adminA, { segment: 'int', loginname: 'not-told', roleId: staff });

  items.project = await insertItem('insert into projects (org_id, name, expires_at) values ($1, $2, $3)', [
    orgA.orgId,
    'Water plant',
    at(5 * DAY + HOUR),
  ]);
  items.api = await insertItem(
    'insert into api_keys (org_id, name, key_hash, created_by, expires_at) values ($1, $2, $3, $4, $5)',
    [orgA.orgId, 'ERP link', 'f'.repeat(64), keeperId, at(40 * DAY)],
  );
  items.card = await insertItem(
    'insert into iot_cards (org_id, iccid, gateway_sn, expires_at) values ($1, $2, $3, $4)',
    [orgA.orgId, '89860000000000000001', '100000000001', at(12 * HOUR)],
  );
  items.rivalProject = await insertItem(
    'insert into projects (org_id, name, expires_at) values ($1, $2, $3)',
    [orgB.orgId, 'Rival plant', at(-DAY)],
  );
  items.oldProject = await insertItem('insert into projects (org_id, name, expires_at) values ($1, $2, $3)', [
    orgA.orgId,
    'Long gone',
    at(-100 * DAY),
  ]);
});

afterAll(async () => {
  for (const p of [a, b]) {
    await p?.app.close();
    await p?.ctx.monitor.close();
  }
  await drop?.();
});

type Reminder = [type: string, itemId: number, thresholdDays: number];

async function reminders(): Promise<Reminder[]> {
  const rows = await a.ctx.db.query<{ equip_type: string; item_id: number; threshold_days: number }>(
    'select equip_type, item_id, threshold_days from expire_reminders order by equip_type, item_id, threshold_days desc',
  );
  return rows.map((r) => [r.equip_type, r.item_id, r.threshold_days]);
}

/** Expire messages per (account, type, item, threshold): any count above 1 is a duplicate. */
async function messageCounts() {
  return a.ctx.db.query<{
    account_id: number;
    equip_type: string;
    data_id: number;
    threshold: number;
    n: number;
  }>(
    `select account_id, equip_type, data_id, (data ->> 'thresholdDays')::int as threshold, count(*)::int as n
       from messages where kind = 'expire'
      group by 1, 2, 3, 4 order by 2, 3, 4 desc, 1`,
  );
}

/** Waits until the schedulers made `want` reminders, then lets both tick several more times. */
async function settle(want: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await reminders()).length < want) {
    if (Date.now() > deadline) throw new Error(`only ${(await reminders()).length} of ${want} reminders`);
    await new Promise((r) => setTimeout(r, 50));
  }
  await new Promise((r) => setTimeout(r, 600));
}

const sorted = (list: Reminder[]) =>
  [...list].sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)));

describe('expiry reminders with two server instances', () => {
  it('makes one reminder per item and threshold, for the enterprise admins (and an API key’s maker)', async () => {
    await settle(3);
    expect(sorted(await reminders())).toEqual(
      sorted([
        ['card', items.card, 1],
        ['project', items.project, 7],
        ['project', items.rivalProject, 0],
      ]),
    );
    expect(await messageCounts()).toEqual([
      { account_id: orgA.adminId, equip_type: 'card', data_id: items.card, threshold: 1, n: 1 },
      { account_id: orgA.adminId, equip_type: 'project', data_id: items.project, threshold: 7, n: 1 },
      { account_id: orgB.adminId, equip_type: 'project', data_id: items.rivalProject, threshold: 0, n: 1 },
    ]);
    // one lease for the reminders, held by one of the two instances (the other jobs have their own)
    const leases = await a.ctx.db.query("select name from scheduler_leases where name = 'expire-reminders'");
    expect(leases).toEqual([{ name: 'expire-reminders' }]);
  });

  it('moves to the next threshold as the test clock advances, still once each', async () => {
    clock.advanceMinutes(5 * 24 * 60); // project: 1 h left; card: expired; API key: 35 days
    await settle(5);
    clock.advanceMinutes(30 * 24 * 60); // project expired; API key: 5 days
    await settle(7);
    expect(sorted(await reminders())).toEqual(
      sorted([
        ['card', items.card, 1],
        ['card', items.card, 0],
        ['project', items.project, 7],
        ['project', items.project, 1],
        ['project', items.project, 0],
        ['project', items.rivalProject, 0],
        ['api', items.api, 7],
      ]),
    );
    const counts = await messageCounts();
    expect(counts.every((c) => c.n === 1)).toBe(true);
    expect(counts.filter((c) => c.equip_type === 'api').map((c) => c.account_id)).toEqual([
      orgA.adminId,
      keeperId,
    ]);
    expect(counts).toHaveLength(8);
  });

  it('holds even when both instances run the reminders at the same moment, bypassing the lease', async () => {
    const fresh = await insertItem('insert into projects (org_id, name, expires_at) values ($1, $2, $3)', [
      orgA.orgId,
      'Race plant',
      at(3 * DAY),
    ]);
    const deps = (p: Platform) => ({ db: p.ctx.db, clock, bus: p.ctx.monitor.bus });
    const made = await Promise.all([a, b, a, b].map((p) => runExpiryReminders(deps(p))));
    await settle(8);
    const forRace = (await messageCounts()).filter((c) => c.data_id === fresh && c.equip_type === 'project');
    expect(forRace).toEqual([
      { account_id: orgA.adminId, equip_type: 'project', data_id: fresh, threshold: 7, n: 1 },
    ]);
    expect(made.reduce((s, n) => s + n, 0)).toBeLessThanOrEqual(1);
  });
});

describe('expiry reminder calls', () => {
  // the clock moved 35 days: the sessions of the start have lapsed
  beforeAll(async () => {
    adminA = await loggedIn(a.app, orgA.admin);
    adminB = await loggedIn(b.app, orgB.admin);
  });

  it('lists the latest reminder of each item in the caller’s language and opens its detail', async () => {
    const notices = await made<ExpireNotice[]>(adminA, '/lfscada/msg/queryExpireNoticeMsg');
    const project = notices.find((n) => n.equipType === 'project' && n.dataId === items.project)!;
    expect(project).toMatchObject({ name: 'Water plant', thresholdDays: 0, expired: true, read: false });
    expect(notices.filter((n) => n.dataId === items.project && n.equipType === 'project')).toHaveLength(1);
    const card = notices.find((n) => n.equipType === 'card')!;
    expect(card).toMatchObject({ name: '89860000000000000001', gatewaySn: '100000000001', expired: true });

    const en = await made<MsgPage>(adminA, '/lfscada/msg/query', {
      type: 'expire',
      equipType: 'project',
      dataId: items.project,
    });
    expect(en.list[0]).toMatchObject({ title: 'Expiry reminder', note: 'Project "Water plant" has expired' });
    const zhCaller = await loggedIn(a.app, orgA.admin, 'zh-CN');
    const zh = await made<MsgPage>(zhCaller, '/lfscada/msg/query', {
      type: 'expire',
      equipType: 'project',
      dataId: items.project,
    });
    expect(zh.list[0]).toMatchObject({ title: '到期提醒', note: '项目“Water plant”已到期' });
    // made at the 7-day threshold with 5 days and 1 hour left
    expect(zh.list.map((m) => m.note)).toContain('项目“Water plant”将于 6 天后到期');

    const byMsg = await made<ExpireDetail>(adminA, '/lfscada/msg/getExpireById', { id: project.msgId });
    const byItem = await made<ExpireDetail>(adminA, '/lfscada/msg/getExpireById', {
      equipType: 'project',
      dataId: items.project,
    });
    expect(byMsg).toMatchObject({
      equipType: 'project',
      dataId: items.project,
      name: 'Water plant',
      msgId: project.msgId,
    });
    expect(byItem).toEqual(byMsg);

    expect(await made(adminA, '/lfscada/msg/setIgnore', { id: project.msgId })).toEqual({ changed: 1 });
    const after = await made<ExpireNotice[]>(adminA, '/lfscada/msg/queryExpireNoticeMsg');
    expect(after.find((n) => n.equipType === 'project' && n.dataId === items.project)).toBeUndefined();
  });

  it('keeps another enterprise’s items and reminders out of reach', async () => {
    const mine = await made<ExpireNotice[]>(adminA, '/lfscada/msg/queryExpireNoticeMsg');
    for (const n of mine) {
      expect((await send(adminB, '/lfscada/msg/getExpireById', { id: n.msgId })).code).toBe('90002');
      expect(
        (await send(adminB, '/lfscada/msg/getExpireById', { equipType: n.equipType, dataId: n.dataId })).code,
      ).toBe('90002');
    }
    const theirs = await made<ExpireNotice[]>(adminB, '/lfscada/msg/queryExpireNoticeMsg');
    expect(theirs.map((n) => [n.equipType, n.dataId])).toEqual([['project', items.rivalProject]]);
    // an account that is not told has no reminder, so the item's detail is not its to read
    const notTold = await loggedIn(a.app, 'not-told');
    expect(await made(notTold, '/lfscada/msg/queryExpireNoticeMsg')).toEqual([]);
    expect(
      (await send(notTold, '/lfscada/msg/getExpireById', { equipType: 'card', dataId: items.card })).code,
    ).toBe('90002');
  });
});
