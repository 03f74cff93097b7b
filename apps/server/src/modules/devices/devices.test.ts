import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller, TestPlatform } from '../../../test/harness';
import { deviceWithGateway, made, modbusDriver, send, variable } from '../../../test/deviceFixtures';
import { otherEnterpriseAdmin, startDevicePlatform } from '../../../test/platformFixtures';

const base = '/lfscada/equipment/multi';

let p: TestPlatform;
let admin: Caller;
let operator: Caller;
/** the admin of another enterprise */
let other: Caller;

beforeAll(async () => {
  ({ p, admin, operator } = await startDevicePlatform('Acme Plant'));
  other = await otherEnterpriseAdmin(p, 'Other Works');
});
afterAll(() => p.stop());

const info = (caller: Caller, id: number) => send<Record<string, unknown>>(caller, `${base}/info`, { id });
const namesOf = (rows: { name: string }[]) => rows.map((r) => r.name).sort();

describe('adding, editing and deleting devices', () => {
  it('stores every basic field and shows it in info and in the list', async () => {
    const group = await made(admin, '/lfscada/equipment/group/add', { name: 'Boiler house' });
    const fields = {
      name: 'Boiler 1',
      groupId: group.id,
      deviceNumber: 'B-001',
      address: '1 Harbour Road',
      lng: 121.47,
      lat: 31.23,
      factoryDate: '2024-01-15',
      installDate: '2024-03-01',
      warrantyMonths: 24,
      manufacturer: 'Siemens',
      iccid: '89860012345678901234',
      remark: 'north wall',
      seq: 5,
      defaultValueMode: 'last',
      menuBarVisible: false,
    };
    const { id } = await made(admin, `${base}/add`, fields);
    const shown = await info(admin, id);
    expect(shown).toMatchObject({ code: '200', data: { ...fields, groupName: 'Boiler house', sn: null } });
    expect(shown.data).toMatchObject({ ownerLoginname: 'acmeplant-admin', templateId: null, shared: false });
    const list = await made<{ list: { id: number }[]; total: number }>(admin, `${base}/query`, {
      keyword: 'boiler',
    });
    expect(list.list.map((d) => d.id)).toEqual([id]);
    expect(list.total).toBe(1);
  });

  it('edits a device and keeps the change', async () => {
    const { id } = await made(admin, `${base}/add`, { name: 'Chiller', manufacturer: 'Trane' });
    expect(await send(admin, `${base}/edit`, { id, name: 'Chiller 2', remark: 'replaced' })).toMatchObject({
      code: '200',
      data: null,
    });
    expect((await info(admin, id)).data).toMatchObject({
      name: 'Chiller 2',
      remark: 'replaced',
      manufacturer: '',
    });
  });

  it('refuses a sort order that is not a whole number of at least 0 with 10001', async () => {
    for (const seq of [-1, 2.5, 'first']) {
      const res = await send(admin, `${base}/add`, { name: `Sorted ${seq}`, seq });
      expect(res.code).toBe('10001');
      expect(res.message).toMatch(/^Parameter check failed: seq:/);
    }
  });

  it('answers 2101 for a name that exists, in any letter case, on add and on edit', async () => {
    await made(admin, `${base}/add`, { name: 'Press 7' });
    const { id } = await made(admin, `${base}/add`, { name: 'Press 8' });
    const add = await send(admin, `${base}/add`, { name: 'PRESS 7' });
    expect(add).toMatchObject({ code: '2101', message: 'Device name already exists', data: null });
    expect((await send(admin, `${base}/edit`, { id, name: 'press 7' })).code).toBe('2101');
    expect((await info(admin, id)).data).toMatchObject({ name: 'Press 8' });
    // another enterprise may use the same name
    expect((await send(other, `${base}/add`, { name: 'Press 7' })).code).toBe('200');
  });

  it('refuses a group of another enterprise with 1203 on add, edit and list, storing nothing', async () => {
    const foreign = await made(other, '/lfscada/equipment/group/add', { name: 'Their group' });
    const { id } = await made(admin, `${base}/add`, { name: 'Mixer' });
    expect((await send(admin, `${base}/add`, { name: 'Sneaky', groupId: foreign.id })).code).toBe('1203');
    expect((await send(admin, `${base}/edit`, { id, name: 'Mixer', groupId: foreign.id })).code).toBe('1203');
    expect((await send(admin, `${base}/query`, { groupId: foreign.id })).code).toBe('1203');
    expect((await info(admin, id)).data).toMatchObject({ groupId: null });
    const [row] = await p.ctx.db.query('select count(*)::int as n from equipment where name = $1', [
      'Sneaky',
    ]);
    expect(row).toEqual({ n: 0 });
  });

  it('deletes a device with its configuration; info then answers 1101', async () => {
    const d = await deviceWithGateway(admin, operator, 'Doomed pump');
    const driverId = await modbusDriver(admin, d.owner);
    await variable(admin, d.owner, driverId, 'flow');
    expect((await send(admin, `${base}/delete`, { id: d.id })).code).toBe('200');
    expect(await info(admin, d.id)).toMatchObject({ code: '1101', message: 'Device not found', data: null });
    const [left] = await p.ctx.db.query<{ n: number }>(
      'select (select count(*) from drivers where equipment_id = $1) + (select count(*) from variables where equipment_id = $1) as n',
      [d.id],
    );
    expect(Number(left!.n)).toBe(0);
    expect((await send(admin, `${base}/delete`, { id: d.id })).code).toBe('1101');
  });

  it('frees the gateway of a deleted device, so another device can bind it', async () => {
    const d = await deviceWithGateway(admin, operator, 'Old compressor');
    await made(admin, `${base}/delete`, { id: d.id });
    const [gateway] = await p.ctx.db.query('select equipment_id, org_id from gateways where sn = $1', [d.sn]);
    expect(gateway).toEqual({ equipment_id: null, org_id: null });
    const next = await made(other, `${base}/add`, { name: 'New compressor' });
    expect(
      (await send(other, `${base}/bindGateway`, { equipmentId: next.id, sn: d.sn, verifyCode: d.verifyCode }))
        .code,
    ).toBe('200');
  });

  it('lists the manufacturers of the enterprise once each, without blanks or other enterprises', async () => {
    await made(admin, `${base}/add`, { name: 'Valve 1', manufacturer: 'Emerson' });
    await made(admin, `${base}/add`, { name: 'Valve 2', manufacturer: 'Emerson' });
    await made(other, `${base}/add`, { name: 'Valve 3', manufacturer: 'Bravo Valves' });
    for (const url of [
      `${base}/extra/queryAllManufacturer`,
      '/lfscada/equipment/extra/queryAllManufacturer',
    ]) {
      expect(await made<string[]>(admin, url)).toEqual(['Emerson', 'Siemens']);
    }
  });
});

describe('copying a device', () => {
  it('refuses a device without gateway with 1119', async () => {
    const { id } = await made(admin, `${base}/add`, { name: 'Unbound tank' });
    expect(await send(admin, `${base}/copy`, { id, name: 'Unbound copy' })).toMatchObject({
      code: '1119',
      message: 'The device has no gateway and cannot be copied',
    });
  });

  it('refuses a name longer than 25 characters with 10001 and a name that exists with 2101', async () => {
    const d = await deviceWithGateway(admin, operator, 'Copy source');
    const long = await send(admin, `${base}/copy`, { id: d.id, name: 'x'.repeat(26) });
    expect(long.code).toBe('10001');
    expect(long.message).toMatch(/^Parameter check failed: name:/);
    expect((await send(admin, `${base}/copy`, { id: d.id, name: 'y'.repeat(25) })).code).toBe('200');
    expect((await send(admin, `${base}/copy`, { id: d.id, name: 'copy SOURCE' })).code).toBe('2101');
  });

  it('copies the configuration with its own ids and references, without a gateway, leaving the source as it was', async () => {
    const src = await deviceWithGateway(admin, operator, 'Line 1');
    const driverId = await modbusDriver(admin, src.owner);
    const speed = await variable(admin, src.owner, driverId, 'speed', { unit: 'rpm' });
    const state = await variable(admin, src.owner, driverId, 'state', {
      address: '1',
      mapping: [
        { value: 0, text: 'stopped' },
        { value: 1, text: 'running' },
      ],
    });
    const owner = src.owner;
    await made(admin, `${base}/alarm/add`, {
      owner,
      item: { variableId: speed, condition: 'gt', value: 1500, content: 'Overspeed' },
    });
    await made(admin, `${base}/report/add`, {
      owner,
      item: {
        name: 'Shift',
        storageMode: 'periodic',
        intervalS: 60,
        items: [{ variableId: speed }, { variableId: state, aggregation: 'max' }],
      },
    });
    await made(admin, `${base}/script/add`, {
      owner,
      item: { name: 'boot', strategy: 'start', body: 'log("up")' },
    });
    const snapshot = async () => {
      const rows: Record<string, unknown[]> = {};
      for (const t of ['equipment', 'drivers', 'variables', 'alarm_rules', 'reports', 'scripts']) {
        const column = t === 'equipment' ? 'id' : 'equipment_id';
        rows[t] = await p.ctx.db.query(`select * from ${t} where ${column} = $1 order by id`, [src.id]);
      }
      rows.items = await p.ctx.db.query(
        'select i.* from report_items i join reports r on r.id = i.report_id where r.equipment_id = $1 order by i.seq',
        [src.id],
      );
      rows.gateway = await p.ctx.db.query('select * from gateways where sn = $1', [src.sn]);
      return rows;
    };
    const before = await snapshot();

    const { id } = await made(admin, `${base}/copy`, { id: src.id, name: 'Line 2' });
    expect(await snapshot()).toEqual(before);
    expect((await info(admin, id)).data).toMatchObject({ name: 'Line 2', sn: null, gatewayStatus: null });
    const [series] = await p.ctx.db.query('select series from equipment where id = $1', [id]);
    expect(series).toEqual({ series: 'EG' });

    const copy = { equipmentId: id };
    const drivers = await made<{ id: number; name: string }[]>(admin, `${base}/driver/query`, {
      owner: copy,
    });
    expect(drivers.map((d) => d.name)).toEqual(['PLC']);
    expect(drivers[0]!.id).not.toBe(driverId);
    const vars = await made<{ id: number; name: string; driverId: number; unit: string; mapping: unknown }[]>(
      admin,
      `${base}/variable/query`,
      { owner: copy },
    );
    expect(namesOf(vars)).toEqual(['speed', 'state']);
    expect(vars.every((v) => v.driverId === drivers[0]!.id && ![speed, state].includes(v.id))).toBe(true);
    const copiedSpeed = vars.find((v) => v.name === 'speed')!;
    expect(copiedSpeed.unit).toBe('rpm');
    expect(vars.find((v) => v.name === 'state')!.mapping).toEqual([
      { value: 0, text: 'stopped' },
      { value: 1, text: 'running' },
    ]);
    const alarms = await made<{ variableId: number; content: string }[]>(admin, `${base}/alarm/query`, {
      owner: copy,
    });
    expect(alarms).toMatchObject([{ variableId: copiedSpeed.id, content: 'Overspeed' }]);
    const reports = await made<{ name: string; items: { variableId: number; variableName: string }[] }[]>(
      admin,
      `${base}/report/query`,
      { owner: copy },
    );
    expect(reports).toHaveLength(1);
    expect(reports[0]!.items.map((i) => i.variableName)).toEqual(['speed', 'state']);
    expect(reports[0]!.items.every((i) => vars.some((v) => v.id === i.variableId))).toBe(true);
    expect(namesOf(await made<{ name: string }[]>(admin, `${base}/script/query`, { owner: copy }))).toEqual([
      'boot',
    ]);
  });
});

describe('sharing a device', () => {
  let id: number;
  beforeAll(async () => {
    id = (await made(admin, `${base}/add`, { name: 'Shared boiler' })).id;
  });

  it.each([['abc'], ['ab#12'], ['pass word'], ['密码密码']])(
    'refuses the share password %j with 10001',
    async (password) => {
      const res = await send(admin, `${base}/share/editPwd`, { equipId: id, password });
      expect(res.code).toBe('10001');
      expect(res.message).toMatch(/password/);
    },
  );

  it('stores a share password of 4 letters or digits only as a hash and says that one is set', async () => {
    expect(
      (await made<{ hasPassword: boolean }>(admin, `${base}/share/info`, { equipId: id })).hasPassword,
    ).toBe(false);
    expect((await send(admin, `${base}/share/editPwd`, { equipId: id, password: 'ab12' })).code).toBe('200');
    const shown = await send(admin, `${base}/share/info`, { equipId: id });
    expect(shown.data).toMatchObject({ hasPassword: true });
    expect(JSON.stringify(shown)).not.toContain('ab12');
    const [row] = await p.ctx.db.query<{ share_password_hash: string }>(
      'select share_password_hash from equipment where id = $1',
      [id],
    );
    expect(row!.share_password_hash).toBeTruthy();
    expect(row!.share_password_hash).not.toContain('ab12');
  });

  it('removes the share password when an empty one is saved', async () => {
    expect((await send(admin, `${base}/share/editPwd`, { equipId: id, password: 'ab12' })).code).toBe('200');
    expect((await send(admin, `${base}/share/editPwd`, { equipId: id, password: '' })).code).toBe('200');
    expect(
      (await made<{ hasPassword: boolean }>(admin, `${base}/share/info`, { equipId: id })).hasPassword,
    ).toBe(false);
  });

  it('stores the toggles and makes the link token once, keeping it when sharing goes off and on', async () => {
    const on = { equipId: id, shared: true, perms: ['topMenu', 'alarms', 'curves', 'writeData'] };
    expect((await send(admin, `${base}/share/editAuth`, on)).code).toBe('200');
    const first = await made<{ shared: boolean; token: string; perms: string[] }>(
      admin,
      `${base}/share/info`,
      {
        equipId: id,
      },
    );
    expect(first).toMatchObject({ shared: true, perms: ['topMenu', 'alarms', 'curves', 'writeData'] });
    expect(first.token).toMatch(/^[\w-]{20,}$/);
    await made(admin, `${base}/share/editAuth`, { equipId: id, shared: false, perms: [] });
    expect(await made(admin, `${base}/share/info`, { equipId: id })).toMatchObject({
      shared: false,
      perms: [],
      token: first.token,
    });
    await made(admin, `${base}/share/editAuth`, { equipId: id, shared: true, perms: ['deviceInfo'] });
    expect(await made(admin, `${base}/share/info`, { equipId: id })).toMatchObject({
      shared: true,
      perms: ['deviceInfo'],
      token: first.token,
    });
    expect((await info(admin, id)).data).toMatchObject({ shared: true });
  });

  it('refuses an unknown toggle with 10001 and keeps the stored ones', async () => {
    const res = await send(admin, `${base}/share/editAuth`, {
      equipId: id,
      shared: true,
      perms: ['everything'],
    });
    expect(res.code).toBe('10001');
    expect(await made(admin, `${base}/share/info`, { equipId: id })).toMatchObject({ perms: ['deviceInfo'] });
  });
});
