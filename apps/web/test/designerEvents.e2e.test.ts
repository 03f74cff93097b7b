import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { emptyPage, type ClickConfig, type PageDocument } from '@fieldhub/hmi';
import { loggedIn, type Caller } from '../../server/test/harness';
import { made } from '../../server/test/deviceFixtures';
import { type BrowserFixture, clickSettled, makeEnterprise, startBrowserFixture } from './browser';
import { plantDevice, startPlantGateway, type PlantGateway } from './plantGateway';
import { expectScreenIn, tr } from './screenLanguage';
import { asCaller } from '../../server/src/seed/demoDevices';
import { seedDemoProject } from '../../server/src/seed/demoProject';
import { demoTexts } from '../../server/src/seed/demoTexts';
import { shot } from './shots';
import { namedWidget as widget } from './viewerWidget';

/**
 * Issue 21 item 2 in the browser: on a device page, an engineer gives four buttons their click
 * events in the designer's event tab: a page jump picked from the device's pages into a popup of a
 * set size and position with its title, a toggle write between 8 and 3 (with confirmation), a
 * step write of +2 limited to 0…6 (without) and press-and-hold writing 9 on press and 4 on release. After saving, in the viewer the popup opens where it
 * was put and shows the picked page live; the writes reach the real gateway's simulated plant
 * (read back through the device's real-time query), the step stops on its limit and the next
 * step is refused with the limit's message.
 *
 * Languages: the journey runs in English; the quick check opens the event editor and the viewer's
 * limit message in Chinese, each with its texts from the locale files and nothing untranslated or
 * of the other language. Screenshots only with SHOTS=1 (see shots.ts).
 */

const base = '/lfscada/configuration/page';

let f: BrowserFixture;
let admin: string;
let api: Caller;
let equipmentId: number;
let plant: PlantGateway | undefined;
let controlId: number;
let pumpsId: number;
let setpointId: number;
let demo: { projectId: number; overviewId: number; detailsId: number };

const stored = (id: number) => made<{ version: number; document: PageDocument }>(api, `${base}/info`, { id });

async function savePage(id: number, document: PageDocument) {
  await made(api, `${base}/save`, { id, version: (await stored(id)).version, document });
}

/** The set point as the device's real-time query answers it. */
async function setpointAtDevice(): Promise<unknown> {
  const rows = await made<{ name: string; value: unknown }[]>(api, '/lfscada/monitor/multi/signal/query', {
    equipmentId,
  });
  return rows.find((r) => r.name === 'level_setpoint')?.value ?? null;
}

/** The user's texts on these pages: no translation's business. */
const OWN_TEXTS = [
  'Control',
  'Pumps',
  'Pumps…',
  'Toggle 8/3',
  'Step +2',
  'Hold 9/4',
  'Tank set point',
  'level_setpoint',
];

beforeAll(async () => {
  f = await startBrowserFixture({ link: true });
  const enterprise = await makeEnterprise(f.platform.ctx.db, 'Event Works');
  admin = enterprise.admin;
  api = await loggedIn(f.platform.app, admin);
  const device = await plantDevice(f, api, {
    name: 'Raw water tank',
    group: 'Water',
    snBase: 891_000_000_000,
  });
  equipmentId = device.equipmentId;
  setpointId = await device.variable({
    name: 'level_setpoint',
    unit: 'm',
    dataType: 'float32',
    registerType: '4x',
    address: '2',
    rw: 'rw',
    writeLower: 0,
    writeUpper: 10,
  });
  ({ id: controlId } = await made(api, `${base}/add`, {
    ownerKind: 'equipment',
    ownerId: equipmentId,
    name: 'Control',
  }));
  ({ id: pumpsId } = await made(api, `${base}/add`, {
    ownerKind: 'equipment',
    ownerId: equipmentId,
    name: 'Pumps',
  }));
  const bound = {
    signalId: String(setpointId),
    equipId: String(equipmentId),
    title: 'level_setpoint',
    subTitle: 'Raw water tank',
  };
  // the buttons and the read-back are placed; their click events are the designer's work below
  const control = emptyPage({ title: 'Control', width: 800, height: 300, fit: 'none' });
  control.widgets = [
    widget('UsualButton', 'to-pumps', [20, 20, 160, 40], { data: { text: 'Pumps…' } }),
    widget('UsualButton', 'toggle', [200, 20, 160, 40], { data: { text: 'Toggle 8/3' } }),
    widget('UsualButton', 'step', [380, 20, 160, 40], { data: { text: 'Step +2' } }),
    widget('UsualButton', 'hold', [560, 20, 160, 40], { data: { text: 'Hold 9/4' } }),
    widget('UsualDataText', 'setpoint', [20, 100, 240, 40], { data: { ...bound, decimals: 2, unit: 'm' } }),
  ];
  await savePage(controlId, control);
  const pumps = emptyPage({ title: 'Pumps', width: 400, height: 200, fit: 'container' });
  pumps.widgets = [
    widget('UsualText', 'pumps-heading', [10, 10, 300, 40], { data: { text: 'Tank set point' } }),
    widget('UsualDataText', 'pumps-setpoint', [10, 60, 240, 40], {
      data: { ...bound, decimals: 2, unit: 'm' },
    }),
  ];
  await savePage(pumpsId, pumps);
  // a project on the device, as a Chinese installation seeds it: its designer's picker offers its pages
  demo = await seedDemoProject(
    f.platform.ctx.db,
    asCaller({ accountId: enterprise.adminId, orgId: enterprise.orgId, loginname: admin }, 'enterprise'),
    [equipmentId],
    'zh-CN',
  );
  plant = await startPlantGateway(f, {
    sn: device.sn,
    mqttPassword: device.mqttPassword,
    plantPort: device.plantPort,
    api,
    equipmentId,
    firstSignal: 'level_setpoint',
  });
}, 180_000);

afterAll(async () => {
  await plant?.stop();
  await f?.stop();
});

const picture = (page: Page, lang: string, name: string) => shot(page, `events-${lang}-${name}`);

/** Picks an option of the select with the test id. */
async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await clickSettled(
    page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }),
  );
}

/** Types into a committing field and commits it (Enter). */
async function commit(page: Page, testId: string, value: string) {
  const input = page.locator(`[data-testid=${testId}]`).locator('xpath=descendant-or-self::input').first();
  await input.fill(value);
  await input.press('Enter');
}

/** Selects a widget of the designer's page and opens its event tab. */
async function eventTabOf(page: Page, id: string) {
  await page.locator(`[data-testid=designer-page] [data-wid=${id}]`).click();
  await page.locator('[data-testid=prop-tabs] [data-node-key=event]').click();
  await page.getByTestId('prop-event').waitFor();
}

/** Turns the selected widget's click event on, writing the set point. */
async function writesSetpoint(page: Page) {
  await page.getByTestId('event-enable').click();
  await page.getByTestId('event-binding-choose').click();
  await page.getByTestId('signal-picker').waitFor();
  await page.getByTestId('signal-level_setpoint').click();
  await page.getByTestId('signal-picker').waitFor({ state: 'detached' });
}

const viewerText = (page: Page, name: string) => page.getByTestId(`vw-${name}`).innerText();

describe('click events from the designer to the device', () => {
  it('configures a popup jump, a toggle, a limited step and press-and-hold, then runs them in the viewer (en-US)', async () => {
    const lang = 'en-US';
    const { context, page } = await f.newPage(lang);
    await f.signIn(page, admin, { at: `/manage/eg/${equipmentId}/designer/${controlId}` });
    await page.getByTestId('repair-banner').waitFor();

    // --- the page jump: one of this device's pages, into a 480×320 popup at (40, 60) with its title
    await eventTabOf(page, 'to-pumps');
    await page.getByTestId('event-enable').click();
    await choose(page, 'event-action', tr(lang, 'designer:event.action-page'));
    await choose(page, 'event-page', 'Pumps');
    await choose(page, 'event-target', tr(lang, 'designer:event.target-window'));
    await commit(page, 'event-popup-width', '480');
    await commit(page, 'event-popup-height', '320');
    await page.getByTestId('event-popup-centered').click();
    await commit(page, 'event-popup-x', '40');
    await commit(page, 'event-popup-y', '60');
    await picture(page, lang, '1-page');

    // --- the toggle: 8 unless the set point is 8, then 3; confirmation stays on
    await eventTabOf(page, 'toggle');
    await writesSetpoint(page);
    await choose(page, 'event-write-type', tr(lang, 'designer:event.write-type-toggle'));
    await commit(page, 'event-on-value', '8');
    await commit(page, 'event-off-value', '3');
    await picture(page, lang, '2-toggle');

    // --- the step: +2 within 0…6, no confirmation
    await eventTabOf(page, 'step');
    await writesSetpoint(page);
    await choose(page, 'event-write-type', tr(lang, 'designer:event.write-type-step'));
    await commit(page, 'event-step', '2');
    await page.getByTestId('event-limit').click();
    await commit(page, 'event-limit-max', '6');
    await page.getByTestId('event-confirm').click();
    await picture(page, lang, '3-step');

    // --- press-and-hold: 9 while pressed, 4 on release
    await eventTabOf(page, 'hold');
    await writesSetpoint(page);
    await choose(page, 'event-write-type', tr(lang, 'designer:event.write-type-press'));
    await choose(page, 'event-press-type', tr(lang, 'designer:event.press-type-custom'));
    await commit(page, 'event-on-value', '9');
    await commit(page, 'event-off-value', '4');

    await page.keyboard.press('Control+s');
    await expect.poll(() => page.getByTestId('designer-save-state').getAttribute('data-dirty')).toBe('no');
    const events = new Map(
      (await stored(controlId)).document.widgets.map((w) => [w.widgetName, w.clickEvent]),
    );
    expect(events.get('to-pumps')).toMatchObject({
      enable: true,
      config: {
        action: 'page',
        pageId: String(pumpsId),
        pageTitle: 'Pumps',
        target: 'window',
        window: { width: 480, height: 320, left: 40, top: 60, centered: false },
        titleShow: true,
      } satisfies Partial<ClickConfig>,
    });
    expect(events.get('toggle')?.config).toMatchObject({
      action: 'write',
      writeType: 'toggle',
      onValue: '8',
      offValue: '3',
      confirm: true,
      data: { signalId: String(setpointId), equipId: String(equipmentId) },
    });
    expect(events.get('step')?.config).toMatchObject({
      writeType: 'step',
      stepValue: 2,
      limit: { enable: true, min: 0, max: 6 },
      confirm: false,
    });
    expect(events.get('hold')?.config).toMatchObject({
      writeType: 'press',
      pressType: 'custom',
      onValue: '9',
      offValue: '4',
    });

    // --- the viewer: the popup where it was put, the picked page live inside it
    await page.goto(`${f.baseUrl}/monitor/eg/detail/page/${controlId}/0`);
    await expect.poll(() => viewerText(page, 'setpoint'), { timeout: 20_000 }).toBe('5.00 m');
    await page.getByTestId('vw-to-pumps').click();
    const popup = page.getByTestId('viewer-popup');
    await popup.waitFor();
    expect(await popup.boundingBox()).toEqual({ x: 40, y: 60, width: 480, height: 320 });
    expect(await page.getByTestId('viewer-popup-title').innerText()).toBe('Pumps');
    await expect
      .poll(() => popup.getByTestId('vw-pumps-setpoint').innerText(), { timeout: 20_000 })
      .toBe('5.00 m');
    await picture(page, lang, '4-popup');
    await page.getByTestId('viewer-popup-close').click();
    await popup.waitFor({ state: 'detached' });

    // --- held down, the set point goes to 9; let go, to 4
    const hold = await page.getByTestId('vw-hold').boundingBox();
    await page.mouse.move(hold!.x + hold!.width / 2, hold!.y + hold!.height / 2);
    await page.mouse.down();
    await expect.poll(setpointAtDevice, { timeout: 30_000 }).toBe(9);
    await page.mouse.up();
    await expect.poll(setpointAtDevice, { timeout: 30_000 }).toBe(4);
    await expect.poll(() => viewerText(page, 'setpoint'), { timeout: 15_000 }).toBe('4.00 m');

    // --- the toggle writes 8 (after confirmation), then 3, each read back from the device
    for (const value of [8, 3]) {
      await page.getByTestId('vw-toggle').click();
      await clickSettled(page.getByTestId('viewer-write-confirm'));
      await expect.poll(setpointAtDevice, { timeout: 30_000 }).toBe(value);
      await expect.poll(() => viewerText(page, 'setpoint'), { timeout: 15_000 }).toBe(`${value}.00 m`);
    }
    // --- the step: 3 → 5 → 6 (stopped on the limit), then refused with the limit's message
    for (const value of [5, 6]) {
      await page.getByTestId('vw-step').click();
      await expect.poll(setpointAtDevice, { timeout: 30_000 }).toBe(value);
      await expect.poll(() => viewerText(page, 'setpoint'), { timeout: 15_000 }).toBe(`${value}.00 m`);
    }
    await page.getByTestId('vw-step').click();
    await page.getByText(tr(lang, 'viewer:write.limit-at-max', { name: 'level_setpoint', max: 6 })).waitFor();
    await picture(page, lang, '5-limit');
    expect(await setpointAtDevice()).toBe(6);
    await expectScreenIn(page, lang, { allow: OWN_TEXTS });
    await context.close();
  }, 150_000);

  it('shows the event editor and the limit message wholly in Chinese', async () => {
    const lang = 'zh-CN';
    const { context, page } = await f.newPage(lang);
    await f.signIn(page, admin, { at: `/manage/eg/${equipmentId}/designer/${controlId}` });
    await page.getByTestId('repair-banner').waitFor();
    await eventTabOf(page, 'step');
    await expectScreenIn(page, lang, {
      shows: ['designer:event.write-type-step', 'designer:event.limit', 'designer:event.limit-range'],
      allow: OWN_TEXTS,
    });
    await eventTabOf(page, 'to-pumps');
    await expectScreenIn(page, lang, {
      shows: [
        'designer:event.source-own-equipment',
        'designer:event.target-window',
        'designer:event.popup-size',
        'designer:event.title-show',
      ],
      allow: OWN_TEXTS,
    });
    await picture(page, lang, '1-editor');
    // the set point is still 6 from the journey: a step up is refused in Chinese
    await page.goto(`${f.baseUrl}/monitor/eg/detail/page/${controlId}/0`);
    await expect.poll(() => viewerText(page, 'setpoint'), { timeout: 20_000 }).toBe('6.00 m');
    await page.getByTestId('vw-step').click();
    await page.getByText(tr(lang, 'viewer:write.limit-at-max', { name: 'level_setpoint', max: 6 })).waitFor();
    await expectScreenIn(page, lang, { allow: OWN_TEXTS });
    await picture(page, lang, '2-limit');
    await context.close();
  }, 90_000);
  it("offers the project's own pages in a project page's picker (zh-CN)", async () => {
    const lang = 'zh-CN';
    const texts = demoTexts[lang].project;
    const { document } = await stored(demo.overviewId);
    const plain = document.widgets.find((w) => !w.clickEvent.enable && w.groupId === null);
    const { context, page } = await f.newPage(lang);
    await f.signIn(page, admin, { at: `/manage/project/${demo.projectId}/designer/${demo.overviewId}` });
    await page.getByTestId('repair-banner').waitFor();
    await eventTabOf(page, plain!.id);
    await page.getByTestId('event-enable').click();
    await choose(page, 'event-action', tr(lang, 'designer:event.action-page'));
    expect(await page.getByTestId('event-page-source').innerText()).toBe(
      tr(lang, 'designer:event.source-own-project'),
    );
    await page.getByTestId('event-page').click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect.poll(() => options.allInnerTexts()).toEqual([texts.overview, texts.details]);
    await clickSettled(options.filter({ hasText: texts.details }));
    await picture(page, lang, '3-project');
    await page.keyboard.press('Control+s');
    await expect.poll(() => page.getByTestId('designer-save-state').getAttribute('data-dirty')).toBe('no');
    const saved = (await stored(demo.overviewId)).document.widgets.find((w) => w.id === plain!.id);
    expect(saved?.clickEvent.config).toMatchObject({
      action: 'page',
      pageId: String(demo.detailsId),
      pageTitle: texts.details,
    });
    await context.close();
  }, 90_000);
});
