import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller, TestPlatform } from '../../../test/harness';
import {
  deviceWithGateway,
  holding,
  insertAlarmRules,
  insertVariables,
  made,
  modbusDriver,
  send,
  variable,
  type TestDevice,
} from '../../../test/deviceFixtures';
import { startDevicePlatform } from '../../../test/platformFixtures';

const base = '/lfscada/equipment/multi';

let p: TestPlatform;
let admin: Caller;
let operator: Caller;

beforeAll(async () => {
  ({ p, admin, operator } = await startDevicePlatform('Acme Refinery'));
});
afterAll(() => p.stop());

/** A device on a gateway of the series with one Modbus driver. */
async function deviceWithDriver(name: string, series = 'EG'): Promise<TestDevice & { driver: number }> {
  const dev = await deviceWithGateway(admin, operator, name, series);
  return { ...dev, driver: await modbusDriver(admin, dev.owner) };
}

const count = async (table: string, equipmentId: number) =>
  (
    await p.ctx.db.query<{ n: number }>(`select count(*)::int as n from ${table} where equipment_id = $1`, [
      equipmentId,
    ])
  )[0]!.n;

describe('capacity of a default (EG) gateway', () => {
  it('holds 500 variables and refuses the 501st with 1701', async () => {
    const dev = await deviceWithDriver('Column 1');
    await insertVariables(p.ctx.db, dev.owner, dev.driver, 499);
    expect(
      (await send(admin, `${base}/variable/add`, { owner: dev.owner, item: holding(dev.driver, 'v500') }))
        .code,
    ).toBe('200');
    expect(
      await send(admin, `${base}/variable/add`, { owner: dev.owner, item: holding(dev.driver, 'v501') }),
    ).toMatchObject({
      code: '1701',
      message: 'The variable count exceeds the gateway capacity',
      data: null,
    });
    expect(await count('variables', dev.id)).toBe(500);
  });

  it('holds 100 stored variables and refuses the 101st with 1704, on add and on edit', async () => {
    const dev = await deviceWithDriver('Column 2');
    await insertVariables(p.ctx.db, dev.owner, dev.driver, 100, { storeHistory: true });
    const stored = holding(dev.driver, 'kept', { storeHistory: true });
    expect(await send(admin, `${base}/variable/add`, { owner: dev.owner, item: stored })).toMatchObject({
      code: '1704',
      message: 'The stored variable count exceeds the gateway capacity',
    });
    const id = await variable(admin, dev.owner, dev.driver, 'kept');
    expect((await send(admin, `${base}/variable/edit`, { owner: dev.owner, id, item: stored })).code).toBe(
      '1704',
    );
    const [row] = await p.ctx.db.query('select store_history from variables where id = $1', [id]);
    expect(row).toEqual({ store_history: false });
  });

  it('holds 200 alarm rules and refuses the 201st with 1702', async () => {
    const dev = await deviceWithDriver('Column 3');
    const temp = await variable(admin, dev.owner, dev.driver, 'temp');
    await insertAlarmRules(p.ctx.db, dev.owner, temp, 200);
    const res = await send(admin, `${base}/alarm/add`, {
      owner: dev.owner,
      item: { variableId: temp, condition: 'gt', value: 90, content: 'Hot' },
    });
    expect(res).toMatchObject({ code: '1702', message: 'The alarm rule count exceeds the gateway capacity' });
    expect(await count('alarm_rules', dev.id)).toBe(200);
  });

  it('holds 20 reports and refuses the 21st with 1703, and 10 scripts and the 11th with 1706', async () => {
    const dev = await deviceWithDriver('Column 4');
    const temp = await variable(admin, dev.owner, dev.driver, 'temp');
    await p.ctx.db.query(
      `insert into reports(org_id, equipment_id, name, storage_mode, interval_s)
       select org_id, id, 'Report ' || g, 'periodic', 60 from equipment, generate_series(1, 20) g where id = $1`,
      [dev.id],
    );
    await p.ctx.db.query(
      `insert into scripts(org_id, equipment_id, name, strategy, body)
       select org_id, id, 'Script ' || g, 'start', 'log(1)' from equipment, generate_series(1, 10) g where id = $1`,
      [dev.id],
    );
    const report = {
      name: 'One more',
      storageMode: 'periodic',
      intervalS: 60,
      items: [{ variableId: temp }],
    };
    expect((await send(admin, `${base}/report/add`, { owner: dev.owner, item: report })).code).toBe('1703');
    const script = { name: 'One more', strategy: 'start', body: 'log(2)' };
    expect((await send(admin, `${base}/script/add`, { owner: dev.owner, item: script })).code).toBe('1706');
  });
});

describe('alarm rules', () => {
  let dev: TestDevice & { driver: number };
  let temp: number;
  beforeAll(async () => {
    dev = await deviceWithDriver('Furnace');
    temp = await variable(admin, dev.owner, dev.driver, 'temp');
  });
  const addAlarm = (item: Record<string, unknown>) =>
    send(admin, `${base}/alarm/add`, { owner: dev.owner, item });

  it('accepts content of 100 characters and refuses 101 with 10001', async () => {
    expect(
      (await addAlarm({ variableId: temp, condition: 'gt', value: 1, content: 'c'.repeat(100) })).code,
    ).toBe('200');
    const res = await addAlarm({ variableId: temp, condition: 'gt', value: 1, content: 'c'.repeat(101) });
    expect(res.code).toBe('10001');
    expect(res.message).toMatch(/^Parameter check failed: item\.content:/);
  });

  it('refuses a variable of another device with 1714', async () => {
    const otherDev = await deviceWithDriver('Furnace 2');
    const theirs = await variable(admin, otherDev.owner, otherDev.driver, 'temp');
    expect(await addAlarm({ variableId: theirs, condition: 'gt', value: 1, content: 'Hot' })).toMatchObject({
      code: '1714',
      message: 'The variable does not exist',
    });
    const { id } = await made(admin, `${base}/alarm/add`, {
      owner: dev.owner,
      item: { variableId: temp, condition: 'lt', value: 5, content: 'Cold' },
    });
    const moved = { variableId: theirs, condition: 'lt', value: 5, content: 'Cold' };
    expect((await send(admin, `${base}/alarm/edit`, { owner: dev.owner, id, item: moved })).code).toBe(
      '1714',
    );
  });

  it('refuses a range whose upper value is not above the lower with 10001', async () => {
    const res = await addAlarm({
      variableId: temp,
      condition: 'within',
      value: 10,
      value2: 10,
      content: 'Band',
    });
    expect(res.message).toMatch(/value2 must exceed value/);
  });

  it('edits and deletes a rule and lists rules by type', async () => {
    const { id } = await made(admin, `${base}/alarm/add`, {
      owner: dev.owner,
      item: {
        variableId: temp,
        ruleType: '01',
        condition: 'ge',
        value: 200,
        content: 'Overheat',
        methods: ['sms', 'phone'],
      },
    });
    await made(admin, `${base}/alarm/edit`, {
      owner: dev.owner,
      id,
      item: {
        variableId: temp,
        ruleType: '01',
        condition: 'ge',
        value: 250,
        content: 'Overheat!',
        level: 'urgent',
      },
    });
    const designer = await made<Record<string, unknown>[]>(admin, `${base}/alarm/query`, {
      owner: dev.owner,
      ruleType: '01',
    });
    expect(designer).toMatchObject([
      { id, value: 250, content: 'Overheat!', level: 'urgent', variableName: 'temp' },
    ]);
    expect((await send(admin, `${base}/alarm/delete`, { owner: dev.owner, id })).code).toBe('200');
    expect((await send(admin, `${base}/alarm/delete`, { owner: dev.owner, id })).code).toBe('90002');
  });
});

describe('reports', () => {
  let dev: TestDevice & { driver: number };
  let vars: number[];
  beforeAll(async () => {
    dev = await deviceWithDriver('Tank farm');
    vars = await insertVariables(p.ctx.db, dev.owner, dev.driver, 101);
  });
  const report = (items: unknown[], extra: Record<string, unknown> = {}) =>
    send(admin, `${base}/report/add`, {
      owner: dev.owner,
      item: { name: 'Levels', storageMode: 'periodic', intervalS: 300, items, ...extra },
    });

  it('refuses 101 variables in a report with 1705 and accepts 100', async () => {
    const items = vars.map((variableId) => ({ variableId, aggregation: 'avg' }));
    expect(await report(items)).toMatchObject({
      code: '1705',
      message: 'A report can have at most 100 variables',
    });
    expect((await report(items.slice(0, 100))).code).toBe('200');
    const [stored] = await made<{ items: unknown[] }[]>(admin, `${base}/report/query`, { owner: dev.owner });
    expect(stored!.items).toHaveLength(100);
  });

  it('refuses a variable of another device with 1714 and a name in use with 2108', async () => {
    const otherDev = await deviceWithDriver('Tank farm 2');
    const theirs = await variable(admin, otherDev.owner, otherDev.driver, 'level');
    expect((await report([{ variableId: theirs }], { name: 'Theirs' })).code).toBe('1714');
    expect((await report([{ variableId: vars[0] }], { name: 'levels' })).code).toBe('2108');
  });

  it('needs a parseable condition over the device’s variables for conditional storage', async () => {
    const conditional = (expression: string) =>
      report([{ variableId: vars[0] }], {
        name: `When ${expression}`,
        storageMode: 'conditional',
        intervalS: null,
        expression,
      });
    expect((await conditional('')).code).toBe('10001');
    expect((await conditional('bulk_1 > ')).message).toMatch(/^Parameter check failed: expression: /);
    expect((await conditional('nothing > 1')).message).toMatch(/Unknown variable 'nothing'/);
    expect((await conditional('bulk_1 > 10')).code).toBe('200');
  });
});

describe('scripts', () => {
  it('refuses scripts on a gateway series without the scripts feature (EG-Lite) with 1324', async () => {
    const lite = await deviceWithGateway(admin, operator, 'Lite pump', 'EG-Lite');
    const res = await send(admin, `${base}/script/add`, {
      owner: lite.owner,
      item: { name: 'boot', strategy: 'start', body: 'log(1)' },
    });
    expect(res).toMatchObject({ code: '1324', message: 'This gateway does not support scripts' });
    expect(await count('scripts', lite.id)).toBe(0);
  });

  it('stores, edits and deletes a script on an EG gateway; a conditional one needs a valid condition', async () => {
    const dev = await deviceWithDriver('Script pump');
    await variable(admin, dev.owner, dev.driver, 'pressure');
    const item = {
      name: 'relief',
      strategy: 'conditional',
      intervalS: 5,
      condition: 'pressure > 8',
      body: 'write("valve", 1)',
    };
    const { id } = await made(admin, `${base}/script/add`, { owner: dev.owner, item });
    const bad = await send(admin, `${base}/script/edit`, {
      owner: dev.owner,
      id,
      item: { ...item, condition: 'pressure >' },
    });
    expect(bad.code).toBe('10001');
    await made(admin, `${base}/script/edit`, { owner: dev.owner, id, item: { ...item, intervalS: 10 } });
    expect(await made(admin, `${base}/script/query`, { owner: dev.owner })).toMatchObject([
      { id, intervalS: 10, condition: 'pressure > 8' },
    ]);
    expect((await send(admin, `${base}/script/add`, { owner: dev.owner, item })).code).toBe('2109');
    await made(admin, `${base}/script/delete`, { owner: dev.owner, id });
    expect(await count('scripts', dev.id)).toBe(0);
  });
});
