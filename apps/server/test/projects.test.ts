import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedIn, type Caller, type TestPlatform } from './harness';
import { made, send } from './deviceFixtures';
import { startEnterprisePlatform } from './platformFixtures';
import {
  addDevice,
  addProject,
  addProjectPage,
  bulkAccounts,
  projectBase as base,
  type ProjectRowT,
} from './projectFixtures';

interface EquipRow {
  projectId: number;
  equipmentId: number;
  title: string;
  key: string;
  name: string;
  sn: string;
  gatewayStatus: string | null;
}
interface Member {
  id: number;
  loginname: string;
  pagePmsn: { pageId: number; pageName: string; pmsn: string }[];
}
interface Listed<T> {
  list: T[];
  total: number;
}

let p: TestPlatform;
let admin: Caller;
let orgId: number;

beforeAll(async () => {
  let enterprise;
  ({ p, admin, enterprise } = await startEnterprisePlatform('Acme Projects'));
  orgId = enterprise.orgId;
});
afterAll(() => p.stop());

describe('projects', () => {
  it('adds, lists, edits and deletes projects with the fields of seed 001', async () => {
    const row = await addProject(admin, 'Water plant', { remark: 'North site', seq: 2 });
    expect(row).toMatchObject({
      name: 'Water plant',
      remark: 'North site',
      seq: 2,
      errorValShow: 'custom',
      errorDefaultVal: '0',
      pageCount: 0,
      equipCount: 0,
      accountCount: 0,
      shared: false,
      hasSharePwd: false,
      createdBy: 'acmeprojects-admin',
    });
    const first = await addProject(admin, 'Boiler house', { seq: 1, errorValShow: 'last' });
    expect((await send(admin, `${base}/add`, { name: 'WATER PLANT' })).code).toBe('2110');

    const listed = await made<Listed<ProjectRowT>>(admin, `${base}/queryAll`, { keyword: 'north' });
    expect(listed.list.map((r) => r.id)).toEqual([row.id]);
    const paged = await made<Listed<ProjectRowT>>(admin, `${base}/queryAll`, { pageNum: 1, pageSize: 1 });
    expect(paged.list.map((r) => r.id)).toEqual([first.id]);
    expect(paged.total).toBeGreaterThanOrEqual(2);

    const edited = await made<ProjectRowT>(admin, `${base}/edit`, {
      id: row.id,
      name: 'Water works',
      errorValShow: 'last',
      errorDefaultVal: '--',
    });
    expect(edited).toMatchObject({
      name: 'Water works',
      remark: '',
      errorValShow: 'last',
      errorDefaultVal: '--',
    });
    expect((await send(admin, `${base}/edit`, { id: row.id, name: 'boiler HOUSE' })).code).toBe('2110');
    expect((await send(admin, `${base}/edit`, { id: row.id, name: 'X', errorValShow: 'none' })).code).toBe(
      '10001',
    );

    const pageId = await addProjectPage(admin, first.id, 'Overview');
    const device = await addDevice(admin, 'Doomed boiler');
    await made(admin, `${base}/equip/add`, { projectId: first.id, equips: [{ equipmentId: device }] });
    expect(
      (await made<ProjectRowT>(admin, `${base}/edit`, { id: first.id, name: 'Boiler house' })).pageCount,
    ).toBe(1);
    expect(await made(admin, `${base}/delete`, { id: first.id })).toBeNull();
    expect((await send(admin, `${base}/info`, { id: first.id })).code).toBe('2604');
    expect((await send(admin, '/lfscada/configuration/page/info', { id: pageId })).code).toBe('1903');
    const left = await p.ctx.db.query('select 1 from project_equipment where project_id = $1', [first.id]);
    expect(left).toHaveLength(0);
  });

  it('lists every project of the enterprise for project_manage in queryAllByUser, with expiry', async () => {
    const { id } = await addProject(admin, 'Expiring plant', { seq: 0 });
    const home = await addProjectPage(admin, id, 'Home');
    await p.ctx.db.query("update projects set expires_at = now() - interval '1 day' where id = $1", [id]);
    const rows = await made<{ id: number; manage: boolean; expired: boolean; homePageId: number }[]>(
      admin,
      `${base}/queryAllByUser`,
    );
    expect(rows.find((r) => r.id === id)).toMatchObject({
      manage: true,
      expired: true,
      homePageId: home,
      pageCount: 1,
    });
    const info = await made<{ pages: { id: number; access: string }[]; expired: boolean }>(
      admin,
      `${base}/info`,
      { id },
    );
    expect(info).toMatchObject({
      expired: true,
      pages: [{ id: home, name: 'Home', access: 'manage', checkpwd: false }],
    });
    const listed = await made<Listed<ProjectRowT>>(admin, `${base}/queryAll`, { keyword: 'Expiring' });
    expect(listed.list[0]!.id).toBe(id);
  });

  it('stores the share password hashed, removes it when empty and keeps one link token', async () => {
    const { id } = await addProject(admin, 'Shared plant');
    expect(await made(admin, `${base}/editSharePwd`, { id, sharePwd: 'abc123' })).toBeNull();
    const [stored] = await p.ctx.db.query<{ h: string }>(
      'select share_password_hash as h from projects where id = $1',
      [id],
    );
    expect(stored!.h).toMatch(/^scrypt\$/);
    expect(stored!.h).not.toContain('abc123');
    expect(await made(admin, `${base}/queryShareInfo`, { id })).toEqual({
      id,
      shared: false,
      token: null,
      hasPassword: true,
      perms: [],
    });
    expect((await send(admin, `${base}/editSharePwd`, { id, sharePwd: 'ab' })).code).toBe('10001');
    expect((await send(admin, `${base}/editSharePwd`, { id, sharePwd: 'has space' })).code).toBe('10001');

    const on = await made<{ token: string; shared: boolean; perms: string[] }>(
      admin,
      `${base}/editShareAuth`,
      {
        id,
        shared: true,
        perms: ['alarms', 'writeData'],
      },
    );
    expect(on).toMatchObject({ shared: true, hasPassword: true, perms: ['alarms', 'writeData'] });
    expect(on.token).toMatch(/^[\w-]{20,}$/);
    const off = await made<{ token: string }>(admin, `${base}/editShareAuth`, {
      id,
      shared: false,
      perms: [],
    });
    expect(off).toMatchObject({ shared: false, token: on.token, perms: [] });
    expect(
      (await send(admin, `${base}/editShareAuth`, { id, shared: true, perms: ['everything'] })).code,
    ).toBe('10001');
    await made(admin, `${base}/editSharePwd`, { id, sharePwd: '' });
    expect(await made(admin, `${base}/queryShareInfo`, { id })).toMatchObject({ hasPassword: false });
  });

  it('saves the page order of a project and refuses an order that misses a page', async () => {
    const { id } = await addProject(admin, 'Ordered plant');
    const a = await addProjectPage(admin, id, 'A');
    const b = await addProjectPage(admin, id, 'B');
    const c = await addProjectPage(admin, id, 'C');
    const rows = await made<{ id: number; seq: number }[]>(admin, `${base}/seq/save`, {
      projectId: id,
      ids: [c, a, b],
    });
    expect(rows.map((r) => [r.id, r.seq])).toEqual([
      [c, 0],
      [a, 1],
      [b, 2],
    ]);
    expect((await send(admin, `${base}/seq/save`, { projectId: id, ids: [a, b] })).code).toBe('10001');
    const info = await made<{ homePageId: number; pages: { id: number }[] }>(admin, `${base}/info`, { id });
    expect(info.homePageId).toBe(c);
    expect(info.pages.map((pg) => pg.id)).toEqual([c, a, b]);
  });
});

describe('project equipment', () => {
  it('binds devices with unique keys, lists them and unbinds them', async () => {
    const { id } = await addProject(admin, 'Keyed plant');
    const pump = await addDevice(admin, 'Pump 1');
    const tank = await addDevice(admin, 'Tank 1');
    const valve = await addDevice(admin, 'Valve 1');
    const free = await made<Listed<{ id: number }>>(admin, `${base}/equip/queryNoBindEquip`, {
      projectId: id,
      keyword: ' 1',
      pageSize: 100,
    });
    expect(free.list.map((d) => d.id)).toEqual(expect.arrayContaining([pump, tank, valve]));

    const added = await made<EquipRow[]>(admin, `${base}/equip/add`, {
      projectId: id,
      equips: [{ equipmentId: pump, key: 'pump' }, { equipmentId: tank }],
    });
    expect(added).toMatchObject([
      { equipmentId: pump, key: 'pump', title: 'Pump 1', name: 'Pump 1', sn: '', gatewayStatus: null },
      { equipmentId: tank, key: 'E1', title: 'Tank 1' },
    ]);
    // keys are unique in the project whatever their case, also within one call
    const dupKey = await send(admin, `${base}/equip/add`, {
      projectId: id,
      equips: [{ equipmentId: valve, key: 'PUMP' }],
    });
    expect(dupKey.code).toBe('2607');
    expect(dupKey.message).toBe('This device key is already used in the project: PUMP');
    const twice = await send(admin, `${base}/equip/add`, {
      projectId: id,
      equips: [
        { equipmentId: valve, key: 'v' },
        { equipmentId: valve, key: 'w' },
      ],
    });
    expect(twice.code).toBe('10001');
    const bound = await send(admin, `${base}/equip/add`, { projectId: id, equips: [{ equipmentId: pump }] });
    expect(bound.code).toBe('2611');
    expect(bound.message).toBe('The device is already bound to this project: Pump 1');

    await made(admin, `${base}/equip/add`, {
      projectId: id,
      equips: [{ equipmentId: valve, title: 'Main valve' }],
    });
    const all = await made<EquipRow[]>(admin, `${base}/equip/queryAll`, { projectId: id });
    expect(all.map((e) => [e.key, e.title])).toEqual([
      ['E1', 'Tank 1'],
      ['E2', 'Main valve'],
      ['pump', 'Pump 1'],
    ]);
    const page = await made<Listed<EquipRow>>(admin, `${base}/equip/query`, {
      projectId: id,
      pageSize: 2,
      pageNum: 2,
    });
    expect(page).toMatchObject({ total: 3, list: [{ key: 'pump' }] });
    const found = await made<Listed<EquipRow>>(admin, `${base}/equip/query`, {
      projectId: id,
      keyword: 'valve',
    });
    expect(found.list.map((e) => e.equipmentId)).toEqual([valve]);

    const renamed = await made<EquipRow>(admin, `${base}/equip/updateKey`, {
      projectId: id,
      equipmentId: tank,
      key: 'tank_1',
      title: 'Storage tank',
    });
    expect(renamed).toMatchObject({ key: 'tank_1', title: 'Storage tank', name: 'Tank 1' });
    expect(
      (await send(admin, `${base}/equip/updateKey`, { projectId: id, equipmentId: valve, key: 'Tank_1' }))
        .code,
    ).toBe('2607');
    expect(
      (
        await made<EquipRow>(admin, `${base}/equip/updateKey`, {
          projectId: id,
          equipmentId: tank,
          key: 'TANK_1',
        })
      ).key,
    ).toBe('TANK_1');
    const stray = await addDevice(admin, 'Stray');
    expect(
      (await send(admin, `${base}/equip/updateKey`, { projectId: id, equipmentId: stray, key: 'x' })).code,
    ).toBe('2610');
    expect(
      (await send(admin, `${base}/equip/delete`, { projectId: id, equipmentIds: [pump, stray] })).code,
    ).toBe('2610');
    expect(await made<EquipRow[]>(admin, `${base}/equip/queryAll`, { projectId: id })).toHaveLength(3);

    await made(admin, `${base}/equip/delete`, { projectId: id, equipmentIds: [pump] });
    expect(
      (await made<EquipRow[]>(admin, `${base}/equip/queryAll`, { projectId: id })).map((e) => e.key),
    ).toEqual(['E2', 'TANK_1']);
    const again = await made<Listed<{ id: number }>>(admin, `${base}/equip/queryNoBindEquip`, {
      projectId: id,
      keyword: 'Pump 1',
    });
    expect(again.list.map((d) => d.id)).toEqual([pump]);
  });
});

describe('project members and page permissions', () => {
  it('adds, edits and deletes members with per-page permissions', async () => {
    const { id } = await addProject(admin, 'Staffed plant');
    const other = await addProject(admin, 'Other plant');
    const overview = await addProjectPage(admin, id, 'Overview');
    const detail = await addProjectPage(admin, id, 'Detail');
    const foreign = await addProjectPage(admin, other.id, 'Elsewhere');
    const [ann, bob] = await bulkAccounts(p.ctx.db, orgId, 'staff', 2);

    const candidates = await made<{ id: number }[]>(admin, `${base}/pmsn/queryNoPmsnUser`, {
      projectId: id,
      keyword: 'staff',
    });
    expect(candidates.map((a) => a.id)).toEqual([ann, bob]);
    const members = await made<Member[]>(admin, `${base}/pmsn/add`, {
      projectId: id,
      accountIds: [ann],
      pagePmsn: [
        { pageId: overview, pmsn: 'operate' },
        { pageId: detail, pmsn: 'view' },
      ],
    });
    expect(members).toMatchObject([
      {
        id: ann,
        loginname: 'staff-1',
        kind: 'internal',
        pagePmsn: [
          { pageId: overview, pageName: 'Overview', pmsn: 'operate' },
          { pageId: detail, pageName: 'Detail', pmsn: 'view' },
        ],
      },
    ]);
    const exists = await send(admin, `${base}/pmsn/add`, { projectId: id, accountIds: [bob, ann] });
    expect(exists.code).toBe('2613');
    expect(exists.message).toBe('The account already has permissions on this project: staff-1');
    const wrongPage = await send(admin, `${base}/pmsn/add`, {
      projectId: id,
      accountIds: [bob],
      pagePmsn: [{ pageId: foreign }],
    });
    expect(wrongPage.code).toBe('2612');
    expect((await send(admin, `${base}/pmsn/add`, { projectId: id, accountIds: [999999] })).code).toBe(
      '90002',
    );
    expect(await made<Member[]>(admin, `${base}/pmsn/query`, { projectId: id })).toHaveLength(1);

    const edited = await made<Member>(admin, `${base}/pmsn/edit`, {
      projectId: id,
      accountId: ann,
      pagePmsn: [{ pageId: detail, pmsn: 'operate' }],
    });
    expect(edited.pagePmsn).toEqual([{ pageId: detail, pageName: 'Detail', pmsn: 'operate' }]);
    expect(
      (await send(admin, `${base}/pmsn/edit`, { projectId: id, accountId: bob, pagePmsn: [] })).code,
    ).toBe('2614');
    expect((await send(admin, `${base}/pmsn/delete`, { projectId: id, accountIds: [ann, bob] })).code).toBe(
      '2614',
    );
    // form-encoded, as the browser sends it
    const form = await admin.post(`${base}/pmsn/delete`, { projectId: id, accountIds: [ann] });
    expect(form.body.code).toBe('200');
    expect(await made(admin, `${base}/pmsn/query`, { projectId: id })).toEqual([]);
    expect(await p.ctx.db.query('select 1 from project_page_pmsn where project_id = $1', [id])).toHaveLength(
      0,
    );
  });

  it('allows 50 members (2602) and 10 members with a permission on one page (1902)', async () => {
    const { id } = await addProject(admin, 'Crowded plant');
    const page = await addProjectPage(admin, id, 'Busy page');
    const quiet = await addProjectPage(admin, id, 'Quiet page');
    const accounts = await bulkAccounts(p.ctx.db, orgId, 'crowd', 51);

    await made(admin, `${base}/pmsn/add`, {
      projectId: id,
      accountIds: accounts.slice(0, 10),
      pagePmsn: [{ pageId: page }],
    });
    const eleventh = await send(admin, `${base}/pmsn/add`, {
      projectId: id,
      accountIds: [accounts[10]],
      pagePmsn: [{ pageId: quiet }, { pageId: page }],
    });
    expect(eleventh.code).toBe('1902');
    expect(eleventh.message).toBe('A page can have at most 10 permissions');
    const refusedRows = await p.ctx.db.query('select 1 from project_accounts where account_id = $1', [
      accounts[10],
    ]);
    expect(refusedRows).toHaveLength(0);
    await made(admin, `${base}/pmsn/add`, { projectId: id, accountIds: accounts.slice(10, 50) });
    const moved = await send(admin, `${base}/pmsn/edit`, {
      projectId: id,
      accountId: accounts[20],
      pagePmsn: [{ pageId: page }],
    });
    expect(moved.code).toBe('1902');
    // a member keeping its own permission on the full page is not counted twice
    await made(admin, `${base}/pmsn/edit`, {
      projectId: id,
      accountId: accounts[0],
      pagePmsn: [{ pageId: page, pmsn: 'operate' }],
    });

    const fiftyFirst = await send(admin, `${base}/pmsn/add`, { projectId: id, accountIds: [accounts[50]] });
    expect(fiftyFirst.code).toBe('2602');
    expect(fiftyFirst.message).toBe('At most 50 accounts can be authorized on a project');
    const stored = await p.ctx.db.query<{ n: number }>(
      'select count(*)::int as n from project_accounts where project_id = $1',
      [id],
    );
    expect(stored[0]!.n).toBe(50);
    const onPage = await p.ctx.db.query<{ n: number }>(
      'select count(*)::int as n from project_page_pmsn where page_id = $1',
      [page],
    );
    expect(onPage[0]!.n).toBe(10);
  });

  it('holds the member limit and unique keys when two calls race', async () => {
    const { id } = await addProject(admin, 'Raced plant');
    const accounts = await bulkAccounts(p.ctx.db, orgId, 'race', 60);
    const [one, two] = await Promise.all([
      send(admin, `${base}/pmsn/add`, { projectId: id, accountIds: accounts.slice(0, 30) }),
      send(admin, `${base}/pmsn/add`, { projectId: id, accountIds: accounts.slice(30, 60) }),
    ]);
    expect([one.code, two.code].sort()).toEqual(['200', '2602']);
    expect(await made<Member[]>(admin, `${base}/pmsn/query`, { projectId: id })).toHaveLength(30);

    const [left, right] = [await addDevice(admin, 'Race left'), await addDevice(admin, 'Race right')];
    const keyed = await Promise.all(
      [left, right].map((equipmentId) =>
        send(admin, `${base}/equip/add`, { projectId: id, equips: [{ equipmentId, key: 'same' }] }),
      ),
    );
    expect(keyed.map((r) => r.code).sort()).toEqual(['200', '2607']);
    expect(await made<EquipRow[]>(admin, `${base}/equip/queryAll`, { projectId: id })).toHaveLength(1);
  });

  it('answers 2601 for the 101st page of a project', async () => {
    const { id } = await addProject(admin, 'Full plant');
    await addProjectPage(admin, id, 'Home');
    await p.ctx.db.query(
      `insert into pages (org_id, project_id, name, seq, document)
       select $1, $2, 'P' || n, n, '{}'::jsonb from generate_series(1, 99) n`,
      [orgId, id],
    );
    const refused = await send(admin, '/lfscada/configuration/page/add', {
      ownerKind: 'project',
      ownerId: id,
      name: 'One more',
    });
    expect(refused.code).toBe('2601');
    expect(refused.message).toBe('A project can have at most 100 pages');
    expect((await made<ProjectRowT>(admin, `${base}/edit`, { id, name: 'Full plant' })).pageCount).toBe(100);
  });
});

describe('bad input', () => {
  it('answers catalogue errors in zh-CN and en-US and stores nothing', async () => {
    const zh = await loggedIn(p.app, 'acmeprojects-admin', 'zh-CN');
    const { id } = await addProject(admin, 'Strict plant');
    const device = await addDevice(admin, 'Strict pump');
    await made(admin, `${base}/equip/add`, { projectId: id, equips: [{ equipmentId: device, key: 'K1' }] });

    const emptyEn = await send(admin, `${base}/add`, { name: '' });
    const emptyZh = await send(zh, `${base}/add`, { name: '' });
    expect([emptyEn.code, emptyZh.code]).toEqual(['10001', '10001']);
    expect(emptyEn.message).toMatch(/^Parameter check failed: name/);
    expect(emptyZh.message).toMatch(/^参数校验失败：name/);

    const badKey = await send(zh, `${base}/equip/updateKey`, {
      projectId: id,
      equipmentId: device,
      key: '1abc',
    });
    expect(badKey.code).toBe('10001');
    expect(badKey.message).toContain('key');
    const other = await addDevice(admin, 'Strict valve');
    const dupZh = await send(zh, `${base}/equip/add`, {
      projectId: id,
      equips: [{ equipmentId: other, key: 'k1' }],
    });
    expect(dupZh).toMatchObject({ code: '2607', message: '设备标识在该项目中已存在：k1' });
    expect((await send(zh, `${base}/info`, { id: 987654 })).message).toBe('项目不存在或无权访问');
    expect((await send(admin, `${base}/info`, { id: 'abc' })).code).toBe('10001');
    expect((await send(zh, `${base}/pmsn/add`, { projectId: id, accountIds: [] })).code).toBe('10001');

    const all = await made<EquipRow[]>(admin, `${base}/equip/queryAll`, { projectId: id });
    expect(all.map((e) => e.key)).toEqual(['K1']);
    const names = await p.ctx.db.query('select 1 from projects where org_id = $1 and name = $2', [orgId, '']);
    expect(names).toHaveLength(0);
  });
});
