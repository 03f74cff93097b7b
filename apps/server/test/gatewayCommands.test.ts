/**
 * Operations on a gateway through HTTP, answered by a real gateway process over the platform's
 * broker: restart, network mode (effective after the restart), base-station location refresh
 * (5 a day, series with positioning only), and the refusals for an offline gateway and for
 * another enterprise.
 */
import { freePort, until } from '@fieldhub/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayProcess } from '../../gateway/test/support/gatewayProcess';
import { made, send } from './deviceFixtures';
import {
  linkedDevice,
  startDeviceGateway,
  taskResult,
  waitForStatus,
  type LinkedDevice,
} from './gatewayFixtures';
import { loggedIn, makeEnterprise, startTestPlatform, type Caller, type TestPlatform } from './harness';
import { loggedInOperator } from './platformFixtures';

let p: TestPlatform;
let admin: Caller;
let rival: Caller;
let operator: Caller;
let device: LinkedDevice;
let gateway: GatewayProcess;

const starts = () => gateway.lines.filter((l) => l.msg === 'gateway starting').length;

beforeAll(async () => {
  p = await startTestPlatform({ MQTT_PORT: '0' }, { link: true });
  const enterprise = await makeEnterprise(p.ctx.db, 'Command Works');
  admin = await loggedIn(p.app, enterprise.admin);
  rival = await loggedIn(p.app, (await makeEnterprise(p.ctx.db, 'Command Rivals')).admin);
  operator = await loggedInOperator(p);
  device = await linkedDevice(admin, operator, 'Dosing pump');
  gateway = startDeviceGateway(device, p, {
    plantPort: await freePort(),
    extra: ['--location', '121.47,31.23'],
  });
  await waitForStatus(p.ctx.db, device.sn, 'online', 90_000, gateway);
}, 120_000);

afterAll(async () => {
  await gateway?.dispose();
  await p?.stop();
});

describe('gateway operations', () => {
  it('refreshes the base-station location and stores it on the gateway', async () => {
    const { uuid } = await made<{ uuid: string }>(admin, '/lfscada/gateway/locate', { sn: device.sn });
    expect(await taskResult(admin, uuid)).toMatchObject({
      status: 'success',
      data: { lng: 121.47, lat: 31.23 },
    });
    const [row] = await p.ctx.db.query<{ location: { lng: number; lat: number } }>(
      'select location from gateways where sn = $1',
      [device.sn],
    );
    expect(row?.location).toMatchObject({ lng: 121.47, lat: 31.23 });
  });

  it('allows 5 location refreshes a day, then answers 1321', async () => {
    for (let i = 0; i < 4; i++) await made(admin, '/lfscada/gateway/locate', { sn: device.sn });
    expect((await send(admin, '/lfscada/gateway/locate', { sn: device.sn })).code).toBe('1321');
    // the next day counts afresh (the day is moved back rather than the clock forward, which
    // would end the login session)
    await p.ctx.db.query(
      "update gateways set location_refresh_day = location_refresh_day - interval '1 day' where sn = $1",
      [device.sn],
    );
    expect((await send(admin, '/lfscada/gateway/locate', { sn: device.sn })).code).toBe('200');
  });

  it('keeps a network mode pending until the gateway restarts, and the restart applies it', async () => {
    const mode = await made<{ uuid: string }>(admin, '/lfscada/gateway/mode', {
      sn: device.sn,
      networkMode: 'router',
    });
    expect(await taskResult(admin, mode.uuid)).toMatchObject({ status: 'success' });
    const pending = async () =>
      (
        await p.ctx.db.query<{ network_mode: string; pending_network_mode: string | null }>(
          'select network_mode, pending_network_mode from gateways where sn = $1',
          [device.sn],
        )
      )[0];
    expect(await pending()).toEqual({ network_mode: 'standard', pending_network_mode: 'router' });

    const before = starts();
    const restart = await made<{ uuid: string }>(admin, '/lfscada/gateway/restart', { sn: device.sn });
    expect(await taskResult(admin, restart.uuid)).toMatchObject({ status: 'success' });
    await until('the gateway started again', async () => starts() > before);
    await until('the new mode reported', async () => (await pending())?.network_mode === 'router', 30_000);
    expect(await pending()).toEqual({ network_mode: 'router', pending_network_mode: null });
    await waitForStatus(p.ctx.db, device.sn, 'online', 30_000);
  });

  it("keeps another enterprise's gateway out of reach", async () => {
    for (const url of ['/lfscada/gateway/restart', '/lfscada/gateway/locate', '/lfscada/gateway/upgrade'])
      expect((await send(rival, url, { sn: device.sn })).code).toBe('1101');
    expect((await send(rival, '/lfscada/gateway/mode', { sn: device.sn, networkMode: 'switch' })).code).toBe(
      '1101',
    );
  });

  it('refuses operations on an offline gateway with 1304', async () => {
    await gateway.kill('SIGKILL');
    await waitForStatus(p.ctx.db, device.sn, 'offline', 30_000);
    for (const url of ['/lfscada/gateway/restart', '/lfscada/gateway/locate', '/lfscada/gateway/upgrade'])
      expect((await send(admin, url, { sn: device.sn })).code).toBe('1304');
  });
});
