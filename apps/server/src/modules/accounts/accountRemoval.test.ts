import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loggedIn,
  makeEnterprise,
  startTestPlatform,
  TEST_PASSWORD,
  type TestPlatform,
} from '../../../test/harness';

let p: TestPlatform;

beforeAll(async () => {
  p = await startTestPlatform();
});
afterAll(() => p.stop());

describe('deleting an internal account', () => {
  it('moves the devices and templates it owned to the enterprise admin', async () => {
    const { admin, adminId } = await makeEnterprise(p.ctx.db, 'Heir Works');
    const adminCaller = await loggedIn(p.app, admin);
    const role = await adminCaller.post<{ id: number }>('/lfscada/role/add', {
      name: 'Engineers',
      roleType: 'admin',
      permissions: ['equipment_manage', 'template_manage'],
    });
    const created = await adminCaller.post<{ id: number }>('/lfscada/account/add', {
      segment: 'int',
      loginname: 'engineer-1',
      password: TEST_PASSWORD,
      roleId: role.body.data.id,
    });
    expect(created.body.code).toBe('200');
    const engineer = await loggedIn(p.app, 'engineer-1');
    const device = await engineer.post<{ id: number }>(
      '/lfscada/equipment/multi/add',
      { name: 'Boiler 3' },
      true,
    );
    const template = await engineer.post<{ id: number }>(
      '/lfscada/template/add',
      { name: 'Boiler', series: 'EG' },
      true,
    );
    expect([device.body.code, template.body.code]).toEqual(['200', '200']);

    expect((await adminCaller.post('/lfscada/account/delete', { id: created.body.data.id })).body.code).toBe(
      '200',
    );

    const [owners] = await p.ctx.db.query<{ device_owner: number; template_owner: number }>(
      `select (select owner_account_id from equipment where id = $1) as device_owner,
              (select owner_account_id from templates where id = $2) as template_owner`,
      [device.body.data.id, template.body.data.id],
    );
    expect(owners).toEqual({ device_owner: adminId, template_owner: adminId });
  });
});
