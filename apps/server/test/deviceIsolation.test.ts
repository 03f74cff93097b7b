import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedIn, makePlatformOperator, startTestPlatform, type TestPlatform } from './harness';
import { holding, made, send } from './deviceFixtures';
import { buildDeviceTenant, deviceAreaRows, type DeviceTenant } from './deviceTenant';

/**
 * Two enterprises, Alpha (A) and Bravo (B), each with devices, gateways, groups, templates and
 * their configuration. Everything of B is named "bravo", so a leak shows in the JSON text.
 */
let p: TestPlatform;
let a: DeviceTenant;
let b: DeviceTenant;

// two enterprises with one of everything: well over the default hook time on a busy machine
beforeAll(async () => {
  p = await startTestPlatform();
  const operator = await loggedIn(p.app, (await makePlatformOperator(p.ctx.db)).operator);
  a = await buildDeviceTenant(p, operator, 'alpha');
  b = await buildDeviceTenant(p, operator, 'bravo');
}, 120_000);
afterAll(() => p.stop());

const m = '/lfscada/equipment/multi';
type Body = (a: DeviceTenant, b: DeviceTenant) => Record<string, unknown>;
const own = (t: DeviceTenant) => ({ equipmentId: t.device });
const driverItem = { protocol: 'modbus-tcp', name: 'Alpha sneak', ip: '10.9.9.9' };
const reportItem = (variableId: number) => ({
  name: 'Alpha sneak',
  storageMode: 'periodic',
  intervalS: 60,
  items: [{ variableId }],
});
const scriptItem = { name: 'alpha_sneak', strategy: 'start', body: 'log(1)' };

/** Every call of the device area that names an id, made by A with an id of B. */
const foreignCalls: [string, string, Body][] = [
  // devices
  ['info of B’s device', `${m}/info`, (_, b) => ({ id: b.device })],
  ['edit of B’s device', `${m}/edit`, (_, b) => ({ id: b.device, name: 'Alpha owned' })],
  [
    'edit of A’s device into B’s group',
    `${m}/edit`,
    (a, b) => ({ id: a.device, name: 'Alpha boiler', groupId: b.group }),
  ],
  ['add into B’s group', `${m}/add`, (_, b) => ({ name: 'Alpha sneak', groupId: b.group })],
  ['delete of B’s device', `${m}/delete`, (_, b) => ({ id: b.device })],
  ['copy of B’s device', `${m}/copy`, (_, b) => ({ id: b.device, name: 'Alpha copy' })],
  ['query of B’s group', `${m}/query`, (_, b) => ({ groupId: b.group })],
  [
    'bindGateway of B’s gateway with its code',
    `${m}/bindGateway`,
    (a, b) => ({ equipmentId: a.spare, ...b.gateway }),
  ],
  ['bindGateway onto B’s device', `${m}/bindGateway`, (a, b) => ({ equipmentId: b.spare, ...a.freeGateway })],
  ['unbindGateway of B’s device', `${m}/unbindGateway`, (_, b) => ({ equipmentId: b.device })],
  [
    'bindTemplate of B’s template',
    `${m}/bindTemplate`,
    (a, b) => ({ equipmentId: a.device, templateId: b.spareTemplate }),
  ],
  [
    'bindTemplate onto B’s device',
    `${m}/bindTemplate`,
    (a, b) => ({ equipmentId: b.device, templateId: a.spareTemplate }),
  ],
  ['unbindTemplate of B’s device', `${m}/unbindTemplate`, (_, b) => ({ equipmentId: b.spare })],
  ['syncTemplate of B’s device', `${m}/syncTemplate`, (_, b) => ({ equipmentId: b.spare })],
  [
    'bindGatewayAndTemplate with B’s template',
    `${m}/bindGatewayAndTemplate`,
    (a, b) => ({ equipmentId: a.device, ...a.freeGateway, templateId: b.spareTemplate }),
  ],
  [
    'bindGatewayAndTemplate onto B’s device',
    `${m}/bindGatewayAndTemplate`,
    (a, b) => ({ equipmentId: b.device, ...a.freeGateway, templateId: a.spareTemplate }),
  ],
  ['share/info of B’s device', `${m}/share/info`, (_, b) => ({ equipId: b.device })],
  [
    'share/editPwd of B’s device',
    `${m}/share/editPwd`,
    (_, b) => ({ equipId: b.device, password: 'alpha999' }),
  ],
  ['share/editAuth of B’s device', `${m}/share/editAuth`, (_, b) => ({ equipId: b.device, shared: false })],
  ['auth/query of B’s device', `${m}/auth/query`, (_, b) => ({ equipmentId: b.device })],
  [
    'auth/add of B’s account',
    `${m}/auth/add`,
    (a, b) => ({ equipmentId: a.device, accountIds: [b.watcher] }),
  ],
  [
    'auth/add onto B’s device',
    `${m}/auth/add`,
    (a, b) => ({ equipmentId: b.device, accountIds: [a.watcher] }),
  ],
  [
    'auth/cancel of B’s account',
    `${m}/auth/cancel`,
    (a, b) => ({ equipmentId: a.device, accountId: b.watcher }),
  ],
  [
    'auth/cancel on B’s device',
    `${m}/auth/cancel`,
    (_, b) => ({ equipmentId: b.device, accountId: b.watcher }),
  ],
  // configuration of B's device or template, or B's rows under A's device
  ['driver/query of B’s device', `${m}/driver/query`, (_, b) => ({ owner: own(b) })],
  ['driver/query of B’s template', `${m}/driver/query`, (_, b) => ({ owner: { templateId: b.template } })],
  ['driver/add to B’s device', `${m}/driver/add`, (_, b) => ({ owner: own(b), item: driverItem })],
  [
    'driver/edit of B’s driver',
    `${m}/driver/edit`,
    (a, b) => ({ owner: own(a), id: b.driver, item: driverItem }),
  ],
  [
    'driver/edit on B’s device',
    `${m}/driver/edit`,
    (_, b) => ({ owner: own(b), id: b.driver, item: driverItem }),
  ],
  ['driver/delete of B’s driver', `${m}/driver/delete`, (a, b) => ({ owner: own(a), id: b.driver })],
  [
    'driver/delete of B’s template driver',
    `${m}/driver/delete`,
    (a, b) => ({ owner: { templateId: a.template }, id: b.templateDriver }),
  ],
  ['variable/query of B’s device', `${m}/variable/query`, (_, b) => ({ owner: own(b) })],
  [
    'variable/query of B’s template',
    `${m}/variable/query`,
    (_, b) => ({ owner: { templateId: b.template } }),
  ],
  [
    'variable/add on B’s driver',
    `${m}/variable/add`,
    (a, b) => ({ owner: own(a), item: holding(b.driver, 'alpha_sneak') }),
  ],
  [
    'variable/add to B’s template',
    `${m}/variable/add`,
    (_, b) => ({ owner: { templateId: b.template }, item: holding(b.templateDriver, 'alpha_sneak') }),
  ],
  [
    'variable/edit of B’s variable',
    `${m}/variable/edit`,
    (a, b) => ({ owner: own(a), id: b.variable, item: holding(a.driver, 'alpha_sneak') }),
  ],
  [
    'variable/edit of B’s template variable',
    `${m}/variable/edit`,
    (a, b) => ({
      owner: { templateId: a.template },
      id: b.templateVariable,
      item: holding(a.templateDriver, 'alpha_sneak'),
    }),
  ],
  [
    'variable/delete of B’s variable',
    `${m}/variable/delete`,
    (a, b) => ({ owner: own(a), ids: [b.variable] }),
  ],
  [
    'variable/delete of A’s and B’s variables',
    `${m}/variable/delete`,
    (a, b) => ({ owner: own(a), ids: [a.variable, b.variable] }),
  ],
  [
    'variable/pin of B’s variable',
    `${m}/variable/pin`,
    (a, b) => ({ owner: own(a), id: b.variable, pinned: 'top' }),
  ],
  [
    'variable/sort of B’s variable',
    `${m}/variable/sort`,
    (a, b) => ({ owner: own(a), ids: [a.variable, b.variable] }),
  ],
  ['alarm/query of B’s device', `${m}/alarm/query`, (_, b) => ({ owner: own(b) })],
  [
    'alarm/add on B’s variable',
    `${m}/alarm/add`,
    (a, b) => ({
      owner: own(a),
      item: { variableId: b.variable, condition: 'gt', value: 1, content: 'Alpha sneak' },
    }),
  ],
  [
    'alarm/edit of B’s rule',
    `${m}/alarm/edit`,
    (a, b) => ({
      owner: own(a),
      id: b.alarm,
      item: { variableId: a.variable, condition: 'gt', value: 1, content: 'Alpha sneak' },
    }),
  ],
  ['alarm/delete of B’s rule', `${m}/alarm/delete`, (a, b) => ({ owner: own(a), id: b.alarm })],
  ['report/query of B’s device', `${m}/report/query`, (_, b) => ({ owner: own(b) })],
  [
    'report/add on B’s variable',
    `${m}/report/add`,
    (a, b) => ({ owner: own(a), item: reportItem(b.variable) }),
  ],
  [
    'report/edit of B’s report',
    `${m}/report/edit`,
    (a, b) => ({ owner: own(a), id: b.report, item: reportItem(a.variable) }),
  ],
  ['report/delete of B’s report', `${m}/report/delete`, (a, b) => ({ owner: own(a), id: b.report })],
  ['script/query of B’s device', `${m}/script/query`, (_, b) => ({ owner: own(b) })],
  ['script/add to B’s device', `${m}/script/add`, (_, b) => ({ owner: own(b), item: scriptItem })],
  [
    'script/edit of B’s script',
    `${m}/script/edit`,
    (a, b) => ({ owner: own(a), id: b.script, item: scriptItem }),
  ],
  ['script/delete of B’s script', `${m}/script/delete`, (a, b) => ({ owner: own(a), id: b.script })],
  // gateways
  ['hardware/queryBySn of B’s gateway', '/lfscada/hardware/queryBySn', (_, b) => ({ sn: b.gateway.sn })],
  [
    'gateway/settings/save of B’s gateway',
    '/lfscada/gateway/settings/save',
    (_, b) => ({ sn: b.gateway.sn, networkMode: 'router' }),
  ],
  // groups
  [
    'group/add under B’s group',
    '/lfscada/equipment/group/add',
    (_, b) => ({ name: 'Alpha sneak', parentId: b.group }),
  ],
  [
    'group/edit of B’s group',
    '/lfscada/equipment/group/edit',
    (_, b) => ({ id: b.subgroup, name: 'Alpha owned' }),
  ],
  [
    'group/edit moving A’s group under B’s',
    '/lfscada/equipment/group/edit',
    (a, b) => ({ id: a.subgroup, name: 'Alpha yard', parentId: b.group }),
  ],
  ['group/delete of B’s group', '/lfscada/equipment/group/delete', (_, b) => ({ id: b.subgroup })],
  // templates
  ['template/detail of B’s template', '/lfscada/template/detail', (_, b) => ({ id: b.template })],
  [
    'template/edit of B’s template',
    '/lfscada/template/edit',
    (_, b) => ({ id: b.spareTemplate, name: 'Alpha owned', series: 'EG' }),
  ],
  ['template/delete of B’s template', '/lfscada/template/delete', (_, b) => ({ id: b.spareTemplate })],
];

const callers = [
  ['the enterprise admin of A', (t: DeviceTenant) => t.admin],
  [
    'an internal account of A whose role manages devices, templates and gateways',
    (t: DeviceTenant) => t.manager,
  ],
] as const;

const everything = async () => ({
  a: await deviceAreaRows(p.ctx.db, a.orgId),
  b: await deviceAreaRows(p.ctx.db, b.orgId),
});

describe.each(callers)('%s naming an id of enterprise B', (_who, callerOf) => {
  it.each(foreignCalls)(
    'gets an error without B’s data for %s, and nothing is stored',
    async (_name, url, body) => {
      const before = await everything();
      const res = await send(callerOf(a), url, body(a, b));
      expect(res.code).not.toBe('200');
      expect(res.code).not.toBe('201');
      expect(res.data).toBeNull();
      const text = JSON.stringify(res);
      expect(text).not.toMatch(/bravo/i);
      expect(text).not.toContain(b.gateway.sn);
      expect(await everything()).toEqual(before);
    },
  );

  it('gets the same answer for an id of B as for an id that does not exist', async () => {
    const caller = callerOf(a);
    const pairs: [string, Record<string, unknown>, Record<string, unknown>][] = [
      [`${m}/info`, { id: b.device }, { id: 987654321 }],
      [`${m}/driver/query`, { owner: own(b) }, { owner: { equipmentId: 987654321 } }],
      [
        `${m}/variable/edit`,
        { owner: own(a), id: b.variable, item: holding(a.driver, 'x1') },
        { owner: own(a), id: 987654321, item: holding(a.driver, 'x1') },
      ],
      ['/lfscada/template/detail', { id: b.template }, { id: 987654321 }],
      ['/lfscada/equipment/group/delete', { id: b.subgroup }, { id: 987654321 }],
      ['/lfscada/gateway/settings/save', { sn: b.gateway.sn }, { sn: '999999999999' }],
    ];
    for (const [url, foreign, missing] of pairs) {
      expect(await send(caller, url, foreign), url).toEqual(await send(caller, url, missing));
    }
  });
});

describe('lists of enterprise A', () => {
  const lists: [string, Body][] = [
    [`${m}/query`, () => ({ pageSize: 500 })],
    [`${m}/query`, () => ({ keyword: 'bravo' })],
    [`${m}/query`, (_, b) => ({ templateId: b.template })],
    [`${m}/query`, (_, b) => ({ sn: b.gateway.sn })],
    [`${m}/queryByUser`, () => ({})],
    [`${m}/extra/queryAllManufacturer`, () => ({})],
    [`${m}/auth/query`, (a) => ({ equipmentId: a.device })],
    [`${m}/variable/query`, (a, b) => ({ owner: own(a), driverId: b.driver })],
    ['/lfscada/equipment/group/query', () => ({})],
    ['/lfscada/template/queryForManage', () => ({ pageSize: 500 })],
    ['/lfscada/template/query', () => ({})],
    ['/lfscada/gateway/query', () => ({ pageSize: 500 })],
    ['/lfscada/gateway/query', (_, b) => ({ keyword: b.gateway.sn })],
  ];

  it.each(lists)('%s never contains a row of B', async (url, body) => {
    for (const caller of [a.admin, a.manager]) {
      const res = await send(caller, url, body(a, b));
      expect(res.code, res.message).toBe('200');
      const text = JSON.stringify(res.data);
      expect(text).not.toMatch(/bravo/i);
      expect(text).not.toContain(b.gateway.sn);
    }
  });

  it('lists A’s own rows, so the lists above are not empty by accident', async () => {
    const devices = await made<{ list: { id: number }[] }>(a.manager, `${m}/query`, { pageSize: 500 });
    expect(devices.list.map((d) => d.id).sort()).toEqual([a.device, a.spare].sort());
    const gateways = await made<{ list: { sn: string }[] }>(a.manager, '/lfscada/gateway/query', {});
    expect(gateways.list.map((g) => g.sn)).toEqual([a.gateway.sn]);
    const groups = await made<{ id: number }[]>(a.admin, '/lfscada/equipment/group/query');
    expect(groups.map((g) => g.id).sort()).toEqual([a.group, a.subgroup].sort());
    const templates = await made<{ list: { id: number }[] }>(a.admin, '/lfscada/template/queryForManage', {});
    expect(templates.list.map((t) => t.id).sort()).toEqual([a.template, a.spareTemplate].sort());
    expect(await made(a.admin, `${m}/extra/queryAllManufacturer`)).toEqual(['Alpha Works']);
    const auth = await made<{ authorized: { id: number }[] }>(a.admin, `${m}/auth/query`, {
      equipmentId: a.device,
    });
    expect(auth.authorized.map((x) => x.id)).toEqual([a.watcher]);
  });
});
