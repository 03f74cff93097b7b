import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { PageDocument } from '@fieldhub/hmi';
import { loggedIn, makePlatformOperator, type Caller } from '../../server/test/harness';
import { deviceWithGateway, made, modbusDriver, variable } from '../../server/test/deviceFixtures';
import { ensureMonthPartitions } from '../../server/src/link/partitions';
import { addProject, bindToProject } from '../../server/test/projectFixtures';
import { type BrowserFixture, clickSettled, makeEnterprise, startBrowserFixture } from './browser';
import { expectScreenIn } from './screenLanguage';
import { shot } from './shots';

/**
 * Issue 8 part E in the browser (headless Chromium, the built app on the real server): an
 * engineer places one widget of each family of the complex, navigate, script and 3D widgets
 * from the palette, binds chart and timeline signals and map equipment, sees the charts drawn
 * with sample data, the script run in its sandbox, the weather's "choose a place" state and the
 * single-3D-scene limit; saves, reloads and finds the same page.
 *
 * Languages: the page is built in Chinese and drawn in English (designer and viewer, each checked
 * for untranslated or Chinese text); the report widgets run in English. The quick check opens the
 * English tests' live pages in Chinese: the widgets' empty states, the report table's header, each
 * with nothing untranslated or English. Screenshots only with SHOTS=1 (see shots.ts).
 */

const base = '/lfscada/configuration/page';

let f: BrowserFixture;
let admin: string;
let api: Caller;
let deviceId: number;
let temperatureId: number;
let reportId: number;
/** the report records' times: every 10 minutes over the last 50 */
let recordTimes: number[];

interface Info {
  id: number;
  version: number;
  document: PageDocument;
}
type Loose = Record<string, unknown>;

beforeAll(async () => {
  f = await startBrowserFixture();
  ({ admin } = await makeEnterprise(f.platform.ctx.db, 'Complex Works'));
  api = await loggedIn(f.platform.app, admin);
  const operator = await loggedIn(f.platform.app, (await makePlatformOperator(f.platform.ctx.db)).operator);
  const device = await deviceWithGateway(api, operator, 'Boiler house');
  deviceId = device.id;
  const driver = await modbusDriver(api, device.owner);
  temperatureId = await variable(api, device.owner, driver, 'boiler_temperature', { unit: '°C' });
  await variable(api, device.owner, driver, 'run_state', { address: '2' });
  // an hourly report of the temperature's maximum and average, with records the gateway would have sent
  reportId = (
    await made<{ id: number }>(api, '/lfscada/equipment/multi/report/add', {
      owner: device.owner,
      item: {
        name: 'boiler_hourly',
        storageMode: 'periodic',
        intervalS: 600,
        items: [
          { variableId: temperatureId, aggregation: 'max' },
          { variableId: temperatureId, aggregation: 'avg' },
        ],
      },
    })
  ).id;
  const now = Math.floor(Date.now() / 60_000) * 60_000;
  recordTimes = [50, 40, 30, 20, 10, 0].map((m) => now - m * 60_000);
  await ensureMonthPartitions(f.platform.ctx.db, 'report_records', recordTimes);
  for (const [i, ts] of recordTimes.entries()) {
    await f.platform.ctx.db.query(
      `insert into report_records(report_id, equipment_id, ts, values) values ($1, $2, $3, $4)`,
      [reportId, deviceId, new Date(ts), { [String(temperatureId)]: { max: 80 + i, avg: 70.25 + i } }],
    );
  }
}, 180_000);

afterAll(async () => {
  await f?.stop();
});

const signIn = (page: Page, at?: string) => f.signIn(page, admin, { at });

const picture = (page: Page, lang: string, name: string) => shot(page, `complex-${lang}-${name}`);

/**
 * What the pages carry as entered, no translation's business: names, the nav entry and the
 * timeline's default status rows, stored in the language the page was built in (Chinese).
 */
const DATA = [
  ...['Boiler house', 'boiler_temperature', 'run_state', 'Peak', 'Boiler dashboard', 'Boiler report'],
  ...['总览', '运行', '空闲', '调试'],
];
/** the English tests' pages, for the Chinese check after them */
const livePages: { widgets?: number; report?: number } = {};

const widgets = (page: Page, type?: string) =>
  page.locator(`[data-testid=designer-page] .fh-w${type ? `[data-type=${type}]` : ''}`);

/** The number input of a property field (antd puts the test id on the input or its wrapper). */
const numberInput = (page: Page, testId: string) =>
  page.locator(`input[data-testid=${testId}], [data-testid=${testId}] input`).first();

async function setNumber(page: Page, testId: string, value: number) {
  const input = numberInput(page, testId);
  await input.fill(String(value));
  await input.press('Enter');
}

/** [type, x, y, width, height] on a 1360×900 page. */
const LAYOUT: [string, number, number, number, number][] = [
  ['NavigateNav', 0, 0, 1360, 50],
  ['ComplexLine', 0, 60, 440, 250],
  ['ComplexPie', 450, 60, 300, 250],
  ['ComplexSection', 760, 60, 600, 120],
  ['ComplexWeather', 760, 190, 290, 120],
  ['ComplexVideo', 1060, 190, 300, 120],
  ['ComplexHistory', 0, 320, 660, 260],
  ['ComplexAlarm', 670, 320, 690, 260],
  ['ComplexMap', 0, 590, 440, 300],
  ['ScriptBar', 450, 590, 440, 300],
  ['UsualWebgl', 900, 590, 460, 300],
];

describe('complex, navigate, script and 3D widgets in the designer', () => {
  let savedDocument: PageDocument | undefined;

  it('places each family, binds, saves and reopens a page (zh-CN)', async () => {
    const lang = 'zh-CN';
    const created = await made<{ id: number }>(api, `${base}/add`, {
      ownerKind: 'equipment',
      ownerId: deviceId,
      name: '锅炉综合看板',
    });
    // a larger sheet than the default 1024×768 so every family fits side by side
    const first = await made<Info>(api, `${base}/info`, { id: created.id });
    await made(api, `${base}/save`, {
      id: created.id,
      version: first.version,
      document: { ...first.document, options: { ...first.document.options, width: 1360, height: 900 } },
    });
    const { context, page } = await f.newPage(lang);
    try {
      await signIn(page, `/manage/eg/${deviceId}/designer/${created.id}`);
      await page.getByTestId('designer').waitFor();
      await page.getByTestId('repair-none').waitFor();

      // --- the palette lists the new families with their icons
      for (const label of ['复杂组件', '导航组件', '脚本组件']) {
        await page.locator('[data-testid=designer-palette] .ant-collapse-header', { hasText: label }).click();
      }
      await page.getByTestId('palette-ComplexLine').waitFor();
      expect(await page.locator('[data-testid=designer-palette] [data-testid^=palette-]').count()).toBe(48);
      await picture(page, lang, '0-palette');

      // --- place one widget of each family and lay them out through the property fields
      for (const [type, x, y, width, height] of LAYOUT) {
        await page.getByTestId(`palette-${type}`).click();
        await expect.poll(() => widgets(page, type).count()).toBe(1);
        await page.locator('[data-testid=prop-tabs] [data-node-key=style]').click();
        await setNumber(page, 'prop-width', width);
        await setNumber(page, 'prop-height', height);
        await setNumber(page, 'prop-x', x);
        await setNumber(page, 'prop-y', y);
        await expect
          .poll(() =>
            widgets(page, type).evaluate((el: HTMLElement) => [el.style.left, el.style.top, el.style.width]),
          )
          .toEqual([`${x}px`, `${y}px`, `${width}px`]);
      }
      expect(await widgets(page).count()).toBe(LAYOUT.length);

      // a second 3D scene is refused: at most one per page
      await page.getByTestId('palette-UsualWebgl').click();
      await page.locator('.ant-message', { hasText: '3D场景组件最多1个' }).waitFor();
      expect(await widgets(page, 'UsualWebgl').count()).toBe(1);

      // --- bind the line chart to a signal (its legend names it) and the timeline to another
      await widgets(page, 'ComplexLine').click({ position: { x: 200, y: 120 } });
      await page.locator('[data-testid=prop-tabs] [data-node-key=data]').click();
      await page.getByTestId('signal-array-add').click();
      await page.getByTestId('signal-picker').waitFor();
      await page.getByTestId('signal-boiler_temperature').click();
      await expect.poll(() => page.getByTestId('signal-array').innerText()).toContain('boiler_temperature');

      await widgets(page, 'ComplexSection').click({ position: { x: 300, y: 60 } });
      await page.locator('[data-testid=prop-tabs] [data-node-key=data]').click();
      await page.getByTestId('section-signal-add').click();
      await page.getByTestId('signal-picker').waitFor();
      await page.getByTestId('signal-run_state').click();
      await expect.poll(() => widgets(page, 'ComplexSection').innerText()).toContain('run_state');
      // the default status rows
      const section = await widgets(page, 'ComplexSection').innerText();
      for (const s of ['运行', '空闲', '调试']) expect(section).toContain(s);

      // --- the map: add the device, give it a position; its marker shows on the plain background
      await widgets(page, 'ComplexMap').click({ position: { x: 220, y: 40 } });
      await page.locator('[data-testid=prop-tabs] [data-node-key=data]').click();
      await page.getByTestId('map-add-equipment').click();
      await clickSettled(page.locator('.ant-select-item-option', { hasText: 'Boiler house' }));
      const coords = page.locator('[data-testid=complex-data] .fh-prop-grid input');
      await coords.nth(0).fill('31.23');
      await coords.nth(0).press('Enter');
      await coords.nth(1).fill('121.47');
      await coords.nth(1).press('Enter');
      await expect.poll(() => widgets(page, 'ComplexMap').locator('.fh-map-marker').count()).toBe(1);
      expect(await widgets(page, 'ComplexMap').locator('[data-tiles]').getAttribute('data-tiles')).toBe('no');
      expect(await widgets(page, 'ComplexMap').innerText()).toContain('Boiler house');

      // --- a nav entry
      await widgets(page, 'NavigateNav').click({ position: { x: 900, y: 25 } });
      await page.locator('[data-testid=prop-tabs] [data-node-key=style]').click();
      await page.getByTestId('nav-item-add').click();
      const label = page.locator('[data-testid=nav-item-label]').first();
      await label.fill('总览');
      await label.press('Enter');
      await expect.poll(() => widgets(page, 'NavigateNav').innerText()).toContain('总览');

      // --- what the bodies draw in design mode
      await expect.poll(() => widgets(page, 'ComplexLine').locator('canvas').count()).toBeGreaterThan(0);
      await expect.poll(() => widgets(page, 'ComplexPie').locator('canvas').count()).toBeGreaterThan(0);
      // the default script ran in its sandboxed worker on sample data and drew its bars
      await expect
        .poll(
          () => widgets(page, 'ScriptBar').locator('[data-testid=script-widget]').getAttribute('data-state'),
          {
            timeout: 15_000,
          },
        )
        .toBe('done');
      expect(await widgets(page, 'ScriptBar').locator('canvas').count()).toBeGreaterThan(0);
      expect(
        await widgets(page, 'ComplexWeather')
          .locator('[data-testid=weather-widget]')
          .getAttribute('data-state'),
      ).toBe('no-place');
      expect(await widgets(page, 'ComplexWeather').innerText()).toContain('请选择天气地点');
      expect(await widgets(page, 'ComplexAlarm').innerText()).toContain('触发时间');
      expect(await widgets(page, 'ComplexHistory').innerText()).toContain('时间');
      expect(await widgets(page, 'ComplexVideo').innerText()).toContain('未设置视频流地址');
      await page.getByTestId('tool-zoom-fit').click();
      await page.locator('.fh-designer-status').click({ position: { x: 2, y: 2 } });
      await picture(page, lang, '1-placed');

      // --- save, read back what is stored
      await page.keyboard.press('Control+s');
      await expect.poll(() => page.getByTestId('designer-save-state').getAttribute('data-dirty')).toBe('no');
      const saved = await made<Info>(api, `${base}/info`, { id: created.id });
      savedDocument = saved.document;
      const byType = new Map(saved.document.widgets.map((w) => [w.widgetType, w]));
      expect([...byType.keys()].sort()).toEqual(LAYOUT.map(([type]) => type).sort());
      expect(byType.get('ComplexLine')!.data.signalArray.map((r) => r.title)).toEqual(['boiler_temperature']);
      expect((byType.get('ComplexSection')!.data as Loose)['reportSignal']).toMatchObject({
        title: 'run_state',
      });
      expect((byType.get('ComplexMap')!.data as Loose)['equipments']).toMatchObject([
        { equipmentId: String(deviceId), title: 'Boiler house', lat: 31.23, lng: 121.47 },
      ]);
      expect((byType.get('ComplexAlarm')!.data as Loose)['col']).toMatchObject({ enable: true });
      expect(String((byType.get('ScriptBar')!.data as Loose)['script'])).toContain(
        'function main(api, param, callback)',
      );

      // --- reload: the same page comes back and draws again
      await page.reload();
      await page.getByTestId('designer').waitFor();
      await expect.poll(() => widgets(page).count()).toBe(LAYOUT.length);
      await expect.poll(() => widgets(page, 'ComplexLine').locator('canvas').count()).toBeGreaterThan(0);
      expect(await widgets(page, 'ComplexMap').locator('.fh-map-marker').count()).toBe(1);
      expect(await widgets(page, 'NavigateNav').innerText()).toContain('总览');
      await expect
        .poll(
          () => widgets(page, 'ScriptBar').locator('[data-testid=script-widget]').getAttribute('data-state'),
          {
            timeout: 15_000,
          },
        )
        .toBe('done');
      await page.getByTestId('tool-zoom-fit').click();
      await picture(page, lang, '2-reopened');

      // --- the property sections: a chart's, the script's
      await widgets(page, 'ScriptBar').click({ position: { x: 220, y: 150 } });
      await page.locator('[data-testid=prop-tabs] [data-node-key=style]').click();
      await page.getByTestId('script-code').waitFor();
      await picture(page, lang, '3-script-props');
    } finally {
      await context.close();
    }
  }, 180_000);

  it('draws the same page in en-US: charts, sandboxed script, map marker, weather state', async () => {
    if (!savedDocument) throw new Error('the zh-CN test saves the page first');
    const created = await made<{ id: number }>(api, `${base}/add`, {
      ownerKind: 'equipment',
      ownerId: deviceId,
      name: 'Boiler dashboard',
    });
    const first = await made<Info>(api, `${base}/info`, { id: created.id });
    await made(api, `${base}/save`, { id: created.id, version: first.version, document: savedDocument });
    const { context, page } = await f.newPage('en-US');
    try {
      await signIn(page, `/manage/eg/${deviceId}/designer/${created.id}`);
      await page.getByTestId('designer').waitFor();
      await expect.poll(() => widgets(page).count()).toBe(LAYOUT.length);
      await expect.poll(() => widgets(page, 'ComplexLine').locator('canvas').count()).toBeGreaterThan(0);
      await expect
        .poll(
          () => widgets(page, 'ScriptBar').locator('[data-testid=script-widget]').getAttribute('data-state'),
          {
            timeout: 15_000,
          },
        )
        .toBe('done');
      // drawn after the page's data arrived: waited for, not read once
      await expect.poll(() => widgets(page, 'ComplexMap').locator('.fh-map-marker').count()).toBe(1);
      await expect.poll(() => widgets(page, 'ComplexMap').innerText()).toContain('No map tiles');
      await expect
        .poll(() => widgets(page, 'ComplexWeather').innerText())
        .toContain('Choose a place for the weather');
      await expect.poll(() => widgets(page, 'ComplexAlarm').innerText()).toContain('Raised at');
      expect(await widgets(page, 'ComplexVideo').innerText()).toContain('No stream URL');
      await page.getByTestId('tool-zoom-fit').click();
      await expectScreenIn(page, 'en-US', { allow: DATA });
      await picture(page, 'en-US', '1-opened');
      await widgets(page, 'ScriptBar').click({ position: { x: 220, y: 150 } });
      await page.getByTestId('script-code').waitFor();
      await picture(page, 'en-US', '3-script-props');
      await widgets(page, 'ComplexLine').click({ position: { x: 200, y: 120 } });
      await page.locator('[data-testid=prop-tabs] [data-node-key=data]').click();
      await expect.poll(() => page.getByTestId('signal-array').innerText()).toContain('boiler_temperature');
      await picture(page, 'en-US', '4-chart-data');

      // --- the same page in the live viewer (the device has no stored values): the bodies run in
      // view mode, query the monitor calls and show their empty states
      await page.goto(`${f.baseUrl}/monitor/eg/detail/page/${created.id}/0`);
      await page.getByTestId('viewer-stage').waitFor();
      const live = (type: string) => page.locator(`[data-testid=viewer-stage] [data-type=${type}]`);
      await expect
        .poll(() => live('ComplexHistory').innerText(), { timeout: 15_000 })
        .toContain('No records in this range');
      await expect
        .poll(() => live('ComplexAlarm').innerText(), { timeout: 15_000 })
        .toContain('No alarms in this range');
      await expect
        .poll(() => live('ComplexLine').locator('canvas').count(), { timeout: 15_000 })
        .toBeGreaterThan(0);
      await expect
        .poll(() => live('ScriptBar').locator('[data-testid=script-widget]').getAttribute('data-state'), {
          timeout: 15_000,
        })
        .toBe('done');
      expect(await live('ComplexMap').locator('.fh-map-marker').count()).toBe(1);
      expect(await live('ComplexWeather').innerText()).toContain('Choose a place for the weather');
      await expectScreenIn(page, 'en-US', { allow: DATA });
      livePages.widgets = created.id;
      await picture(page, 'en-US', '5-viewer');
    } finally {
      await context.close();
    }
  }, 60_000);

  it('reads a device report in a history table and a line chart, chosen in the data tab (en-US)', async () => {
    const created = await made<{ id: number }>(api, `${base}/add`, {
      ownerKind: 'equipment',
      ownerId: deviceId,
      name: 'Boiler report',
    });
    const { context, page } = await f.newPage('en-US');
    try {
      await signIn(page, `/manage/eg/${deviceId}/designer/${created.id}`);
      await page.getByTestId('designer').waitFor();
      await page
        .locator('[data-testid=designer-palette] .ant-collapse-header', { hasText: 'Charts and reports' })
        .click();

      /** Places a widget, then chooses the report and its items in its data tab. */
      const placeWithReport = async (type: string, y: number, items: string[], alias?: string) => {
        await page.getByTestId(`palette-${type}`).click();
        await expect.poll(() => widgets(page, type).count()).toBe(1);
        await page.locator('[data-testid=prop-tabs] [data-node-key=style]').click();
        await setNumber(page, 'prop-width', 700);
        await setNumber(page, 'prop-height', 300);
        await setNumber(page, 'prop-x', 0);
        await setNumber(page, 'prop-y', y);
        await page.locator('[data-testid=prop-tabs] [data-node-key=data]').click();
        await page.getByTestId('data-source').getByText('Report').click();
        // the page's own device is offered first
        await expect.poll(() => page.getByTestId('report-device').innerText()).toContain('Boiler house');
        await page.getByTestId('report-select').click();
        await clickSettled(page.locator('.ant-select-item-option', { hasText: 'boiler_hourly' }));
        // every item is ticked when the report is chosen; untick the others
        const all = [`report-item-${temperatureId}-max`, `report-item-${temperatureId}-avg`];
        for (const id of all.filter((x) => !items.includes(x))) await page.getByTestId(id).click();
        await expect
          .poll(() => page.locator('[data-testid=report-items] .ant-checkbox-checked').count())
          .toBe(items.length);
        if (alias) {
          const input = page.locator('[data-testid=report-items] input[type=text]').first();
          await input.fill(alias);
          await input.press('Enter');
        }
      };
      await placeWithReport('ComplexHistory', 0, [
        `report-item-${temperatureId}-max`,
        `report-item-${temperatureId}-avg`,
      ]);
      // the designer shows the chosen columns, named by variable and aggregation
      await expect
        .poll(() => widgets(page, 'ComplexHistory').innerText())
        .toContain('boiler_temperature (max)');
      expect(await widgets(page, 'ComplexHistory').innerText()).toContain('boiler_temperature (average)');
      await placeWithReport('ComplexLine', 320, [`report-item-${temperatureId}-max`], 'Peak');
      await page.getByTestId('tool-zoom-fit').click();
      await picture(page, 'en-US', '6-report-designer');

      await page.keyboard.press('Control+s');
      await expect.poll(() => page.getByTestId('designer-save-state').getAttribute('data-dirty')).toBe('no');
      const saved = await made<Info>(api, `${base}/info`, { id: created.id });
      const byType = new Map(saved.document.widgets.map((w) => [w.widgetType, w]));
      expect((byType.get('ComplexHistory')!.data as Loose)['reportId']).toBe(String(reportId));
      expect(
        byType
          .get('ComplexHistory')!
          .data.reportSignalArray.map((r) => [r.equipId, r.signalId, r.aggregation]),
      ).toEqual([
        [String(deviceId), String(temperatureId), 'max'],
        [String(deviceId), String(temperatureId), 'avg'],
      ]);
      expect(byType.get('ComplexLine')!.data.reportSignalArray).toMatchObject([
        { signalId: String(temperatureId), aggregation: 'max', alias: 'Peak' },
      ]);

      // --- the viewer reads the records: newest first in the table, the chart draws them
      livePages.report = created.id;
      await page.goto(`${f.baseUrl}/monitor/eg/detail/page/${created.id}/0`);
      await page.getByTestId('viewer-stage').waitFor();
      const live = (type: string) => page.locator(`[data-testid=viewer-stage] [data-type=${type}]`);
      const table = live('ComplexHistory').locator('[data-testid=report-widget]');
      await expect.poll(() => table.locator('tbody tr.ant-table-row').count(), { timeout: 15_000 }).toBe(6);
      const header = await table.locator('thead').innerText();
      expect(header).toContain('boiler_temperature (max)');
      expect(header).toContain('boiler_temperature (average)');
      const cells = (row: number) =>
        table.locator('tbody tr.ant-table-row').nth(row).locator('td').allInnerTexts();
      const newest = recordTimes[recordTimes.length - 1]!;
      expect(await cells(0)).toEqual([new Date(newest).toLocaleString('sv-SE').slice(0, 19), '85', '75.25']);
      expect((await cells(5)).slice(1)).toEqual(['80', '70.25']);
      await expect
        .poll(() => live('ComplexLine').locator('canvas').count(), { timeout: 15_000 })
        .toBeGreaterThan(0);
      // a chart whose series are all empty says so; this one has six points
      await expect.poll(() => live('ComplexLine').innerText(), { timeout: 15_000 }).not.toContain('Loading');
      expect(await live('ComplexLine').innerText()).not.toContain('No data in this period');
      await picture(page, 'en-US', '7-report-viewer');

      // --- the same widgets on a project page read through the project's report call
      const project = await addProject(api, 'Boiler project');
      await bindToProject(f.platform.ctx.db, project.id, deviceId, 'Boiler 1');
      const projectPage = await made<{ id: number }>(api, `${base}/add`, {
        ownerKind: 'project',
        ownerId: project.id,
        name: 'Boiler report',
      });
      const blank = await made<Info>(api, `${base}/info`, { id: projectPage.id });
      await made(api, `${base}/save`, {
        id: projectPage.id,
        version: blank.version,
        document: saved.document,
      });
      const projectCall = page.waitForResponse((r) =>
        r.url().includes('/lfscada/monitor/project/custom/report/data/query'),
      );
      await page.goto(`${f.baseUrl}/monitor/project/${project.id}/page/${projectPage.id}`);
      expect((await projectCall).ok()).toBe(true);
      const projectTable = page.locator('[data-testid=viewer-stage] [data-testid=report-widget]');
      await expect
        .poll(() => projectTable.locator('tbody tr.ant-table-row').count(), { timeout: 15_000 })
        .toBe(6);
      expect(
        await projectTable.locator('tbody tr.ant-table-row').first().locator('td').allInnerTexts(),
      ).toEqual([new Date(newest).toLocaleString('sv-SE').slice(0, 19), '85', '75.25']);
      await expect.poll(() => live('ComplexLine').innerText(), { timeout: 15_000 }).not.toContain('Loading');
      expect(await live('ComplexLine').innerText()).not.toContain('No data in this period');
      await picture(page, 'en-US', '8-report-project');
      // the table's export: the same six records in a workbook, through the project's export call
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        page.locator('[data-testid=viewer-stage] [data-testid=report-widget-export]').click(),
      ]);
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(await file.path());
      const sheetRows = book.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
      expect(sheetRows[0]!.slice(1)).toEqual([
        'Time',
        'boiler_temperature (max) [°C]',
        'boiler_temperature (average) [°C]',
      ]);
      expect(sheetRows.slice(1).map((r) => r[2])).toEqual([85, 84, 83, 82, 81, 80]);
    } finally {
      await context.close();
    }
  }, 90_000);
  it('shows the live pages of the English tests wholly in Chinese', async () => {
    if (!livePages.widgets || !livePages.report) throw new Error('the English tests make the pages first');
    const lang = 'zh-CN';
    const { context, page } = await f.newPage(lang);
    try {
      await signIn(page, `/monitor/eg/detail/page/${livePages.widgets}/0`);
      const live = (type: string) => page.locator(`[data-testid=viewer-stage] [data-type=${type}]`);
      await expect
        .poll(() => live('ScriptBar').locator('[data-testid=script-widget]').getAttribute('data-state'), {
          timeout: 15_000,
        })
        .toBe('done');
      await expectScreenIn(page, lang, {
        shows: ['monitor:history.none', 'monitor:alarm.none', 'designer:complex.weather-no-place'],
        allow: DATA,
      });
      await picture(page, lang, '5-viewer');
      await page.goto(`${f.baseUrl}/monitor/eg/detail/page/${livePages.report}/0`);
      const table = live('ComplexHistory').locator('[data-testid=report-widget]');
      await expect.poll(() => table.locator('tbody tr.ant-table-row').count(), { timeout: 15_000 }).toBe(6);
      await expectScreenIn(page, lang, { shows: ['designer:complex.col.time'], allow: DATA });
      await picture(page, lang, '7-report-viewer');
    } finally {
      await context.close();
    }
  }, 60_000);
});
