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
  ({ p, admin, operator } = await startDevicePlatform('Acme Utilities'));
});
afterAll(() => p.stop());

const newTemplate = async (name: string, series = 'EG') => {
  const { id } = await made(admin, '/lfscada/template/add', { name, series });
  return { id, owner: { templateId: id } };
};
type VariableRow = { id: number; name: string; unit: string; driverId: number };
const variablesOf = (owner: { equipmentId: number } | { templateId: number }) =>
  made<VariableRow[]>(admin, `${base}/variable/query`, { owner });

/** A template with a driver, two variables and a report, bound to a fresh device with a gateway. */
async function boundDevice(name: string) {
  const t = await newTemplate(`${name} template`);
  const driver = await modbusDriver(admin, t.owner);
  const level = await variable(admin, t.owner, driver, 'level');
  const flow = await variable(admin, t.owner, driver, 'flow', { address: '1' });
  await made(admin, `${base}/report/add`, {
    owner: t.owner,
    item: { name: 'Hourly', storageMode: 'periodic', intervalS: 3600, items: [{ variableId: level }] },
  });
  const dev = await deviceWithGateway(admin, operator, name);
  await made(admin, `${base}/bindTemplate`, { equipmentId: dev.id, templateId: t.id });
  return { t, dev, driver, level, flow };
}

describe('templates', () => {
  it('creates, lists and edits a template; a name in use answers 2104 and an unknown series 1402', async () => {
    const { id } = await newTemplate('Pump station', 'EG-Lite');
    expect((await send(admin, '/lfscada/template/add', { name: 'PUMP STATION', series: 'EG' })).code).toBe(
      '2104',
    );
    expect((await send(admin, '/lfscada/template/add', { name: 'Mystery', series: 'ZX-1' })).code).toBe(
      '1402',
    );
    expect(
      (await send(admin, '/lfscada/template/edit', { id, name: 'Pump station', series: 'EG', remark: 'v2' }))
        .code,
    ).toBe('200');
    const list = await made<{ list: Record<string, unknown>[] }>(admin, '/lfscada/template/queryForManage', {
      name: 'pump',
    });
    expect(list.list).toMatchObject([
      { id, name: 'Pump station', series: 'EG', remark: 'v2', deviceCount: 0 },
    ]);
  });

  it('refuses changing the series of a template devices use with 1110', async () => {
    const { t } = await boundDevice('Series lock');
    const res = await send(admin, '/lfscada/template/edit', {
      id: t.id,
      name: 'Series lock template',
      series: 'EG-Pro',
    });
    expect(res.code).toBe('1110');
  });

  it('refuses deleting a template in use with 3109 and deletes it once no device uses it', async () => {
    const { t, dev } = await boundDevice('In use');
    expect(await send(admin, '/lfscada/template/delete', { id: t.id })).toMatchObject({
      code: '3109',
      message: 'This template is in use and cannot be deleted',
    });
    await made(admin, `${base}/unbindTemplate`, { equipmentId: dev.id });
    expect((await send(admin, '/lfscada/template/delete', { id: t.id })).code).toBe('200');
    expect((await send(admin, '/lfscada/template/detail', { id: t.id })).code).toBe('90002');
  });
});

describe('a device bound to a template', () => {
  let dev: TestDevice;
  let t: { id: number; owner: { templateId: number } };
  let local: VariableRow[];
  beforeAll(async () => {
    ({ dev, t } = await boundDevice('Booster'));
    local = await variablesOf(dev.owner);
  });

  it('holds copies of the template’s drivers, variables and reports', async () => {
    expect(local.map((v) => v.name)).toEqual(['level', 'flow']);
    const templateVars = await variablesOf(t.owner);
    expect(local.every((v) => !templateVars.some((tv) => tv.id === v.id))).toBe(true);
    expect(await made(admin, `${base}/report/query`, { owner: dev.owner })).toMatchObject([
      { name: 'Hourly', items: [{ variableName: 'level' }] },
    ]);
    expect((await send(admin, `${base}/info`, { id: dev.id })).data).toMatchObject({
      templateId: t.id,
      templateMismatch: false,
    });
  });

  it('refuses local changes to drivers with 1122, variables with 1123 and reports with 1124', async () => {
    const owner = dev.owner;
    const [driver] = await made<{ id: number }[]>(admin, `${base}/driver/query`, { owner });
    const [report] = await made<{ id: number }[]>(admin, `${base}/report/query`, { owner });
    const level = local.find((v) => v.name === 'level')!;
    const driverItem = { protocol: 'modbus-tcp', name: 'PLC 2', ip: '10.0.0.3' };
    const reportItem = {
      name: 'Daily',
      storageMode: 'periodic',
      intervalS: 86400,
      items: [{ variableId: level.id }],
    };
    const refused: [string, Record<string, unknown>, string][] = [
      ['driver/add', { owner, item: driverItem }, '1122'],
      ['driver/edit', { owner, id: driver!.id, item: driverItem }, '1122'],
      ['driver/delete', { owner, id: driver!.id }, '1122'],
      ['variable/add', { owner, item: holding(driver!.id, 'extra', { address: '9' }) }, '1123'],
      ['variable/edit', { owner, id: level.id, item: holding(driver!.id, 'level', { unit: 'm' }) }, '1123'],
      ['variable/delete', { owner, ids: [level.id] }, '1123'],
      ['variable/pin', { owner, id: level.id, pinned: 'top' }, '1123'],
      ['variable/sort', { owner, ids: [level.id] }, '1123'],
      ['report/add', { owner, item: reportItem }, '1124'],
      ['report/edit', { owner, id: report!.id, item: reportItem }, '1124'],
      ['report/delete', { owner, id: report!.id }, '1124'],
    ];
    for (const [call, body, code] of refused) {
      expect((await send(admin, `${base}/${call}`, body)).code, call).toBe(code);
    }
    expect(await send(admin, `${base}/variable/edit`, refused[4]![1])).toMatchObject({
      message: 'The device uses a template; edit variables in the template',
    });
    expect(await variablesOf(dev.owner)).toEqual(local);
  });

  it('allows its own alarm rules and scripts', async () => {
    const level = local.find((v) => v.name === 'level')!;
    const alarm = { variableId: level.id, condition: 'gt', value: 9, content: 'Tank full' };
    expect((await send(admin, `${base}/alarm/add`, { owner: dev.owner, item: alarm })).code).toBe('200');
    const script = { name: 'reset', strategy: 'periodic', intervalS: 60, body: 'log(0)' };
    expect((await send(admin, `${base}/script/add`, { owner: dev.owner, item: script })).code).toBe('200');
  });

  it('refuses binding the same template again with 1125', async () => {
    expect(
      await send(admin, `${base}/bindTemplate`, { equipmentId: dev.id, templateId: t.id }),
    ).toMatchObject({
      code: '1125',
      message: 'The same template cannot be bound twice',
    });
  });

  it('refuses a template of another series than its gateway with 1110', async () => {
    const pro = await newTemplate('Pro booster', 'EG-Pro');
    expect(
      (await send(admin, `${base}/bindTemplate`, { equipmentId: dev.id, templateId: pro.id })).code,
    ).toBe('1110');
    expect((await send(admin, `${base}/info`, { id: dev.id })).data).toMatchObject({ templateId: t.id });
  });

  it('answers 1108 for a sync when it already matches its template', async () => {
    expect(await send(admin, `${base}/syncTemplate`, { equipmentId: dev.id })).toMatchObject({
      code: '1108',
      message: 'The device already matches its template; nothing to sync',
    });
  });

  it('syncs a template change keeping variable ids and its own alarm rules', async () => {
    const templateVars = await variablesOf(t.owner);
    const tLevel = templateVars.find((v) => v.name === 'level')!;
    const tFlow = templateVars.find((v) => v.name === 'flow')!;
    await made(admin, `${base}/variable/edit`, {
      owner: t.owner,
      id: tLevel.id,
      item: holding(tLevel.driverId, 'level', { unit: 'm' }),
    });
    await made(admin, `${base}/variable/delete`, { owner: t.owner, ids: [tFlow.id] });
    await variable(admin, t.owner, tLevel.driverId, 'pressure', { address: '2' });
    expect((await send(admin, `${base}/info`, { id: dev.id })).data).toMatchObject({
      templateMismatch: true,
    });
    const detail = await made<{ mismatchCount: number; devices: { id: number; consistent: boolean }[] }>(
      admin,
      '/lfscada/template/detail',
      { id: t.id },
    );
    expect(detail).toMatchObject({ mismatchCount: 1, devices: [{ id: dev.id, consistent: false }] });

    expect((await send(admin, `${base}/syncTemplate`, { equipmentId: dev.id })).code).toBe('200');
    const synced = await variablesOf(dev.owner);
    expect(synced.map((v) => v.name)).toEqual(['level', 'pressure']);
    const level = local.find((v) => v.name === 'level')!;
    expect(synced.find((v) => v.name === 'level')).toMatchObject({ id: level.id, unit: 'm' });
    expect(await made(admin, `${base}/alarm/query`, { owner: dev.owner })).toMatchObject([
      { variableId: level.id, content: 'Tank full' },
    ]);
    expect(await made(admin, `${base}/script/query`, { owner: dev.owner })).toMatchObject([
      { name: 'reset' },
    ]);
    expect((await send(admin, `${base}/info`, { id: dev.id })).data).toMatchObject({
      templateMismatch: false,
    });
    local = synced;
  });

  it('keeps the configuration with the same ids when unbound, and it can then be edited', async () => {
    expect((await send(admin, `${base}/unbindTemplate`, { equipmentId: dev.id })).code).toBe('200');
    expect(await variablesOf(dev.owner)).toEqual(local);
    expect((await send(admin, `${base}/info`, { id: dev.id })).data).toMatchObject({ templateId: null });
    const level = local.find((v) => v.name === 'level')!;
    const edit = { owner: dev.owner, id: level.id, item: holding(level.driverId, 'level', { unit: 'cm' }) };
    expect((await send(admin, `${base}/variable/edit`, edit)).code).toBe('200');
    expect((await send(admin, `${base}/unbindTemplate`, { equipmentId: dev.id })).code).toBe('1107');
    expect((await send(admin, `${base}/syncTemplate`, { equipmentId: dev.id })).code).toBe('1107');
  });
});

describe('a copy of a device bound to a template', () => {
  it('stays bound and keeps its variable ids and alarm rules through the next sync', async () => {
    const { t, dev, driver } = await boundDevice('Copied booster');
    const { id } = await made(admin, `${base}/copy`, { id: dev.id, name: 'Copied booster 2' });
    const copy = { equipmentId: id };
    expect((await send(admin, `${base}/info`, { id })).data).toMatchObject({ templateId: t.id });
    const before = await variablesOf(copy);
    const level = before.find((v) => v.name === 'level')!;
    await made(admin, `${base}/alarm/add`, {
      owner: copy,
      item: { variableId: level.id, condition: 'gt', value: 9, content: 'Copy full' },
    });
    await variable(admin, t.owner, driver, 'pressure', { address: '2' });
    expect((await send(admin, `${base}/syncTemplate`, { equipmentId: id })).code).toBe('200');
    const after = await variablesOf(copy);
    expect(after.map((v) => v.name)).toEqual(['level', 'flow', 'pressure']);
    expect(after.find((v) => v.name === 'level')!.id).toBe(level.id);
    expect(await made(admin, `${base}/alarm/query`, { owner: copy })).toMatchObject([
      { variableId: level.id, content: 'Copy full' },
    ]);
  });
});

describe('template capacity (EG-Lite series)', () => {
  let t: { id: number; owner: { templateId: number } };
  let driver: number;
  beforeAll(async () => {
    t = await newTemplate('Lite limits', 'EG-Lite');
    driver = await modbusDriver(admin, t.owner);
  });
  const add = (area: string, item: Record<string, unknown>) =>
    send(admin, `${base}/${area}/add`, { owner: t.owner, item });

  it('refuses a fifth driver with 3101', async () => {
    for (const n of [2, 3, 4]) await modbusDriver(admin, t.owner, `PLC ${n}`);
    expect(await add('driver', { protocol: 'modbus-tcp', name: 'PLC 5', ip: '10.0.0.5' })).toMatchObject({
      code: '3101',
      message: 'The driver count exceeds the template capacity',
    });
  });

  it('refuses the 51st stored variable with 3106 and the 201st variable with 3102', async () => {
    await insertVariables(p.ctx.db, t.owner, driver, 50, { storeHistory: true, prefix: 'kept_' });
    expect((await add('variable', holding(driver, 'one_more', { storeHistory: true }))).code).toBe('3106');
    await insertVariables(p.ctx.db, t.owner, driver, 150);
    expect((await add('variable', holding(driver, 'one_more'))).code).toBe('3102');
  });

  it('refuses the 101st alarm rule with 3103 and the 11th report with 3104', async () => {
    const [first] = await variablesOf(t.owner);
    await insertAlarmRules(p.ctx.db, t.owner, first!.id, 100);
    expect(
      (await add('alarm', { variableId: first!.id, condition: 'gt', value: 1, content: 'More' })).code,
    ).toBe('3103');
    await p.ctx.db.query(
      `insert into reports(org_id, template_id, name, storage_mode, interval_s)
       select org_id, id, 'Report ' || g, 'periodic', 60 from templates, generate_series(1, 10) g where id = $1`,
      [t.id],
    );
    const report = {
      name: 'Report 11',
      storageMode: 'periodic',
      intervalS: 60,
      items: [{ variableId: first!.id }],
    };
    expect((await add('report', report)).code).toBe('3104');
  });

  it('refuses scripts on EG-Lite with 1324 and the 11th script of an EG template with 3105', async () => {
    const script = { name: 'boot', strategy: 'start', body: 'log(1)' };
    expect((await add('script', script)).code).toBe('1324');
    const eg = await newTemplate('EG scripts');
    for (let n = 1; n <= 10; n++)
      await made(admin, `${base}/script/add`, { owner: eg.owner, item: { ...script, name: `boot ${n}` } });
    const res = await send(admin, `${base}/script/add`, {
      owner: eg.owner,
      item: { ...script, name: 'boot 11' },
    });
    expect(res).toMatchObject({ code: '3105', message: 'The script count exceeds the template capacity' });
  });
});
