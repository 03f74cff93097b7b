import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Caller, login, loggedIn, TEST_PASSWORD, type TestPlatform } from '../../../test/harness';
import { loggedInOperator, startEnterprisePlatform } from '../../../test/platformFixtures';

let p: TestPlatform;
let acme: { orgId: number; adminId: number; admin: string };
let admin: Caller;
let op: Caller;
/** a role without organisation keys, for accounts that must be refused */
let viewerRole: number;

beforeAll(async () => {
  ({ p, admin, enterprise: acme } = await startEnterprisePlatform('Acme Water'));
  op = await loggedInOperator(p);
  viewerRole = await addRole('Viewer', 'operation', ['monitor_view']);
});
afterAll(() => p.stop());

/** Makes a call that creates something and answers the new id. */
async function newId(caller: Caller, url: string, body: Record<string, unknown>): Promise<number> {
  const res = await caller.post<{ id: number }>(url, body);
  expect(res.body.code, res.body.message).toBe('200');
  return res.body.data.id;
}
const addDept = (name: string, parentId?: number, caller = admin) =>
  newId(caller, '/lfscada/dept/add', { name, parentId });
const addRole = (name: string, roleType: string, permissions: string[] = [], caller = admin) =>
  newId(caller, '/lfscada/role/add', { name, roleType, permissions });
const addAccount = (caller: Caller, fields: Record<string, unknown>) =>
  newId(caller, '/lfscada/account/add', {
    segment: 'int',
    password: TEST_PASSWORD,
    roleId: viewerRole,
    ...fields,
  });

const rows = <T = Record<string, unknown>>(sql: string, ...params: unknown[]) =>
  p.ctx.db.query<T>(sql, params);
const parentOf = async (id: number) =>
  (await rows<{ parent_id: number | null }>('select parent_id from departments where id = $1', id))[0]
    ?.parent_id;

describe('departments', () => {
  it('adds departments nested under each other and lists them with their parent', async () => {
    const root = await addDept('Production');
    const line = await addDept('Line 1', root);
    const cell = await addDept('Cell A', line);
    const list =
      await admin.post<{ id: number; parentId: number | null; name: string }[]>('/lfscada/dept/query');
    expect(list.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: root, parentId: null, name: 'Production' }),
        expect.objectContaining({ id: line, parentId: root, name: 'Line 1' }),
        expect.objectContaining({ id: cell, parentId: line, name: 'Cell A' }),
      ]),
    );
  });

  it('answers 2114 for a name that exists under the same parent in any case, and allows it under another parent', async () => {
    const root = await addDept('Logistics');
    await addDept('North', root);
    const south = await addDept('South', root);
    const dup = await admin.post('/lfscada/dept/add', { name: 'NORTH', parentId: root });
    expect(dup.body).toMatchObject({ code: '2114', message: 'Department name already exists' });
    await addDept('North');
    const rename = await admin.post('/lfscada/dept/edit', { id: south, name: 'north', parentId: root });
    expect(rename.body.code).toBe('2114');
    expect(await rows('select name from departments where id = $1', south)).toEqual([{ name: 'South' }]);
  });

  it('refuses a parent that is the department itself or one of its descendants (1203)', async () => {
    const top = await addDept('Maintenance');
    const mid = await addDept('Electrical', top);
    const leaf = await addDept('Night crew', mid);
    for (const parentId of [top, mid, leaf]) {
      const res = await admin.post('/lfscada/dept/edit', { id: top, name: 'Maintenance', parentId });
      expect(res.body.code).toBe('1203');
    }
    expect(await parentOf(top)).toBeNull();
    expect(
      (await admin.post('/lfscada/dept/edit', { id: leaf, name: 'Night crew', parentId: top })).body.code,
    ).toBe('200');
    expect(await parentOf(leaf)).toBe(top);
  });

  it('refuses to delete a department with sub-departments or accounts (10004) and deletes an empty one', async () => {
    const top = await addDept('Quality');
    const lab = await addDept('Lab', top);
    const staffed = await addDept('Inspectors');
    await addAccount(admin, { loginname: 'dept-staff', deptId: staffed });
    for (const id of [top, staffed]) {
      expect((await admin.post('/lfscada/dept/delete', { id })).body).toMatchObject({
        code: '10004',
        message: 'It is in use and cannot be deleted',
      });
    }
    expect((await admin.post('/lfscada/dept/delete', { id: lab })).body.code).toBe('200');
    expect((await admin.post('/lfscada/dept/delete', { id: top })).body.code).toBe('200');
    expect(await rows('select id from departments where id in ($1, $2)', top, lab)).toEqual([]);
  });

  it('gives accounts whose role lacks dept_manage no access to departments', async () => {
    await addAccount(admin, { loginname: 'dept-viewer' });
    const viewer = await loggedIn(p.app, 'dept-viewer');
    expect((await viewer.post('/lfscada/dept/query')).body.code).toBe('90008');
    expect((await viewer.post('/lfscada/dept/add', { name: 'Sneaky' })).body.code).toBe('90008');
  });
});

describe('roles', () => {
  it('adds, shows, edits and deletes a role', async () => {
    const id = await addRole('Supervisor', 'admin', ['monitor_view', 'dept_manage']);
    const info = await admin.post<Record<string, unknown>>('/lfscada/role/info', { id });
    expect(info.body.data).toMatchObject({
      name: 'Supervisor',
      roleType: 'admin',
      permissions: ['monitor_view', 'dept_manage'],
      accountCount: 0,
    });
    // the browser may also send the keys as one comma list
    const edit = await admin.post('/lfscada/role/edit', {
      id,
      name: 'Shift lead',
      roleType: 'operation',
      permissions: 'monitor_view,gm_view',
    });
    expect(edit.body.code).toBe('200');
    const edited = await admin.post<Record<string, unknown>>('/lfscada/role/info', { id });
    expect(edited.body.data).toMatchObject({
      name: 'Shift lead',
      roleType: 'operation',
      permissions: ['monitor_view', 'gm_view'],
    });
    expect((await admin.post('/lfscada/role/delete', { id })).body.code).toBe('200');
    expect((await admin.post('/lfscada/role/info', { id })).body.code).toBe('90002');
  });

  it('changes what its accounts may do as soon as the role is edited', async () => {
    const id = await addRole('Growing', 'admin', ['monitor_view']);
    await addAccount(admin, { loginname: 'role-grower', roleId: id });
    const grower = await loggedIn(p.app, 'role-grower');
    expect((await grower.post('/lfscada/dept/query')).body.code).toBe('90008');
    await admin.post('/lfscada/role/edit', {
      id,
      name: 'Growing',
      roleType: 'admin',
      permissions: ['monitor_view', 'dept_manage'],
    });
    expect((await grower.post('/lfscada/dept/query')).body.code).toBe('200');
  });

  it('answers 1017 when an operation role would hold an admin key, or any role a platform key', async () => {
    const op1 = await admin.post('/lfscada/role/add', {
      name: 'Bad op',
      roleType: 'operation',
      permissions: ['monitor_view', 'account_manage'],
    });
    expect(op1.body).toMatchObject({
      code: '1017',
      message: 'The role type does not allow the selected permissions',
    });
    const zh = await (
      await loggedIn(p.app, acme.admin, 'zh-CN')
    ).post('/lfscada/role/add', {
      name: 'Bad admin',
      roleType: 'admin',
      permissions: ['platform_enterprise'],
    });
    expect(zh.body).toMatchObject({ code: '1017', message: '角色类型与所选权限不符' });
    const edit = await admin.post('/lfscada/role/edit', {
      id: viewerRole,
      name: 'Viewer',
      roleType: 'operation',
      permissions: ['equipment_manage'],
    });
    expect(edit.body.code).toBe('1017');
    expect(await rows("select id from roles where name in ('Bad op', 'Bad admin')")).toEqual([]);
    expect(await rows('select permissions from roles where id = $1', viewerRole)).toEqual([
      { permissions: ['monitor_view'] },
    ]);
  });

  it('answers 10001 naming an unknown permission key', async () => {
    const res = await admin.post('/lfscada/role/add', {
      name: 'Unknown keys',
      roleType: 'admin',
      permissions: ['monitor_view', 'launch_rockets'],
    });
    expect(res.body.code).toBe('10001');
    expect(res.body.message).toContain('launch_rockets');
  });

  it('answers 2113 for a role name that exists in the enterprise', async () => {
    expect((await admin.post('/lfscada/role/add', { name: 'VIEWER', roleType: 'operation' })).body.code).toBe(
      '2113',
    );
  });

  it('refuses to delete a role that accounts hold (10004)', async () => {
    const id = await addRole('Held', 'operation');
    await addAccount(admin, { loginname: 'role-holder', roleId: id });
    expect((await admin.post('/lfscada/role/delete', { id })).body.code).toBe('10004');
    expect(await rows('select id from roles where id = $1', id)).toHaveLength(1);
  });
});

describe('enterprises, run by the platform operator', () => {
  async function addEnterprise(name: string, adminLoginname: string, extra: Record<string, unknown> = {}) {
    return op.post<{ id: number }>('/lfscada/org/add', {
      name,
      contact: 'Ms Li',
      adminLoginname,
      adminPassword: TEST_PASSWORD,
      ...extra,
    });
  }

  it('adds an enterprise with its admin account, who can log in', async () => {
    const res = await addEnterprise('Bright Energy', 'bright-admin', {
      adminTel: '13900000001',
      maxInternal: 20,
    });
    expect(res.body.code).toBe('200');
    const id = res.body.data.id;
    const list = await op.post<{ list: Record<string, unknown>[] }>('/lfscada/org/query', { name: 'bright' });
    expect(list.body.data.list).toEqual([
      expect.objectContaining({
        id,
        name: 'Bright Energy',
        adminLoginname: 'bright-admin',
        maxInternal: 20,
        disabled: false,
      }),
    ]);
    const signIn = await login(new Caller(p.app), 'bright-admin', TEST_PASSWORD);
    expect(signIn.body.data).toMatchObject({ orgId: id, accountKind: 'enterprise', tel: '13900000001' });
  });

  it('refuses a taken enterprise name (2115), a taken admin name (1015) and a weak admin password (10001)', async () => {
    await addEnterprise('Taken Name Co', 'taken-admin');
    expect((await addEnterprise('TAKEN NAME CO', 'taken-admin-2')).body).toMatchObject({
      code: '2115',
      message: 'Enterprise name already exists',
    });
    expect((await addEnterprise('Fresh Name Co', 'Taken-Admin')).body.code).toBe('1015');
    const weak = await addEnterprise('Weak Pw Co', 'weak-admin', { adminPassword: 'password' });
    expect(weak.body.code).toBe('10001');
    expect(await rows("select id from orgs where name in ('Fresh Name Co', 'Weak Pw Co')")).toEqual([]);
  });

  it('edits an enterprise', async () => {
    const id = (await addEnterprise('Edit Me Co', 'editme-admin')).body.data.id;
    const res = await op.post('/lfscada/org/edit', {
      id,
      name: 'Edited Co',
      contact: 'Mr Wu',
      maxExternal: 3,
    });
    expect(res.body.code).toBe('200');
    const info = await op.post<Record<string, unknown>>('/lfscada/org/info', { id });
    expect(info.body.data).toMatchObject({ name: 'Edited Co', contact: 'Mr Wu', maxExternal: 3 });
  });

  it('switches the telling of alarms learnt late per enterprise, and keeps it when an edit leaves it out', async () => {
    const id = (await addEnterprise('Late News Co', 'latenews-admin')).body.data.id;
    const setting = async () =>
      (await op.post<{ notifyDelayedAlarms: boolean }>('/lfscada/org/info', { id })).body.data
        .notifyDelayedAlarms;
    expect(await setting()).toBe(true);
    expect(
      (await op.post('/lfscada/org/edit', { id, name: 'Late News Co', notifyDelayedAlarms: 'false' })).body
        .code,
    ).toBe('200');
    expect(await setting()).toBe(false);
    expect(await rows(`select notify_delayed_alarms as n from orgs where id = ${Number(id)}`)).toEqual([
      { n: false },
    ]);
    expect(
      (await op.post('/lfscada/org/edit', { id, name: 'Late News Co', contact: 'Ms Li' })).body.code,
    ).toBe('200');
    expect(await setting()).toBe(false);
    expect(
      (await op.post('/lfscada/org/edit', { id, name: 'Late News Co', notifyDelayedAlarms: 'maybe' })).body
        .code,
    ).toBe('10001');
    expect(await setting()).toBe(false);
  });

  it('turns the data center off and on per enterprise, kept when an edit leaves it out', async () => {
    const id = (await addEnterprise('Data Off Co', 'dataoff-admin')).body.data.id;
    const dataAdmin = await loggedIn(p.app, 'dataoff-admin');
    const setting = async () =>
      (await op.post<{ dataCenterEnabled: boolean }>('/lfscada/org/info', { id })).body.data
        .dataCenterEnabled;
    const tree = async () => (await dataAdmin.post('/lfscada/monitor/datacenter/tree')).body.code;
    expect([await setting(), await tree()]).toEqual([true, '200']);
    const off = await op.post('/lfscada/org/edit', { id, name: 'Data Off Co', dataCenterEnabled: 'false' });
    expect(off.body.code).toBe('200');
    expect([await setting(), await tree()]).toEqual([false, '2615']);
    expect((await op.post('/lfscada/org/edit', { id, name: 'Data Off Co', remark: 'x' })).body.code).toBe(
      '200',
    );
    expect(await setting()).toBe(false);
    expect(
      (await op.post('/lfscada/org/edit', { id, name: 'Data Off Co', dataCenterEnabled: 'x' })).body.code,
    ).toBe('10001');
    expect(
      (await op.post('/lfscada/org/edit', { id, name: 'Data Off Co', dataCenterEnabled: true })).body.code,
    ).toBe('200');
    expect([await setting(), await tree()]).toEqual([true, '200']);
  });

  it('disables an enterprise: its users are logged out and refused with 1008 until it is enabled again', async () => {
    const id = (await addEnterprise('Dim Co', 'dim-admin')).body.data.id;
    const dimAdmin = await loggedIn(p.app, 'dim-admin');
    const role = await addRole('Staff', 'operation', [], dimAdmin);
    await addAccount(dimAdmin, { loginname: 'dim-staff', roleId: role });
    const staff = await loggedIn(p.app, 'dim-staff');
    expect((await op.post('/lfscada/org/disable', { id, disabled: true })).body.code).toBe('200');
    for (const [caller, name] of [
      [dimAdmin, 'dim-admin'],
      [staff, 'dim-staff'],
    ] as const) {
      expect((await caller.get('/lfscada/user/info')).body.code).toBe('1006');
      expect((await login(new Caller(p.app), name, TEST_PASSWORD)).body.code).toBe('1008');
    }
    expect((await op.post('/lfscada/org/disable', { id, disabled: false })).body.code).toBe('200');
    expect((await login(new Caller(p.app), 'dim-staff', TEST_PASSWORD)).body.code).toBe('200');
  });

  it('deletes an enterprise only when disabled, with its departments, roles and accounts', async () => {
    const id = (await addEnterprise('Gone Co', 'gone-admin')).body.data.id;
    const goneAdmin = await loggedIn(p.app, 'gone-admin');
    const sub = await addDept('Sub', await addDept('Top', undefined, goneAdmin), goneAdmin);
    const role = await addRole('Staff', 'operation', [], goneAdmin);
    await addAccount(goneAdmin, { loginname: 'gone-staff', roleId: role, deptId: sub });
    await goneAdmin.post('/lfscada/feedback/add', { content: 'Please keep our data safe' });
    const refused = await op.post('/lfscada/org/delete', { id });
    expect(refused.body.code).toBe('10004');
    expect(await rows('select id from orgs where id = $1', id)).toHaveLength(1);
    await op.post('/lfscada/org/disable', { id, disabled: true });
    const res = await op.post('/lfscada/org/delete', { id });
    expect(res.body.code, res.body.message).toBe('200');
    for (const table of ['accounts', 'departments', 'roles']) {
      expect(await rows(`select id from ${table} where org_id = $1`, id), table).toEqual([]);
    }
    expect((await login(new Caller(p.app), 'gone-admin', TEST_PASSWORD)).body.code).toBe('1001');
    expect((await op.post('/lfscada/org/info', { id })).body.code).toBe('90002');
  });
});

describe('my enterprise and form options', () => {
  it('answers the caller’s own enterprise on /lfscada/org/my/info, for admins and sub-accounts alike', async () => {
    const mine = await admin.post<Record<string, unknown>>('/lfscada/org/my/info');
    expect(mine.body.data).toMatchObject({
      id: acme.orgId,
      name: 'Acme Water',
      kind: 'enterprise',
      adminLoginname: acme.admin,
    });
    await addAccount(admin, { loginname: 'my-info-staff' });
    const staff = await loggedIn(p.app, 'my-info-staff');
    expect((await staff.post<{ id: number }>('/lfscada/org/my/info')).body.data.id).toBe(acme.orgId);
  });

  it('offers the departments and roles of the caller’s enterprise on /lfscada/org/options to account managers only', async () => {
    const dept = await addDept('Options dept');
    const res = await admin.post<{
      departments: { id: number }[];
      roles: { id: number; name: string; roleType: string }[];
    }>('/lfscada/org/options');
    expect(res.body.data.departments.map((d) => d.id)).toContain(dept);
    expect(res.body.data.roles).toContainEqual({ id: viewerRole, name: 'Viewer', roleType: 'operation' });
    await addAccount(admin, { loginname: 'options-viewer' });
    const viewer = await loggedIn(p.app, 'options-viewer');
    expect((await viewer.post('/lfscada/org/options')).body.code).toBe('90008');
  });
});

describe('user calls', () => {
  it('saves a setting from a form body (value as JSON text) and answers it as JSON, per account', async () => {
    const value = { theme: 'dark', columns: ['name', 'sn'], pageSize: 20 };
    expect(
      (await admin.post('/lfscada/user/config/save', { key: 'device.list', value: JSON.stringify(value) }))
        .body.code,
    ).toBe('200');
    expect((await admin.post('/lfscada/user/config/query', { key: 'device.list' })).body.data).toEqual(value);
    await admin.post('/lfscada/user/config/save', {
      key: 'device.list',
      value: JSON.stringify({ theme: 'light' }),
    });
    expect((await admin.post('/lfscada/user/config/query', { key: 'device.list' })).body.data).toEqual({
      theme: 'light',
    });
    await admin.post('/lfscada/user/config/save', { key: 'greeting', value: 'hello there' });
    expect((await admin.post('/lfscada/user/config/query', { key: 'greeting' })).body.data).toBe(
      'hello there',
    );
    await addAccount(admin, { loginname: 'config-other' });
    const other = await loggedIn(p.app, 'config-other');
    expect((await other.post('/lfscada/user/config/query', { key: 'device.list' })).body).toMatchObject({
      code: '200',
      data: null,
    });
  });

  it('refuses feedback of fewer than 10 characters with 10001 and stores longer feedback', async () => {
    const short = await admin.post('/lfscada/feedback/add', { content: '  too short ' });
    expect(short.body.code).toBe('10001');
    expect(short.body.message).toMatch(/content/);
    const res = await admin.post<{ id: number }>('/lfscada/feedback/add', {
      content: '报警声音太小了，请加大音量',
      contact: 'ops@acme.test',
    });
    expect(res.body.code).toBe('200');
    expect(await rows('select account_id, content from feedback where id = $1', res.body.data.id)).toEqual([
      { account_id: acme.adminId, content: '报警声音太小了，请加大音量' },
    ]);
  });

  it('answers the theme on /lfscada/style/loadStyle without a login, titled in the caller language', async () => {
    const en = await new Caller(p.app, 'en-US').post<Record<string, unknown>>('/lfscada/style/loadStyle');
    expect(en.body.code).toBe('200');
    expect(en.body.data).toMatchObject({ isNew: false, webLoginPath: '', webMainPath: '' });
    expect(en.body.data.title).toMatch(/Industrial IoT/);
    const zh = await new Caller(p.app, 'zh-CN').post<Record<string, unknown>>('/lfscada/style/loadStyle');
    expect(zh.body.data.title).toMatch(/[\u4e00-\u9fff]/);
  });
});
