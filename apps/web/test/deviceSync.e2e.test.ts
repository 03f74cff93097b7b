import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loggedIn, type Caller } from '../../server/test/harness';
import { made } from '../../server/test/deviceFixtures';
import { type BrowserFixture, makeEnterprise, startBrowserFixture } from './browser';
import { plantDevice, startPlantGateway, type PlantGateway } from './plantGateway';
import { tr } from './screenLanguage';
import { shot } from './shots';

/**
 * Syncing a device's configuration to its gateway in the browser (docs/requirements/
 * devices-and-gateways.md): a real gateway process in simulate mode, a configuration change it has
 * not taken yet, synced from the device list, the gateway list and the device's page with progress
 * and result, in English (the Chinese texts of the same dialog are checked in monitor.e2e.test.ts).
 * Screenshots only with SHOTS=1.
 */

const DEVICE = 'Clarifier';

let f: BrowserFixture;
let admin: string;
let api: Caller;
let equipmentId: number;
let driverId: number;
let sn: string;
let plant: PlantGateway | undefined;

beforeAll(async () => {
  f = await startBrowserFixture({ link: true });
  ({ admin } = await makeEnterprise(f.platform.ctx.db, 'Sync Works'));
  api = await loggedIn(f.platform.app, admin);
  const device = await plantDevice(f, api, {
    name: DEVICE,
    group: 'Water treatment',
    snBase: 887_000_000_000,
  });
  ({ equipmentId, driverId, sn } = device);
  await device.variable({
    name: 'tank_level',
    dataType: 'float32',
    registerType: '4x',
    address: '0',
    rw: 'r',
  });
  plant = await startPlantGateway(f, {
    sn,
    mqttPassword: device.mqttPassword,
    plantPort: device.plantPort,
    api,
    equipmentId,
    firstSignal: 'tank_level',
  });
}, 180_000);

afterAll(async () => {
  await plant?.stop();
  await f?.stop();
});

const picture = (page: Page, lang: string, name: string) =>
  shot(page, `monitor-${lang}-${name}`, { fullPage: true });
const text = (page: Page, testId: string) => page.getByTestId(testId).innerText();

describe('device sync in the browser', () => {
  it('syncs the device from the device list, the gateway list and its page, with progress and result (en-US)', async () => {
    const lang = 'en-US';
    // a configuration change the gateway has not taken yet
    await made(api, '/lfscada/equipment/multi/variable/add', {
      owner: { equipmentId },
      item: { driverId, name: 'spare', dataType: 'int16', registerType: '4x', address: '60', rw: 'r' },
    });
    const { context, page } = await f.newPage(lang);
    await f.signIn(page, admin);
    const synced = async () => {
      await expect
        .poll(() => page.getByTestId('sync-summary').getAttribute('data-ended'), { timeout: 60_000 })
        .toBe('yes');
      expect(await page.getByTestId(`sync-row-${equipmentId}`).getAttribute('data-phase')).toBe('done');
      expect(await text(page, 'sync-summary')).toBe(
        tr(lang, 'common:sync.summary', { done: 1, failed: 0, left: 0 }),
      );
    };

    // the device list: the device needs a sync; chosen and synced, it no longer does
    await page.goto(`${f.baseUrl}/manage/eg/equipment/list`);
    const row = page.locator('[data-testid=device-table] tr.ant-table-row', { hasText: DEVICE });
    await row.getByTestId('sync-needed').waitFor();
    await picture(page, lang, '13-sync-needed');
    await row.locator('.ant-checkbox-input').check();
    await page.getByTestId('device-sync-selected').click();
    await page.getByTestId(`sync-row-${equipmentId}`).waitFor();
    await picture(page, lang, '13b-syncing');
    await synced();
    await picture(page, lang, '13c-synced');
    await page.getByTestId('sync-close').click();
    await expect.poll(() => row.getByTestId('sync-needed').count()).toBe(0);
    const [device] = (
      await made<{ list: { syncNeeded: boolean }[] }>(api, '/lfscada/equipment/multi/query', {
        keyword: DEVICE,
      })
    ).list;
    expect(device?.syncNeeded).toBe(false);

    // a row's own sync, in the gateway list
    await page.goto(`${f.baseUrl}/manage/eg/gateway`);
    await page.getByTestId(`sync-${sn}`).click();
    await synced();
    await page.getByTestId('sync-close').click();

    // and from the device's page
    await page.goto(`${f.baseUrl}/manage/eg/equipment/edit/${equipmentId}`);
    await page.getByTestId('device-sync').click();
    await synced();
    await context.close();
  }, 180_000);
});
