import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seedDemo } from '../../server/src/seed/demoSeed';
import { demoTexts } from '../../server/src/seed/demoTexts';
import { ensureMonthPartitions } from '../../server/src/link/partitions';
import { type BrowserFixture, clickSettled, startBrowserFixture } from './browser';
import { expectScreenIn } from './screenLanguage';
import { shot } from './shots';

/**
 * The data center (docs/requirements/data-views.md §3) in headless Chromium, in English, on the
 * demo enterprise as a fresh installation seeds it, with 23 hours of stored values a minute apart:
 * tick two variables of the demo tank in the tree, see the chart and the table, switch to hourly
 * aggregates, save the query, export it, wait for the progress bar to finish, download the file
 * and open it. A quick check in Chinese: the screen's texts, renaming the saved query, and the
 * screen of an enterprise whose data center is off (2615). Screenshots only with SHOTS=1.
 */

const wait = { timeout: 15_000 };
const texts = demoTexts['en-US'];
// 23 hours of values a minute apart: the screen's default "last 24 hours" still holds every one
// of them for an hour after they are made (with a full day, the oldest fell out as soon as a
// minute passed between making them and asking, as it did on a loaded CI machine: 2,878 of 2,880)
const MINUTES = 23 * 60;

let f: BrowserFixture;
let password: string;
let now: number;

beforeAll(async () => {
  f = await startBrowserFixture();
  const db = f.platform.ctx.db;
  const logins = await seedDemo(db, f.platform.clock, 1502, 'en-US');
  password = logins!.admin.password;
  // a day of history, one value a minute, for every variable of the demo devices
  now = Math.floor(Date.now() / 60_000) * 60_000;
  const start = now - (MINUTES - 1) * 60_000;
  await ensureMonthPartitions(db, 'signal_values', [start, now]);
  await db.query(
    `insert into signal_values(equipment_id, variable_id, ts, num, quality)
     select v.equipment_id, v.id, to_timestamp(($1::int8 + g * 60000) / 1000.0), round((50 + 10 * sin(g / 60.0 + v.id))::numeric, 2), 0
       from variables v cross join generate_series(0, $2::int - 1) g
      where v.equipment_id is not null and v.data_type <> 'string'`,
    [start, MINUTES],
  );
}, 120_000);
afterAll(() => f.stop());

/** Ticks a node of the picker by its title. */
async function tick(page: Page, title: RegExp) {
  const node = page
    .getByTestId('datacenter-tree')
    .locator('.ant-tree-treenode', { has: page.locator('.ant-tree-title', { hasText: title }) });
  await node.locator('.ant-tree-checkbox').click();
}

describe('the data center', () => {
  it('queries two demo variables, shows chart and table, saves the query and exports it (en-US)', async () => {
    const { page } = await f.newPage('en-US');
    await f.signIn(page, 'demo-admin', { password });
    await page.goto(`${f.baseUrl}/monitor/datacenter`);
    await page.getByTestId('datacenter-tree').waitFor(wait);
    await page.getByTestId('datacenter-hint').waitFor();
    // the tree by group: the plant's groups with the demo devices
    const tree = page.getByTestId('datacenter-tree');
    for (const name of [texts.groups.plant, texts.groups.water, texts.devices.tank])
      await tree.getByText(name, { exact: true }).waitFor();
    expect(await page.getByTestId('datacenter-search').isDisabled()).toBe(true);
    await shot(page, 'datacenter-0-tree', { pointerAway: true });

    await tick(page, /^tank_level/);
    await tick(page, /^flow/);
    await expect
      .poll(() => page.getByTestId('datacenter-checked-count').innerText())
      .toBe('2 of at most 20 variables ticked');
    await page.getByTestId('datacenter-search').click();

    // the chart draws (a canvas) and the table lists the newest values first
    await page.getByTestId('datacenter-chart').locator('canvas').first().waitFor(wait);
    const table = page.getByTestId('datacenter-table');
    await expect.poll(() => table.locator('.ant-table-row').count(), wait).toBe(10);
    await expect
      .poll(() => page.locator('.ant-pagination-total-text').innerText())
      .toBe(`${2 * MINUTES} in total`);
    const firstRow = await table.locator('.ant-table-row').first().innerText();
    expect(firstRow).toContain(texts.devices.tank);
    await expectScreenIn(page, 'en-US', { shows: [] });
    await shot(page, 'datacenter-1-raw', { pointerAway: true });

    // hourly aggregates: the average column and 2 × 23 or 24 buckets
    await page.getByTestId('datacenter-mode').getByText('Aggregated', { exact: true }).click();
    await page.getByTestId('datacenter-interval').waitFor();
    await page.getByTestId('datacenter-search').click();
    await table.getByRole('columnheader', { name: 'Average' }).waitFor(wait);
    await expect
      .poll(async () => page.locator('.ant-pagination-total-text').innerText(), wait)
      .toMatch(/^(46|48) in total$/);
    await shot(page, 'datacenter-2-aggregated', { pointerAway: true });

    // saved: the query under a name (an empty name is refused first)
    await page.getByTestId('datacenter-save').click();
    await clickSettled(page.getByTestId('datacenter-save-ok'));
    await page.locator('.ant-form-item-explain-error').getByText('Enter a name').waitFor();
    await page.getByTestId('datacenter-save-name').fill('Tank hourly');
    await page.getByTestId('datacenter-save-ok').click();
    await expect.poll(() => page.getByTestId('datacenter-saved').innerText(), wait).toContain('Tank hourly');

    // the export: progress until done, then the file, opened
    await page.getByTestId('datacenter-export').click();
    const job = page.getByTestId('datacenter-export-job');
    await expect.poll(() => job.getAttribute('data-state'), { timeout: 30_000 }).toBe('completed');
    await shot(page, 'datacenter-3-exported', { pointerAway: true });
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('datacenter-download').click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/^data-center-\d{8}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await file.path());
    const rows = (book.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][]).map((r) => r.slice(1));
    expect(rows[0]).toEqual([
      'Time',
      'Device',
      'Variable',
      'Average',
      'Minimum',
      'Maximum',
      'First',
      'Last',
      'Count',
      'Unit',
    ]);
    expect(rows.length - 1).toBeGreaterThanOrEqual(48);
    expect(rows.slice(1).every((r) => r[1] === texts.devices.tank)).toBe(true);
    expect(new Set(rows.slice(1).map((r) => r[2]))).toEqual(new Set(['tank_level', 'flow']));
    // each bucket's count adds up to every stored value
    expect(rows.slice(1).reduce((sum, r) => sum + (r[8] as number), 0)).toBe(2 * MINUTES);
  });

  it('speaks Chinese, renames the saved query, and says when the data center is off (zh-CN)', async () => {
    const { page } = await f.newPage('zh-CN');
    await f.signIn(page, 'demo-admin', { password });
    await page.goto(`${f.baseUrl}/monitor/datacenter`);
    await page.getByTestId('datacenter-tree').waitFor(wait);
    await tick(page, /^tank_level/);
    await page.getByTestId('datacenter-mode').getByText('聚合', { exact: true }).click();
    await page.getByTestId('datacenter-search').click();
    await page.getByTestId('datacenter-table').getByRole('columnheader', { name: '平均值' }).waitFor(wait);
    const demoNames = [
      ...Object.values(demoTexts['en-US'].groups),
      ...Object.values(demoTexts['en-US'].devices),
      'tank_level',
    ];
    await expectScreenIn(page, 'zh-CN', {
      shows: ['dataCenter:title', 'dataCenter:tree.title', 'dataCenter:table.bucket', 'dataCenter:mode.raw'],
      allow: demoNames,
    });
    await shot(page, 'datacenter-4-zh', { pointerAway: true });

    // the query saved in English, renamed here
    await page.getByTestId('datacenter-saved').click();
    await clickSettled(page.locator('.ant-select-item-option', { hasText: 'Tank hourly' }));
    await page.getByTestId('datacenter-rename').click();
    await page.getByTestId('datacenter-save-name').fill('液位每小时');
    await clickSettled(page.getByTestId('datacenter-save-ok'));
    await expect.poll(() => page.getByTestId('datacenter-saved').innerText(), wait).toContain('液位每小时');

    // the enterprise's data center off: the screen says so in Chinese
    await f.platform.ctx.db.query(
      "update orgs set data_center_enabled = false where id = (select org_id from accounts where loginname = 'demo-admin')",
    );
    try {
      await page.reload();
      await page.getByTestId('datacenter-error').waitFor(wait);
      await expectScreenIn(page, 'zh-CN', {
        shows: ['dataCenter:error.title', { text: '数据中心未启用' }],
        allow: demoNames,
      });
    } finally {
      await f.platform.ctx.db.query('update orgs set data_center_enabled = true');
    }
  });
});
