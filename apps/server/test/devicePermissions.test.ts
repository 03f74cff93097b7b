import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedIn, makePlatformOperator, startTestPlatform, type Caller, type TestPlatform } from './harness';
import { holding, nextSn, role, send, subAccount } from './deviceFixtures';
import { buildDeviceTenant, deviceAreaRows, type DeviceTenant } from './deviceTenant';

/**
 * The manage keys of the device area (seed 000 §6): equipment_manage for devices, their
 * configuration and groups, template_manage for templates and their configuration,
 * gateway_manage for the gateway list and settings; platform_system for the gateway registry.
 */
let p: TestPlatform;
let a: DeviceTenant;
let operator: Caller;
/** internal accounts of A whose role holds the other two manage keys but not the named one */
const without: Record<'equipment_manage' | 'template_manage' | 'gateway_manage', Caller> = {} as never;

// an enterprise with one of everything and three more logins: slow on a busy machine
beforeAll(async () => {
  p = await startTestPlatform();
  operator = await loggedIn(p.app, (await makePlatformOperator(p.ctx.db)).operator);
  a = await buildDeviceTenant(p, operator, 'alpha');
  const keys = ['equipment_manage', 'template_manage', 'gateway_manage'] as const;
  for (const key of keys) {
    const roleId = await role(a.admin, `Without ${key}`, ['monitor_view', ...keys.filter((k) => k !== key)]);
    const loginname = `no-${key.replace('_', '-')}`;
    await subAccount(a.admin, { segment: 'int', loginname, roleId });
    without[key] = await loggedIn(p.app, loginname);
  }
}, 120_000);
afterAll(() => p.stop());

const m = '/lfscada/equipment/multi';
type Body = (a: DeviceTenant) => Record<string, unknown>;
const dev = (t: DeviceTenant) => ({ equipmentId: t.device });
const tpl = (t: DeviceTenant) => ({ templateId: t.template });
const driverItem = { protocol: 'modbus-tcp', name: 'New PLC', ip: '10.1.1.1' };
const scriptItem = { name: 'new_script', strategy: 'start', body: 'log(1)' };
const alarmItem = (variableId: number) => ({ variableId, condition: 'gt', value: 1, content: 'New rule' });
const reportItem = (variableId: number) => ({
  name: 'New report',
  storageMode: 'change',
  items: [{ variableId }],
});

/** Configuration calls of an owner (a device or a template) with valid bodies. */
function configCalls(
  owner: Body,
  driver: (t: DeviceTenant) => number,
  variable: (t: DeviceTenant) => number,
) {
  const calls: [string, Body][] = [
    [`${m}/driver/query`, (t) => ({ owner: owner(t) })],
    [`${m}/driver/add`, (t) => ({ owner: owner(t), item: driverItem })],
    [`${m}/driver/edit`, (t) => ({ owner: owner(t), id: driver(t), item: driverItem })],
    [`${m}/driver/delete`, (t) => ({ owner: owner(t), id: driver(t) })],
    [`${m}/variable/query`, (t) => ({ owner: owner(t) })],
    [
      `${m}/variable/add`,
      (t) => ({ owner: owner(t), item: holding(driver(t), 'new_var', { address: '7' }) }),
    ],
    [
      `${m}/variable/edit`,
      (t) => ({ owner: owner(t), id: variable(t), item: holding(driver(t), 'renamed') }),
    ],
    [`${m}/variable/delete`, (t) => ({ owner: owner(t), ids: [variable(t)] })],
    [`${m}/variable/pin`, (t) => ({ owner: owner(t), id: variable(t), pinned: 'top' })],
    [`${m}/variable/sort`, (t) => ({ owner: owner(t), ids: [variable(t)] })],
    [`${m}/alarm/query`, (t) => ({ owner: owner(t) })],
    [`${m}/alarm/add`, (t) => ({ owner: owner(t), item: alarmItem(variable(t)) })],
    [`${m}/report/query`, (t) => ({ owner: owner(t) })],
    [`${m}/report/add`, (t) => ({ owner: owner(t), item: reportItem(variable(t)) })],
    [`${m}/script/query`, (t) => ({ owner: owner(t) })],
    [`${m}/script/add`, (t) => ({ owner: owner(t), item: scriptItem })],
  ];
  return calls;
}

const equipmentCalls: [string, Body][] = [
  [`${m}/query`, () => ({})],
  [`${m}/add`, () => ({ name: 'New device' })],
  [`${m}/edit`, (t) => ({ id: t.device, name: 'Renamed' })],
  [`${m}/delete`, (t) => ({ id: t.device })],
  [`${m}/copy`, (t) => ({ id: t.device, name: 'Copied' })],
  [`${m}/bindGateway`, (t) => ({ equipmentId: t.spare, ...t.freeGateway })],
  [`${m}/unbindGateway`, (t) => ({ equipmentId: t.device })],
  [`${m}/bindTemplate`, (t) => ({ equipmentId: t.device, templateId: t.spareTemplate })],
  [`${m}/unbindTemplate`, (t) => ({ equipmentId: t.spare })],
  [`${m}/syncTemplate`, (t) => ({ equipmentId: t.spare })],
  [
    `${m}/bindGatewayAndTemplate`,
    (t) => ({ equipmentId: t.spare, ...t.freeGateway, templateId: t.spareTemplate }),
  ],
  [`${m}/share/info`, (t) => ({ equipId: t.device })],
  [`${m}/share/editPwd`, (t) => ({ equipId: t.device, password: 'newpass1' })],
  [`${m}/share/editAuth`, (t) => ({ equipId: t.device, shared: false })],
  [`${m}/auth/query`, (t) => ({ equipmentId: t.device })],
  [`${m}/auth/add`, (t) => ({ equipmentId: t.device, accountIds: [t.watcher] })],
  [`${m}/auth/cancel`, (t) => ({ equipmentId: t.device, accountId: t.watcher })],
  ...configCalls(
    dev,
    (t) => t.driver,
    (t) => t.variable,
  ),
  [`${m}/alarm/edit`, (t) => ({ owner: dev(t), id: t.alarm, item: alarmItem(t.variable) })],
  [`${m}/alarm/delete`, (t) => ({ owner: dev(t), id: t.alarm })],
  [`${m}/report/edit`, (t) => ({ owner: dev(t), id: t.report, item: reportItem(t.variable) })],
  [`${m}/report/delete`, (t) => ({ owner: dev(t), id: t.report })],
  [`${m}/script/edit`, (t) => ({ owner: dev(t), id: t.script, item: scriptItem })],
  [`${m}/script/delete`, (t) => ({ owner: dev(t), id: t.script })],
  ['/lfscada/hardware/queryBySn', (t) => ({ sn: t.freeGateway.sn })],
  ['/lfscada/equipment/group/add', () => ({ name: 'New group' })],
  ['/lfscada/equipment/group/edit', (t) => ({ id: t.subgroup, name: 'Renamed' })],
  ['/lfscada/equipment/group/delete', (t) => ({ id: t.subgroup })],
];

const templateCalls: [string, Body][] = [
  ['/lfscada/template/queryForManage', () => ({})],
  ['/lfscada/template/detail', (t) => ({ id: t.template })],
  ['/lfscada/template/add', () => ({ name: 'New template', series: 'EG' })],
  ['/lfscada/template/edit', (t) => ({ id: t.spareTemplate, name: 'Renamed', series: 'EG' })],
  ['/lfscada/template/delete', (t) => ({ id: t.spareTemplate })],
  ...configCalls(
    tpl,
    (t) => t.templateDriver,
    (t) => t.templateVariable,
  ),
];

const gatewayCalls: [string, Body][] = [
  ['/lfscada/gateway/query', () => ({})],
  ['/lfscada/gateway/settings/save', (t) => ({ sn: t.gateway.sn, networkMode: 'router' })],
];

const matrix = [
  ['equipment_manage', equipmentCalls],
  ['template_manage', templateCalls],
  ['gateway_manage', gatewayCalls],
] as const;

describe.each(matrix)('an internal account whose role lacks %s', (key, calls) => {
  it.each(calls)('gets 90008 on %s and nothing changes', async (url, body) => {
    const before = await deviceAreaRows(p.ctx.db, a.orgId);
    expect(await send(without[key], url, body(a))).toMatchObject({
      code: '90008',
      message: 'You do not have access',
      data: null,
    });
    expect(await deviceAreaRows(p.ctx.db, a.orgId)).toEqual(before);
  });
});

describe('accounts holding the other keys', () => {
  it('still reach the calls their role allows', async () => {
    expect((await send(without.template_manage, `${m}/query`, {})).code).toBe('200');
    expect((await send(without.equipment_manage, '/lfscada/template/queryForManage', {})).code).toBe('200');
    expect((await send(without.equipment_manage, '/lfscada/gateway/query', {})).code).toBe('200');
    expect((await send(without.gateway_manage, `${m}/driver/query`, { owner: dev(a) })).code).toBe('200');
    expect((await send(without.gateway_manage, `${m}/driver/query`, { owner: tpl(a) })).code).toBe('200');
  });

  it('may read the group tree, the short device list and the wizard’s template list without manage keys', async () => {
    const viewerRole = await role(a.admin, 'Viewers', ['monitor_view']);
    await subAccount(a.admin, { segment: 'int', loginname: 'alpha-viewer', roleId: viewerRole });
    const viewer = await loggedIn(p.app, 'alpha-viewer');
    for (const url of ['/lfscada/equipment/group/query', `${m}/queryByUser`, '/lfscada/template/query']) {
      expect((await send(viewer, url, {})).code, url).toBe('200');
    }
  });
});

describe('the platform gateway registry', () => {
  const registry: [string, () => Record<string, unknown>][] = [
    ['/lfscada/hardware/register', () => ({ series: 'EG', gateways: [{ sn: nextSn() }] })],
    ['/lfscada/hardware/query', () => ({})],
  ];

  it.each(registry)('gives enterprise accounts 90008 on %s, registering nothing', async (url, body) => {
    for (const caller of [a.admin, a.manager, without.gateway_manage]) {
      const input = body();
      expect(await send(caller, url, input)).toMatchObject({ code: '90008', data: null });
      const sn = (input.gateways as { sn: string }[] | undefined)?.[0]?.sn;
      if (sn) expect(await p.ctx.db.query('select 1 from gateways where sn = $1', [sn])).toEqual([]);
    }
  });

  it('is open to the platform operator, who gets 90008 on the enterprise calls', async () => {
    expect((await send(operator, '/lfscada/hardware/query', {})).code).toBe('200');
    for (const url of [`${m}/query`, '/lfscada/template/queryForManage', '/lfscada/gateway/query']) {
      expect((await send(operator, url, {})).code, url).toBe('90008');
    }
  });
});
