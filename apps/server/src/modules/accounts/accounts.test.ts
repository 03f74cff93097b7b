import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Caller,
  login,
  loggedIn,
  makeEnterprise,
  makePlatformOperator,
  TEST_PASSWORD,
  type TestPlatform,
} from '../../../test/harness';
import { startEnterprisePlatform } from '../../../test/platformFixtures';

let p: TestPlatform;
let acme: { orgId: number; adminId: number; admin: string };
let admin: Caller;
/** an operation role holding monitor_view only: its accounts may not manage accounts */
let operatorRole: number;
let managerRole: number;
let plant: number;

beforeAll(async () => {
  ({ p, admin, enterprise: acme } = await startEnterprisePlatform('Acme Water'));
  const role = (body: Record<string, unknown>) => admin.post<{ id: number }>('/lfscada/role/add', body);
  operatorRole = (await role({ name: 'Operator', roleType: 'operation', permissions: ['monitor_view'] })).body
    .data.id;
  managerRole = (await role({ name: 'Manager', roleType: 'admin', permissions: ['account_manage'] })).body
    .data.id;
  plant = (await admin.post<{ id: number }>('/lfscada/dept/add', { name: 'Plant' })).body.data.id;
});
afterAll(() => p.stop());

/** Creates an account through the API: an internal one with the operator role unless told otherwise. */
function addAccount(caller: Caller, fields: Record<string, unknown>) {
  return caller.post<{ id: number }>('/lfscada/account/add', {
    segment: 'int',
    password: TEST_PASSWORD,
    roleId: operatorRole,
    ...fields,
  });
}

async function created(caller: Caller, fields: Record<string, unknown>): Promise<number> {
  const res = await addAccount(caller, fields);
  expect(res.body.code, res.body.message).toBe('200');
  return res.body.data.id;
}

async function stored(loginname: string) {
  const rows = await p.ctx.db.query<{
    id: number;
    kind: string;
    org_id: number;
    disabled: boolean;
    tel: string;
  }>('select id, kind, org_id, disabled, tel from accounts where lower(loginname) = lower($1)', [loginname]);
  return rows[0];
}

describe('creating accounts', () => {
  it('creates an internal account in a department with a role, and it can log in with that role', async () => {
    const id = await created(admin, {
      loginname: 'int-alice',
      deptId: plant,
      tel: '13800000001',
      remark: 'night shift',
    });
    const info = await admin.post<Record<string, unknown>>('/lfscada/account/info', { id });
    expect(info.body.data).toMatchObject({
      loginname: 'int-alice',
      kind: 'internal',
      orgId: acme.orgId,
      deptName: 'Plant',
      roleName: 'Operator',
      tel: '13800000001',
    });
    const res = await login(new Caller(p.app), 'int-alice', TEST_PASSWORD);
    expect(res.body.code).toBe('200');
    expect(res.body.data).toMatchObject({ roleType: 'operation', auths: ['monitor_view'], deptId: plant });
  });

  it('creates an external account that is listed under ext and not under int', async () => {
    const id = await created(admin, { segment: 'ext', loginname: 'ext-bob', company: 'Pump Service Ltd' });
    expect((await stored('ext-bob'))?.kind).toBe('external');
    const ext = await admin.post<{ list: { id: number }[] }>('/lfscada/account/query', { segment: 'ext' });
    const int = await admin.post<{ list: { id: number }[] }>('/lfscada/account/query', { segment: 'int' });
    expect(ext.body.data.list.map((a) => a.id)).toContain(id);
    expect(int.body.data.list.map((a) => a.id)).not.toContain(id);
  });

  it('requires a role for internal and external accounts (10003)', async () => {
    for (const segment of ['int', 'ext']) {
      const res = await addAccount(admin, { segment, loginname: `no-role-${segment}`, roleId: '' });
      expect(res.body.code).toBe('10003');
    }
    expect(await stored('no-role-int')).toBeUndefined();
  });

  it('refuses a role or department of another enterprise, storing nothing', async () => {
    const other = await makeEnterprise(p.ctx.db, 'Other Works');
    const otherAdmin = await loggedIn(p.app, other.admin);
    const foreignRole = (
      await otherAdmin.post<{ id: number }>('/lfscada/role/add', { name: 'Theirs', roleType: 'operation' })
    ).body.data.id;
    const foreignDept = (await otherAdmin.post<{ id: number }>('/lfscada/dept/add', { name: 'Their dept' }))
      .body.data.id;
    expect((await addAccount(admin, { loginname: 'cross-role', roleId: foreignRole })).body.code).toBe(
      '90002',
    );
    expect((await addAccount(admin, { loginname: 'cross-dept', deptId: foreignDept })).body.code).toBe(
      '90002',
    );
    expect(await stored('cross-role')).toBeUndefined();
    expect(await stored('cross-dept')).toBeUndefined();
  });

  it('answers 1015 for a username that exists, in any letter case and in any enterprise', async () => {
    await created(admin, { loginname: 'Case-Carol' });
    const en = await addAccount(admin, { loginname: 'case-CAROL' });
    expect(en.body).toMatchObject({ code: '1015', message: 'This username already exists' });
    const zh = await addAccount(await loggedIn(p.app, acme.admin, 'zh-CN'), {
      loginname: acme.admin.toUpperCase(),
    });
    expect(zh.body).toMatchObject({ code: '1015', message: '用户名已存在' });
  });

  it('answers 1016 for a phone number in use, on create and on edit, but keeps an unchanged own phone', async () => {
    await created(admin, { loginname: 'tel-dave', tel: '13800000002' });
    const erin = await created(admin, { loginname: 'tel-erin', tel: '13800000003' });
    const dup = await addAccount(admin, { loginname: 'tel-frank', tel: '13800000002' });
    expect(dup.body).toMatchObject({ code: '1016', message: 'This phone number is already in use' });
    expect(await stored('tel-frank')).toBeUndefined();
    const edit = await admin.post('/lfscada/account/edit', {
      id: erin,
      tel: '13800000002',
      roleId: operatorRole,
    });
    expect(edit.body.code).toBe('1016');
    expect((await stored('tel-erin'))?.tel).toBe('13800000003');
    const same = await admin.post('/lfscada/account/edit', {
      id: erin,
      tel: '13800000003',
      roleId: operatorRole,
      remark: 'kept',
    });
    expect(same.body.code).toBe('200');
  });

  it('refuses a remark longer than 20 characters with 10001 and accepts 20', async () => {
    const long = await addAccount(admin, { loginname: 'remark-long', remark: 'x'.repeat(21) });
    expect(long.body.code).toBe('10001');
    expect(long.body.message).toMatch(/remark/);
    expect(await stored('remark-long')).toBeUndefined();
    await created(admin, { loginname: 'remark-ok', remark: '备'.repeat(20) });
  });

  it('answers 1013 and 1014 when the enterprise reaches its internal or external account limit', async () => {
    const db = p.ctx.db;
    await db.query(
      `update orgs set max_internal = (select count(*) from accounts where org_id = $1 and kind = 'internal'),
                       max_external = (select count(*) from accounts where org_id = $1 and kind = 'external') where id = $1`,
      [acme.orgId],
    );
    try {
      const int = await addAccount(admin, { loginname: 'over-int' });
      expect(int.body).toMatchObject({
        code: '1013',
        message: 'The internal account limit has been reached',
      });
      const ext = await addAccount(admin, { segment: 'ext', loginname: 'over-ext' });
      expect(ext.body).toMatchObject({
        code: '1014',
        message: 'The external account limit has been reached',
      });
      expect(await stored('over-int')).toBeUndefined();
    } finally {
      await db.query('update orgs set max_internal = null, max_external = null where id = $1', [acme.orgId]);
    }
  });
});

describe('the password rule of docs/requirements/account-security.md §2.1 on account calls', () => {
  it.each(['Abcdef12', 'abc_1234', 'ABC!def9', 'Zx9_Zx9_Zx9_Zx9', 'p@ssW0rd?'])(
    'accepts %s, and the account logs in with it',
    async (pw) => {
      const loginname = `pw-ok-${pw.replace(/[^A-Za-z0-9]/g, '')}`;
      await created(admin, { loginname, password: pw });
      expect((await login(new Caller(p.app), loginname, pw)).body.code).toBe('200');
    },
  );

  it.each([
    ['Ab1_xyz', /8-15 characters/, /8-15位/],
    ['Abcdefgh_123456x', /8-15 characters/, /8-15位/],
    ['abcdefgh12', /at least three of/, /至少包含.*三种/],
    ['Abcdef12😀', /only letters, digits/, /只能包含字母/],
    ['Ab_111xyz', /three times in a row, such as 111/, /连续重复/],
    ['aaabbbC1_', /three times in a row/, /aaabbb/],
  ])('rejects %s with 10001 explaining the rule in the caller language', async (pw, en, zh) => {
    const enRes = await addAccount(admin, { loginname: 'pw-bad', password: pw });
    expect(enRes.body.code).toBe('10001');
    expect(enRes.body.message).toMatch(/^Parameter check failed: /);
    expect(enRes.body.message).toMatch(en);
    const zhRes = await addAccount(await loggedIn(p.app, acme.admin, 'zh-CN'), {
      loginname: 'pw-bad',
      password: pw,
    });
    expect(zhRes.body.code).toBe('10001');
    expect(zhRes.body.message).toMatch(/^参数校验失败：/);
    expect(zhRes.body.message).toMatch(zh);
    expect(await stored('pw-bad')).toBeUndefined();
  });

  it('applies the same rule when a password is reset', async () => {
    const id = await created(admin, { loginname: 'pw-reset-bad' });
    const res = await admin.post('/lfscada/account/resetPwd', { id, password: 'short1A' });
    expect(res.body.code).toBe('10001');
    expect(res.body.message).toMatch(/8-15 characters/);
  });
});

describe('deleting accounts', () => {
  it('refuses to delete your own account with 1018', async () => {
    const res = await admin.post('/lfscada/account/delete', { id: acme.adminId });
    expect(res.body).toMatchObject({ code: '1018', message: 'You cannot delete your own account' });
    const managerId = await created(admin, { loginname: 'del-self-mgr', roleId: managerRole });
    const manager = await loggedIn(p.app, 'del-self-mgr', 'zh-CN');
    expect((await manager.post('/lfscada/account/delete', { id: managerId })).body).toMatchObject({
      code: '1018',
      message: '不能删除自己的账号',
    });
    expect(await stored('del-self-mgr')).toBeDefined();
  });

  it('deletes only internal accounts: external accounts and enterprise admins answer 1019', async () => {
    const ext = await created(admin, { segment: 'ext', loginname: 'del-ext' });
    const res = await admin.post('/lfscada/account/delete', { id: ext });
    expect(res.body).toMatchObject({ code: '1019', message: 'Only internal accounts can be deleted' });
    expect(await stored('del-ext')).toBeDefined();
    const { operator } = await makePlatformOperator(p.ctx.db, 'del-operator');
    const op = await loggedIn(p.app, operator);
    expect((await op.post('/lfscada/account/delete', { id: acme.adminId })).body.code).toBe('1019');
    expect(await stored(acme.admin)).toBeDefined();
  });

  it('deletes an internal account, which can no longer log in, and hands its data to the enterprise admin', async () => {
    const id = await created(admin, { loginname: 'del-gina', deptId: plant });
    const gina = await loggedIn(p.app, 'del-gina');
    expect((await admin.post('/lfscada/account/delete', { id })).body.code).toBe('200');
    expect(await stored('del-gina')).toBeUndefined();
    expect((await gina.get('/lfscada/user/info')).body.code).toBe('1006');
    expect((await login(new Caller(p.app), 'del-gina', TEST_PASSWORD)).body.code).toBe('1001');
    expect((await admin.post('/lfscada/account/info', { id })).body.code).toBe('90002');
    const [log] = await p.ctx.db.query<{ detail: { heir: number } }>(
      "select detail from operation_log where action = 'account.delete' and object_id = $1",
      [String(id)],
    );
    expect(log?.detail.heir).toBe(acme.adminId);
  });
});

describe('disabling, enabling and resetting passwords', () => {
  it('disables an account: its open session answers 1006 and a new login 1008; enabling lets it in again', async () => {
    const id = await created(admin, { loginname: 'dis-hank' });
    const hank = await loggedIn(p.app, 'dis-hank');
    expect((await admin.post('/lfscada/account/disable', { id, disabled: true })).body.code).toBe('200');
    expect((await stored('dis-hank'))?.disabled).toBe(true);
    expect((await hank.get('/lfscada/user/info')).body.code).toBe('1006');
    const refused = await login(new Caller(p.app), 'dis-hank', TEST_PASSWORD);
    expect(refused.body).toMatchObject({ code: '1008', message: 'This account has been disabled' });
    expect((await admin.post('/lfscada/account/disable', { id, disabled: false })).body.code).toBe('200');
    expect((await login(new Caller(p.app), 'dis-hank', TEST_PASSWORD)).body.code).toBe('200');
  });

  it('does not let an admin disable their own account', async () => {
    expect(
      (await admin.post('/lfscada/account/disable', { id: acme.adminId, disabled: true })).body.code,
    ).toBe('90008');
    expect((await stored(acme.admin))?.disabled).toBe(false);
  });

  it('resets a password: open sessions end, the new password works and the old one does not', async () => {
    const id = await created(admin, { loginname: 'reset-ivy' });
    const ivy = await loggedIn(p.app, 'reset-ivy');
    expect((await admin.post('/lfscada/account/resetPwd', { id, password: 'Fresh_pass2' })).body.code).toBe(
      '200',
    );
    expect((await ivy.get('/lfscada/user/info')).body.code).toBe('1006');
    expect((await login(new Caller(p.app), 'reset-ivy', 'Fresh_pass2')).body.code).toBe('200');
    expect((await login(new Caller(p.app), 'reset-ivy', TEST_PASSWORD)).body.code).toBe('1001');
  });
});

describe('who may manage accounts', () => {
  it('gives an account whose role lacks account_manage no access to any account call', async () => {
    const target = await created(admin, { loginname: 'perm-target' });
    await created(admin, { loginname: 'perm-jack' });
    const jack = await loggedIn(p.app, 'perm-jack');
    const calls: [string, Record<string, unknown>][] = [
      ['/lfscada/account/query', { segment: 'int' }],
      ['/lfscada/account/info', { id: target }],
      [
        '/lfscada/account/add',
        { segment: 'int', loginname: 'perm-new', password: TEST_PASSWORD, roleId: operatorRole },
      ],
      ['/lfscada/account/edit', { id: target, roleId: operatorRole, remark: 'changed' }],
      ['/lfscada/account/disable', { id: target, disabled: true }],
      ['/lfscada/account/resetPwd', { id: target, password: 'Fresh_pass2' }],
      ['/lfscada/account/delete', { id: target }],
    ];
    for (const [url, body] of calls) {
      const res = await jack.post(url, body);
      expect(res.body, url).toMatchObject({ code: '90008', message: 'You do not have access', data: null });
    }
    expect(await stored('perm-new')).toBeUndefined();
    expect((await stored('perm-target'))?.disabled).toBe(false);
  });

  it('lets an internal account whose role holds account_manage manage the sub-accounts of its enterprise', async () => {
    await created(admin, { loginname: 'perm-kate', roleId: managerRole });
    const kate = await loggedIn(p.app, 'perm-kate');
    const id = await created(kate, { loginname: 'perm-kates-hire' });
    expect((await kate.post('/lfscada/account/disable', { id, disabled: true })).body.code).toBe('200');
    expect(
      (await kate.post('/lfscada/account/disable', { id: acme.adminId, disabled: true })).body.code,
    ).toBe('90002');
  });

  it('keeps enterprise admins out of the co and op segments', async () => {
    for (const segment of ['co', 'op']) {
      expect((await admin.post('/lfscada/account/query', { segment })).body.code).toBe('90008');
      const add = await addAccount(admin, { segment, loginname: `seg-${segment}`, orgId: acme.orgId });
      expect(add.body.code).toBe('90008');
      expect(await stored(`seg-${segment}`)).toBeUndefined();
    }
  });
});

describe('the platform operator', () => {
  let op: Caller;
  beforeAll(async () => {
    const { operator } = await makePlatformOperator(p.ctx.db, 'ops-lead');
    op = await loggedIn(p.app, operator);
  });

  it('lists the enterprise admins of every enterprise, filtered by enterprise on request', async () => {
    const other = await makeEnterprise(p.ctx.db, 'Listed Co');
    const all = await op.post<{ list: { loginname: string; orgName: string; kind: string }[] }>(
      '/lfscada/account/query',
      { segment: 'co', pageSize: 100 },
    );
    expect(all.body.code).toBe('200');
    expect(all.body.data.list.map((a) => a.loginname)).toEqual(
      expect.arrayContaining([acme.admin, other.admin]),
    );
    expect(all.body.data.list.every((a) => a.kind === 'enterprise')).toBe(true);
    const one = await op.post<{ list: { loginname: string }[] }>('/lfscada/account/query', {
      segment: 'co',
      orgId: other.orgId,
    });
    expect(one.body.data.list.map((a) => a.loginname)).toEqual([other.admin]);
  });

  it('creates enterprise admins, at most 5 per enterprise (2901)', async () => {
    const five = await makeEnterprise(p.ctx.db, 'Five Admins');
    for (let i = 2; i <= 5; i++)
      await created(op, { segment: 'co', loginname: `five-admin-${i}`, orgId: five.orgId });
    const sixth = await addAccount(op, { segment: 'co', loginname: 'five-admin-6', orgId: five.orgId });
    expect(sixth.body).toMatchObject({ code: '2901', message: 'An enterprise can have at most 5 accounts' });
    expect(await stored('five-admin-6')).toBeUndefined();
    const second = await login(new Caller(p.app), 'five-admin-2', TEST_PASSWORD);
    expect(second.body.data).toMatchObject({
      orgId: five.orgId,
      accountKind: 'enterprise',
      roleType: 'admin',
    });
    expect(second.body.data.auths).toContain('account_manage');
  });

  it('needs an existing enterprise for a new enterprise admin', async () => {
    expect((await addAccount(op, { segment: 'co', loginname: 'co-no-org' })).body.code).toBe('10003');
    expect((await addAccount(op, { segment: 'co', loginname: 'co-bad-org', orgId: 999999 })).body.code).toBe(
      '1011',
    );
  });

  it('creates and lists operation accounts, which log in with the platform keys', async () => {
    const id = await created(op, { segment: 'op', loginname: 'ops-second' });
    const list = await op.post<{ list: { id: number }[] }>('/lfscada/account/query', { segment: 'op' });
    expect(list.body.data.list.map((a) => a.id)).toContain(id);
    const res = await login(new Caller(p.app), 'ops-second', TEST_PASSWORD);
    expect(res.body.data).toMatchObject({ accountKind: 'operation' });
    expect(res.body.data.auths).toEqual(expect.arrayContaining(['platform_enterprise', 'platform_account']));
  });

  it('has no access to the sub-accounts of enterprises', async () => {
    expect((await op.post('/lfscada/account/query', { segment: 'int' })).body.code).toBe('90008');
    const id = (await stored('int-alice'))!.id;
    const info = await op.post('/lfscada/account/info', { id });
    expect(info.body.code).toBe('90002');
    expect(JSON.stringify(info.body)).not.toContain('int-alice');
  });
});
