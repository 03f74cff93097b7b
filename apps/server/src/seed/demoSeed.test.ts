import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPassword, isOperationAction } from '@fieldhub/shared';
import { Caller, login, startTestPlatform, type TestPlatform } from '../../test/harness';
import { seedDemo, type SeededLogins } from './demoSeed';

let p: TestPlatform;
let logins: SeededLogins | null;

beforeAll(async () => {
  p = await startTestPlatform();
  logins = await seedDemo(p.ctx.db, p.ctx.clock, 5020);
});
afterAll(() => p.stop());

describe('demo seed on an empty database', () => {
  it('creates an enterprise admin and an operator whose generated passwords satisfy the password rule', async () => {
    expect(logins).not.toBeNull();
    for (const l of [logins!.admin, logins!.operator]) {
      expect(checkPassword(l.password)).toBeNull();
      expect((await login(new Caller(p.app), l.loginname, l.password)).body.code).toBe('200');
    }
  });

  it('gives the demo enterprise grouped devices with bound gateways and configuration', async () => {
    const admin = new Caller(p.app);
    await login(admin, logins!.admin.loginname, logins!.admin.password);
    const list = await admin.post<{
      list: { id: number; name: string; groupName: string; sn: string }[];
      total: number;
    }>('/lfscada/equipment/multi/query', { pageSize: 50 }, true);
    expect(list.body.data.total).toBe(3);
    expect(list.body.data.list.every((d) => d.sn && d.groupName)).toBe(true);
    const tank = list.body.data.list.find((d) => d.name === 'Raw water tank')!;
    const vars = await admin.post<{ name: string }[]>(
      '/lfscada/equipment/multi/variable/query',
      { owner: { equipmentId: tank.id } },
      true,
    );
    expect(vars.body.data.map((v) => v.name)).toContain('tank_level');
    expect(logins!.gateways.map((g) => g.sn)).toEqual(['100000000001', '100000000002', '100000000003']);
  });

  it('gives the demo enterprise a project with its devices bound and two live pages', async () => {
    const admin = new Caller(p.app);
    await login(admin, logins!.admin.loginname, logins!.admin.password);
    const [project] = (
      await admin.post<{ list: { id: number; name: string }[] }>(
        '/lfscada/project/queryAll',
        { pageSize: 10 },
        true,
      )
    ).body.data.list;
    expect(project?.name).toBe('Demo plant');
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
    expect(pages.body.data.map((x) => x.name)).toEqual(['Overview', 'Details']);
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
    expect(await seedDemo(p.ctx.db, p.ctx.clock, 5020)).toBeNull();
  });
});
