import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENROLL_MAX_ATTEMPTS } from '@fieldhub/shared';
import { Caller, login, TEST_PASSWORD, type TestPlatform } from '../../../test/harness';
import { otherEnterpriseAdmin, startEnterprisePlatform } from '../../../test/platformFixtures';

let p: TestPlatform;
let acme: { orgId: number; adminId: number; admin: string };
let admin: Caller;
let operatorRole: number;
let plant: number;
let ipSerial = 0;

beforeAll(async () => {
  ({ p, admin, enterprise: acme } = await startEnterprisePlatform('Acme Water'));
  operatorRole = (
    await admin.post<{ id: number }>('/lfscada/role/add', {
      name: 'Operator',
      roleType: 'operation',
      permissions: ['monitor_view'],
    })
  ).body.data.id;
  plant = (await admin.post<{ id: number }>('/lfscada/dept/add', { name: 'Plant' })).body.data.id;
});
afterAll(() => p.stop());

interface Envelope<T> {
  code: string;
  message: string;
  data: T;
}

/** A public call from a browser of its own address (the rate limit counts per address). */
async function publicCall<T = unknown>(
  url: string,
  body: Record<string, unknown>,
  ip = nextIp(),
  lang = 'en-US',
) {
  const res = await p.app.inject({
    method: 'POST',
    url,
    remoteAddress: ip,
    headers: { 'content-type': 'application/json', 'accept-language': lang },
    payload: JSON.stringify(body),
  });
  return res.json() as Envelope<T>;
}
const nextIp = () => `10.0.${Math.floor(++ipSerial / 250)}.${(ipSerial % 250) + 1}`;

async function invite(fields: Record<string, unknown> = {}, caller = admin) {
  return (
    await caller.post<{ id: number; code: string }>(
      '/lfscada/enroll/add',
      { via: 'code', roleId: operatorRole, deptId: plant, ...fields },
      true,
    )
  ).body;
}

async function invited(fields: Record<string, unknown> = {}) {
  const res = await invite(fields);
  expect(res.code, res.message).toBe('200');
  return res.data;
}

const person = (loginname: string, extra: Record<string, unknown> = {}) => ({
  loginname,
  password: TEST_PASSWORD,
  confirm: TEST_PASSWORD,
  contact: `Person ${loginname}`,
  tel: '',
  ...extra,
});

async function stored(loginname: string) {
  return (
    await p.ctx.db.query<{
      id: number;
      org_id: number;
      role_id: number;
      dept_id: number;
      kind: string;
      contact: string;
    }>(
      'select id, org_id, role_id, dept_id, kind, contact from accounts where lower(loginname) = lower($1)',
      [loginname],
    )
  )[0];
}

async function invitation(id: number) {
  const list = (
    await admin.post<{ list: { id: number; used: number; state: string; pending: number }[] }>(
      '/lfscada/enroll/query',
      { pageSize: 500 },
      true,
    )
  ).body.data.list;
  return list.find((i) => i.id === id);
}

describe('invitations (account-security.md §4.1)', () => {
  it('creates a code bound to a role and department, lists it and writes the operation log', async () => {
    const { id, code } = await invited({ maxUses: 3 });
    expect(code).toMatch(/^[A-Z2-9]{10}$/);
    expect(await invitation(id)).toMatchObject({ used: 0, state: 'active', pending: 0 });
    const log = await p.ctx.db.query<{ action: string }>(
      "select action from operation_log where object_type = 'invitation' and object_id = $1",
      [String(id)],
    );
    expect(log.map((l) => l.action)).toEqual(['enroll.invite']);
  });

  it('takes a chosen role uuid once and answers 3401 for it again, in any letter case', async () => {
    const first = await invite({ via: 'role', roleUuid: 'night-shift-2026' });
    expect(first.code).toBe('200');
    expect(first.data.code).toBe('night-shift-2026');
    const again = await invite({ via: 'role', roleUuid: 'NIGHT-shift-2026' });
    expect(again).toMatchObject({ code: '3401', message: 'This role UUID already exists' });
    const drawn = await invited({ via: 'role' });
    expect(drawn.code).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses an expiry in the past (10005) and a role or department of another enterprise (90002)', async () => {
    expect((await invite({ expiresAt: Date.now() - 1000 })).code).toBe('10005');
    const rival = await otherEnterpriseAdmin(p, 'Rival Works');
    const theirRole = (
      await rival.post<{ id: number }>('/lfscada/role/add', { name: 'Theirs', roleType: 'operation' })
    ).body.data.id;
    const theirDept = (await rival.post<{ id: number }>('/lfscada/dept/add', { name: 'Theirs' })).body.data
      .id;
    expect((await invite({ roleId: theirRole })).code).toBe('90002');
    expect((await invite({ deptId: theirDept })).code).toBe('90002');
  });

  it('keeps invitations to their enterprise: another admin neither lists nor revokes them', async () => {
    const { id } = await invited();
    const rival = await otherEnterpriseAdmin(p, 'Other Isolation Co');
    const list = (await rival.post<{ list: { id: number }[] }>('/lfscada/enroll/query', {}, true)).body.data
      .list;
    expect(list.map((i) => i.id)).not.toContain(id);
    expect((await rival.post('/lfscada/enroll/revoke', { id }, true)).body.code).toBe('90002');
    expect((await invitation(id))?.state).toBe('active');
  });

  it('needs account_manage (90008)', async () => {
    const { code } = await invited();
    expect(
      (await publicCall('/lfscada/enroll/register', { via: 'code', code, ...person('no-manage') })).code,
    ).toBe('200');
    const caller = new Caller(p.app);
    await login(caller, 'no-manage', TEST_PASSWORD);
    expect((await caller.post('/lfscada/enroll/query', {}, true)).body.code).toBe('90008');
    expect(
      (await caller.post('/lfscada/enroll/add', { via: 'code', roleId: operatorRole }, true)).body.code,
    ).toBe('90008');
  });
});

describe('registering through a link (account-security.md §4.2)', () => {
  it('tells what the link joins and registers an account that logs in with the role and department', async () => {
    const { id, code } = await invited();
    const info = await publicCall('/lfscada/enroll/info', { via: 'code', code: code.toLowerCase() });
    expect(info).toMatchObject({
      code: '200',
      data: { orgName: 'Acme Water', roleName: 'Operator', deptName: 'Plant', needsApproval: false },
    });
    const res = await publicCall('/lfscada/enroll/register', {
      via: 'code',
      code,
      ...person('enr-alice', { tel: '13900000001' }),
    });
    expect(res).toMatchObject({ code: '200', data: { state: 'approved' } });
    expect(await stored('enr-alice')).toMatchObject({
      org_id: acme.orgId,
      role_id: operatorRole,
      dept_id: plant,
      kind: 'internal',
      contact: 'Person enr-alice',
    });
    const caller = new Caller(p.app);
    expect((await login(caller, 'enr-alice', TEST_PASSWORD)).body.data).toMatchObject({
      auths: ['monitor_view'],
    });
    expect((await invitation(id))?.used).toBe(1);
    const log = await p.ctx.db.query<{ action: string; loginname: string; org_id: number }>(
      "select action, loginname, org_id from operation_log where action = 'enroll.register' and loginname = 'enr-alice'",
    );
    expect(log).toEqual([{ action: 'enroll.register', loginname: 'enr-alice', org_id: acme.orgId }]);
  });

  it('registers through /register/{roleuuid} only with the role link, not as a code', async () => {
    await invited({ via: 'role', roleUuid: 'field-team' });
    expect((await publicCall('/lfscada/enroll/info', { via: 'code', code: 'field-team' })).code).toBe('3402');
    const res = await publicCall('/lfscada/enroll/register', {
      via: 'role',
      code: 'field-team',
      ...person('enr-role'),
    });
    expect(res.data).toEqual({ state: 'approved' });
    expect(await stored('enr-role')).toBeDefined();
  });

  it('answers 3402 for an unknown or revoked code, 3403 once expired and 3404 once used up, storing nothing', async () => {
    expect((await publicCall('/lfscada/enroll/info', { via: 'code', code: 'NOSUCHCODE' })).code).toBe('3402');
    const revoked = await invited();
    expect((await admin.post('/lfscada/enroll/revoke', { id: revoked.id }, true)).body.code).toBe('200');
    const r1 = await publicCall('/lfscada/enroll/register', {
      via: 'code',
      code: revoked.code,
      ...person('enr-rev'),
    });
    expect(r1).toMatchObject({
      code: '3402',
      message: 'This invitation link is not valid or has been revoked',
    });

    const expiring = await invited({ expiresAt: p.clock.now().getTime() + 30 * 60_000 });
    p.clock.advanceMinutes(31);
    const r2 = await publicCall(
      '/lfscada/enroll/register',
      { via: 'code', code: expiring.code, ...person('enr-exp') },
      nextIp(),
      'zh-CN',
    );
    expect(r2).toMatchObject({ code: '3403', message: '邀请链接已过期' });
    expect((await invitation(expiring.id))?.state).toBe('expired');

    const once = await invited({ maxUses: 1 });
    expect(
      (await publicCall('/lfscada/enroll/register', { via: 'code', code: once.code, ...person('enr-once') }))
        .code,
    ).toBe('200');
    const r3 = await publicCall('/lfscada/enroll/register', {
      via: 'code',
      code: once.code,
      ...person('enr-twice'),
    });
    expect(r3.code).toBe('3404');
    expect((await invitation(once.id))?.state).toBe('usedUp');
    for (const name of ['enr-rev', 'enr-exp', 'enr-twice']) expect(await stored(name)).toBeUndefined();
  });

  it('applies the password rule and the confirmation (10001), a taken name (1015) and phone (1016)', async () => {
    const { id, code } = await invited();
    const weak = await publicCall('/lfscada/enroll/register', {
      via: 'code',
      code,
      ...person('enr-weak', { password: 'abcdefgh12', confirm: 'abcdefgh12' }),
    });
    expect(weak.code).toBe('10001');
    expect(weak.message).toMatch(/at least three of/);
    const mismatch = await publicCall('/lfscada/enroll/register', {
      via: 'code',
      code,
      ...person('enr-mismatch', { confirm: 'Other_pass1' }),
    });
    expect(mismatch.code).toBe('10001');
    expect(
      (await publicCall('/lfscada/enroll/register', { via: 'code', code, ...person(acme.admin) })).code,
    ).toBe('1015');
    await publicCall('/lfscada/enroll/register', {
      via: 'code',
      code,
      ...person('enr-tel1', { tel: '13900000009' }),
    });
    const tel = await publicCall('/lfscada/enroll/register', {
      via: 'code',
      code,
      ...person('enr-tel2', { tel: '13900000009' }),
    });
    expect(tel.code).toBe('1016');
    expect(await stored('enr-weak')).toBeUndefined();
    expect(await stored('enr-tel2')).toBeUndefined();
    expect((await invitation(id))?.used).toBe(1);
  });

  it('gives one of two registrations of the same name at the same moment the account, the other 1015', async () => {
    const first = await invited();
    const second = await invited();
    const codes = (
      await Promise.all(
        [first, second].map((i) =>
          publicCall('/lfscada/enroll/register', { via: 'code', code: i.code, ...person('enr-race') }),
        ),
      )
    ).map((r) => r.code);
    expect(codes.sort()).toEqual(['1015', '200']);
    const pending = await invited({ needsApproval: true });
    const other = await invited({ needsApproval: true });
    const filed = (
      await Promise.all(
        [pending, other].map((i) =>
          publicCall('/lfscada/enroll/register', {
            via: 'code',
            code: i.code,
            ...person('enr-race-pending'),
          }),
        ),
      )
    ).map((r) => r.code);
    expect(filed.sort()).toEqual(['1015', '200']);
  });

  it("respects the enterprise's internal and external account limits (1013, 1014)", async () => {
    const int = await invited();
    const ext = await invited({ kind: 'external' });
    await p.ctx.db.query(
      `update orgs set max_internal = (select count(*) from accounts where org_id = $1 and kind = 'internal'),
                       max_external = (select count(*) from accounts where org_id = $1 and kind = 'external') where id = $1`,
      [acme.orgId],
    );
    try {
      expect(
        (
          await publicCall('/lfscada/enroll/register', {
            via: 'code',
            code: int.code,
            ...person('enr-over-int'),
          })
        ).code,
      ).toBe('1013');
      expect(
        (
          await publicCall('/lfscada/enroll/register', {
            via: 'code',
            code: ext.code,
            ...person('enr-over-ext'),
          })
        ).code,
      ).toBe('1014');
      expect((await invitation(int.id))?.used).toBe(0);
    } finally {
      await p.ctx.db.query('update orgs set max_internal = null, max_external = null where id = $1', [
        acme.orgId,
      ]);
    }
  });

  it(`rate-limits an address after ${ENROLL_MAX_ATTEMPTS} public calls in the window (90010)`, async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < ENROLL_MAX_ATTEMPTS; i++)
      expect((await publicCall('/lfscada/enroll/info', { via: 'code', code: `GUESS${i}` }, ip)).code).toBe(
        '3402',
      );
    const { code } = await invited();
    expect(
      (await publicCall('/lfscada/enroll/register', { via: 'code', code, ...person('enr-limited') }, ip))
        .code,
    ).toBe('90010');
    expect((await publicCall('/lfscada/enroll/info', { via: 'code', code }, '10.9.9.10')).code).toBe('200');
    p.clock.advanceMinutes(11);
    expect((await publicCall('/lfscada/enroll/info', { via: 'code', code }, ip)).code).toBe('200');
  });
});

describe('approval (account-security.md §4.2)', () => {
  async function pendingId(loginname: string): Promise<number> {
    const list = (
      await admin.post<{ list: { id: number; loginname: string; state: string }[] }>(
        '/lfscada/enroll/requests',
        { state: 'pending' },
        true,
      )
    ).body.data.list;
    return list.find((e) => e.loginname === loginname)!.id;
  }

  it('files a registration for approval; approving makes the account, which then logs in', async () => {
    const { id, code } = await invited({ needsApproval: true });
    const res = await publicCall('/lfscada/enroll/register', { via: 'code', code, ...person('enr-pending') });
    expect(res.data).toEqual({ state: 'pending' });
    expect(await stored('enr-pending')).toBeUndefined();
    // nothing to log in with until approved
    expect(await invitation(id)).toMatchObject({ used: 1, pending: 1 });
    // the same name cannot be filed twice while it waits
    expect(
      (await publicCall('/lfscada/enroll/register', { via: 'code', code, ...person('ENR-pending') })).code,
    ).toBe('1015');

    const request = await pendingId('enr-pending');
    const approved = await admin.post<{ id: number }>('/lfscada/enroll/approve', { id: request }, true);
    expect(approved.body.code).toBe('200');
    expect((await stored('enr-pending'))?.id).toBe(approved.body.data.id);
    expect((await login(new Caller(p.app), 'enr-pending', TEST_PASSWORD)).body.code).toBe('200');
    // decided once
    expect((await admin.post('/lfscada/enroll/approve', { id: request }, true)).body.code).toBe('90009');
  });

  it('refusing gives the use back and makes no account; another enterprise cannot decide', async () => {
    const { id, code } = await invited({ needsApproval: true, maxUses: 1 });
    await publicCall('/lfscada/enroll/register', { via: 'code', code, ...person('enr-refused') });
    const request = await pendingId('enr-refused');
    const rival = await otherEnterpriseAdmin(p, 'Deciding Rival');
    expect((await rival.post('/lfscada/enroll/approve', { id: request }, true)).body.code).toBe('90002');
    expect((await rival.post('/lfscada/enroll/refuse', { id: request }, true)).body.code).toBe('90002');
    const rivalList = (await rival.post<{ list: unknown[] }>('/lfscada/enroll/requests', {}, true)).body.data
      .list;
    expect(rivalList).toEqual([]);
    expect((await admin.post('/lfscada/enroll/refuse', { id: request }, true)).body.code).toBe('200');
    expect(await stored('enr-refused')).toBeUndefined();
    expect(await invitation(id)).toMatchObject({ used: 0, pending: 0, state: 'active' });
    const actions = await p.ctx.db.query<{ action: string }>(
      "select action from operation_log where action = 'enroll.refuse' and org_id = $1",
      [acme.orgId],
    );
    expect(actions).toHaveLength(1);
  });
});
