import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedIn, type Caller, type TestPlatform } from '../../../test/harness';
import {
  deviceWithGateway,
  holding,
  made,
  modbusDriver,
  send,
  variable,
  type TestDevice,
} from '../../../test/deviceFixtures';
import { loggedInOperator, startEnterprisePlatform } from '../../../test/platformFixtures';

const base = '/lfscada/equipment/multi';

let p: TestPlatform;
let admin: Caller;
let adminZh: Caller;
let operator: Caller;
/** a device on an EG gateway with a Modbus TCP, an S7 and an OPC UA driver */
let d: TestDevice;
let modbus: number;
let s7: number;
let opcua: number;

beforeAll(async () => {
  const acme = await startEnterprisePlatform('Acme Chemicals');
  ({ p, admin } = acme);
  adminZh = await loggedIn(p.app, acme.enterprise.admin, 'zh-CN');
  operator = await loggedInOperator(p);
  d = await deviceWithGateway(admin, operator, 'Reactor');
  modbus = await modbusDriver(admin, d.owner);
  const driver = (item: Record<string, unknown>) =>
    made(admin, `${base}/driver/add`, { owner: d.owner, item });
  s7 = (await driver({ protocol: 's7', name: 'S7', ip: '10.0.0.4' })).id;
  opcua = (await driver({ protocol: 'opcua', name: 'UA', endpoint: 'opc.tcp://10.0.0.5:4840' })).id;
});
afterAll(() => p.stop());

const addVar = (item: Record<string, unknown>, caller = admin) =>
  send(caller, `${base}/variable/add`, { owner: d.owner, item });
const variableNames = async (owner: { equipmentId: number }) =>
  (await made<{ name: string }[]>(admin, `${base}/variable/query`, { owner })).map((v) => v.name);

describe('setup order and drivers', () => {
  it('refuses a driver before the device has a gateway with 1121', async () => {
    const { id } = await made(admin, `${base}/add`, { name: 'Bare tank' });
    const res = await send(admin, `${base}/driver/add`, {
      owner: { equipmentId: id },
      item: { protocol: 'modbus-tcp', name: 'PLC', ip: '10.0.0.1' },
    });
    expect(res).toMatchObject({ code: '1121', message: 'Bind a gateway before adding drivers', data: null });
    expect(await made(admin, `${base}/driver/query`, { owner: { equipmentId: id } })).toEqual([]);
  });

  it('refuses a driver IP that is not an IP address with 10001 naming the field', async () => {
    const res = await send(admin, `${base}/driver/add`, {
      owner: d.owner,
      item: { protocol: 'modbus-tcp', name: 'Bad IP', ip: '10.0.0.256' },
    });
    expect(res.code).toBe('10001');
    expect(res.message).toMatch(/^Parameter check failed: item\.ip:/);
  });

  it('refuses a driver name the device already has with 2105', async () => {
    const res = await send(admin, `${base}/driver/add`, {
      owner: d.owner,
      item: { protocol: 'modbus-rtu', name: 'plc', serialPort: '/dev/ttyS1' },
    });
    expect(res.code).toBe('2105');
  });

  it('refuses a fifth driver on an EG-Lite gateway with 1505', async () => {
    const lite = await deviceWithGateway(admin, operator, 'Lite skid', 'EG-Lite');
    for (let i = 1; i <= 4; i++) await modbusDriver(admin, lite.owner, `PLC ${i}`);
    expect(
      (
        await send(admin, `${base}/driver/add`, {
          owner: lite.owner,
          item: { protocol: 'modbus-tcp', name: 'PLC 5', ip: '10.0.0.9' },
        })
      ).code,
    ).toBe('1505');
  });

  it('never returns an OPC UA password, and keeps it when the form sends the mask back', async () => {
    const item = {
      protocol: 'opcua',
      name: 'UA secure',
      endpoint: 'opc.tcp://10.0.0.6:4840',
      authMode: 'username',
      username: 'op',
      password: 'ua-secret-9',
    };
    const { id } = await made(admin, `${base}/driver/add`, { owner: d.owner, item });
    const listed = await send(admin, `${base}/driver/query`, { owner: d.owner });
    expect(JSON.stringify(listed)).not.toContain('ua-secret-9');
    await made(admin, `${base}/driver/edit`, { owner: d.owner, id, item: { ...item, password: '******' } });
    const [row] = await p.ctx.db.query<{ settings: { password: string } }>(
      'select settings from drivers where id = $1',
      [id],
    );
    expect(row!.settings.password).toBe('ua-secret-9');
    await made(admin, `${base}/driver/delete`, { owner: d.owner, id });
  });
});

describe('variable fields (docs/requirements/device-configuration.md §3.1)', () => {
  it.each([['1tank'], ['tank-level'], ['tank level'], ['液位']])(
    'refuses the name %j with 10001',
    async (name) => {
      const res = await addVar(holding(modbus, name));
      expect(res.code).toBe('10001');
      expect(res.message).toBe(
        'Parameter check failed: item.name: letters, digits, _; not starting with a digit',
      );
    },
  );

  it('accepts letters, digits and underscores not starting with a digit, and refuses a name in use with 2106', async () => {
    expect((await addVar(holding(modbus, '_Tank_2'))).code).toBe('200');
    expect(await addVar(holding(modbus, '_tank_2', { address: '1' }))).toMatchObject({ code: '2106' });
  });

  it('refuses write limits with the upper not above the lower with 10001, explaining it in both languages', async () => {
    for (const [writeUpper, writeLower] of [
      [0, 10],
      [5, 5],
    ]) {
      const item = holding(modbus, 'valve_sp', { rw: 'rw', writeUpper, writeLower });
      expect(await addVar(item)).toMatchObject({
        code: '10001',
        message: 'Parameter check failed: The write upper limit must exceed the write lower limit',
      });
      expect((await addVar(item, adminZh)).message).toBe('参数校验失败：写入上限必须大于写入下限');
    }
    expect(
      (await addVar(holding(modbus, 'valve_sp', { rw: 'rw', writeUpper: 10, writeLower: 0 }))).code,
    ).toBe('200');
  });

  it('refuses collection limits with the upper not above the lower with 10001, in both languages', async () => {
    const item = holding(modbus, 'level_pv', { collectUpper: -1, collectLower: 0 });
    expect((await addVar(item)).message).toBe(
      'Parameter check failed: The collection upper limit must exceed the lower limit',
    );
    expect((await addVar(item, adminZh)).message).toBe('参数校验失败：采集上限必须大于采集下限');
  });

  it('refuses a mapping with a repeated value with 1726, a blank text with 1727 and 101 entries with 1723', async () => {
    const map = (mapping: unknown[]) => addVar(holding(modbus, 'pump_state', { mapping }));
    expect(
      await map([
        { value: 1, text: 'on' },
        { value: '1', text: 'running' },
      ]),
    ).toMatchObject({
      code: '1726',
      message: 'State mapping values must not repeat',
    });
    expect(
      (
        await map([
          { value: 0, text: 'off' },
          { value: 1, text: '   ' },
        ])
      ).code,
    ).toBe('1727');
    const entries = (n: number) => Array.from({ length: n }, (_, i) => ({ value: i, text: `state ${i}` }));
    expect(await map(entries(101))).toMatchObject({
      code: '1723',
      message: 'A state mapping can have at most 100 entries',
    });
    expect((await map(entries(100))).code).toBe('200');
  });

  it('refuses a formula of 201 characters with 10001 and accepts 200', async () => {
    const res = await addVar(holding(modbus, 'flow_long', { collectFormula: 'x' + '+1'.repeat(100) }));
    expect(res).toMatchObject({
      code: '10001',
      message: 'Parameter check failed: collectFormula: The formula must be at most 200 characters long',
    });
    const ok = await addVar(holding(modbus, 'flow_long', { collectFormula: 'x' + '+1'.repeat(99) + '0' }));
    expect(ok.code).toBe('200');
  });

  it('refuses an unparseable formula with 10001 naming the position, in both languages', async () => {
    const item = holding(modbus, 'flow_bad', { collectFormula: 'x + * 2' });
    expect((await addVar(item)).message).toBe("Parameter check failed: collectFormula: Unexpected '*' at 5");
    expect((await addVar(item, adminZh)).message).toBe(
      "参数校验失败：collectFormula: 第5个字符处不应出现 '*'",
    );
    const unknown = await addVar(holding(modbus, 'flow_bad', { collectFormula: 'y * 2' }));
    expect(unknown.message).toBe("Parameter check failed: collectFormula: Unknown variable 'y' at 1");
  });

  it('refuses a bad write formula with 2005 saying what is wrong', async () => {
    const res = await addVar(holding(modbus, 'set_bad', { rw: 'rw', writeFormula: 'x*)2' }));
    expect(res).toMatchObject({
      code: '2005',
      message: "The write formula is invalid: writeFormula: Unexpected ')' at 3",
    });
    expect((await addVar(holding(modbus, 'set_bad', { rw: 'rw', writeFormula: 'speed/2' }))).code).toBe(
      '2005',
    );
  });

  it('lets an intermediate variable read the device’s other variables only', async () => {
    const mid = (name: string, formula: string) =>
      addVar({ kind: 'intermediate', name, dataType: 'float32', formula });
    expect((await mid('double_sp', 'valve_sp * 2')).code).toBe('200');
    expect((await mid('ghost_sp', 'ghost * 2')).message).toBe(
      "Parameter check failed: formula: Unknown variable 'ghost' at 1",
    );
    expect((await mid('empty_sp', '')).code).toBe('10001');
  });

  const addresses: [string, () => number, Record<string, unknown>, RegExp][] = [
    ['Modbus register type 5x', () => modbus, { registerType: '5x' }, /0x, 1x, 3x or 4x/],
    ['Modbus address 70000', () => modbus, { address: '70000' }, /0 to 65535/],
    ['Modbus coil holding an int16', () => modbus, { registerType: '0x' }, /only hold the bit type/],
    ['S7 address DB1.XYZ', () => s7, { registerType: '', address: 'DB1.XYZ' }, /DB1\.DBX0\.0/],
    [
      'OPC UA node id ns=2;q=7',
      () => opcua,
      { registerType: '', address: 'ns=2;q=7' },
      /ns=2;s=Line1\.Speed/,
    ],
  ];
  it.each(addresses)('refuses the %s with 1721 saying why', async (_what, driverOf, fields, why) => {
    const res = await addVar(holding(driverOf(), 'addr_bad', fields));
    expect(res.code).toBe('1721');
    expect(res.message).toMatch(/^Invalid address: /);
    expect(res.message).toMatch(why);
  });

  it('accepts addresses of each protocol', async () => {
    expect((await addVar(holding(s7, 'dbw2', { registerType: '', address: 'DB1.DBW2' }))).code).toBe('200');
    const node = { registerType: '', address: 'ns=2;s=Line1.Speed', dataType: 'float32' };
    expect((await addVar(holding(opcua, 'line_speed', node))).code).toBe('200');
  });

  it('refuses read/write modes other than read-only on discrete inputs and input registers with 1721', async () => {
    const res = await addVar(holding(modbus, 'ir_rw', { registerType: '3x', rw: 'rw' }));
    expect(res.message).toBe(
      'Invalid address: Input registers (3x) can only be read; set the read/write mode to read-only',
    );
    expect(
      (await addVar(holding(modbus, 'di_w', { registerType: '1x', dataType: 'bit', rw: 'w' }))).code,
    ).toBe('1721');
    expect((await addVar(holding(modbus, 'ir_r', { registerType: '3x', rw: 'r' }))).code).toBe('200');
  });

  it('refuses a driver of another device with 1504', async () => {
    const e = await deviceWithGateway(admin, operator, 'Other reactor');
    const theirs = await modbusDriver(admin, e.owner);
    expect((await addVar(holding(theirs, 'stolen'))).code).toBe('1504');
  });

  it('stored none of the refused variables', async () => {
    expect((await variableNames(d.owner)).sort()).toEqual(
      ['_Tank_2', 'dbw2', 'double_sp', 'flow_long', 'ir_r', 'line_speed', 'pump_state', 'valve_sp'].sort(),
    );
  });
});

describe('pinning and sorting variables', () => {
  let owner: { equipmentId: number };
  let ids: Record<string, number>;
  const order = async () =>
    (await made<{ name: string }[]>(admin, `${base}/variable/query`, { owner })).map((v) => v.name);
  const pin = (name: string, pinned: string) =>
    send(admin, `${base}/variable/pin`, { owner, id: ids[name], pinned });

  beforeAll(async () => {
    const dev = await deviceWithGateway(admin, operator, 'Sorted skid');
    owner = dev.owner;
    const driver = await modbusDriver(admin, owner);
    ids = {};
    for (const [i, name] of ['alpha', 'beta', 'gamma', 'delta'].entries())
      ids[name] = await variable(admin, owner, driver, name, { address: String(i) });
  });

  it('orders by the listed sequence, the first ranking highest', async () => {
    expect(
      (
        await send(admin, `${base}/variable/sort`, {
          owner,
          ids: ['gamma', 'alpha', 'delta', 'beta'].map((n) => ids[n]),
        })
      ).code,
    ).toBe('200');
    expect(await order()).toEqual(['gamma', 'alpha', 'delta', 'beta']);
  });

  it('keeps one variable pinned to the top and one to the bottom at a time', async () => {
    await pin('beta', 'top');
    expect(await order()).toEqual(['beta', 'gamma', 'alpha', 'delta']);
    await pin('delta', 'top');
    expect(await order()).toEqual(['delta', 'gamma', 'alpha', 'beta']);
    await pin('gamma', 'bottom');
    await pin('alpha', 'bottom');
    expect(await order()).toEqual(['delta', 'gamma', 'beta', 'alpha']);
    const pinned = await p.ctx.db.query(
      'select name, pinned from variables where equipment_id = $1 and pinned is not null order by name',
      [owner.equipmentId],
    );
    expect(pinned).toEqual([
      { name: 'alpha', pinned: 'bottom' },
      { name: 'delta', pinned: 'top' },
    ]);
    await pin('delta', 'none');
    expect(await order()).toEqual(['gamma', 'delta', 'beta', 'alpha']);
  });

  it('refuses pinning or sorting a variable of another device with 1714', async () => {
    expect(
      (await send(admin, `${base}/variable/pin`, { owner: d.owner, id: ids.alpha, pinned: 'top' })).code,
    ).toBe('1714');
    expect((await send(admin, `${base}/variable/sort`, { owner: d.owner, ids: [ids.alpha] })).code).toBe(
      '1714',
    );
  });
});
