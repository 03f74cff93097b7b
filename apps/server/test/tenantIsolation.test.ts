import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Caller,
  loggedIn,
  makeEnterprise,
  startTestPlatform,
  TEST_PASSWORD,
  type TestPlatform,
} from './harness';

/**
 * Two enterprises, Alpha (A) and Bravo (B), each with departments, roles and internal and
 * external accounts. Everything of B carries the word "bravo", so a leak shows in the JSON text.
 */
interface Tenant {
  orgId: number;
  adminId: number;
  /** the enterprise admin, logged in */
  admin: Caller;
  /** an internal account whose role manages accounts, departments and roles, logged in */
  manager: Caller;
  managerId: number;
  top: number;
  sub: number;
  /** a department without accounts or children */
  spare: number;
  /** the managers' admin role */
  role: number;
  /** a role nobody holds */
  spareRole: number;
  inner: number;
  outer: number;
}

let p: TestPlatform;
let a: Tenant;
let b: Tenant;

async function made<T = { id: number }>(
  caller: Caller,
  url: string,
  body: Record<string, unknown>,
): Promise<T> {
  const res = await caller.post<T>(url, body);
  if (res.body.code !== '200') throw new Error(`${url}: ${res.body.message}`);
  return res.body.data;
}

async function buildTenant(word: string, telPrefix: string): Promise<Tenant> {
  const Word = word[0]!.toUpperCase() + word.slice(1);
  const { orgId, adminId, admin: adminName } = await makeEnterprise(p.ctx.db, `${Word} Mining`);
  const admin = await loggedIn(p.app, adminName);
  const top = (await made(admin, '/lfscada/dept/add', { name: `${Word} pit` })).id;
  const sub = (await made(admin, '/lfscada/dept/add', { name: `${Word} crusher`, parentId: top })).id;
  const spare = (await made(admin, '/lfscada/dept/add', { name: `${Word} spare` })).id;
  const permissions = ['monitor_view', 'operation_log', 'account_manage', 'dept_manage', 'role_manage'];
  const role = (
    await made(admin, '/lfscada/role/add', { name: `${Word} managers`, roleType: 'admin', permissions })
  ).id;
  const spareRole = (await made(admin, '/lfscada/role/add', { name: `${Word} idle`, roleType: 'operation' }))
    .id;
  const account = (fields: Record<string, unknown>) =>
    made(admin, '/lfscada/account/add', { segment: 'int', password: TEST_PASSWORD, roleId: role, ...fields });
  const inner = (
    await account({ loginname: `${word}-inner`, tel: `${telPrefix}01`, deptId: sub, contact: `${Word} Wang` })
  ).id;
  const outer = (
    await account({
      segment: 'ext',
      loginname: `${word}-outer`,
      company: `${Word} Haulage`,
      roleId: spareRole,
    })
  ).id;
  const managerId = (await account({ loginname: `${word}-manager`, deptId: top })).id;
  const manager = await loggedIn(p.app, `${word}-manager`);
  return { orgId, adminId, admin, manager, managerId, top, sub, spare, role, spareRole, inner, outer };
}

/** Every stored row of both enterprises, and how many rows there are in all. */
async function everything() {
  const rows = (sql: string, orgId: number) => p.ctx.db.query(sql, [orgId]);
  const org = async (orgId: number) => ({
    org: await rows('select * from orgs where id = $1', orgId),
    accounts: await rows('select * from accounts where org_id = $1 order by id', orgId),
    departments: await rows('select * from departments where org_id = $1 order by id', orgId),
    roles: await rows('select * from roles where org_id = $1 order by id', orgId),
    sessions: await rows(
      'select token_hash, account_id from sessions where org_id = $1 order by token_hash',
      orgId,
    ),
  });
  const [counts] = await p.ctx.db.query(
    'select (select count(*) from orgs) as orgs, (select count(*) from accounts) as accounts, (select count(*) from departments) as departments, (select count(*) from roles) as roles',
  );
  return { a: await org(a.orgId), b: await org(b.orgId), counts };
}

beforeAll(async () => {
  p = await startTestPlatform();
  a = await buildTenant('alpha', '136000000');
  b = await buildTenant('bravo', '137000000');
  await loggedIn(p.app, 'bravo-inner'); // B has open sessions that must survive A's attempts
});
afterAll(() => p.stop());

type Body = (a: Tenant, b: Tenant) => Record<string, unknown>;

/** Every account, department and role call of A that names an id of B. */
const foreignCalls: [string, string, Body][] = [
  ['account/info of B’s internal account', '/lfscada/account/info', (_, b) => ({ id: b.inner })],
  ['account/info of B’s external account', '/lfscada/account/info', (_, b) => ({ id: b.outer })],
  ['account/info of B’s enterprise admin', '/lfscada/account/info', (_, b) => ({ id: b.adminId })],
  [
    'account/edit of B’s account',
    '/lfscada/account/edit',
    (a, b) => ({ id: b.inner, tel: '13999999999', roleId: a.role, deptId: a.top, remark: 'moved' }),
  ],
  [
    'account/edit of B’s account with B’s role',
    '/lfscada/account/edit',
    (_, b) => ({ id: b.outer, roleId: b.role, remark: 'promoted' }),
  ],
  [
    'account/edit of A’s account naming B’s role',
    '/lfscada/account/edit',
    (a, b) => ({ id: a.inner, roleId: b.role }),
  ],
  [
    'account/edit of A’s account naming B’s department',
    '/lfscada/account/edit',
    (a, b) => ({ id: a.inner, roleId: a.role, deptId: b.top }),
  ],
  ['account/disable of B’s account', '/lfscada/account/disable', (_, b) => ({ id: b.inner, disabled: true })],
  [
    'account/disable of B’s enterprise admin',
    '/lfscada/account/disable',
    (_, b) => ({ id: b.adminId, disabled: true }),
  ],
  [
    'account/resetPwd of B’s account',
    '/lfscada/account/resetPwd',
    (_, b) => ({ id: b.inner, password: 'Taken_over1' }),
  ],
  [
    'account/resetPwd of B’s enterprise admin',
    '/lfscada/account/resetPwd',
    (_, b) => ({ id: b.adminId, password: 'Taken_over1' }),
  ],
  ['account/delete of B’s internal account', '/lfscada/account/delete', (_, b) => ({ id: b.inner })],
  ['account/delete of B’s account manager', '/lfscada/account/delete', (_, b) => ({ id: b.managerId })],
  [
    'account/add naming B’s role',
    '/lfscada/account/add',
    (_, b) => ({ segment: 'int', loginname: 'alpha-sneak-1', password: TEST_PASSWORD, roleId: b.role }),
  ],
  [
    'account/add naming B’s department',
    '/lfscada/account/add',
    (a, b) => ({
      segment: 'ext',
      loginname: 'alpha-sneak-2',
      password: TEST_PASSWORD,
      roleId: a.role,
      deptId: b.top,
    }),
  ],
  [
    'account/query with B’s department',
    '/lfscada/account/query',
    (_, b) => ({ segment: 'int', deptId: b.sub }),
  ],
  [
    'account/query of external accounts with B’s department',
    '/lfscada/account/query',
    (_, b) => ({ segment: 'ext', deptId: b.top }),
  ],
  [
    'account/query with B’s enterprise',
    '/lfscada/account/query',
    (_, b) => ({ segment: 'int', orgId: b.orgId }),
  ],
  [
    'account/query of external accounts with B’s enterprise',
    '/lfscada/account/query',
    (_, b) => ({ segment: 'ext', orgId: b.orgId }),
  ],
  ['dept/edit of B’s department', '/lfscada/dept/edit', (_, b) => ({ id: b.top, name: 'Alpha owned' })],
  [
    'dept/edit moving B’s department under A’s',
    '/lfscada/dept/edit',
    (a, b) => ({ id: b.sub, name: 'Alpha owned', parentId: a.top }),
  ],
  [
    'dept/edit moving A’s department under B’s',
    '/lfscada/dept/edit',
    (a, b) => ({ id: a.sub, name: 'Alpha crusher', parentId: b.top }),
  ],
  ['dept/delete of B’s department', '/lfscada/dept/delete', (_, b) => ({ id: b.spare })],
  [
    'dept/add under B’s department',
    '/lfscada/dept/add',
    (_, b) => ({ name: 'Alpha sneak', parentId: b.top }),
  ],
  ['role/info of B’s role', '/lfscada/role/info', (_, b) => ({ id: b.role })],
  [
    'role/edit of B’s role',
    '/lfscada/role/edit',
    (_, b) => ({ id: b.role, name: 'Alpha owned', roleType: 'operation', permissions: ['monitor_view'] }),
  ],
  ['role/delete of B’s role', '/lfscada/role/delete', (_, b) => ({ id: b.spareRole })],
];

const callers = [
  ['the enterprise admin of A', (t: Tenant) => t.admin],
  ['an internal account of A whose role manages accounts, departments and roles', (t: Tenant) => t.manager],
] as const;

describe.each(callers)('%s naming an id of enterprise B', (_who, callerOf) => {
  it.each(foreignCalls)(
    'gets an error and no data for %s, and nothing is stored',
    async (_name, url, body) => {
      const before = await everything();
      const res = await callerOf(a).post(url, body(a, b));
      expect(res.body.code).not.toBe('200');
      expect(res.body.code).not.toBe('201');
      expect(res.body.data).toBeNull();
      expect(JSON.stringify(res.body)).not.toMatch(/bravo/i);
      expect(await everything()).toEqual(before);
    },
  );

  it('gets the same answer for an id of B as for an id that does not exist', async () => {
    const caller = callerOf(a);
    for (const url of ['/lfscada/account/info', '/lfscada/role/info', '/lfscada/dept/delete']) {
      const foreignId = url.startsWith('/lfscada/account')
        ? b.inner
        : url.startsWith('/lfscada/role')
          ? b.role
          : b.spare;
      const foreign = await caller.post(url, { id: foreignId });
      const missing = await caller.post(url, { id: 987654321 });
      expect(foreign.body, url).toEqual(missing.body);
    }
  });
});

describe('lists of enterprise A', () => {
  const lists: [string, Record<string, unknown>][] = [
    ['/lfscada/account/query', { segment: 'int', pageSize: 500 }],
    ['/lfscada/account/query', { segment: 'ext', pageSize: 500 }],
    ['/lfscada/account/query', { segment: 'int', keyword: 'bravo' }],
    ['/lfscada/dept/query', {}],
    ['/lfscada/role/query', {}],
    ['/lfscada/org/options', {}],
    ['/lfscada/org/queryCompanyAndExternal', {}],
    ['/lfscada/org/my/info', {}],
    ['/lfscada/user/operationlog/query', { pageSize: 500 }],
  ];

  it.each(lists)('%s %j never contains a row of B', async (url, body) => {
    for (const caller of [a.admin, a.manager]) {
      const res = await caller.post(url, body);
      expect(res.body.code, res.body.message).toBe('200');
      expect(JSON.stringify(res.body.data)).not.toMatch(/bravo/i);
    }
  });

  it('lists A’s own rows, so the lists above are not empty by accident', async () => {
    const accounts = await a.admin.post<{ list: { id: number; orgId: number }[] }>('/lfscada/account/query', {
      segment: 'int',
      pageSize: 500,
    });
    expect(accounts.body.data.list.map((x) => x.id)).toEqual(expect.arrayContaining([a.inner, a.managerId]));
    expect(accounts.body.data.list.every((x) => x.orgId === a.orgId)).toBe(true);
    const byDept = await a.admin.post<{ list: { id: number }[] }>('/lfscada/account/query', {
      segment: 'int',
      deptId: a.sub,
      orgId: a.orgId,
    });
    expect(byDept.body.data.list.map((x) => x.id)).toEqual([a.inner]);
    const depts = await a.admin.post<{ id: number }[]>('/lfscada/dept/query');
    expect(depts.body.data.map((d) => d.id).sort()).toEqual([a.top, a.sub, a.spare].sort());
    const roles = await a.admin.post<{ id: number }[]>('/lfscada/role/query');
    expect(roles.body.data.map((r) => r.id).sort()).toEqual([a.role, a.spareRole].sort());
  });
});

describe('enterprise calls', () => {
  const orgCalls: [string, Body][] = [
    ['/lfscada/org/query', () => ({})],
    ['/lfscada/org/info', (_, b) => ({ id: b.orgId })],
    [
      '/lfscada/org/add',
      () => ({ name: 'Alpha Spinoff', adminLoginname: 'alpha-spinoff', adminPassword: TEST_PASSWORD }),
    ],
    ['/lfscada/org/edit', (_, b) => ({ id: b.orgId, name: 'Alpha owned' })],
    ['/lfscada/org/edit', (a) => ({ id: a.orgId, name: 'Alpha renamed', maxInternal: 1000 })],
    ['/lfscada/org/disable', (_, b) => ({ id: b.orgId, disabled: true })],
    ['/lfscada/org/delete', (_, b) => ({ id: b.orgId })],
  ];

  it.each(orgCalls)('gives enterprise accounts no access to %s', async (url, body) => {
    for (const caller of [a.admin, a.manager]) {
      const before = await everything();
      const res = await caller.post(url, body(a, b));
      expect(res.body).toMatchObject({ code: '90008', data: null });
      expect(await everything()).toEqual(before);
    }
  });
});
