import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedIn, type Caller, type TestPlatform } from './harness';
import { made, role, send, subAccount } from './deviceFixtures';
import { otherEnterpriseAdmin, startEnterprisePlatform } from './platformFixtures';
import { addDevice, addProject, addProjectPage, projectBase as base } from './projectFixtures';

const pageBase = '/lfscada/configuration/page';

let p: TestPlatform;
let admin: Caller;
let projectId: number;
let otherProjectId: number;
let pumpId: number;
let pages: { overview: number; detail: number; secret: number };
let member: Caller;
let memberId: number;
let outsider: Caller;
let bystander: Caller;
let intruder: Caller;

/** What the victim's project holds: compared before and after the intruder's calls. */
async function snapshot() {
  const db = p.ctx.db;
  return {
    project: await db.query('select * from projects where id = $1', [projectId]),
    pages: await db.query('select id, name, seq, version from pages where project_id = $1 order by id', [
      projectId,
    ]),
    equip: await db.query('select * from project_equipment where project_id = $1 order by equipment_id', [
      projectId,
    ]),
    members: await db.query('select account_id from project_accounts where project_id = $1 order by 1', [
      projectId,
    ]),
    pmsn: await db.query(
      'select * from project_page_pmsn where project_id = $1 order by page_id, account_id',
      [projectId],
    ),
  };
}

beforeAll(async () => {
  ({ p, admin } = await startEnterprisePlatform('Acme Access'));
  projectId = (await addProject(admin, 'Guarded plant')).id;
  otherProjectId = (await addProject(admin, 'Unvisited plant')).id;
  await addProjectPage(admin, otherProjectId, 'Elsewhere');
  // the secret page comes first: a member's home page is the first page it may see
  pages = {
    secret: await addProjectPage(admin, projectId, 'Secret'),
    overview: await addProjectPage(admin, projectId, 'Overview'),
    detail: await addProjectPage(admin, projectId, 'Detail'),
  };
  pumpId = await addDevice(admin, 'Guarded pump');
  await made(admin, `${base}/equip/add`, { projectId, equips: [{ equipmentId: pumpId, key: 'pump' }] });

  const ops = await role(admin, 'Operations', ['ops_center']);
  const watch = await role(admin, 'Watchers', ['monitor_view']);
  memberId = await subAccount(admin, { segment: 'int', loginname: 'ops-member', roleId: ops });
  await subAccount(admin, { segment: 'int', loginname: 'ops-outsider', roleId: ops });
  await subAccount(admin, { segment: 'ext', loginname: 'just-watching', roleId: watch });
  await made(admin, `${base}/pmsn/add`, {
    projectId,
    accountIds: [memberId],
    pagePmsn: [
      { pageId: pages.overview, pmsn: 'view' },
      { pageId: pages.detail, pmsn: 'operate' },
    ],
  });
  member = await loggedIn(p.app, 'ops-member');
  outsider = await loggedIn(p.app, 'ops-outsider');
  bystander = await loggedIn(p.app, 'just-watching');
  intruder = await otherEnterpriseAdmin(p, 'Intruder Works');
});
afterAll(() => p.stop());

describe('a project member without project_manage', () => {
  it('sees the project and only the pages its pagePmsn names', async () => {
    const mine = await made<{ id: number; manage: boolean; homePageId: number; pageCount: number }[]>(
      member,
      `${base}/queryAllByUser`,
    );
    expect(mine).toMatchObject([{ id: projectId, manage: false, homePageId: pages.overview, pageCount: 2 }]);
    const info = await made<{ pages: { id: number; access: string }[] }>(member, `${base}/info`, {
      id: projectId,
    });
    expect(info.pages.map((pg) => [pg.id, pg.access])).toEqual([
      [pages.overview, 'view'],
      [pages.detail, 'operate'],
    ]);
    const owner = { ownerKind: 'project', ownerId: projectId };
    const listed = await made<{ id: number }[]>(member, `${pageBase}/query`, owner);
    expect(listed.map((pg) => pg.id)).toEqual([pages.overview, pages.detail]);
    expect((await made<{ id: number }>(member, `${pageBase}/queryHome`, owner)).id).toBe(pages.overview);
    expect((await made<{ id: number }>(member, `${pageBase}/info`, { id: pages.detail })).id).toBe(
      pages.detail,
    );
    const secret = await send(member, `${pageBase}/info`, { id: pages.secret });
    expect(secret).toMatchObject({ code: '1903', data: null });
    expect(
      (await made<{ key: string }[]>(member, `${base}/equip/queryAll`, { projectId })).map((e) => e.key),
    ).toEqual(['pump']);
  });

  it('cannot edit pages or manage the project (90008)', async () => {
    expect((await send(member, `${pageBase}/edit`, { id: pages.overview, name: 'Mine now' })).code).toBe(
      '90008',
    );
    expect((await send(member, `${base}/pmsn/query`, { projectId })).code).toBe('90008');
    expect((await send(member, `${base}/edit`, { id: projectId, name: 'Mine now' })).code).toBe('90008');
    expect((await send(member, `${base}/queryAll`)).code).toBe('90008');
  });

  it('loses a page as soon as its permission is edited away', async () => {
    await made(admin, `${base}/pmsn/edit`, {
      projectId,
      accountId: memberId,
      pagePmsn: [{ pageId: pages.detail, pmsn: 'operate' }],
    });
    expect((await send(member, `${pageBase}/info`, { id: pages.overview })).code).toBe('1903');
    const info = await made<{ homePageId: number }>(member, `${base}/info`, { id: projectId });
    expect(info.homePageId).toBe(pages.detail);
    await made(admin, `${base}/pmsn/edit`, {
      projectId,
      accountId: memberId,
      pagePmsn: [
        { pageId: pages.overview, pmsn: 'view' },
        { pageId: pages.detail, pmsn: 'operate' },
      ],
    });
  });

  it('is 2604 for a project it is not a member of, and 90008 without ops_center', async () => {
    expect(await made(outsider, `${base}/queryAllByUser`)).toEqual([]);
    expect((await send(outsider, `${base}/info`, { id: projectId })).code).toBe('2604');
    expect(
      (await send(outsider, `${pageBase}/query`, { ownerKind: 'project', ownerId: projectId })).code,
    ).toBe('2604');
    expect((await send(outsider, `${pageBase}/info`, { id: pages.overview })).code).toBe('1903');
    expect((await send(outsider, `${base}/equip/queryAll`, { projectId })).code).toBe('2604');
    expect((await send(member, `${base}/info`, { id: otherProjectId })).code).toBe('2604');
    expect((await send(bystander, `${base}/queryAllByUser`)).code).toBe('90008');
    expect((await send(bystander, `${base}/info`, { id: projectId })).code).toBe('90008');
  });
});

describe('tenant isolation', () => {
  it('answers 2604 to another enterprise for every project call and changes nothing', async () => {
    const before = await snapshot();
    const theirDevice = await addDevice(intruder, 'Intruder pump');
    const id = projectId;
    const calls: [string, Record<string, unknown>][] = [
      ['info', { id }],
      ['edit', { id, name: 'Hijacked' }],
      ['delete', { id }],
      ['editSharePwd', { id, sharePwd: 'hack1234' }],
      ['queryShareInfo', { id }],
      ['editShareAuth', { id, shared: true, perms: ['writeData'] }],
      ['seq/save', { projectId: id, ids: [pages.detail, pages.overview, pages.secret] }],
      ['pmsn/query', { projectId: id }],
      ['pmsn/queryNoPmsnUser', { projectId: id }],
      ['pmsn/add', { projectId: id, accountIds: [memberId] }],
      ['pmsn/edit', { projectId: id, accountId: memberId, pagePmsn: [{ pageId: pages.secret }] }],
      ['pmsn/delete', { projectId: id, accountIds: [memberId] }],
      ['equip/queryNoBindEquip', { projectId: id }],
      ['equip/add', { projectId: id, equips: [{ equipmentId: theirDevice }] }],
      ['equip/query', { projectId: id }],
      ['equip/queryAll', { projectId: id }],
      ['equip/delete', { projectId: id, equipmentIds: [pumpId] }],
      ['equip/updateKey', { projectId: id, equipmentId: pumpId, key: 'stolen' }],
    ];
    for (const [call, body] of calls) {
      const res = await send(intruder, `${base}/${call}`, body);
      expect(res.code, call).toBe('2604');
      expect(res.data, call).toBeNull();
    }
    const theirs = await made<{ list: { id: number }[] }>(intruder, `${base}/queryAll`, { pageSize: 500 });
    expect(theirs.list.map((r) => r.id)).not.toContain(projectId);
    expect(await made(intruder, `${base}/queryAllByUser`)).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('keeps the other enterprise’s devices, accounts and pages out of its own project', async () => {
    const before = await snapshot();
    const own = await addProject(intruder, 'Guarded plant');
    const ownPage = await addProjectPage(intruder, own.id, 'Own page');
    const bound = await send(intruder, `${base}/equip/add`, {
      projectId: own.id,
      equips: [{ equipmentId: pumpId }],
    });
    expect(bound.code).toBe('1101');
    const free = await made<{ list: { id: number }[] }>(intruder, `${base}/equip/queryNoBindEquip`, {
      projectId: own.id,
      pageSize: 500,
    });
    expect(free.list.map((d) => d.id)).not.toContain(pumpId);
    expect(
      (await send(intruder, `${base}/pmsn/add`, { projectId: own.id, accountIds: [memberId] })).code,
    ).toBe('90002');
    const candidates = await made<{ id: number }[]>(intruder, `${base}/pmsn/queryNoPmsnUser`, {
      projectId: own.id,
    });
    expect(candidates.map((a) => a.id)).not.toContain(memberId);
    const foreignPage = await send(intruder, `${base}/seq/save`, {
      projectId: own.id,
      ids: [ownPage, pages.secret],
    });
    expect(foreignPage.code).toBe('10001');
    expect((await send(intruder, `${pageBase}/info`, { id: pages.secret })).code).toBe('1903');
    expect(await snapshot()).toEqual(before);
  });
});
