import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seedDemo } from '../../server/src/seed/demoSeed';
import { demoTexts } from '../../server/src/seed/demoTexts';
import { ensureMonthPartitions } from '../../server/src/link/partitions';
import { type BrowserFixture, clickSettled, startBrowserFixture } from './browser';
import { expectScreenIn, tr } from './screenLanguage';
import { shot } from './shots';

/**
 * The data summary (docs/requirements/data-views.md §2) in headless Chromium, in Chinese, on the
 * demo enterprise as a fresh installation seeds it, with a day of stored values a minute apart: the
 * totals and the demo's summary variable; a summary variable made in
 * the energy meter's variable editor (refused first without sources) summing the meter's power and
 * the tank's flow per hour; recomputed on demand, its latest hour's tile equal to the sum of the
 * stored samples of that hour; the group filter narrowing the totals, with the empty state that says
 * how to make a summary variable. Screenshots only with SHOTS=1.
 */

const wait = { timeout: 15_000 };
const lang = 'zh-CN';
const texts = demoTexts[lang];
const MINUTES = 24 * 60;

let f: BrowserFixture;
let password: string;
let meter: number;
let sources: number[];

beforeAll(async () => {
  f = await startBrowserFixture();
  const db = f.platform.ctx.db;
  const logins = await seedDemo(db, f.platform.clock, 1503, lang);
  password = logins!.admin.password;
  // a day of history, one value a minute, for every numeric variable the demo devices read
  const now = Math.floor(Date.now() / 60_000) * 60_000;
  const start = now - (MINUTES - 1) * 60_000;
  await ensureMonthPartitions(db, 'signal_values', [start, now]);
  await db.query(
    `insert into signal_values(equipment_id, variable_id, ts, num, quality)
     select v.equipment_id, v.id, to_timestamp(($1::int8 + g * 60000) / 1000.0), round((50 + 10 * sin(g / 60.0 + v.id))::numeric, 2), 0
       from variables v cross join generate_series(0, $2::int - 1) g
      where v.equipment_id is not null and v.data_type <> 'string' and v.kind <> 'summary'`,
    [start, MINUTES],
  );
  const [row] = await db.query<{ id: number }>('select id from equipment where name = $1', [
    texts.devices.meter,
  ]);
  meter = row!.id;
  sources = (
    await db.query<{ id: number }>(
      `select v.id from variables v join equipment e on e.id = v.equipment_id
        where (e.name = $1 and v.name = 'power') or (e.name = $2 and v.name = 'flow') order by v.id`,
      [texts.devices.meter, texts.devices.tank],
    )
  ).map((r) => r.id);
}, 120_000);
afterAll(() => f.stop());

/** Picks the option labelled `label` of the open select after typing `search` into it. */
async function choose(page: Page, testId: string, search: string, label: string) {
  await page.getByTestId(testId).click();
  if (search) await page.keyboard.type(search);
  await clickSettled(
    page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: label }).first(),
  );
}

/** The tile's number as the screen shows it, without grouping commas. */
const shownNumber = async (page: Page, testId: string) =>
  (await page.getByTestId(testId).locator('.ant-statistic-content-value').innerText()).replace(/,/g, '');

describe('the data summary', () => {
  it('makes a summary variable in the editor and shows its computed hours with the totals (zh-CN)', async () => {
    const { page } = await f.newPage(lang);
    await f.signIn(page, 'demo-admin', { password });
    await page.goto(`${f.baseUrl}/monitor/summary`);

    // totals of the three demo devices and the demo's summary variable (the meter's hourly average
    // power), without values yet: none of its hours has been computed
    await expect.poll(() => shownNumber(page, 'summary-kpi-devices'), wait).toBe('3');
    const [demoAvg] = await f.platform.ctx.db.query<{ id: number }>(
      "select id from variables where kind = 'summary' and name = 'power_hourly_avg'",
    );
    await page.getByTestId(`summary-tile-${demoAvg!.id}`).waitFor(wait);
    await expectScreenIn(page, lang, {
      shows: ['summary:title', 'summary:kpi.writes-today', 'summary:recompute'],
      allow: ['power_hourly_avg'],
    });
    await shot(page, 'summary-1-demo', { pointerAway: true });

    // the meter's variable editor: a data summary variable, refused without sources, then saved
    await page.goto(`${f.baseUrl}/manage/eg/equipment/edit/${meter}?tab=signal`);
    await page.getByTestId('variables-tab').waitFor(wait);
    await page.getByTestId('variable-add').click();
    await page.getByTestId('variable-form').waitFor();
    await page.getByTestId('variable-kind').getByText(tr(lang, 'deviceConfig:variable.kind.summary')).click();
    await page.getByTestId('variable-name').fill('power_flow_hourly');
    await page.getByTestId('variable-summarySources').waitFor();
    await page.getByTestId('variable-save').click();
    await expect
      .poll(
        () => page.getByTestId('variable-form').locator('.ant-form-item-explain-error').allInnerTexts(),
        wait,
      )
      .toContain('汇总变量需选择源变量');
    await choose(page, 'variable-summarySources', 'power', `${texts.devices.meter} · power`);
    await choose(page, 'variable-summarySources', 'flow', `${texts.devices.tank} · flow`);
    await page.keyboard.press('Escape');
    await choose(page, 'variable-summaryAggregation', '', tr(lang, 'summary:aggregation.sum'));
    await choose(page, 'variable-summaryPeriod', '', tr(lang, 'summary:period.hour'));
    await shot(page, 'summary-2-editor', { pointerAway: true });
    await page.getByTestId('variable-save').click();
    await page.getByTestId('variable-form').waitFor({ state: 'detached', ...wait });
    await expect.poll(() => page.getByTestId('variable-table').innerText()).toContain('power_flow_hourly');
    // the row says what it sums
    const definition = tr(lang, 'summary:vars.definition', {
      aggregation: tr(lang, 'summary:aggregation.sum'),
      per: tr(lang, 'summary:per.hour'),
      n: 2,
    });
    expect(await page.getByTestId('variable-table').innerText()).toContain(definition);

    // the summary screen: the new variable chosen; recomputed on demand over the last day
    await page.goto(`${f.baseUrl}/monitor/summary`);
    const [summary] = await f.platform.ctx.db.query<{ id: number }>(
      "select id from variables where kind = 'summary' and name = 'power_flow_hourly'",
    );
    const tile = page.getByTestId(`summary-tile-${summary!.id}`);
    await tile.waitFor(wait);
    await page.getByTestId('summary-recompute').click();
    await expect.poll(() => page.locator('.ant-message').innerText(), wait).toMatch(/已重新计算 \d+ 个周期/);
    const latest = tile.getByTestId(`summary-tile-latest-${summary!.id}`);
    await latest.waitFor(wait);

    // the tile names its hour: the shown value is the sum of the two sources' samples of that hour
    const title = await latest.locator('.ant-statistic-title').innerText();
    const hour = /(\d\d)-(\d\d) (\d\d):00/.exec(title);
    expect(hour).not.toBeNull();
    const [stored] = await f.platform.ctx.db.query<{ ts: Date; num: number }>(
      'select ts, num from signal_values where variable_id = $1 order by ts desc limit 1',
      [summary!.id],
    );
    const [hand] = await f.platform.ctx.db.query<{ total: number; n: number }>(
      `select sum(num)::float8 as total, count(*)::int as n from signal_values
        where variable_id = any($1::bigint[]) and ts >= $2 and ts < $2::timestamptz + interval '1 hour'`,
      [sources, stored!.ts],
    );
    expect(hand!.n).toBe(120);
    expect(stored!.num).toBeCloseTo(hand!.total, 6);
    // shown rounded to the variable's 2 decimals
    const shown = Number(await shownNumber(page, `summary-tile-latest-${summary!.id}`));
    expect(shown).toBe(Number(hand!.total.toFixed(2)));
    expect(new Date(stored!.ts).getHours()).toBe(Number(hour![3]));
    await expect.poll(() => page.getByTestId('summary-chart').locator('canvas').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('summary-chart-empty').count()).toBe(0);
    await expectScreenIn(page, lang, {
      shows: ['summary:chart.title', 'summary:recompute', 'summary:tile.latest', 'summary:kpi.online-share'],
      allow: ['power_flow_hourly', 'power', 'flow'],
    });
    await shot(page, 'summary-3-trends', { pointerAway: true, fullPage: true });

    // the boiler room's group: one device, no summary variable there: the empty state says how to make one
    await page.getByTestId('summary-group').click();
    await clickSettled(
      page.locator('.ant-select-dropdown:visible .ant-select-tree-title', { hasText: texts.groups.boiler }),
    );
    await expect.poll(() => shownNumber(page, 'summary-kpi-devices'), wait).toBe('1');
    await page.getByTestId('summary-empty').waitFor(wait);
    await expectScreenIn(page, lang, { shows: ['summary:vars.empty-group', 'summary:vars.empty-help'] });
    await shot(page, 'summary-4-group', { pointerAway: true });
  });

  it('shows the totals, the tile and the trend wholly in English', async () => {
    const { page } = await f.newPage('en-US');
    await f.signIn(page, 'demo-admin', { password });
    await page.goto(`${f.baseUrl}/monitor/summary`);
    await page.getByTestId('summary-tiles').waitFor(wait);
    await expectScreenIn(page, 'en-US', {
      shows: [
        'summary:title',
        'summary:kpi.online-share',
        'summary:tile.latest',
        'summary:tile.range-total',
        'summary:chart.title',
        {
          key: 'summary:vars.definition',
          vars: { aggregation: 'Sum', per: tr('en-US', 'summary:per.hour'), n: 2 },
        },
      ],
      // the demo's own names are Chinese, as a Chinese installation seeds them
      allow: [texts.devices.meter, texts.devices.tank],
    });
  });
});
