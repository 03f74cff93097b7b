import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import type { Locator, Page } from 'playwright-core';
import type { PageDocument } from '@fieldhub/hmi';
import { loggedIn, makePlatformOperator, type Caller } from '../../server/test/harness';
import { deviceWithGateway, made, modbusDriver, variable } from '../../server/test/deviceFixtures';
import { ensureMonthPartitions } from '../../server/src/link/partitions';
import { addProject, bindToProject } from '../../server/test/projectFixtures';
import { type BrowserFixture, clickSettled, makeEnterprise, startBrowserFixture } from './browser';
import { expectScreenIn } from './screenLanguage';
import { shot } from './shots';

/**
 * Issue 21 item 5 (charts and tables) in the browser, in English: an engineer configures in the
 * designer a line chart with its toolbar (data selection box, X range slider), a history table in
 * the time dimension stepping every hour, an XY curve, an indicator diagram (two reports) and a
 * status timeline read from device reports, and a script trend with a fixed axis; saves, opens the page in the viewer against
 * stored history (a value every 5 minutes for two days) and report records, uses the quick
 * ranges, a custom period, the data selection and the column chooser, and checks what each
 * widget draws. The same live page is then checked for Chinese. Screenshots with SHOTS=1.
 */

const base = '/lfscada/configuration/page';
const wait = { timeout: 15_000 };
const FIVE_MIN = 300_000;
/** stored history: a value every 5 minutes over two days; the value is the sample's number */
const SAMPLES = 2 * 24 * 12;

let f: BrowserFixture;
let admin: string;
let api: Caller;
let deviceId: number;
let ids: Record<'temperature' | 'pressure' | 'flow' | 'state', number>;
let reports: Record<'pump' | 'status', number>;
/** the first stored sample's time */
let historyStart: number;

type Loose = Record<string, unknown>;
interface Info {
  id: number;
  version: number;
  document: PageDocument;
}

beforeAll(async () => {
  f = await startBrowserFixture();
  const db = f.platform.ctx.db;
  ({ admin } = await makeEnterprise(db, 'Chart Works'));
  api = await loggedIn(f.platform.app, admin);
  const operator = await loggedIn(f.platform.app, (await makePlatformOperator(db)).operator);
  const device = await deviceWithGateway(api, operator, 'Pump station');
  deviceId = device.id;
  const driver = await modbusDriver(api, device.owner);
  ids = {
    temperature: await variable(api, device.owner, driver, 'temperature', { unit: '°C' }),
    pressure: await variable(api, device.owner, driver, 'pressure', { address: '2' }),
    flow: await variable(api, device.owner, driver, 'flow', { address: '3' }),
    state: await variable(api, device.owner, driver, 'run_state', { address: '4' }),
  };
  const report = async (name: string, items: { variableId: number; aggregation: string }[]) =>
    (
      await made<{ id: number }>(api, '/lfscada/equipment/multi/report/add', {
        owner: device.owner,
        item: { name, storageMode: 'periodic', intervalS: 600, items },
      })
    ).id;
  reports = {
    pump: await report('pump_curve', [
      { variableId: ids.flow, aggregation: 'last' },
      { variableId: ids.pressure, aggregation: 'last' },
    ]),
    status: await report('run_report', [{ variableId: ids.state, aggregation: 'last' }]),
  };
  const now = Math.floor(Date.now() / FIVE_MIN) * FIVE_MIN;
  historyStart = now - (SAMPLES - 1) * FIVE_MIN;
  await ensureMonthPartitions(db, 'signal_values', [historyStart, now]);
  // temperature = the sample's number, pressure = 1000 + it
  await db.query(
    `insert into signal_values(equipment_id, variable_id, ts, num, quality)
     select $1, v.id, to_timestamp(($2::int8 + g * ${FIVE_MIN}) / 1000.0), g + v.extra, 0
       from (values ($3::int8, 0), ($4::int8, 1000)) v(id, extra) cross join generate_series(0, $5::int - 1) g`,
    [deviceId, historyStart, ids.temperature, ids.pressure, SAMPLES],
  );
  // six records 10 minutes apart: flow 10..60, pressure 2 × flow; run state 1,1,0,2,1,1
  const recordTimes = [50, 40, 30, 20, 10, 0].map((m) => now - m * 60_000);
  await ensureMonthPartitions(db, 'report_records', recordTimes);
  const states = [1, 1, 0, 2, 1, 1];
  for (const [i, ts] of recordTimes.entries()) {
    const flow = (i + 1) * 10;
    await db.query(
      `insert into report_records(report_id, equipment_id, ts, values) values ($1, $2, $3, $4), ($5, $2, $3, $6)`,
      [
        reports.pump,
        deviceId,
        new Date(ts),
        { [String(ids.flow)]: { last: flow }, [String(ids.pressure)]: { last: 2 * flow } },
        reports.status,
        { [String(ids.state)]: { last: states[i] } },
      ],
    );
  }
}, 180_000);

afterAll(async () => {
  await f?.stop();
});

const widgets = (page: Page, type: string) =>
  page.locator(`[data-testid=designer-page] .fh-w[data-type=${type}]`);
const row = (page: Page, label: string) =>
  page.locator('[data-testid=prop-tabs] .fh-prop-row', {
    has: page.locator('label', { hasText: new RegExp(`^${label}$`) }),
  });

async function setNumber(page: Page, input: Locator, value: number) {
  await input.fill(String(value));
  await input.press('Enter');
}

/** Places a widget from the palette and lays it out through the property fields. */
async function place(page: Page, type: string, [x, y, width, height]: [number, number, number, number]) {
  await page.getByTestId(`palette-${type}`).click();
  await expect.poll(() => widgets(page, type).count()).toBe(1);
  await page.locator('[data-testid=prop-tabs] [data-node-key=style]').click();
  const field = (id: string) => page.locator(`input[data-testid=${id}], [data-testid=${id}] input`).first();
  await setNumber(page, field('prop-width'), width);
  await setNumber(page, field('prop-height'), height);
  await setNumber(page, field('prop-x'), x);
  await setNumber(page, field('prop-y'), y);
  await expect.poll(() => widgets(page, type).evaluate((el: HTMLElement) => el.style.left)).toBe(`${x}px`);
}

/** Binds signals to the selected widget's signal list in its data tab. */
async function bindSignals(page: Page, names: string[]) {
  await page.locator('[data-testid=prop-tabs] [data-node-key=data]').click();
  for (const name of names) {
    await page.getByTestId('signal-array-add').click();
    await page.getByTestId('signal-picker').waitFor();
    await page.getByTestId(`signal-${name}`).click();
    await expect.poll(() => page.getByTestId('signal-array').innerText()).toContain(name);
  }
}

/** Picks an option of the select with the test id and waits for its list to close. */
async function choose(page: Page, testId: string, option: string, multiple = false) {
  await page.getByTestId(testId).click();
  await clickSettled(
    page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }),
  );
  // a multiple select stays open: a second click on it closes it
  if (multiple) await page.getByTestId(testId).click();
  await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
}

/** Switches the selected widget's data tab to a report source on the page's own device. */
async function toReport(page: Page) {
  await page.locator('[data-testid=prop-tabs] [data-node-key=data]').click();
  await page.getByTestId('data-source').getByText('Report').click();
  await expect.poll(() => page.getByTestId('report-device').innerText()).toContain('Pump station');
}

/** The points a chart widget draws (its canvas's data-points). */
const pointsOf = async (widget: Locator) =>
  Number(await widget.locator('[data-chart]').getAttribute('data-points'));

const DATA = [
  'Pump station',
  'temperature',
  'pressure',
  'flow',
  'run_state',
  'Pump charts',
  '运行',
  '空闲',
  '调试',
];
let livePage = 0;

describe('chart and table widgets: toolbar, report sources, grid, fixed axis', () => {
  it('are configured in the designer and used in the viewer against stored history and reports (en-US)', async () => {
    const created = await made<{ id: number }>(api, `${base}/add`, {
      ownerKind: 'equipment',
      ownerId: deviceId,
      name: 'Pump charts',
    });
    const first = await made<Info>(api, `${base}/info`, { id: created.id });
    await made(api, `${base}/save`, {
      id: created.id,
      version: first.version,
      document: { ...first.document, options: { ...first.document.options, width: 1360, height: 900 } },
    });
    const { context, page } = await f.newPage('en-US');
    try {
      await f.signIn(page, admin, { at: `/manage/eg/${deviceId}/designer/${created.id}` });
      await page.getByTestId('designer').waitFor();
      for (const label of ['Charts and reports', 'Script widgets'])
        await page.locator('[data-testid=designer-palette] .ant-collapse-header', { hasText: label }).click();

      // --- line chart: two signals, the toolbar's data selection box and the X range slider
      await place(page, 'ComplexLine', [0, 0, 660, 300]);
      await row(page, 'Data selection box').locator('.ant-switch').click();
      await row(page, 'X range slider').locator('.ant-switch').click();
      await bindSignals(page, ['temperature', 'pressure']);
      // the designer previews the toolbar: quick ranges 10 min … 24 h and Custom
      await expect
        .poll(() => widgets(page, 'ComplexLine').getByTestId('chart-toolbar').innerText())
        .toContain('24 h');

      // --- history table: stepping every hour, in the time dimension
      await place(page, 'ComplexHistory', [670, 0, 690, 300]);
      await choose(page, 'history-time-unit', 'Hours');
      await setNumber(page, row(page, 'Step').locator('input'), 1);
      await bindSignals(page, ['temperature', 'pressure']);
      await expect.poll(() => widgets(page, 'ComplexHistory').innerText()).toContain('pressure');
      // the variable dimension turns the grid over: a row per variable (then back to time)
      await page.locator('[data-testid=prop-tabs] [data-node-key=style]').click();
      await choose(page, 'history-dimension', 'Variable');
      const firstCell = widgets(page, 'ComplexHistory').locator('tbody tr').first().locator('td').first();
      await expect.poll(() => firstCell.innerText()).toBe('temperature');
      await choose(page, 'history-dimension', 'Time');
      await expect.poll(() => firstCell.innerText()).not.toBe('temperature');

      // --- XY curve from the pump report: flow on X, pressure on Y
      await place(page, 'ComplexXyline', [0, 310, 440, 300]);
      await toReport(page);
      await choose(page, 'xy-x-report', 'pump_curve');
      await choose(page, 'xy-x-items', 'flow');
      await choose(page, 'xy-y-items', 'pressure', true);

      // --- indicator diagram from two reports: flow of the pump report on X, the run state on Y
      await place(page, 'ComplexDiagram', [0, 620, 440, 270]);
      await toReport(page);
      await choose(page, 'xy-x-report', 'pump_curve');
      await choose(page, 'xy-x-items', 'flow');
      await choose(page, 'xy-y-report', 'run_report');
      await choose(page, 'xy-y-items', 'run_state');

      // --- status timeline from the run report
      await place(page, 'ComplexSection', [450, 310, 910, 140]);
      await toReport(page);
      await choose(page, 'section-report', 'run_report');
      await choose(page, 'section-items', 'run_state');
      // the designer names the item with its aggregation
      await expect.poll(() => widgets(page, 'ComplexSection').innerText()).toContain('run_state (last)');

      // --- script trend with a fixed axis of -50 … 200
      await place(page, 'ScriptTrend', [450, 460, 910, 300]);
      await choose(page, 'script-axis-mode', 'Fixed min/max');
      await setNumber(page, row(page, 'Minimum').locator('input'), -50);
      await setNumber(page, row(page, 'Maximum').locator('input'), 200);
      await page.getByTestId('tool-zoom-fit').click();
      await shot(page, 'chart-en-US-1-designer', { pointerAway: true });

      await page.keyboard.press('Control+s');
      await expect.poll(() => page.getByTestId('designer-save-state').getAttribute('data-dirty')).toBe('no');
      const saved = await made<Info>(api, `${base}/info`, { id: created.id });
      const byType = new Map(saved.document.widgets.map((w) => [w.widgetType, w]));
      expect(byType.get('ComplexLine')!.style).toMatchObject({ dataSelect: { show: true } });
      expect(byType.get('ComplexLine')!.data).toMatchObject({ showXRange: true });
      expect(byType.get('ComplexHistory')!.data).toMatchObject({
        dimensionType: 'time',
        timeUnit: 'hour',
        interval: 1,
      });
      expect(byType.get('ComplexXyline')!.data).toMatchObject({
        reportId: String(reports.pump),
        signalArrayX: [{ signalId: String(ids.flow), aggregation: 'last' }],
        signalArrayY: [{ signalId: String(ids.pressure), aggregation: 'last' }],
      });
      expect(byType.get('ComplexDiagram')!.data).toMatchObject({
        reportIdX: String(reports.pump),
        reportIdY: String(reports.status),
        signalArrayX: [{ signalId: String(ids.flow) }],
        signalArrayY: [{ signalId: String(ids.state) }],
      });
      expect((byType.get('ComplexSection')!.data as Loose)['reportSignal']).toMatchObject({
        signalId: String(ids.state),
        aggregation: 'last',
      });
      expect(byType.get('ScriptTrend')!.data).toMatchObject({ mode: 'fixed', min: -50, max: 200 });

      // --- the viewer
      livePage = created.id;
      await page.goto(`${f.baseUrl}/monitor/eg/detail/page/${created.id}/0`);
      await page.getByTestId('viewer-stage').waitFor();
      const live = (type: string) => page.locator(`[data-testid=viewer-stage] [data-type=${type}]`);

      // line chart: the last hour (its timeRange 60) of both series, then the last 24 h, then a custom period
      const chart = live('ComplexLine').locator('[data-chart]');
      await expect.poll(() => chart.getAttribute('data-series'), wait).toBe('temperature|pressure');
      const attr = async (name: string) => Number(await chart.getAttribute(name));
      // both ends read at once: a live window moves on between two reads
      const span = () => chart.evaluate((el) => Number(el.dataset['to']) - Number(el.dataset['from']));
      // the points drawn against the stored samples of one series inside the period drawn, read at
      // once from one drawing
      const drawnPerSeries = async () => {
        const [from, to, points] = await chart.evaluate((el) => [
          Number(el.dataset['from']),
          Number(el.dataset['to']),
          Number(el.dataset['points']),
        ]);
        const stored = Array.from({ length: SAMPLES }, (_, g) => historyStart + g * FIVE_MIN).filter(
          (ts) => ts >= from && ts <= to,
        ).length;
        return { points, stored };
      };
      /** both series draw every stored point of the period shown */
      const drawsEveryStoredPoint = () =>
        expect
          .poll(async () => {
            const d = await drawnPerSeries();
            return d.points - 2 * d.stored;
          }, wait)
          .toBe(0);
      await expect.poll(() => attr('data-points'), wait).toBeGreaterThan(0);
      expect(await span()).toBe(60 * 60_000);
      await drawsEveryStoredPoint();
      await live('ComplexLine').locator('label:has([data-testid=chart-range-1440])').click();
      await expect.poll(span, wait).toBe(1440 * 60_000);
      await expect.poll(() => attr('data-points'), wait).toBeGreaterThan(2 * 280);
      await drawsEveryStoredPoint();
      // the data selection: pressure left out
      await live('ComplexLine').getByTestId('chart-data-select').click();
      await clickSettled(
        page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'pressure' }),
      );
      await expect.poll(() => chart.getAttribute('data-series')).toBe('temperature');
      await page.keyboard.press('Escape');
      await expect
        .poll(async () => {
          const d = await drawnPerSeries();
          return d.points - d.stored;
        }, wait)
        .toBe(0);
      await shot(page, 'chart-en-US-2-viewer-24h', { pointerAway: true });
      // a custom period: from the first stored sample, three hours
      await live('ComplexLine').locator('label:has([data-testid=chart-range-custom])').click();
      const picker = live('ComplexLine').locator('.ant-picker-range');
      const text = (ts: number) => dayjs(ts).format('YYYY-MM-DD HH:mm:ss');
      await picker.locator('input').nth(0).click();
      await picker.locator('input').nth(0).fill(text(historyStart));
      await picker.locator('input').nth(0).press('Enter');
      await picker
        .locator('input')
        .nth(1)
        .fill(text(historyStart + 3 * 3_600_000));
      await picker.locator('input').nth(1).press('Enter');
      await expect.poll(() => attr('data-from'), wait).toBe(historyStart);
      expect(await span()).toBe(3 * 3_600_000);
      await expect.poll(() => attr('data-points'), wait).toBe(37);

      // history table: a row per hour of the last 12 h, each value the sample at that hour
      const table = live('ComplexHistory').getByTestId('history-widget');
      await expect.poll(() => table.locator('tbody tr.ant-table-row').count(), wait).toBe(10);
      expect(await table.locator('thead').innerText()).toMatch(/Time[\s\S]*temperature[\s\S]*pressure/);
      const cells = await table.locator('tbody tr.ant-table-row').first().locator('td').allInnerTexts();
      const at = dayjs(cells[0]).valueOf();
      expect(at % 3_600_000).toBe(0);
      expect(Date.now() - at).toBeLessThan(3_600_000 + 60_000);
      // the last sample stored at or before the step (an hour may have begun since they were stored)
      const sample = Math.min((at - historyStart) / FIVE_MIN, SAMPLES - 1);
      expect(cells.slice(1)).toEqual([String(sample), String(1000 + sample)]);
      // the column chooser: pressure hidden
      await table.getByTestId('history-columns').click();
      await clickSettled(page.locator('[data-testid=history-columns-list] label', { hasText: 'pressure' }));
      await expect.poll(() => table.locator('thead').innerText()).not.toContain('pressure');
      expect(await table.locator('tbody tr.ant-table-row').first().locator('td').count()).toBe(2);
      await page.keyboard.press('Escape');

      // XY curve: six records paired; the timeline: the run report's states as bars
      await expect.poll(() => pointsOf(live('ComplexXyline')), wait).toBe(6);
      // the diagram pairs each run state with the flow recorded at its time: six points
      await expect.poll(() => pointsOf(live('ComplexDiagram')), wait).toBe(6);
      const timeline = live('ComplexSection').getByTestId('section-body');
      await expect.poll(() => timeline.locator('[title^="运行"]').count(), wait).toBe(2);
      expect(await timeline.locator('[title^="空闲"]').count()).toBe(1);
      expect(await timeline.locator('[title^="调试"]').count()).toBe(1);
      expect(await live('ComplexSection').innerText()).toContain('run_state (last)');

      // script trend: ran, axis held to its fixed bounds
      await expect
        .poll(() => live('ScriptTrend').getByTestId('script-widget').getAttribute('data-state'), wait)
        .toBe('done');
      const trend = live('ScriptTrend').locator('[data-chart]');
      expect([await trend.getAttribute('data-y-min'), await trend.getAttribute('data-y-max')]).toEqual([
        '-50',
        '200',
      ]);
      await expectScreenIn(page, 'en-US', { allow: DATA });
      await shot(page, 'chart-en-US-3-viewer', { pointerAway: true });
    } finally {
      await context.close();
    }
  }, 180_000);

  it('shows the same live page in Chinese, on the device and on a project page', async () => {
    if (!livePage) throw new Error('the English test makes the page first');
    const { context, page } = await f.newPage('zh-CN');
    try {
      await f.signIn(page, admin, { at: `/monitor/eg/detail/page/${livePage}/0` });
      const live = (type: string) => page.locator(`[data-testid=viewer-stage] [data-type=${type}]`);
      await expect
        .poll(() => live('ComplexHistory').locator('tbody tr.ant-table-row').count(), wait)
        .toBe(10);
      expect(await live('ComplexLine').getByTestId('chart-toolbar').innerText()).toContain('24小时');
      await expectScreenIn(page, 'zh-CN', {
        shows: ['designer:complex.chart-range-custom', 'designer:complex.history-columns'],
        allow: DATA,
      });
      await shot(page, 'chart-zh-CN-3-viewer', { pointerAway: true });

      // --- the same page on a project page reads through the project's curve and report calls
      const project = await addProject(api, 'Pump project');
      await bindToProject(f.platform.ctx.db, project.id, deviceId, 'Pump 1');
      const onProject = await made<{ id: number }>(api, `${base}/add`, {
        ownerKind: 'project',
        ownerId: project.id,
        name: 'Pump charts',
      });
      const [blank, saved] = await Promise.all([
        made<Info>(api, `${base}/info`, { id: onProject.id }),
        made<Info>(api, `${base}/info`, { id: livePage }),
      ]);
      await made(api, `${base}/save`, { id: onProject.id, version: blank.version, document: saved.document });
      const curveCall = page.waitForResponse((r) =>
        r.url().includes('/lfscada/monitor/project/queryAllForCurve'),
      );
      await page.goto(`${f.baseUrl}/monitor/project/${project.id}/page/${onProject.id}`);
      expect((await curveCall).ok()).toBe(true);
      await expect
        .poll(() => live('ComplexHistory').locator('tbody tr.ant-table-row').count(), wait)
        .toBe(10);
      await expect.poll(() => pointsOf(live('ComplexXyline')), wait).toBe(6);
      await expect.poll(() => pointsOf(live('ComplexLine')), wait).toBeGreaterThan(0);
      await shot(page, 'chart-zh-CN-4-project', { pointerAway: true });
    } finally {
      await context.close();
    }
  }, 90_000);
});
