import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultWidget, emptyPage, type PageDocument } from '@fieldhub/hmi';
import { loggedIn, type Caller, type TestPlatform } from './harness';
import { made, role, send, subAccount } from './deviceFixtures';
import { otherEnterpriseAdmin, startEnterprisePlatform } from './platformFixtures';

const base = '/lfscada/configuration/page';

interface Row {
  id: number;
  ownerKind: string;
  ownerId: number;
  name: string;
  seq: number;
  version: number;
  checkpwd: boolean;
  updatedBy: string;
}
interface Info extends Row {
  document: PageDocument;
  locked: boolean;
}

let p: TestPlatform;
let admin: Caller;
let orgId: number;
let deviceId: number;
let templateId: number;

const device = () => ({ ownerKind: 'equipment', ownerId: deviceId });
const addPage = (owner: Record<string, unknown>, name: string, caller = admin) =>
  made<Row>(caller, `${base}/add`, { ...owner, name });
const info = (id: number, caller = admin) => made<Info>(caller, `${base}/info`, { id });
const list = (owner: Record<string, unknown>, caller = admin) => made<Row[]>(caller, `${base}/query`, owner);
const withWidgets = (n: number): PageDocument => ({
  ...emptyPage(),
  widgets: Array.from({ length: n }, (_, i) =>
    defaultWidget('ShapeRect', {
      id: `w${i}`,
      x: (i % 50) * 10,
      y: Math.floor(i / 50) * 10,
      width: 8,
      height: 8,
    }),
  ),
});

beforeAll(async () => {
  let enterprise;
  ({ p, admin, enterprise } = await startEnterprisePlatform('Acme Pages'));
  orgId = enterprise.orgId;
  deviceId = (await made(admin, '/lfscada/equipment/multi/add', { name: 'Boiler house' })).id;
  templateId = (await made(admin, '/lfscada/template/add', { name: 'Pump template', series: 'EG' })).id;
});
afterAll(() => p.stop());

describe('page storage', () => {
  it('adds pages with an empty hmi document and lists them by seq without documents', async () => {
    const owner = {
      ownerKind: 'equipment',
      ownerId: (await made(admin, '/lfscada/equipment/multi/add', { name: 'Listing' })).id,
    };
    const first = await addPage(owner, 'Overview');
    const second = await addPage(owner, 'Trends');
    expect(first).toMatchObject({ ...owner, name: 'Overview', seq: 0, version: 1, checkpwd: false });
    expect(second.seq).toBe(1);
    const rows = await list(owner);
    expect(rows.map((r) => r.name)).toEqual(['Overview', 'Trends']);
    expect(rows[0]).not.toHaveProperty('document');
    const page = await info(first.id);
    expect(page.version).toBe(1);
    expect(page.document).toMatchObject({
      widgets: [],
      options: {
        title: 'Overview',
        width: 1024,
        height: 768,
        bgColor: '#FFFFFF',
        equipmentId: String(owner.ownerId),
      },
    });
    expect(page.updatedBy).toBe('acmepages-admin');
  });

  it('saves a document, answers the next version and stores what hmi parsed', async () => {
    const { id } = await addPage(device(), 'Saved page');
    const doc = withWidgets(3);
    const saved = await made<{ version: number }>(admin, `${base}/save`, { id, version: 1, document: doc });
    expect(saved.version).toBe(2);
    const page = await info(id);
    expect(page.version).toBe(2);
    expect(page.document.widgets.map((w) => w.id)).toEqual(['w0', 'w1', 'w2']);
    expect(page.document.widgets[1]).toEqual(doc.widgets[1]);
    expect(
      (await made<{ version: number }>(admin, `${base}/save`, { id, version: 2, document: doc })).version,
    ).toBe(3);
  });

  it('refuses a stale version with 1905 and leaves the stored document unchanged', async () => {
    const { id } = await addPage(device(), 'Contested');
    await made(admin, `${base}/save`, { id, version: 1, document: withWidgets(2) });
    const stale = await send(admin, `${base}/save`, { id, version: 1, document: withWidgets(5) });
    expect(stale.code).toBe('1905');
    expect(stale.message).toBe('Someone saved a newer version of this page; reload it before saving');
    const zh = await loggedIn(p.app, 'acmepages-admin', 'zh-CN');
    expect((await send(zh, `${base}/save`, { id, version: 7, document: withWidgets(5) })).message).toBe(
      '页面已被他人保存为更新的版本，请重新加载后再保存',
    );
    const page = await info(id);
    expect(page.version).toBe(2);
    expect(page.document.widgets).toHaveLength(2);
  });

  it('lets exactly one of two concurrent saves of the same version win', async () => {
    const { id } = await addPage(device(), 'Raced');
    const [one, two] = await Promise.all([
      send(admin, `${base}/save`, { id, version: 1, document: withWidgets(1) }),
      send(admin, `${base}/save`, { id, version: 1, document: withWidgets(3) }),
    ]);
    expect([one.code, two.code].sort()).toEqual(['1905', '200']);
    const winner = one.code === '200' ? 1 : 3;
    const page = await info(id);
    expect(page.version).toBe(2);
    expect(page.document.widgets).toHaveLength(winner);
  });

  it('refuses an invalid document with 1906 and its issues, storing nothing', async () => {
    const { id } = await addPage(device(), 'Strict');
    const dup = withWidgets(2);
    dup.widgets[1] = { ...dup.widgets[1]!, id: 'w0' };
    const res = await send<{ issues: { code: string; path: string; message: string }[] }>(
      admin,
      `${base}/save`,
      {
        id,
        version: 1,
        document: dup,
      },
    );
    expect(res.code).toBe('1906');
    expect(res.message).toContain('Duplicate widget id: w0');
    expect(res.data.issues).toEqual([
      { code: 'duplicateId', path: 'widgets.1.id', message: 'Duplicate widget id: w0' },
    ]);
    const badType = await send(admin, `${base}/save`, {
      id,
      version: 1,
      document: { ...emptyPage(), widgets: [{ id: 'x', widgetType: 'NoSuchWidget' }] },
    });
    expect(badType.code).toBe('1906');
    expect((await send(admin, `${base}/save`, { id, version: 1, document: 'not an object' })).code).toBe(
      '10001',
    );
    const page = await info(id);
    expect(page.version).toBe(1);
    expect(page.document.widgets).toEqual([]);
  });

  it('enforces the widget limit (2000, 1908) and the document size limit (5 MB, 1907)', async () => {
    const { id } = await addPage(device(), 'Heavy');
    expect(
      (
        await made<{ version: number }>(admin, `${base}/save`, {
          id,
          version: 1,
          document: withWidgets(2000),
        })
      ).version,
    ).toBe(2);
    const tooMany = await send(admin, `${base}/save`, { id, version: 2, document: withWidgets(2001) });
    expect(tooMany.code).toBe('1908');
    expect(tooMany.message).toBe('A page can have at most 2000 widgets');
    const huge = { ...emptyPage(), con: { blob: 'x'.repeat(5 * 1024 * 1024) } };
    const big = await send(admin, `${base}/save`, { id, version: 2, document: huge });
    expect(big.code).toBe('1907');
    expect((await info(id)).document.widgets).toHaveLength(2000);
  });

  it('renames without a new version, refuses a name in use with 2111 and keeps the title in step', async () => {
    const { id } = await addPage(device(), 'Old name');
    await addPage(device(), 'Taken');
    const renamed = await made<Row>(admin, `${base}/edit`, { id, name: 'New name' });
    expect(renamed).toMatchObject({ name: 'New name', version: 1 });
    expect((await info(id)).document.options.title).toBe('New name');
    expect((await send(admin, `${base}/edit`, { id, name: 'TAKEN' })).code).toBe('2111');
    expect((await send(admin, `${base}/edit`, { id, name: '' })).code).toBe('10001');
    expect((await info(id)).name).toBe('New name');
  });

  it('protects a page with a hashed password, never stored in the document', async () => {
    const { id } = await addPage(device(), 'Locked');
    expect((await send(admin, `${base}/edit`, { id, name: 'Locked', checkpwd: true })).code).toBe('10001');
    const row = await made<Row>(admin, `${base}/edit`, {
      id,
      name: 'Locked',
      checkpwd: true,
      password: 'open-sesame',
    });
    expect(row.checkpwd).toBe(true);
    const doc = emptyPage({ checkpwd: true, password: 'in-the-doc' });
    await made(admin, `${base}/save`, { id, version: 1, document: doc });
    const [stored] = await p.ctx.db.query<{ password_hash: string; document: PageDocument }>(
      'select password_hash, document from pages where id = $1',
      [id],
    );
    expect(stored!.password_hash).toMatch(/^scrypt\$/);
    expect(JSON.stringify(stored!.document)).not.toContain('in-the-doc');
    expect(stored!.document.options).toMatchObject({ checkpwd: true, password: '' });
    // a later save whose document does not know of the protection keeps it
    await made(admin, `${base}/save`, { id, version: 2, document: emptyPage() });
    expect((await info(id)).checkpwd).toBe(true);
    const open = await made<Row>(admin, `${base}/edit`, { id, name: 'Locked', checkpwd: false });
    expect(open.checkpwd).toBe(false);
    expect((await info(id)).document.options.checkpwd).toBe(false);
  });

  it('copies a page with its document under a free name', async () => {
    const { id } = await addPage(device(), 'Original');
    await made(admin, `${base}/save`, { id, version: 1, document: withWidgets(4) });
    const copy = await made<Row>(admin, `${base}/copy`, { id });
    expect(copy).toMatchObject({ name: 'Original copy', version: 1 });
    const again = await made<Row>(admin, `${base}/copy`, { id });
    expect(again.name).toBe('Original copy 2');
    const page = await info(copy.id);
    expect(page.document.widgets.map((w) => w.id)).toEqual(['w0', 'w1', 'w2', 'w3']);
    expect(page.document.options.title).toBe('Original copy');
  });

  it('reorders with seq/save, answers the home page by seq, and refuses an incomplete order', async () => {
    const owner = { ownerKind: 'template', ownerId: templateId };
    const a = await addPage(owner, 'A');
    const b = await addPage(owner, 'B');
    const c = await addPage(owner, 'C');
    expect((await made<Row>(admin, `${base}/queryHome`, owner)).id).toBe(a.id);
    const rows = await made<Row[]>(admin, `${base}/seq/save`, { ...owner, ids: [c.id, a.id, b.id] });
    expect(rows.map((r) => [r.name, r.seq])).toEqual([
      ['C', 0],
      ['A', 1],
      ['B', 2],
    ]);
    expect((await made<Row>(admin, `${base}/queryHome`, owner)).id).toBe(c.id);
    expect((await send(admin, `${base}/seq/save`, { ...owner, ids: [c.id, a.id] })).code).toBe('10001');
    expect((await send(admin, `${base}/seq/save`, { ...owner, ids: [c.id, a.id, a.id] })).code).toBe('10001');
    expect((await list(owner)).map((r) => r.name)).toEqual(['C', 'A', 'B']);
  });

  it('deletes a page; its id then answers 1903', async () => {
    const { id } = await addPage(device(), 'Doomed');
    expect((await send(admin, `${base}/delete`, { id })).code).toBe('200');
    expect((await send(admin, `${base}/info`, { id })).code).toBe('1903');
    expect((await list(device())).some((r) => r.id === id)).toBe(false);
    const empty = {
      ownerKind: 'equipment',
      ownerId: (await made(admin, '/lfscada/equipment/multi/add', { name: 'Bare' })).id,
    };
    expect((await send(admin, `${base}/queryHome`, empty)).data).toBeNull();
  });

  it('opens a page as a device page only when the device owns it: a project page or another device’s answers 1903', async () => {
    const project = (await made(admin, '/lfscada/project/add', { name: 'Page kinds' })).id;
    const projectPage = (await addPage({ ownerKind: 'project', ownerId: project }, 'Plant overview')).id;
    const own = (await addPage(device(), 'Own page')).id;
    const other = await made(admin, '/lfscada/equipment/multi/add', { name: 'Other device' });
    const asDevice = (id: number, extra: Record<string, unknown> = {}) =>
      send(admin, `${base}/info`, { id, view: true, ownerKind: 'equipment', ...extra });
    // the page itself, asked without an owner, is the project's (the designer opens it so)
    expect((await info(projectPage)).ownerKind).toBe('project');
    const refused = await asDevice(projectPage);
    expect([refused.code, refused.message]).toEqual([
      '1903',
      'The page does not exist or you have no access',
    ]);
    expect((await asDevice(own)).code).toBe('200');
    expect((await asDevice(own, { ownerId: deviceId })).code).toBe('200');
    expect((await asDevice(own, { ownerId: other.id })).code).toBe('1903');
    expect((await send(admin, `${base}/info`, { id: own, ownerKind: 'project' })).code).toBe('1903');
  });

  it('holds at most 100 pages per owner: add and copy answer 1901, a project 2601', async () => {
    const owner = {
      ownerKind: 'equipment',
      ownerId: (await made(admin, '/lfscada/equipment/multi/add', { name: 'Full' })).id,
    };
    const first = await addPage(owner, 'Page 1');
    for (let i = 2; i <= 100; i++) await addPage(owner, `Page ${i}`);
    expect((await send(admin, `${base}/add`, { ...owner, name: 'Page 101' })).code).toBe('1901');
    expect((await send(admin, `${base}/copy`, { id: first.id })).code).toBe('1901');
    expect(await list(owner)).toHaveLength(100);

    const [project] = await p.ctx.db.query<{ id: number }>(
      "insert into projects (org_id, name) values ($1, 'Plant') returning id",
      [orgId],
    );
    const projectOwner = { ownerKind: 'project', ownerId: project!.id };
    const home = await addPage(projectOwner, 'Home');
    expect(home.ownerKind).toBe('project');
    await p.ctx.db.query(
      `insert into pages (org_id, project_id, name, seq, document)
       select $1, $2, 'P' || n, n, '{}'::jsonb from generate_series(1, 99) n`,
      [orgId, project!.id],
    );
    expect((await send(admin, `${base}/add`, { ...projectOwner, name: 'One more' })).code).toBe('2601');
  });
});

describe('designer settings', () => {
  it('answers the seed 001 defaults, stores the settings per account and refuses a wrong field', async () => {
    const key = 'designer.settings';
    const defaults = {
      autoSave: false,
      saveInterval: 5,
      grid: true,
      ruler: true,
      adsorb: false,
      dataTextShow: 'signalName',
    };
    expect(await made(admin, '/lfscada/user/config/query', { key })).toEqual(defaults);
    await made(admin, '/lfscada/user/config/save', {
      key,
      value: { ...defaults, autoSave: true, saveInterval: 10, grid: false },
    });
    const stored = { ...defaults, autoSave: true, saveInterval: 10, grid: false };
    expect(await made(admin, '/lfscada/user/config/query', { key })).toEqual(stored);
    expect(
      (await send(admin, '/lfscada/user/config/save', { key, value: { saveInterval: 'soon' } })).code,
    ).toBe('10001');
    expect(
      (await send(admin, '/lfscada/user/config/save', { key, value: { dataTextShow: 'colour' } })).code,
    ).toBe('10001');
    expect(await made(admin, '/lfscada/user/config/query', { key })).toEqual(stored);
    const other = await otherEnterpriseAdmin(p, 'Settings Other');
    expect(await made(other, '/lfscada/user/config/query', { key })).toEqual(defaults);
  });
});

describe('page permissions', () => {
  let viewer: Caller;
  let nobody: Caller;
  let ownOnly: Caller;
  let pageId: number;

  beforeAll(async () => {
    const viewRole = await role(admin, 'Page viewers', ['monitor_view'], 'org');
    const bareRole = await role(admin, 'Bare role', ['operation_log'], 'org');
    const selfRole = await role(
      admin,
      'Own device managers',
      ['equipment_manage', 'template_manage'],
      'self',
    );
    await subAccount(admin, { segment: 'int', loginname: 'vera-viewer', roleId: viewRole });
    await subAccount(admin, { segment: 'int', loginname: 'nina-nobody', roleId: bareRole });
    await subAccount(admin, { segment: 'int', loginname: 'sam-self', roleId: selfRole });
    viewer = await loggedIn(p.app, 'vera-viewer');
    nobody = await loggedIn(p.app, 'nina-nobody');
    ownOnly = await loggedIn(p.app, 'sam-self');
    pageId = (await addPage(device(), 'Guarded')).id;
  });

  it('lets a monitor viewer read device pages but not change them (90008)', async () => {
    expect((await list(device(), viewer)).some((r) => r.id === pageId)).toBe(true);
    expect((await info(pageId, viewer)).name).toBe('Guarded');
    expect((await send(viewer, `${base}/queryHome`, device())).code).toBe('200');
    const writes: [string, Record<string, unknown>][] = [
      ['add', { ...device(), name: 'Sneaky' }],
      ['edit', { id: pageId, name: 'Renamed' }],
      ['save', { id: pageId, version: 1, document: withWidgets(1) }],
      ['copy', { id: pageId }],
      ['delete', { id: pageId }],
      ['seq/save', { ...device(), ids: [pageId] }],
    ];
    for (const [call, body] of writes)
      expect((await send(viewer, `${base}/${call}`, body)).code, call).toBe('90008');
    // template pages need template_manage even to read
    expect((await send(viewer, `${base}/query`, { ownerKind: 'template', ownerId: templateId })).code).toBe(
      '90008',
    );
    expect((await info(pageId)).name).toBe('Guarded');
  });

  it('opens a protected page to a viewer only after its password, once per login session', async () => {
    const { id } = await addPage(device(), 'Protected');
    await made(admin, `${base}/edit`, { id, name: 'Protected', checkpwd: true, password: 'open-sesame' });
    await made(admin, `${base}/save`, { id, version: 1, document: withWidgets(3) });
    // the designer (may edit) reads it whole; asked as a viewer, the same account gets it locked
    expect((await info(id)).document.widgets).toHaveLength(3);
    expect(await made<Info>(admin, `${base}/info`, { id, view: true })).toMatchObject({
      locked: true,
      document: null,
    });
    const locked = await info(id, viewer);
    expect(locked).toMatchObject({ locked: true, document: null, checkpwd: true });
    const wrong = await send(viewer, `${base}/validPassword`, { id, password: 'guess' });
    expect([wrong.code, wrong.data]).toEqual(['1904', null]);
    expect((await send(viewer, `${base}/validPassword`, { id, password: '' })).code).toBe('10001');
    await made(viewer, `${base}/validPassword`, { id, password: 'open-sesame' });
    const opened = await info(id, viewer);
    expect(opened.locked).toBe(false);
    expect(opened.document.widgets).toHaveLength(3);
    // another login session of the same account starts locked again
    expect((await info(id, await loggedIn(p.app, 'vera-viewer'))).locked).toBe(true);
  });

  it('locks a page password for 15 minutes after 5 wrong tries, even against the right one', async () => {
    const { id } = await addPage(device(), 'Guessed');
    await made(admin, `${base}/edit`, { id, name: 'Guessed', checkpwd: true, password: 'open-sesame' });
    for (let i = 0; i < 5; i++)
      expect((await send(viewer, `${base}/validPassword`, { id, password: `guess${i}` })).code).toBe('1904');
    expect((await send(viewer, `${base}/validPassword`, { id, password: 'open-sesame' })).code).toBe('2654');
    expect((await info(id, viewer)).locked).toBe(true);
  });

  it('leaves widgets outside the viewer’s authRegion out of the page it is given', async () => {
    const { id } = await addPage(device(), 'Regions');
    const doc = withWidgets(3);
    doc.widgets[1]!.authRegion = ['Boiler house'];
    doc.widgets[2]!.authRegion = ['Pump room'];
    await made(admin, `${base}/save`, { id, version: 1, document: doc });
    await p.ctx.db.query("update accounts set auth_region = 'Pump room' where loginname = 'vera-viewer'");
    expect((await info(id, viewer)).document.widgets.map((w) => w.id)).toEqual(['w0', 'w2']);
    await p.ctx.db.query("update accounts set auth_region = '' where loginname = 'vera-viewer'");
    expect((await info(id, viewer)).document.widgets.map((w) => w.id)).toEqual(['w0']);
    // the enterprise administrator sees every widget, in the designer and as a viewer
    expect((await made<Info>(admin, `${base}/info`, { id, view: true })).document.widgets).toHaveLength(3);
  });

  it('refuses every call to an account without a page permission', async () => {
    expect((await send(nobody, `${base}/query`, device())).code).toBe('90008');
    expect((await send(nobody, `${base}/info`, { id: pageId })).code).toBe('90008');
    expect((await send(nobody, `${base}/add`, { ...device(), name: 'X' })).code).toBe('90008');
  });

  it('answers a device outside the data range as missing, and lets the account manage its own', async () => {
    expect((await send(ownOnly, `${base}/query`, device())).code).toBe('1101');
    expect((await send(ownOnly, `${base}/info`, { id: pageId })).code).toBe('1903');
    expect(
      (await send(ownOnly, `${base}/save`, { id: pageId, version: 1, document: withWidgets(1) })).code,
    ).toBe('1903');
    const own = (await made(ownOnly, '/lfscada/equipment/multi/add', { name: 'Sam meter' })).id;
    const row = await addPage({ ownerKind: 'equipment', ownerId: own }, 'Sam page', ownOnly);
    expect(
      (
        await made<{ version: number }>(ownOnly, `${base}/save`, {
          id: row.id,
          version: 1,
          document: withWidgets(1),
        })
      ).version,
    ).toBe(2);
  });
});

describe('tenant isolation', () => {
  it('never lets another enterprise read or write a page, whatever the call', async () => {
    const devicePage = await addPage(device(), 'Secret device page');
    await made(admin, `${base}/save`, { id: devicePage.id, version: 1, document: withWidgets(2) });
    const templatePage = await addPage(
      { ownerKind: 'template', ownerId: templateId },
      'Secret template page',
    );
    const [project] = await p.ctx.db.query<{ id: number }>(
      "insert into projects (org_id, name) values ($1, 'Secret plant') returning id",
      [orgId],
    );
    const projectOwner = { ownerKind: 'project', ownerId: project!.id };
    const projectPage = await addPage(projectOwner, 'Secret project page');
    const intruder = await otherEnterpriseAdmin(p, 'Intruder Inc');
    const template = { ownerKind: 'template', ownerId: templateId };

    const calls: [string, Record<string, unknown>, string][] = [
      ['query', device(), '1101'],
      ['query', template, '90002'],
      ['query', projectOwner, '2604'],
      ['queryHome', device(), '1101'],
      ['queryHome', template, '90002'],
      ['queryHome', projectOwner, '2604'],
      ['add', { ...device(), name: 'Planted' }, '1101'],
      ['add', { ...template, name: 'Planted' }, '90002'],
      ['add', { ...projectOwner, name: 'Planted' }, '2604'],
      ['seq/save', { ...device(), ids: [devicePage.id] }, '1101'],
      ['seq/save', { ...projectOwner, ids: [projectPage.id] }, '2604'],
    ];
    for (const id of [devicePage.id, templatePage.id, projectPage.id]) {
      calls.push(
        ['info', { id }, '1903'],
        ['edit', { id, name: 'Hijacked' }, '1903'],
        ['save', { id, version: 1, document: withWidgets(0) }, '1903'],
        ['save', { id, version: 2, document: withWidgets(0) }, '1903'],
        ['copy', { id }, '1903'],
        ['delete', { id }, '1903'],
        ['validPassword', { id, password: 'open-sesame' }, '1903'],
        ['info', { id, view: true }, '1903'],
      );
    }
    for (const [call, body, code] of calls) {
      const res = await send(intruder, `${base}/${call}`, body);
      expect(res.code, `${call} ${JSON.stringify(body).slice(0, 60)}`).toBe(code);
      expect(res.data).toBeNull();
    }
    // nothing changed, nothing was added to either enterprise
    const page = await info(devicePage.id);
    expect(page).toMatchObject({ name: 'Secret device page', version: 2 });
    expect(page.document.widgets).toHaveLength(2);
    expect((await info(templatePage.id)).name).toBe('Secret template page');
    expect((await list(projectOwner)).map((r) => r.name)).toEqual(['Secret project page']);
    const [{ n }] = (await p.ctx.db.query<{ n: number }>(
      "select count(*)::int as n from pages where name in ('Planted', 'Hijacked') or org_id <> $1",
      [orgId],
    )) as [{ n: number }];
    expect(n).toBe(0);
  });
});
