import { chromium } from 'playwright-core';
export const BASE = 'http://127.0.0.1:18181';
export async function open(lang, user, pass) {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'] });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript((l) => localStorage.setItem('fieldhub.lang', l), lang);
  const page = await context.newPage();
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log('console:', m.type(), m.text().slice(0, 300)); });
  page.on('pageerror', (e) => console.log('pageerror:', e.message));
  await page.goto(BASE + '/login');
  await page.waitForSelector('[data-testid=loginname]');
  await page.fill('[data-testid=loginname]', user);
  await page.fill('[data-testid=password]', pass);
  await page.click('[data-testid=login-submit]');
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 15000 });
  await page.waitForTimeout(500);
  return { browser, page };
}
let n = 0;
export async function shot(page, name) {
  n++;
  const file = `/tmp/shots/${process.env.PREFIX ?? ''}${String(n).padStart(2, '0')}-${name}.png`;
  await page.screenshot({ path: file });
  console.log('shot', file);
}
export async function toastText(page) {
  const t = page.locator('.ant-message-notice').last();
  await t.waitFor({ timeout: 5000 });
  const text = await t.innerText();
  console.log('toast:', text);
  return text;
}
/** choose an option in an antd Select/TreeSelect identified by a test id */
export async function choose(page, testId, optionText) {
  await page.click(`[data-testid=${testId}]`);
  await page.waitForTimeout(300);
  const option = page.locator('.ant-select-dropdown:visible').locator(`.ant-select-item-option, .ant-select-tree-node-content-wrapper`).filter({ hasText: optionText }).first();
  await option.click();
}
export async function confirmPop(page, okText) {
  const pop = page.locator('.ant-popover:visible, .ant-popconfirm:visible').last();
  await pop.waitFor();
  await pop.locator('button').filter({ hasText: okText }).click();
}
