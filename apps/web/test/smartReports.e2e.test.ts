import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { seedDemo } from '../../server/src/seed/demoSeed';
import { demoTexts } from '../../server/src/seed/demoTexts';
import { loggedIn } from '../../server/test/harness';
import { session } from '../../server/test/bulkFixtures';
import { PNG_1X1, excel, storeHistory, templateWorkbook } from '../../server/test/smartReportFixtures';
import {
  type BrowserFixture,
  clickSettled,
  makeEnterprise,
  quietMotion,
  startBrowserFixture,
} from './browser';
import { expectScreenIn } from './screenLanguage';
import { shot } from './shots';

/**
 * Smart reports (docs/requirements/data-views.md §4) in headless Chromium, in English, on the demo
 * enterprise: add a report (an empty name refused first), upload a template made here with
 * exceljs, bind a cell to the demo tank's level and mark fill fields, generate a record, open
 * its QR code, fill it on a phone-sized screen (390×844, the form's refusals first, a signature
 * drawn), read it back drawn with its merges, borders and number formats, download the .xlsx and
 * open it. The quick check opens every smart report screen in Chinese on a report made through
 * the API. Screenshots only with SHOTS=1.
 */

const wait = { timeout: 15_000 };
const texts = demoTexts['en-US'];
let f: BrowserFixture;
let password: string;
let phone: BrowserContext | undefined;

beforeAll(async () => {
  f = await startBrowserFixture();
  const db = f.platform.ctx.db;
  const logins = await seedDemo(db, f.platform.clock, 1502, 'en-US');
  password = logins!.admin.password;
  // the tank level's last hours, its latest value 3.5 m
  const [tank] = await db.query<{ id: number; equipment_id: number }>(
    "select id, equipment_id from variables where name = 'tank_level' and equipment_id is not null limit 1",
  );
  const now = f.platform.clock.now().getTime();
  await storeHistory(db, tank!.equipment_id, tank!.id, now - 3 * 3_600_000, 3_600_000, [2.25, 3.0, 3.5]);
}, 120_000);
afterAll(async () => {
  await phone?.close();
  await f.stop();
});

const errorText = (page: Page) => page.locator('.ant-form-item-explain-error').first();

/** Clicks a cell of the template grid and makes it `kind` with the panel. */
async function pickCell(page: Page, cell: string, kind: string) {
  await page.getByTestId(`cell-${cell}`).click();
  const panel = page.getByTestId('cell-panel');
  await panel.getByText(`Cell ${cell}`).waitFor();
  await panel.getByTestId('cell-kind').getByText(kind, { exact: true }).click();
  return panel;
}

describe('smart reports', () => {
  it('builds a report on a template, fills a record on a phone and reads it back (en-US)', async () => {
    const { page } = await f.newPage('en-US');
    await f.signIn(page, 'demo-admin', { password });
    await page.goto(`${f.baseUrl}/manage/excel/list`);
    await page
      .getByTestId('report-table')
      .locator('.ant-empty-description')
      .getByText('No data')
      .waitFor(wait);
    await expectScreenIn(page, 'en-US', { shows: ['smartReports:title', 'smartReports:add'] });

    // a new report: the empty name is refused, then saved it opens its template tab
    await page.getByTestId('report-add').click();
    await page.getByTestId('report-save').click();
    await expect.poll(() => errorText(page).innerText(), wait).toBe('Enter the report name');
    await page.getByTestId('report-name').fill('Tank shift log');
    await page.getByTestId('report-save').click();
    await page.waitForURL(/\/manage\/excel\/edit\/\d+\?tab=template$/, wait);
    const reportId = Number(/edit\/(\d+)/.exec(page.url())![1]);
    await page.getByTestId('template-empty').waitFor(wait);
    await shot(page, 'excel-0-no-template', { pointerAway: true });

    // the template: uploaded, drawn as a grid with its merged bold title
    await page.locator('input[type=file]').setInputFiles({
      name: 'tank-shift-log.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await templateWorkbook(),
    });
    const title = page.getByTestId('cell-A1');
    await expect.poll(() => title.innerText(), wait).toBe('Boiler shift log');
    expect(await title.getAttribute('colspan')).toBe('4');
    expect(await title.evaluate((el) => getComputedStyle(el).fontWeight)).toBe('700');

    // B3 bound to the demo tank's level, B5 a note, B6 a number 0-10 (required), B7 a signature
    let panel = await pickCell(page, 'B3', 'Variable');
    await panel.getByTestId('cell-variable').click();
    await page.keyboard.type('tank_level');
    await clickSettled(
      page.locator('.ant-select-item-option', { hasText: `${texts.devices.tank} / tank_level` }),
    );
    await panel.getByTestId('cell-apply').click();
    await expect.poll(() => page.getByTestId('cell-B3').innerText(), wait).toBe('tank_level');
    panel = await pickCell(page, 'B6', 'Number');
    await panel.getByTestId('cell-apply').click();
    await expect.poll(() => errorText(page).innerText(), wait).toBe("Enter the field's label");
    await panel.getByTestId('cell-label').fill('Pressure');
    await panel.getByText('Required').click();
    await panel.locator('.ant-input-number-input').nth(0).fill('0');
    await panel.locator('.ant-input-number-input').nth(1).fill('10');
    await panel.getByTestId('cell-apply').click();
    panel = await pickCell(page, 'B5', 'Text');
    await panel.getByTestId('cell-label').fill('Note');
    await panel.getByTestId('cell-apply').click();
    panel = await pickCell(page, 'B7', 'Signature');
    await panel.getByTestId('cell-label').fill('Signed');
    await panel.getByTestId('cell-apply').click();
    await expect.poll(() => page.getByTestId('template-count').innerText(), wait).toBe('4 / 100 fields');
    await shot(page, 'excel-1-template', { pointerAway: true });
    await page.getByTestId('template-save').click();
    await expect.poll(() => page.getByTestId('template-save').isDisabled(), wait).toBe(true);
    await expectScreenIn(page, 'en-US', {
      shows: ['smartReports:tab.template', 'smartReports:template.save'],
      allow: ['tank_level'],
    });

    // the monitor: the report's card, its records, a record generated now
    await page.goto(`${f.baseUrl}/monitor/excel`);
    await page.getByTestId(`report-card-${reportId}`).click();
    await page.waitForURL(`${f.baseUrl}/monitor/excel/${reportId}`);
    await page
      .getByTestId('record-table')
      .locator('.ant-empty-description')
      .getByText('No data')
      .waitFor(wait);
    await page.getByTestId('record-generate').click();
    const rows = page.getByTestId('record-table').locator('.ant-table-row');
    await expect.poll(() => rows.count(), wait).toBe(1);
    expect(await rows.first().innerText()).toContain('Unfilled');
    await shot(page, 'excel-2-records', { pointerAway: true });

    // the QR entry of the record
    await page.goto(`${f.baseUrl}/manage/excel/info/${reportId}`);
    await page.locator('[data-testid^="record-scan-"]').first().click();
    await page.getByTestId('scan-qr').waitFor(wait);
    const fillUrl = await page.getByTestId('scan-url').innerText();
    expect(fillUrl).toMatch(new RegExp(`^${f.baseUrl}/monitor/excel/${reportId}/page/fill/\\d+$`));
    await shot(page, 'excel-3-qr', { pointerAway: true });

    // on a phone: the form refuses an empty and an out-of-range pressure, then takes the values
    phone = await f.browser.newContext({
      ...quietMotion,
      locale: 'en-US',
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const mobile = await phone.newPage();
    // the QR's URL on a phone without a session: the login page, then the form itself
    await mobile.goto(fillUrl);
    await mobile.waitForURL(/\/login\?redirect=/, wait);
    await mobile.getByTestId('loginname').fill('demo-admin');
    await mobile.getByTestId('password').fill(password);
    await mobile.getByTestId('login-submit').click();
    await mobile.waitForURL(fillUrl, wait);
    await mobile.getByTestId('fill-form').waitFor(wait);
    await mobile.getByTestId('fill-submit').click();
    await expect.poll(() => errorText(mobile).innerText(), wait).toBe('Enter Pressure');
    await mobile.getByTestId('fill-B6').fill('12');
    await expect.poll(() => errorText(mobile).innerText(), wait).toBe('From 0 to 10');
    await mobile.getByTestId('fill-B6').fill('4.5');
    await mobile.getByTestId('fill-B5').fill('Level steady');
    const pad = mobile.getByTestId('fill-B7');
    await pad.scrollIntoViewIfNeeded();
    const box = (await pad.boundingBox())!;
    await mobile.mouse.move(box.x + 30, box.y + 90);
    await mobile.mouse.down();
    for (let i = 1; i <= 10; i++) await mobile.mouse.move(box.x + 30 + i * 25, box.y + 90 - (i % 2) * 40);
    await mobile.mouse.up();
    // the form fits the phone's width: nothing to scroll sideways
    expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(mobile, 'excel-4-phone-fill');
    await mobile.getByTestId('fill-submit').click();

    // read back: the values in the template's cells and formats, the signature as an image
    await mobile.waitForURL(/\/page\/read\/\d+$/, wait);
    const grid = mobile.getByTestId('read-grid');
    await expect.poll(() => grid.getByTestId('cell-B3').innerText(), wait).toBe('3.50');
    expect(await grid.getByTestId('cell-B6').innerText()).toBe('4.5');
    expect(await grid.getByTestId('cell-B5').innerText()).toBe('Level steady');
    expect(await grid.getByTestId('cell-D2').innerText()).toBe('2026-01-02');
    await grid.getByTestId('cell-B7').locator('img').waitFor();
    expect(await grid.getByTestId('cell-B3').evaluate((el) => getComputedStyle(el).borderTopStyle)).toBe(
      'solid',
    );
    await shot(mobile, 'excel-5-phone-read', { fullPage: true });
    await expectScreenIn(mobile, 'en-US', {
      shows: ['smartReports:status.filled', 'smartReports:download'],
      allow: ['Boiler shift log'],
    });

    // the download, opened
    const [file] = await Promise.all([
      mobile.waitForEvent('download'),
      mobile.getByTestId('read-download').click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/^Tank shift log \d{4}-\d{2}-\d{2} \d{2}-\d{2}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await file.path());
    const sheet = book.worksheets[0]!;
    expect(sheet.getCell('A1').value).toBe('Boiler shift log');
    expect(sheet.getCell('B3').value).toBe(3.5);
    expect(sheet.getCell('B3').numFmt).toBe('0.00');
    expect(sheet.getCell('B5').value).toBe('Level steady');
    expect(sheet.getCell('B6').value).toBe(4.5);
    expect(sheet.getImages()).toHaveLength(1);

    // the desktop's list now counts the record as filled
    await page.goto(`${f.baseUrl}/monitor/excel/${reportId}`);
    await expect.poll(() => rows.first().innerText(), wait).toContain('Filled');
  });
});

describe('smart reports in Chinese', () => {
  it('shows the list, both tabs, the cards, the records, the QR, the fill form and the read view in zh-CN', async () => {
    const org = await makeEnterprise(f.platform.ctx.db, 'Report Check');
    const api = await loggedIn(f.platform.app, org.admin, 'zh-CN');
    const post = async <T>(path: string, body: Record<string, unknown>) =>
      (await api.post<T>(`${excel}${path}`, body, true)).body.data;
    const { id } = await post<{ id: number }>('/add', {
      name: '交接班记录',
      schedule: { kind: 'shift', times: ['08:00', '20:00'], utcOffsetMin: 480 },
    });
    const web = await session(f.platform, f.baseUrl, org.admin, 'zh-CN');
    await web.upload(
      `${excel}/upload`,
      { name: '交接班.xlsx', content: await templateWorkbook() },
      { id: String(id) },
    );
    await post('/cells/save', {
      id,
      cells: [
        { kind: 'choice', cell: 'B5', label: '状态', options: ['正常', '异常'] },
        { kind: 'signature', cell: 'B7', label: '签字' },
      ],
    });
    const record = await post<{ id: number }>('/record/generate', { id });
    await post('/record/fill', { recordId: record.id, values: { B5: '正常', B7: PNG_1X1 } });

    const { page } = await f.newPage('zh-CN');
    await f.signIn(page, org.admin);
    // the template's own texts (English) and the file name are data, not the screen's language
    const allow = [
      'Boiler shift log',
      'Item',
      'Temperature',
      'Max temperature',
      'Operator note',
      'Pressure reading',
      'Signature',
      '交接班.xlsx',
    ];
    await page.goto(`${f.baseUrl}/manage/excel/list`);
    await page.getByTestId(`report-name-${id}`).waitFor(wait);
    await expectScreenIn(page, 'zh-CN', {
      shows: ['smartReports:title', 'smartReports:field.schedule'],
      allow,
    });
    await page.goto(`${f.baseUrl}/manage/excel/edit/${id}`);
    await page.getByTestId('report-info-form').waitFor(wait);
    await page.getByTestId('report-name').fill('');
    await page.getByTestId('report-save').click();
    await expect.poll(() => errorText(page).innerText(), wait).toBe('请输入报表名称');
    await expectScreenIn(page, 'zh-CN', {
      shows: ['smartReports:field.shifts', 'smartReports:field.manual'],
      allow,
    });
    await page.goto(`${f.baseUrl}/manage/excel/edit/${id}?tab=template`);
    await page.getByTestId('template-grid').waitFor(wait);
    await page.getByTestId('cell-B5').click();
    await page.getByTestId('cell-panel').waitFor();
    await expectScreenIn(page, 'zh-CN', {
      shows: ['smartReports:template.save', 'smartReports:cell.options'],
      allow,
    });
    await shot(page, 'excel-zh-template', { pointerAway: true });
    await page.goto(`${f.baseUrl}/monitor/excel`);
    await page.getByTestId(`report-card-${id}`).waitFor(wait);
    await expectScreenIn(page, 'zh-CN', { shows: ['smartReports:title'], allow });
    await page.goto(`${f.baseUrl}/monitor/excel/${id}`);
    await page.getByTestId('record-table').locator('.ant-table-row').first().waitFor(wait);
    await expectScreenIn(page, 'zh-CN', {
      shows: ['smartReports:generate', 'smartReports:status.filled'],
      allow,
    });
    await page.goto(`${f.baseUrl}/manage/excel/info/scan/${record.id}`);
    await page.getByTestId('scan-qr').waitFor(wait);
    await expectScreenIn(page, 'zh-CN', {
      shows: ['smartReports:scan.help'],
      allow: [...allow, await page.getByTestId('scan-url').innerText()],
    });
    await page.goto(`${f.baseUrl}/monitor/excel/${id}/page/fill/${record.id}`);
    await page.getByTestId('fill-form').waitFor(wait);
    await expectScreenIn(page, 'zh-CN', {
      shows: ['smartReports:fill.submit', 'smartReports:fill.sign-again'],
      allow,
    });
    await page.goto(`${f.baseUrl}/monitor/excel/${id}/page/read/${record.id}`);
    await page.getByTestId('read-grid').getByTestId('cell-B7').locator('img').waitFor(wait);
    expect(await page.getByTestId('read-grid').getByTestId('cell-B5').innerText()).toBe('正常');
    await expectScreenIn(page, 'zh-CN', { shows: ['smartReports:download'], allow });
    await shot(page, 'excel-zh-read', { pointerAway: true });
  });
});
