import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MonitorDeviceCard, MonitorGroupNode, MonitorSignal, Page } from '@fieldhub/shared';
import { loggedIn, startTestPlatform, type Caller, type TestPlatform } from '../../test/harness';
import { made, role, send, subAccount } from '../../test/deviceFixtures';
import { loggedInOperator } from '../../test/platformFixtures';
import { buildDeviceTenant, type DeviceTenant } from '../../test/deviceTenant';

let p: TestPlatform;
let acme: DeviceTenant;
let zeta: DeviceTenant;

beforeAll(async () => {
  p = await startTestPlatform();
  const operator = await loggedInOperator(p);
  acme = await buildDeviceTenant(p, operator, 'acme');
  zeta = await buildDeviceTenant(p, operator, 'zeta');
});
afterAll(() => p.stop());

const cards = async (caller: Caller, body: Record<string, unknown> = {}) =>
  made<Page<MonitorDeviceCard>>(caller, '/lfscada/monitor/equipment/query', body);
const names = (list: { name: string }[]) => list.map((d) => d.name);

describe('monitor list', () => {
  it('lists the enterprise’s groups with the devices of each, and no other enterprise’s', async () => {
    await p.ctx.db.query("update gateways set status = 'online' where sn = $1", [acme.gateway.sn]);
    const groups = await made<MonitorGroupNode[]>(acme.admin, '/lfscada/monitor/group/query');
    expect(groups).toEqual([
      { id: acme.group, parentId: null, name: 'Acme site', seq: 0, deviceCount: 1, onlineCount: 1 },
      { id: acme.subgroup, parentId: acme.group, name: 'Acme yard', seq: 0, deviceCount: 0, onlineCount: 0 },
    ]);
  });

  it('answers device cards with gateway state, alarm count and follow flag', async () => {
    await p.ctx.db.query(
      `insert into alarms(org_id, equipment_id, kind, rule_id, variable_id, content, state, triggered_at, released_at)
       values ($1, $2, 'signal', $3, $4, 'high', 'active', now(), null),
              ($1, $2, 'signal', $3, $4, 'old', 'cleared', now() - interval '1 hour', now())`,
      [acme.orgId, acme.device, acme.alarm, acme.variable],
    );
    const page = await cards(acme.admin);
    expect(page.total).toBe(2);
    expect(page.list).toEqual([
      expect.objectContaining({
        id: acme.spare,
        name: 'Acme spare',
        gatewayStatus: null,
        sn: null,
        alarmCount: 0,
        followed: false,
      }),
      expect.objectContaining({
        id: acme.device,
        name: 'Acme boiler',
        groupId: acme.group,
        groupName: 'Acme site',
        sn: acme.gateway.sn,
        gatewayStatus: 'online',
        alarmCount: 1,
        followed: false,
      }),
    ]);
    expect(JSON.stringify(page)).not.toMatch(/zeta/i);
  });

  it('counts each device’s own configuration pages on its card, so the list can open them', async () => {
    const pageCounts = async () =>
      Object.fromEntries((await cards(acme.admin)).list.map((c) => [c.name, c.pageCount]));
    expect(await pageCounts()).toEqual({ 'Acme spare': 0, 'Acme boiler': 0 });
    for (const name of ['Overview', 'Pumps'])
      await made(acme.admin, '/lfscada/configuration/page/add', {
        ownerKind: 'equipment',
        ownerId: acme.device,
        name,
      });
    expect(await pageCounts()).toEqual({ 'Acme spare': 0, 'Acme boiler': 2 });
  });

  it('filters by group (with or without subgroups), keyword and gateway state', async () => {
    expect(names((await cards(acme.admin, { groupId: acme.group })).list)).toEqual(['Acme boiler']);
    expect(names((await cards(acme.admin, { groupId: acme.subgroup })).list)).toEqual([]);
    await made(acme.admin, '/lfscada/equipment/multi/edit', {
      id: acme.spare,
      name: 'Acme spare',
      groupId: acme.subgroup,
    });
    expect(names((await cards(acme.admin, { groupId: acme.group })).list)).toEqual([
      'Acme spare',
      'Acme boiler',
    ]);
    expect(names((await cards(acme.admin, { groupId: acme.group, withSubgroups: false })).list)).toEqual([
      'Acme boiler',
    ]);
    expect(names((await cards(acme.admin, { keyword: 'boil' })).list)).toEqual(['Acme boiler']);
    expect(names((await cards(acme.admin, { keyword: acme.gateway.sn.slice(-4) })).list)).toEqual([
      'Acme boiler',
    ]);
    expect(names((await cards(acme.admin, { status: 'unbound' })).list)).toEqual(['Acme spare']);
    expect(names((await cards(acme.admin, { status: 'offline' })).list)).toEqual([]);
    // another enterprise's group finds nothing
    expect((await cards(acme.admin, { groupId: zeta.group })).list).toEqual([]);
    const all = await made<MonitorDeviceCard[]>(acme.admin, '/lfscada/monitor/equipment/queryByGroup', {
      groupId: acme.group,
      pageSize: 1,
    });
    expect(all).toMatchObject({ total: 2, pageSize: 1, list: [{ name: 'Acme spare' }] });
    const unpaged = await made<MonitorDeviceCard[]>(
      acme.admin,
      '/lfscada/monitor/equipment/queryAllByGroup',
      {
        groupId: acme.group,
      },
    );
    expect(names(unpaged)).toEqual(['Acme spare', 'Acme boiler']);
  });

  it('follows per account: followed devices come first, and only for the follower', async () => {
    expect(
      (await send(acme.admin, '/lfscada/monitor/equipment/setFollow', { equipmentId: acme.device })).code,
    ).toBe('200');
    // following twice changes nothing
    expect(
      (await send(acme.admin, '/lfscada/monitor/equipment/setFollow', { equipmentId: acme.device })).code,
    ).toBe('200');
    const page = await cards(acme.admin);
    expect(page.list.map((c) => [c.name, c.followed])).toEqual([
      ['Acme boiler', true],
      ['Acme spare', false],
    ]);
    expect(names((await cards(acme.admin, { followed: true })).list)).toEqual(['Acme boiler']);
    expect(names((await cards(acme.admin, { followed: false })).list)).toEqual(['Acme spare']);
    // another account of the enterprise sees the same devices but follows nothing
    const viewers = await role(acme.admin, 'Viewers', ['monitor_view']);
    await subAccount(acme.admin, { segment: 'int', loginname: 'acme-viewer', roleId: viewers });
    const viewer = await loggedIn(p.app, 'acme-viewer');
    expect((await cards(viewer)).list.map((c) => [c.name, c.followed])).toEqual([
      ['Acme spare', false],
      ['Acme boiler', false],
    ]);

    expect(
      (await send(acme.admin, '/lfscada/monitor/equipment/cancleFollow', { equipmentId: acme.device })).code,
    ).toBe('200');
    expect((await cards(acme.admin, { followed: true })).list).toEqual([]);
    const [row] = await p.ctx.db.query<{ n: number }>('select count(*)::int as n from monitor_follow');
    expect(row!.n).toBe(0);
  });

  it('maps devices with their own position, else their gateway’s reported location', async () => {
    expect(await made(acme.admin, '/lfscada/monitor/equipment/queryAllForMap')).toEqual([]);
    await p.ctx.db.query(`update gateways set location = '{"lng": 121.47, "lat": 31.23}' where sn = $1`, [
      acme.gateway.sn,
    ]);
    await p.ctx.db.query('update equipment set lng = 116.4, lat = 39.9 where id = any($1::int8[])', [
      [acme.spare, zeta.device],
    ]);
    const map = await made<MonitorDeviceCard[]>(acme.admin, '/lfscada/monitor/equipment/queryAllForMap');
    expect(map.map((d) => [d.name, d.lng, d.lat]).sort()).toEqual([
      ['Acme boiler', 121.47, 31.23],
      ['Acme spare', 116.4, 39.9],
    ]);
  });
});

describe('one device', () => {
  it('lists the variables with their latest values from the cache, else from storage', async () => {
    const signals = () =>
      made<MonitorSignal[]>(acme.admin, '/lfscada/monitor/multi/signal/query', { equipmentId: acme.device });
    await p.ctx.db.query('update variables set collect_lower = 0, collect_upper = 12 where id = $1', [
      acme.variable,
    ]);
    expect(await signals()).toEqual([
      expect.objectContaining({
        id: acme.variable,
        name: 'acme_level',
        rw: 'r',
        // the designer's default scale of a gauge or tank bound to it
        collectLower: 0,
        collectUpper: 12,
        value: null,
        ts: null,
        quality: null,
      }),
    ]);
    // stored before this instance started: read from signal_values
    await p.ctx.db.query(
      `insert into signal_values(equipment_id, variable_id, ts, num, quality) values ($1, $2, $3, 4.5, 0), ($1, $2, $4, 4.0, 0)`,
      [acme.device, acme.variable, new Date(1_700_000_060_000), new Date(1_700_000_000_000)],
    );
    expect(await signals()).toEqual([
      expect.objectContaining({ id: acme.variable, value: 4.5, ts: 1_700_000_060_000, quality: 0 }),
    ]);
    await p.ctx.monitor.ingest(
      acme.device,
      [{ signalId: acme.variable, ts: 1_700_000_120_000, value: 6, quality: 1715 }],
      false,
    );
    expect(await signals()).toEqual([
      expect.objectContaining({ id: acme.variable, value: 6, ts: 1_700_000_120_000, quality: 1715 }),
    ]);
  });

  it('answers the gateway’s state, or 2001 for a device without gateway', async () => {
    const info = await made(acme.admin, '/lfscada/monitor/multi/gateway/info', { equipmentId: acme.device });
    expect(info).toMatchObject({
      sn: acme.gateway.sn,
      series: 'EG',
      status: 'online',
      syncNeeded: true,
      vpn: false,
      location: { lng: 121.47, lat: 31.23 },
    });
    const none = await send(acme.admin, '/lfscada/monitor/multi/gateway/info', { equipmentId: acme.spare });
    expect(none).toMatchObject({ code: '2001', data: null });
  });

  it('opens monitoring on an online gateway only', async () => {
    const open = (equipmentId: number, interval?: number) =>
      send(acme.admin, '/lfscada/monitor/multi/open', { equipmentId, interval });
    const opened = await open(acme.device, 600);
    expect(opened).toMatchObject({ code: '200', data: { online: true, status: 'online', opened: true } });
    const sessions = await p.ctx.db.query<{ interval_s: number }>(
      'select interval_s from monitor_sessions where equipment_id = $1 and account_id = $2',
      [acme.device, acme.adminId],
    );
    expect(sessions).toEqual([{ interval_s: 600 }]);

    await p.ctx.db.query("update gateways set status = 'sleeping' where sn = $1", [zeta.gateway.sn]);
    expect(await open(zeta.device)).toMatchObject({ code: '1101' });
    expect(await send(zeta.admin, '/lfscada/monitor/multi/open', { equipmentId: zeta.device })).toMatchObject(
      {
        code: '200',
        data: { online: false, status: 'sleeping', opened: false, expiresAt: null },
      },
    );
    expect(await open(acme.spare)).toMatchObject({ code: '2001' });
    expect(await open(acme.device, 5)).toMatchObject({ code: '10001' });
  });
});

describe('isolation and permissions', () => {
  const deviceCalls = [
    '/lfscada/monitor/multi/signal/query',
    '/lfscada/monitor/multi/gateway/info',
    '/lfscada/monitor/multi/open',
    '/lfscada/monitor/equipment/setFollow',
    '/lfscada/monitor/equipment/cancleFollow',
    '/lfscada/websocket/monitor/token',
  ];
  const now = Date.now();
  const historyCalls: [string, Record<string, unknown>][] = [
    ['/lfscada/monitor/multi/history/query', { startTime: now - 3_600_000, endTime: now }],
    ['/lfscada/monitor/multi/curve/query', { startTime: now - 3_600_000, endTime: now }],
    ['/lfscada/monitor/multi/history/export', { startTime: now - 3_600_000, endTime: now }],
    ['/lfscada/monitor/multi/report/query', { startTime: now - 3_600_000, endTime: now }],
  ];

  it('answers 1101 for another enterprise’s device on every device call, and stores nothing', async () => {
    for (const url of deviceCalls) {
      const res = await send(acme.admin, url, { equipmentId: zeta.device });
      expect([url, res.code, res.data]).toEqual([url, '1101', null]);
    }
    for (const [url, body] of historyCalls) {
      const res = await send(acme.admin, url, {
        ...body,
        equipmentId: zeta.device,
        variableIds: [zeta.variable],
        reportId: zeta.report,
      });
      expect([url, res.code]).toEqual([url, '1101']);
    }
    const counts = await p.ctx.db.query<{ f: number; s: number; t: number }>(
      `select (select count(*)::int from monitor_follow where equipment_id = $1) as f,
              (select count(*)::int from monitor_sessions where equipment_id = $1) as s,
              (select count(*)::int from socket_tokens where kind = 'device' and (scope->>'equipmentId')::bigint = $1) as t`,
      [zeta.device],
    );
    expect(counts).toEqual([{ f: 0, s: 0, t: 0 }]);
  });

  it('refuses another device’s variables and reports on the caller’s own device', async () => {
    for (const [url, body] of historyCalls) {
      const res = await send(acme.admin, url, {
        ...body,
        equipmentId: acme.device,
        variableIds: [zeta.variable],
        reportId: zeta.report,
      });
      expect([url, res.code]).toEqual([url, url.endsWith('report/query') ? '90002' : '1714']);
    }
  });

  it('refuses every call without the monitor_view permission with 90008', async () => {
    const roleId = await role(acme.admin, 'Managers only', ['equipment_manage']);
    await subAccount(acme.admin, { segment: 'int', loginname: 'acme-clerk', roleId });
    const clerk = await loggedIn(p.app, 'acme-clerk');
    const urls = [
      ...deviceCalls,
      ...historyCalls.map(([u]) => u),
      '/lfscada/monitor/group/query',
      '/lfscada/monitor/equipment/query',
      '/lfscada/monitor/equipment/queryByGroup',
      '/lfscada/monitor/equipment/queryAllByGroup',
      '/lfscada/monitor/equipment/queryAllForMap',
    ];
    for (const url of urls) {
      const res = await send(clerk, url, { equipmentId: acme.device });
      expect([url, res.code]).toEqual([url, '90008']);
    }
  });

  it('rejects malformed input with 10001 and a message in the caller’s language', async () => {
    const res = await send(acme.admin, '/lfscada/monitor/multi/signal/query', { equipmentId: 'boiler' });
    expect(res).toMatchObject({ code: '10001', data: null });
    expect(res.message).toMatch(/^Parameter check failed: equipmentId/);
    const zh = await loggedIn(p.app, 'acmeenergy-admin', 'zh-CN');
    const zhRes = await send(zh, '/lfscada/monitor/equipment/query', { status: 'asleep' });
    expect(zhRes.code).toBe('10001');
    expect(zhRes.message).toMatch(/^参数校验失败/);
  });
});
