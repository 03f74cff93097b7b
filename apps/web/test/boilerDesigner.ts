import type { Page } from 'playwright-core';
import type { PageDocument } from '@fieldhub/hmi';
import { loggedIn, makePlatformOperator, type Caller } from '../../server/test/harness';
import { deviceWithGateway, made, modbusDriver, variable } from '../../server/test/deviceFixtures';
import { type BrowserFixture, makeEnterprise, startBrowserFixture } from './browser';
import { shot } from './shots';

/**
 * The designer browser tests' platform: an enterprise with a device "Boiler house" whose Modbus
 * driver has `boiler_temperature` (°C) and `steam_pressure` (bar), its admin and the platform
 * operator signed in for calls, and the helpers the tests share.
 */
export interface BoilerDesigner {
  f: BrowserFixture;
  admin: string;
  api: Caller;
  operator: Caller;
  deviceId: number;
  driverId: number;
  signIn(page: Page): Promise<void>;
  /** a screenshot named designer-{lang}-{name} (only with SHOTS=1) */
  picture(page: Page, lang: string, name: string): Promise<void>;
  /** the stored page */
  stored(id: number): Promise<{ id: number; version: number; document: PageDocument }>;
}

export async function startBoilerDesigner(): Promise<BoilerDesigner> {
  const f = await startBrowserFixture();
  const { admin } = await makeEnterprise(f.platform.ctx.db, 'Designer Works');
  const api = await loggedIn(f.platform.app, admin);
  const operator = await loggedIn(f.platform.app, (await makePlatformOperator(f.platform.ctx.db)).operator);
  const device = await deviceWithGateway(api, operator, 'Boiler house');
  const driverId = await modbusDriver(api, device.owner);
  await variable(api, device.owner, driverId, 'boiler_temperature', { unit: '°C' });
  await variable(api, device.owner, driverId, 'steam_pressure', { address: '2', unit: 'bar' });
  return {
    f,
    admin,
    api,
    operator,
    deviceId: device.id,
    driverId,
    signIn: (page) => f.signIn(page, admin),
    picture: (page, lang, name) => shot(page, `designer-${lang}-${name}`),
    stored: (id) => made(api, '/lfscada/configuration/page/info', { id }),
  };
}
