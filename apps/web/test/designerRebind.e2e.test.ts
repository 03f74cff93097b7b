import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultWidget } from '@fieldhub/hmi';
import type { Caller } from '../../server/test/harness';
import { deviceWithGateway, made, modbusDriver, variable } from '../../server/test/deviceFixtures';
import { type BrowserFixture, clickSettled } from './browser';
import { startBoilerDesigner, type BoilerDesigner } from './boilerDesigner';
import { clickCentre, widgets } from './designerPointer';

/**
 * The designer's help with bindings in the browser (headless Chromium, the built app on the real
 * server and database), in English: re-binding a selection to a twin device by signal name, where a
 * signal is used, and a gauge's or tank's scale taken from the bound variable. The editing journey
 * itself is designer.e2e.test.ts.
 */

const base = '/lfscada/configuration/page';

let f: BrowserFixture;
let api: Caller;
let deviceId: number;
let driverId: number;
let operator: Caller;
let signIn: BoilerDesigner['signIn'];
let picture: BoilerDesigner['picture'];
let stored: BoilerDesigner['stored'];

beforeAll(async () => {
  ({ f, api, deviceId, driverId, operator, signIn, picture, stored } = await startBoilerDesigner());
}, 180_000);

afterAll(async () => {
  await f?.stop();
});

describe('bindings in the page designer', () => {
  it('re-binds a selection from one device to a twin device by signal name, and shows where a signal is used', async () => {
    const twin = await deviceWithGateway(api, operator, 'Boiler house 2');
    const driver = await modbusDriver(api, twin.owner);
    await variable(api, twin.owner, driver, 'boiler_temperature', { unit: '°C' });
    const signals = await made<{ id: number; name: string }[]>(api, '/lfscada/monitor/multi/signal/query', {
      equipmentId: deviceId,
    });
    const temperature = signals.find((x) => x.name === 'boiler_temperature')!;
    const created = await made<{ id: number }>(api, `${base}/add`, {
      ownerKind: 'equipment',
      ownerId: deviceId,
      name: 'Twin',
    });
    const doc = (await stored(created.id)).document;
    const bound = (id: string, x: number) => {
      const w = defaultWidget('UsualDataText', { id, x, y: 100 });
      return {
        ...w,
        data: {
          ...w.data,
          signalId: String(temperature.id),
          equipId: String(deviceId),
          title: 'boiler_temperature',
          subTitle: 'Boiler house',
        },
      };
    };
    await made(api, `${base}/save`, {
      id: created.id,
      version: 1,
      document: { ...doc, widgets: [bound('t1', 50), bound('t2', 300)] },
    });
    const { context, page } = await f.newPage('en-US');
    try {
      await signIn(page);
      await page.goto(`${f.baseUrl}/manage/eg/${deviceId}/designer/${created.id}`);
      await page.getByTestId('repair-none').waitFor();
      await page.locator('.fh-designer-left [data-node-key=signals]').click();
      await expect.poll(() => page.getByTestId(`where-used-${temperature.id}`).innerText()).toBe('2');
      await clickCentre(page, page.locator('[data-testid=designer-page]'), []);
      await page.keyboard.press('Control+a');
      await page.getByTestId('rebind-open').click();
      await page.getByTestId('rebind-to').click();
      await clickSettled(page.locator('.ant-select-item-option', { hasText: 'Boiler house 2' }));
      await expect.poll(() => page.getByTestId('rebind-summary').innerText()).toContain('1 of 2');
      await picture(page, 'en-US', '11-rebind');
      await page.getByTestId('rebind-run').click();
      await expect.poll(() => page.getByTestId(`where-used-${temperature.id}`).innerText()).toBe('0');
      await page.keyboard.press('Control+s');
      await expect.poll(() => page.getByTestId('designer-save-state').getAttribute('data-dirty')).toBe('no');
      const saved = (await stored(created.id)).document;
      expect(saved.widgets.map((w) => [w.data.equipId, w.data.subTitle, w.data.title])).toEqual([
        [String(twin.id), 'Boiler house 2', 'boiler_temperature'],
        [String(twin.id), 'Boiler house 2', 'boiler_temperature'],
      ]);
      expect(saved.bind.equips).toEqual([String(twin.id)]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('gives a gauge and a tank the bound variable’s range as their scale: its collection limits, else its mapped values (en-US)', async () => {
    const device = { equipmentId: deviceId };
    await variable(api, device, driverId, 'drum_level', {
      address: '4',
      dataType: 'float32',
      unit: '%',
      collectLower: -20,
      collectUpper: 120,
    });
    await variable(api, device, driverId, 'burner_state', {
      address: '6',
      mapping: [
        { value: 0, text: 'Off' },
        { value: 1, text: 'Low' },
        { value: 2, text: 'High' },
      ],
    });
    const created = await made<{ id: number }>(api, `${base}/add`, {
      ownerKind: 'equipment',
      ownerId: deviceId,
      name: 'Scales',
    });
    const { context, page } = await f.newPage('en-US');
    try {
      await signIn(page);
      await page.goto(`${f.baseUrl}/manage/eg/${deviceId}/designer/${created.id}`);
      await page.getByTestId('repair-none').waitFor();
      const bind = async (type: string, signal: string) => {
        await clickCentre(page, widgets(page, type));
        await page.locator('[data-testid=prop-tabs] [data-node-key=data]').click();
        await page.getByTestId('data-binding-choose').click();
        await page.getByTestId(`signal-${signal}`).click();
        await expect.poll(() => page.getByTestId('data-binding-value').innerText()).toContain(signal);
        await page.getByTestId('signal-picker').waitFor({ state: 'detached' });
      };
      await page.getByTestId('palette-UsualDashboard').click();
      await expect.poll(() => widgets(page).count()).toBe(1);
      await bind('UsualDashboard', 'drum_level');
      await page.getByTestId('palette-UsualPercentFill').click();
      await expect.poll(() => widgets(page).count()).toBe(2);
      await bind('UsualPercentFill', 'burner_state');
      await page.locator('[data-testid=prop-tabs] [data-node-key=style]').click();
      await picture(page, 'en-US', '12-scale');
      await page.keyboard.press('Control+s');
      await expect.poll(() => page.getByTestId('designer-save-state').getAttribute('data-dirty')).toBe('no');
      const saved = (await stored(created.id)).document;
      expect(
        saved.widgets.map((w) => [w.widgetType, w.data.title, w.data['minVal'], w.data['maxVal']]),
      ).toEqual([
        ['UsualDashboard', 'drum_level', -20, 120],
        ['UsualPercentFill', 'burner_state', 0, 2],
      ]);
    } finally {
      await context.close();
    }
  }, 60_000);
});
