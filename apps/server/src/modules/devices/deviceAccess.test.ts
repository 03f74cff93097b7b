import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedIn, makeEnterprise, type Caller, type TestPlatform } from '../../../test/harness';
import { made, role, send, subAccount } from '../../../test/deviceFixtures';
import { startEnterprisePlatform } from '../../../test/platformFixtures';

const base = '/lfscada/equipment/multi';

let p: TestPlatform;
let orgId: number;
let adminId: number;
let admin: Caller;

beforeAll(async () => {
  ({
    p,
    admin,
    enterprise: { orgId, adminId },
  } = await startEnterprisePlatform('Acme Mill'));
});
afterAll(() => p.stop());

type Authorizations = { authorized: { id: number }[]; candidates: { id: number }[] };

describe('authorising accounts on a device', () => {
  let device: number;
  let accounts: number[];
  const authorized = async () =>
    (await made<Authorizations>(admin, `${base}/auth/query`, { equipmentId: device })).authorized.map(
      (a) => a.id,
    );

  beforeAll(async () => {
    device = (await made(admin, `${base}/add`, { name: 'Kiln' })).id;
    const rows = await p.ctx.db.query<{ id: number }>(
      `insert into accounts(org_id, kind, loginname, password_hash)
       select $1, 'internal', 'kiln-watch-' || lpad(g::text, 2, '0'), 'not-a-login' from generate_series(1, 52) g
       returning id`,
      [orgId],
    );
    accounts = rows.map((r) => r.id);
  });

  it('lists the enterprise’s internal and external accounts as candidates, not its admin', async () => {
    const res = await made<Authorizations>(admin, `${base}/auth/query`, { equipmentId: device });
    expect(res.authorized).toEqual([]);
    expect(res.candidates.map((a) => a.id).sort((x, y) => x - y)).toEqual(accounts);
  });

  it('authorises 50 accounts and refuses the 51st with 1127, keeping the 50', async () => {
    expect(
      (await send(admin, `${base}/auth/add`, { equipmentId: device, accountIds: accounts.slice(0, 50) }))
        .code,
    ).toBe('200');
    expect(await authorized()).toHaveLength(50);
    // authorising an account again changes nothing
    expect(
      (await send(admin, `${base}/auth/add`, { equipmentId: device, accountIds: [accounts[0]] })).code,
    ).toBe('200');
    const over = await send(admin, `${base}/auth/add`, { equipmentId: device, accountIds: [accounts[50]] });
    expect(over).toMatchObject({
      code: '1127',
      message: 'At most 50 accounts can be authorized on a device',
      data: null,
    });
    expect((await authorized()).sort((x, y) => x - y)).toEqual(accounts.slice(0, 50));
  });

  it('refuses accounts of another enterprise and the enterprise admin with 1114, storing none of the list', async () => {
    const other = await makeEnterprise(p.ctx.db, 'Other Mill');
    const [foreign] = await p.ctx.db.query<{ id: number }>(
      `insert into accounts(org_id, kind, loginname, password_hash) values ($1, 'internal', 'other-mill-int', 'x') returning id`,
      [other.orgId],
    );
    const fresh = (await made(admin, `${base}/add`, { name: 'Dryer' })).id;
    for (const accountIds of [[foreign!.id], [other.adminId], [adminId], [accounts[51], foreign!.id]]) {
      const res = await send(admin, `${base}/auth/add`, { equipmentId: fresh, accountIds });
      expect(res).toMatchObject({ code: '1114', data: null });
    }
    const rows = await p.ctx.db.query('select * from equipment_auth where equipment_id = $1', [fresh]);
    expect(rows).toEqual([]);
  });

  it('cancels an authorisation; cancelling it again answers 1115', async () => {
    const res = await send(admin, `${base}/auth/cancel`, { equipmentId: device, accountId: accounts[3] });
    expect(res.code).toBe('200');
    expect(await authorized()).not.toContain(accounts[3]);
    expect(await authorized()).toHaveLength(49);
    expect(
      (await send(admin, `${base}/auth/cancel`, { equipmentId: device, accountId: accounts[3] })).code,
    ).toBe('1115');
    // the freed place can be given to another account
    expect(
      (await send(admin, `${base}/auth/add`, { equipmentId: device, accountIds: [accounts[50]] })).code,
    ).toBe('200');
  });
});

describe('which devices an account sees', () => {
  const callers: Record<string, Caller> = {};
  const names = async (caller: Caller) =>
    (await made<{ list: { name: string }[] }>(caller, `${base}/query`, { pageSize: 500 })).list
      .map((d) => d.name)
      .sort();
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const manage = ['equipment_manage'];
    const selfRole = await role(admin, 'Own devices', manage, 'self');
    const deptRole = await role(admin, 'Department devices', manage, 'dept');
    const orgRole = await role(admin, 'All devices', manage, 'org');
    const night = (await admin.post<{ id: number }>('/lfscada/dept/add', { name: 'Night shift' })).body.data
      .id;
    const people = [
      { segment: 'int', loginname: 'ivy-self', roleId: selfRole },
      { segment: 'int', loginname: 'dan-self', roleId: selfRole, deptId: night },
      { segment: 'int', loginname: 'dora-dept', roleId: deptRole, deptId: night },
      { segment: 'int', loginname: 'olga-org', roleId: orgRole },
      { segment: 'ext', loginname: 'ed-external', roleId: orgRole },
    ] as const;
    for (const person of people) {
      ids[person.loginname] = await subAccount(admin, person);
      callers[person.loginname] = await loggedIn(p.app, person.loginname);
    }
    const pump = (await made(admin, `${base}/add`, { name: 'Admin pump' })).id;
    ids['Admin pump'] = pump;
    ids['Admin fan'] = (await made(admin, `${base}/add`, { name: 'Admin fan' })).id;
    await made(admin, `${base}/auth/add`, {
      equipmentId: pump,
      accountIds: [ids['ivy-self'], ids['ed-external']],
    });
    ids['Ivy meter'] = (await made(callers['ivy-self']!, `${base}/add`, { name: 'Ivy meter' })).id;
    ids['Dan valve'] = (await made(callers['dan-self']!, `${base}/add`, { name: 'Dan valve' })).id;
    ids['Ed crane'] = (await made(callers['ed-external']!, `${base}/add`, { name: 'Ed crane' })).id;
  });

  // with the admin's Kiln and Dryer of the authorisation tests above
  const everything = ['Admin fan', 'Admin pump', 'Dan valve', 'Dryer', 'Ed crane', 'Ivy meter', 'Kiln'];

  it('shows the enterprise admin every device', async () => {
    expect(await names(admin)).toEqual(everything);
  });

  it('shows an internal account whose role range is self only the devices it owns or is authorised on', async () => {
    const ivy = callers['ivy-self']!;
    expect(await names(ivy)).toEqual(['Admin pump', 'Ivy meter']);
    const short = await made<{ name: string }[]>(ivy, `${base}/queryByUser`);
    expect(short.map((d) => d.name).sort()).toEqual(['Admin pump', 'Ivy meter']);
    expect((await send(ivy, `${base}/info`, { id: ids['Admin pump'] })).code).toBe('200');
    for (const unseen of ['Admin fan', 'Dan valve', 'Ed crane']) {
      expect((await send(ivy, `${base}/info`, { id: ids[unseen] })).code).toBe('1101');
      expect((await send(ivy, `${base}/edit`, { id: ids[unseen], name: 'Taken' })).code).toBe('1101');
      expect((await send(ivy, `${base}/delete`, { id: ids[unseen] })).code).toBe('1101');
    }
    expect(await names(admin)).toEqual(everything);
  });

  it('shows an internal account whose role range is the department the devices of its department’s accounts', async () => {
    expect(await names(callers['dora-dept']!)).toEqual(['Dan valve']);
    expect((await send(callers['dora-dept']!, `${base}/info`, { id: ids['Ivy meter'] })).code).toBe('1101');
  });

  it('shows an internal account whose role range is the enterprise every device', async () => {
    expect(await names(callers['olga-org']!)).toEqual(everything);
    expect((await send(callers['olga-org']!, `${base}/info`, { id: ids['Ed crane'] })).code).toBe('200');
  });

  it('shows an external account only owned and authorised devices, whatever its role’s range', async () => {
    const ed = callers['ed-external']!;
    expect(await names(ed)).toEqual(['Admin pump', 'Ed crane']);
    expect((await send(ed, `${base}/info`, { id: ids['Admin fan'] })).code).toBe('1101');
  });

  it('hides a device again once its authorisation is cancelled', async () => {
    await made(admin, `${base}/auth/cancel`, { equipmentId: ids['Admin pump'], accountId: ids['ivy-self'] });
    expect(await names(callers['ivy-self']!)).toEqual(['Ivy meter']);
    expect((await send(callers['ivy-self']!, `${base}/info`, { id: ids['Admin pump'] })).code).toBe('1101');
  });
});
