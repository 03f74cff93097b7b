import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPassword, isOperationAction, type Lang } from '@fieldhub/shared';
import type { Db } from '../db/db';
import { Caller, login, startTestPlatform, type TestPlatform } from '../../test/harness';
import { seedDemo, type SeededLogins } from './demoSeed';
import { demoTexts } from './demoTexts';

const cjk = /[\u3400-\u9fff]/;

/**
 * Every text of the demo a person reads, as stored: the names of the organisations, departments,
 * roles, groups, devices and their drivers, states, alarms and reports, the project, its pages
 * and the texts and titles on them.
 */
async function storedTexts(db: Db): Promise<string[]> {
  const column = async (sql: string) =>
    (await db.query<{ t: string }>(sql)).map((r) => r.t).filter((t) => t !== '');
  const mappings = await db.query<{ mapping: { text: string }[] }>('select mapping from variables');
  const documents = await db.query<{ document: unknown }>('select document from pages');
  const onPages: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object')
      for (const [key, value] of Object.entries(node)) {
        if (['text', 'title', 'subTitle'].includes(key) && typeof value === 'string' && value)
          onPages.push(value);
        else walk(value);
      }
  };
  documents.forEach((d) => walk(d.document));
  return [
    ...(await column('select name as t from orgs')),
    ...(await column('select contact as t from orgs')),
    ...(await column('select name as t from departments')),
    ...(await column('select name as t from roles')),
    ...(await column('select name as t from equipment_groups')),
    ...(await column('select name as t from equipment')),
    ...(await column('select manufacturer as t from equipment')),
    ...(await column('select name as t from drivers')),
    ...(await column('select content as t from alarm_rules')),
    ...(await column('select name as t from reports')),
    ...(await column('select name as t from projects')),
    ...(await column('select remark as t from projects')),
    ...(await column('select name as t from pages')),
    ...mappings.flatMap((m) => m.mapping.map((e) => e.text)),
    ...onPages,
  ];
}

describe.each(['en-US', 'zh-CN'] as const)('demo seed in %s on an empty database', (lang: Lang) => {
  let p: TestPlatform;
  let logins: SeededLogins | null;
  const names = demoTexts[lang];

  beforeAll(async () => {
    p = await startTestPlatform();
    logins = await seedDemo(p.ctx.db, p.ctx.clock, 5020, lang);
  });
  afterAll(() => p.stop());

  it('creates an enterprise admin and an operator whose generated passwords satisfy the password rule', async () => {
    expect(logins).not.toBeNull();
    for (const l of [logins!.admin, logins!.operator]) {
      expect(checkPassword(l.password)).toBeNull();
      expect((await login(new Caller(p.app), l.loginname, l.password)).body.code).toBe('200');
    }
  });

  it('gives the demo enterprise grouped devices with bound gateways and configuration', async () => {
    const admin = new Caller(p.app, lang);
    await login(admin, logins!.admin.loginname, logins!.admin.password);
    const list = await admin.post<{
      list: { id: number; name: string; groupName: string; sn: string }[];
      total: number;
    }>('/lfscada/equipment/multi/query', { pageSize: 50 }, true);
    expect(list.body.data.total).toBe(3);
    expect(list.body.data.list.every((d) => d.sn && d.groupName)).toBe(true);
    expect(list.body.data.list.map((d) => d.name).sort()).toEqual(Object.values(names.devices).sort());
    const tank = list.body.data.list.find((d) => d.name === names.devices.tank)!;
    expect(tank.groupName).toBe(names.groups.water);
    const vars = await admin.post<{ name: string }[]>(
      '/lfscada/equipment/multi/variable/query',
      { owner: { equipmentId: tank.id } },
      true,
    );
    expect(vars.body.data.map((v) => v.name)).toContain('tank_level');
    expect(logins!.gateways.map((g) => g.sn)).toEqual(['100000000001', '100000000002', '100000000003']);
  });

  it('gives the demo enterprise a project with its devices bound and two live pages', async () => {
    const admin = new Caller(p.app, lang);
    await login(admin, logins!.admin.loginname, logins!.admin.password);
    const [project] = (
      await admin.post<{ list: { id: number; name: string }[] }>(
        '/lfscada/project/queryAll',
        { pageSize: 10 },
        true,
      )
    ).body.data.list;
    expect(project?.name).toBe(names.project.name);
    const equips = await admin.post<unknown[]>(
      '/lfscada/project/equip/queryAll',
      { projectId: project!.id },
      true,
    );
    expect(equips.body.data).toHaveLength(3);
    const pages = await admin.post<{ id: number; name: string }[]>(
      '/lfscada/configuration/page/query',
      { ownerKind: 'project', ownerId: project!.id },
      true,
    );
    expect(pages.body.data.map((x) => x.name)).toEqual([names.project.overview, names.project.details]);
    const info = await admin.post<{ document: { widgets: { widgetType: string }[] } }>(
      '/lfscada/monitor/project/page/info',
      { id: pages.body.data[0]!.id },
      true,
    );
    expect(info.body.code).toBe('200');
    const types = info.body.data.document.widgets.map((w) => w.widgetType);
    for (const type of ['UsualDashboard', 'UsualPercentFill', 'UsualButton', 'ComplexLine', 'ComplexAlarm'])
      expect(types).toContain(type);
  });

  it(`names everything a person reads in ${lang} only`, async () => {
    const texts = await storedTexts(p.ctx.db);
    expect(texts).toContain(names.alarms.boilerTemp);
    expect(texts).toContain(names.project.heading);
    // Chinese texts carry Chinese (numbers, units and PLC besides); English ones none
    const wrong = texts.filter((t) => (lang === 'zh-CN' ? !cjk.test(t) : cjk.test(t)));
    expect(wrong).toEqual([]);
  });

  it('logs what it made as the demo admin, with known actions and no client address', async () => {
    const admin = new Caller(p.app);
    await login(admin, logins!.admin.loginname, logins!.admin.password);
    const log = await admin.post<{ list: { action: string; ip: string }[]; total: number }>(
      '/lfscada/user/operationlog/query',
      { pageSize: 500 },
      true,
    );
    const seeded = log.body.data.list.filter((r) => r.action !== 'login');
    expect(seeded.length).toBeGreaterThan(20);
    expect(seeded.filter((r) => r.ip !== '' || !isOperationAction(r.action))).toEqual([]);
  });

  it('does nothing on a database that already has data', async () => {
    expect(await seedDemo(p.ctx.db, p.ctx.clock, 5020, lang)).toBeNull();
  });
});
