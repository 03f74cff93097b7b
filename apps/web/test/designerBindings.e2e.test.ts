import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { emptyPage, type PageDocument } from '@fieldhub/hmi';
import { loggedIn, type Caller } from '../../server/test/harness';
import { made } from '../../server/test/deviceFixtures';
import { addProject, addProjectPage, projectBase } from '../../server/test/projectFixtures';
import { type BrowserFixture, makeEnterprise, startBrowserFixture } from './browser';
import { plantDevice, startPlantGateway, type PlantDevice, type PlantGateway } from './plantGateway';
import { drag, widgets } from './designerPointer';
import { namedWidget } from './viewerWidget';
import { expectScreenIn, tr } from './screenLanguage';
import { shot } from './shots';

/**
 * Bindings besides device variables (docs/requirements/pages-and-designer.md §6.2, issue 21 item 1):
 * in a project's designer a data text is bound to the system key "time", another to an
 * intermediate variable of the project, and a line chart gets the intermediate variable as a
 * series; saved, the project page in the viewer shows the clock ticking and the variable's value as
 * the server computes it from a real gateway's readings, and the chart draws it. The picker's tabs
 * are then checked in Chinese.
 */

let f: BrowserFixture;
let admin: string;
let api: Caller;
let plant: PlantGateway | undefined;
let projectId: number;
let pageId: number;
let mvarId: number;
let device: PlantDevice;
let level: number;
const MVAR = 'Tank level total';

const wait = { timeout: 20_000 };

beforeAll(async () => {
  f = await startBrowserFixture({ link: true });
  admin = (await makeEnterprise(f.platform.ctx.db, 'Binding Works')).admin;
  api = await loggedIn(f.platform.app, admin);
  device = await plantDevice(f, api, { name: 'Tank', group: 'Water', snBase: 893_000_000_000 });
  level = await device.variable({
    name: 'tank_level',
    unit: 'm',
    dataType: 'float32',
    registerType: '4x',
    address: '0',
    rw: 'r',
  });
  projectId = (await addProject(api, 'Binding plant')).id;
  await made(api, `${projectBase}/equip/add`, { projectId, equips: [{ equipmentId: device.equipmentId }] });
  mvarId = (
    await made(api, `${projectBase}/mvar/add`, {
      projectId,
      title: MVAR,
      calcType: 'sum',
      formula: `\${${device.equipmentId}.${level}}`,
      unit: 'm',
      decimals: 2,
    })
  ).id;
  pageId = await addProjectPage(api, projectId, 'Clock and level');
  plant = await startPlantGateway(f, {
    sn: device.sn,
    mqttPassword: device.mqttPassword,
    plantPort: device.plantPort,
    api,
    equipmentId: device.equipmentId,
    firstSignal: 'tank_level',
  });
}, 180_000);

afterAll(async () => {
  await plant?.stop();
  await f?.stop();
});

const designerPath = () => `/manage/project/${projectId}/designer/${pageId}`;

/** Adds a widget from the palette (placed in the middle, selected) and drags it by (dx, dy). */
async function addWidget(page: Page, type: string, dx: number, dy: number) {
  await page.getByTestId('designer').waitFor();
  const before = await widgets(page, type).count();
  await page.getByTestId(`palette-${type}`).click();
  await expect.poll(() => widgets(page, type).count(), wait).toBe(before + 1);
  await drag(page, widgets(page, type).nth(before), dx, dy);
  await page.locator('[data-testid=prop-tabs] [data-node-key=data]').click();
}

/** The current value of the project's intermediate variable as the server computes it. */
async function mvarValue(): Promise<number | null> {
  const rows = await made<{ id: number; value: number; ts: number | null }[]>(
    api,
    `${projectBase}/mvar/queryAll`,
    {
      projectId,
    },
  );
  const row = rows.find((r) => r.id === mvarId);
  return row && row.ts !== null ? row.value : null;
}

describe('binding system keys and intermediate variables', () => {
  it('binds a text to the time, a text and a chart series to an mvar, and shows them live (en-US)', async () => {
    const lang = 'en-US';
    const { context, page } = await f.newPage(lang);
    await f.signIn(page, admin, { at: `${designerPath()}` });

    // a data text bound to the system key "time" through the picker's third tab
    await addWidget(page, 'UsualDataText', -300, -200);
    await page.getByTestId('data-binding-choose').click();
    const picker = page.getByTestId('signal-picker');
    await picker.getByTestId('bind-tab-system').click();
    await expect
      .poll(() => picker.getByTestId('bind-system-list').innerText(), wait)
      .toContain('Active alarms');
    await shot(page, 'bindings-en-picker-keys');
    await picker.getByTestId('bind-key-time').click();
    await expect
      .poll(() => page.getByTestId('data-binding-value').innerText(), wait)
      .toBe('Time · System key');

    // a second data text bound to the project's intermediate variable
    await addWidget(page, 'UsualDataText', -300, -120);
    await page.getByTestId('data-binding-choose').click();
    await picker.getByTestId('bind-tab-mvar').click();
    await picker.getByTestId(`bind-mvar-${MVAR}`).click();
    await expect
      .poll(() => page.getByTestId('data-binding-value').innerText(), wait)
      .toBe(`${MVAR} · Intermediate variable`);

    // a line chart with the intermediate variable as a series (the list has no device variable)
    await page
      .locator('[data-testid=designer-palette] .ant-collapse-header', { hasText: 'Charts and reports' })
      .click();
    await addWidget(page, 'ComplexLine', 150, 60);
    await page.getByTestId('mvar-array-add').click();
    await picker.getByTestId(`bind-mvar-${MVAR}`).click();
    await expect
      .poll(() => page.getByTestId('mvar-array').innerText(), wait)
      .toContain('Intermediate variable');
    await shot(page, 'bindings-en-designer');
    await page.keyboard.press('Control+s');
    await expect
      .poll(() => page.getByTestId('designer-save-state').getAttribute('data-dirty'), wait)
      .toBe('no');

    // the stored page names the key and the variable in its summary
    const info = await made<{ document: { bind: { keys: string[]; mvars: string[] } } }>(
      api,
      '/lfscada/configuration/page/info',
      { id: pageId },
    );
    expect(info.document.bind).toMatchObject({ keys: ['time'], mvars: [String(mvarId)] });

    // the viewer: the clock ticks, the text shows the variable as computed, the chart draws it
    await page.goto(`${f.baseUrl}/monitor/project/${projectId}/page/${pageId}`);
    const texts = page.getByTestId('vw-Data text');
    await expect.poll(() => texts.count(), wait).toBe(2);
    const clock = async () => (await texts.allInnerTexts()).find((s) => /^\d\d:\d\d:\d\d$/.test(s.trim()));
    await expect.poll(clock, wait).toMatch(/^\d\d:\d\d:\d\d$/);
    const first = await clock();
    await expect.poll(clock, wait).not.toBe(first);
    // the level moves slowly: the text and the server's value meet within 0.5 m
    await expect
      .poll(async () => {
        const value = await mvarValue();
        const shown = (await texts.allInnerTexts()).map((s) => s.trim()).filter((s) => !/:/.test(s));
        const near = value !== null && shown.some((s) => Math.abs(Number(s) - value) < 0.5);
        return near ? 'near' : `${shown.join(',')} vs ${value}`;
      }, wait)
      .toBe('near');
    const chart = page.locator('[data-chart=ComplexLine]');
    await expect.poll(() => chart.getAttribute('data-series'), wait).toBe(MVAR);
    await expect.poll(async () => Number(await chart.getAttribute('data-points')), wait).toBeGreaterThan(0);
    await shot(page, 'bindings-en-viewer');
    await context.close();
  });

  it('shows the binding picker’s tabs and keys in Chinese', async () => {
    const lang = 'zh-CN';
    const { context, page } = await f.newPage(lang);
    await f.signIn(page, admin, { at: `${designerPath()}` });
    await addWidget(page, 'UsualDataText', 0, 180);
    await page.getByTestId('data-binding-choose').click();
    const picker = page.getByTestId('signal-picker');
    await picker.getByTestId('bind-tab-system').click();
    await expect.poll(() => picker.innerText(), wait).toContain(tr(lang, 'designer:bind.key-alarmCount'));
    await expectScreenIn(page, lang, {
      shows: [
        'designer:bind.pick-title',
        'designer:bind.tab-signal',
        'designer:bind.tab-mvar',
        'designer:bind.tab-system',
        'designer:bind.key-time',
        'designer:bind.help-onlineCount',
      ],
      // the project's and widgets' names as entered
      allow: ['Binding plant', 'Clock and level', MVAR, 'Data text', 'Line chart'],
    });
    await shot(page, 'bindings-zh-picker');
    await context.close();
  });
  it('shows the counts of a device page’s device and of a project’s devices, the alarm count live', async () => {
    // texts bound to system keys, saved as the designer saves them
    const counts = (keys: string[]): PageDocument => {
      const page = emptyPage({ title: 'Counts', width: 600, height: 300 });
      page.widgets = keys.map((key, i) =>
        namedWidget('UsualDataText', key, [20, 20 + i * 40, 200, 30], {
          data: { type: 'system', systemKey: key },
        }),
      );
      return page;
    };
    const save = async (id: number, document: PageDocument) => {
      const info = await made<{ version: number }>(api, '/lfscada/configuration/page/info', { id });
      await made(api, '/lfscada/configuration/page/save', { id, version: info.version, document });
    };
    const devicePage = (
      await made(api, '/lfscada/configuration/page/add', {
        ownerKind: 'equipment',
        ownerId: device.equipmentId,
        name: 'Counts',
      })
    ).id;
    await save(devicePage, counts(['onlineCount', 'offlineCount', 'alarmCount', 'user']));
    const projectPage = await addProjectPage(api, projectId, 'Counts');
    await save(projectPage, counts(['deviceCount', 'onlineCount', 'offlineCount']));

    const { context, page } = await f.newPage('en-US');
    await f.signIn(page, admin);
    const shown = (key: string) => page.getByTestId(`vw-${key}`).innerText();
    await page.goto(`${f.baseUrl}/monitor/project/${projectId}/page/${projectPage}`);
    await expect.poll(() => shown('deviceCount'), wait).toBe('1');
    expect([await shown('onlineCount'), await shown('offlineCount')]).toEqual(['1', '0']);

    await page.goto(`${f.baseUrl}/monitor/eg/detail/page/${devicePage}/0`);
    await expect.poll(() => shown('onlineCount'), wait).toBe('1');
    expect([await shown('offlineCount'), await shown('alarmCount'), await shown('user')]).toEqual([
      '0',
      '0',
      admin,
    ]);
    // a rule the tank's level always breaks: the alarm's frame has the count asked again
    await made(api, '/lfscada/equipment/multi/alarm/add', {
      owner: device.owner,
      item: { variableId: level, condition: 'gt', value: -1, content: 'Level present' },
    });
    const active = async () =>
      (
        await made<{ signal: number }[]>(api, '/lfscada/monitor/multi/alarm/activeCount', {
          equipmentIds: [device.equipmentId],
        })
      )[0]?.signal;
    await expect.poll(active, { timeout: 60_000 }).toBe(1);
    await expect.poll(() => shown('alarmCount'), wait).toBe('1');
    await shot(page, 'bindings-en-device-counts');
    await context.close();
  });
});
