import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loggedIn, type Caller } from '../../server/test/harness';
import { type BrowserFixture, clickSettled, makeEnterprise, startBrowserFixture } from './browser';
import { expectScreenIn } from './screenLanguage';
import { shot } from './shots';

/**
 * The Pages tab of a device and of a template in headless Chromium: empty state, add and rename
 * through the dialog, copy, move, delete after the confirmation, and "design" opening the
 * designer route in a new browser tab.
 *
 * Languages: the journeys run in English. The quick check opens the Pages tab in Chinese: empty,
 * then with pages (the home tag, a copy named by the server in Chinese, the rename dialog's
 * refusal of an empty name and the delete confirmation), each with its texts and nothing
 * untranslated or English. Screenshots only with SHOTS=1 (see shots.ts).
 */

// the machine is shared: give the screen time to answer
const wait = { timeout: 15_000 };
const pagesApi = '/lfscada/configuration/page';

let f: BrowserFixture;
let admin: string;
let api: Caller;

beforeAll(async () => {
  f = await startBrowserFixture();
  ({ admin } = await makeEnterprise(f.platform.ctx.db, 'Page Works'));
  api = await loggedIn(f.platform.app, admin);
}, 120_000);
afterAll(() => f.stop());

const signIn = (page: Page, at?: string) => f.signIn(page, admin, { at });

async function made<T = { id: number }>(url: string, body: Record<string, unknown>): Promise<T> {
  const res = await api.post<T>(url, body, true);
  expect(res.body.code, `${url}: ${res.body.message}`).toBe('200');
  return res.body.data;
}

/** The page names in the table's order (the home tag of the first row left out). */
const names = async (page: Page) =>
  (await page.getByTestId('pages-table').locator('tbody tr td:nth-child(2) a').allInnerTexts()).map((n) =>
    n.trim(),
  );

async function nameDialog(page: Page, name: string) {
  const input = page.getByTestId('page-name-input');
  await input.fill(name);
  await input.press('Enter');
  await expect.poll(() => page.locator('.ant-modal:visible').count(), wait).toBe(0);
}

const text = {
  'zh-CN': {
    empty: '暂无组态页面',
    copy: ' 副本',
    device: '一号锅炉房',
    rename: '总览',
    required: '请输入页面名称',
    home: '首页',
  },
  'en-US': {
    empty: 'No configuration pages yet',
    copy: ' copy',
    device: 'Boiler house',
    rename: 'Overview',
    required: 'Please enter a page name',
    home: 'Home',
  },
} as const;

describe('pages tab', () => {
  it('lists, adds, renames, copies, moves and deletes a device’s pages and opens the designer in a new tab (en-US)', async () => {
    const lang = 'en-US';
    const l = text[lang];
    const deviceId = (await made('/lfscada/equipment/multi/add', { name: l.device })).id;
    const { context, page } = await f.newPage(lang);
    try {
      await signIn(page, `/manage/eg/equipment/edit/${deviceId}?tab=page`);
      await expect.poll(() => page.getByTestId('pages-empty').innerText(), wait).toContain(l.empty);
      await shot(page, `pages-${lang}-empty`, { fullPage: true });

      await page.getByTestId('page-add').click();
      await nameDialog(page, 'Main');
      await page.getByTestId('page-add').click();
      await nameDialog(page, 'Trends');
      await expect.poll(() => names(page), wait).toEqual(['Main', 'Trends']);
      const rows = await made<{ id: number; name: string }[]>(`${pagesApi}/query`, {
        ownerKind: 'equipment',
        ownerId: deviceId,
      });
      expect(rows.map((r) => r.name)).toEqual(['Main', 'Trends']);
      const main = rows[0]!;
      const trends = rows[1]!;

      await page.getByTestId(`page-rename-${main.id}`).click();
      await page.getByTestId('page-name-input').fill('');
      await expect
        .poll(() => page.locator('.ant-form-item-explain-error').innerText(), wait)
        .toBe(l.required);
      await shot(page, `pages-${lang}-rename`, { fullPage: true });
      await nameDialog(page, l.rename);
      await page.getByTestId(`page-copy-${trends.id}`).click();
      await expect.poll(() => names(page), wait).toEqual([l.rename, 'Trends', `Trends${l.copy}`]);

      await page.getByTestId(`page-down-${main.id}`).click();
      await expect.poll(() => names(page), wait).toEqual(['Trends', l.rename, `Trends${l.copy}`]);
      expect(await page.getByTestId('page-home').count()).toBe(1);
      expect(await page.getByTestId('pages-table').locator('tbody tr').first().innerText()).toContain(l.home);
      const stored = await made<{ name: string; seq: number }[]>(`${pagesApi}/query`, {
        ownerKind: 'equipment',
        ownerId: deviceId,
      });
      expect(stored.map((r) => [r.name, r.seq])).toEqual([
        ['Trends', 0],
        [l.rename, 1],
        [`Trends${l.copy}`, 2],
      ]);
      await shot(page, `pages-${lang}-list`, { fullPage: true });

      await page.getByTestId(`page-delete-${trends.id}`).click();
      // antd spaces two-character Chinese button labels, so the button is found by its kind
      await clickSettled(page.locator('.ant-popconfirm:visible .ant-btn-dangerous'));
      await expect.poll(() => names(page), wait).toEqual([l.rename, `Trends${l.copy}`]);
      expect((await api.post(`${pagesApi}/info`, { id: trends.id }, true)).body.code).toBe('1903');

      const [designer] = await Promise.all([
        context.waitForEvent('page'),
        page.getByTestId(`page-design-${main.id}`).click(),
      ]);
      await designer.waitForURL((u) => u.pathname.includes('/designer/'));
      expect(new URL(designer.url()).pathname).toBe(`/manage/eg/${deviceId}/designer/${main.id}`);
    } finally {
      await context.close();
    }
  }, 120_000);
  it('shows the pages tab, its dialogs and a copy wholly in Chinese', async () => {
    const lang = 'zh-CN';
    const l = text[lang];
    const deviceId = (await made('/lfscada/equipment/multi/add', { name: l.device })).id;
    const { context, page } = await f.newPage(lang);
    try {
      await signIn(page, `/manage/eg/equipment/edit/${deviceId}?tab=page`);
      await expect.poll(() => page.getByTestId('pages-empty').innerText(), wait).toContain(l.empty);
      await expectScreenIn(page, lang, { shows: [{ text: l.empty }] });
      const main = await made(`${pagesApi}/add`, { ownerKind: 'equipment', ownerId: deviceId, name: 'Main' });
      await page.reload();
      await expect.poll(() => names(page), wait).toEqual(['Main']);
      // a copy is named by the server in the caller's language
      await page.getByTestId(`page-copy-${main.id}`).click();
      await expect.poll(() => names(page), wait).toEqual(['Main', `Main${l.copy}`]);
      expect(await page.getByTestId('pages-table').locator('tbody tr').first().innerText()).toContain(l.home);
      await expectScreenIn(page, lang, { shows: [{ text: l.home }], allow: ['Main'] });
      await page.getByTestId(`page-rename-${main.id}`).click();
      await page.getByTestId('page-name-input').fill('');
      await expect
        .poll(() => page.locator('.ant-form-item-explain-error').innerText(), wait)
        .toBe(l.required);
      await expectScreenIn(page, lang, { shows: [{ text: l.required }] });
      await shot(page, `pages-${lang}-rename`, { fullPage: true });
      await page.keyboard.press('Escape');
      await expect.poll(() => page.locator('.ant-modal:visible').count(), wait).toBe(0);
      await page.getByTestId(`page-delete-${main.id}`).click();
      await page.locator('.ant-popconfirm:visible').waitFor();
      await expectScreenIn(page, lang, { allow: ['Main'] });
    } finally {
      await context.close();
    }
  }, 60_000);
});

describe('template pages tab', () => {
  it('shows the template’s pages and opens them in the template designer route', async () => {
    const templateId = (await made('/lfscada/template/add', { name: 'Boiler template', series: 'EG' })).id;
    const home = await made<{ id: number }>(`${pagesApi}/add`, {
      ownerKind: 'template',
      ownerId: templateId,
      name: 'Template home',
    });
    const { context, page } = await f.newPage('en-US');
    try {
      await signIn(page, `/manage/eg/template/edit/${templateId}?tab=page`);
      await page.getByTestId('pages-table').waitFor({ timeout: 30_000 });
      await expect.poll(() => names(page), wait).toEqual(['Template home']);
      await shot(page, 'pages-en-US-template', { fullPage: true });
      const [designer] = await Promise.all([
        context.waitForEvent('page'),
        page.getByTestId(`page-name-${home.id}`).click(),
      ]);
      await designer.waitForURL((u) => u.pathname.includes('/designer/'));
      expect(new URL(designer.url()).pathname).toBe(`/manage/template/${templateId}/designer/${home.id}`);
    } finally {
      await context.close();
    }
  }, 120_000);
});
