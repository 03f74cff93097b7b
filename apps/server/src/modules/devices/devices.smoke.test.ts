import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller, TestPlatform } from '../../../test/harness';
import { startDevicePlatform } from '../../../test/platformFixtures';

let p: TestPlatform;
let admin: Caller;
let operator: Caller;

beforeAll(async () => {
  ({ p, admin, operator } = await startDevicePlatform('Smoke Plant'));
});
afterAll(() => p.stop());

describe('device setup flow', () => {
  it('creates a device, binds a gateway and configures it', async () => {
    const reg = await operator.post<{ sn: string; verifyCode: string }[]>(
      '/lfscada/hardware/register',
      { series: 'EG', gateways: [{ sn: '100000000001' }] },
      true,
    );
    expect(reg.body.code).toBe('200');
    const { sn, verifyCode } = reg.body.data[0]!;
    const dev = await admin.post<{ id: number }>('/lfscada/equipment/multi/add', { name: 'Tank 1' }, true);
    expect(dev.body.code).toBe('200');
    const equipmentId = dev.body.data.id;
    const owner = { equipmentId };
    const early = await admin.post(
      '/lfscada/equipment/multi/driver/add',
      { owner, item: { protocol: 'modbus-tcp', name: 'PLC', ip: '127.0.0.1' } },
      true,
    );
    expect(early.body.code).toBe('1121');
    expect(
      (
        await admin.post(
          '/lfscada/equipment/multi/bindGateway',
          { equipmentId, sn, verifyCode: '000000' === verifyCode ? '111111' : '000000' },
          true,
        )
      ).body.code,
    ).toBe('1103');
    expect(
      (await admin.post('/lfscada/equipment/multi/bindGateway', { equipmentId, sn, verifyCode }, true)).body
        .code,
    ).toBe('200');
    const drv = await admin.post<{ id: number }>(
      '/lfscada/equipment/multi/driver/add',
      { owner, item: { protocol: 'modbus-tcp', name: 'PLC', ip: '127.0.0.1', port: 5020 } },
      true,
    );
    expect(drv.body.code).toBe('200');
    const v = await admin.post<{ id: number }>(
      '/lfscada/equipment/multi/variable/add',
      {
        owner,
        item: {
          driverId: drv.body.data.id,
          name: 'tank_level',
          dataType: 'float32',
          registerType: '4x',
          address: '0',
          rw: 'rw',
          collectFormula: 'x*0.1',
          writeUpper: 100,
          writeLower: 0,
        },
      },
      true,
    );
    expect(v.body).toMatchObject({ code: '200' });
    const bad = await admin.post(
      '/lfscada/equipment/multi/variable/add',
      {
        owner,
        item: {
          driverId: drv.body.data.id,
          name: 'bad',
          dataType: 'int16',
          registerType: '4x',
          address: '1',
          collectFormula: 'x*(2',
        },
      },
      true,
    );
    expect(bad.body.code).toBe('10001');
    const alarm = await admin.post(
      '/lfscada/equipment/multi/alarm/add',
      { owner, item: { variableId: v.body.data.id, condition: 'gt', value: 90, content: 'Tank high' } },
      true,
    );
    expect(alarm.body.code).toBe('200');
    const report = await admin.post(
      '/lfscada/equipment/multi/report/add',
      {
        owner,
        item: {
          name: 'Hourly',
          storageMode: 'periodic',
          intervalS: 3600,
          items: [{ variableId: v.body.data.id, aggregation: 'avg' }],
        },
      },
      true,
    );
    expect(report.body.code).toBe('200');
    const list = await admin.post<{ list: { name: string; sn: string; syncNeeded: boolean }[] }>(
      '/lfscada/equipment/multi/query',
      {},
      true,
    );
    expect(list.body.data.list[0]).toMatchObject({ name: 'Tank 1', sn, syncNeeded: true });

    // a template with the same configuration, bound to a copy
    const t = await admin.post<{ id: number }>(
      '/lfscada/template/add',
      { name: 'Tank template', series: 'EG' },
      true,
    );
    const towner = { templateId: t.body.data.id };
    const tdrv = await admin.post<{ id: number }>(
      '/lfscada/equipment/multi/driver/add',
      { owner: towner, item: { protocol: 'modbus-tcp', name: 'PLC', ip: '10.0.0.2' } },
      true,
    );
    const tv = await admin.post<{ id: number }>(
      '/lfscada/equipment/multi/variable/add',
      {
        owner: towner,
        item: {
          driverId: tdrv.body.data.id,
          name: 'level',
          dataType: 'int16',
          registerType: '4x',
          address: '5',
        },
      },
      true,
    );
    expect(tv.body.code).toBe('200');
    const copy = await admin.post<{ id: number }>(
      '/lfscada/equipment/multi/copy',
      { id: equipmentId, name: 'Tank 2' },
      true,
    );
    expect(copy.body.code).toBe('200');
    const copied = await admin.post<{ name: string }[]>(
      '/lfscada/equipment/multi/variable/query',
      { owner: { equipmentId: copy.body.data.id } },
      true,
    );
    expect(copied.body.data.map((x) => x.name)).toEqual(['tank_level']);
    expect(
      (
        await admin.post(
          '/lfscada/equipment/multi/bindTemplate',
          { equipmentId: copy.body.data.id, templateId: t.body.data.id },
          true,
        )
      ).body.code,
    ).toBe('200');
    const bound = await admin.post<{ id: number; name: string }[]>(
      '/lfscada/equipment/multi/variable/query',
      { owner: { equipmentId: copy.body.data.id } },
      true,
    );
    expect(bound.body.data.map((x) => x.name)).toEqual(['level']);
    const locked = await admin.post(
      '/lfscada/equipment/multi/variable/edit',
      {
        owner: { equipmentId: copy.body.data.id },
        id: bound.body.data[0]!.id,
        item: { driverId: 1, name: 'lvl', dataType: 'int16', address: '5' },
      },
      true,
    );
    expect(locked.body.code).toBe('1123');
    // a template change is synced without changing the variable's id
    await admin.post(
      '/lfscada/equipment/multi/variable/edit',
      {
        owner: towner,
        id: tv.body.data.id,
        item: {
          driverId: tdrv.body.data.id,
          name: 'level',
          unit: 'm',
          dataType: 'int16',
          registerType: '4x',
          address: '5',
        },
      },
      true,
    );
    expect(
      (await admin.post('/lfscada/equipment/multi/syncTemplate', { equipmentId: copy.body.data.id }, true))
        .body.code,
    ).toBe('200');
    const synced = await admin.post<{ id: number; unit: string }[]>(
      '/lfscada/equipment/multi/variable/query',
      { owner: { equipmentId: copy.body.data.id } },
      true,
    );
    expect(synced.body.data[0]).toMatchObject({ id: bound.body.data[0]!.id, unit: 'm' });
    expect((await admin.post('/lfscada/template/delete', { id: t.body.data.id }, true)).body.code).toBe(
      '3109',
    );
    expect(
      (await admin.post('/lfscada/equipment/multi/unbindTemplate', { equipmentId: copy.body.data.id }, true))
        .body.code,
    ).toBe('200');
    expect((await admin.post('/lfscada/template/delete', { id: t.body.data.id }, true)).body.code).toBe(
      '200',
    );
  });
});
