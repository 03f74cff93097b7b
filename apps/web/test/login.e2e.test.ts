import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { messageFor } from '@fieldhub/shared';
import { TEST_PASSWORD } from '../../server/test/harness';
import { makeEnterprise, startBrowserFixture, type BrowserFixture } from './browser';

let f: BrowserFixture;
let admin: string;

beforeAll(async () => {
  f = await startBrowserFixture();
  ({ admin } = await makeEnterprise(f.platform.ctx.db, 'Browser Plant'));
});
afterAll(() => f.stop());

async function signIn(page: Page, loginname: string, password: string) {
  await page.getByTestId('loginname').fill(loginname);
  await page.getByTestId('password').fill(password);
  await page.getByTestId('login-submit').click();
}

describe('login screen in the browser', () => {
  it.each([
    ['en-US', 'Sign in', 'Sign out'],
    ['zh-CN', '登 录', '退出登录'],
  ] as const)('logs in and out in %s', async (lang, submitText, logoutText) => {
    const { context, page } = await f.newPage(lang);
    await page.goto(`${f.baseUrl}/login`);
    await expect.poll(() => page.getByTestId('login-submit').innerText()).toBe(submitText);
    await signIn(page, admin, TEST_PASSWORD);
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await expect.poll(() => page.getByTestId('user-menu').innerText()).toContain(admin);
    await page.getByTestId('user-menu').click();
    await page.getByText(logoutText, { exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    // the session is gone on the server: a protected page sends us back to login
    await page.goto(`${f.baseUrl}/account/log`);
    await page.waitForURL((u) => u.pathname === '/login');
    await context.close();
  });

  it('switches language on the login page and remembers the choice', async () => {
    const { context, page } = await f.newPage('en-US');
    await page.goto(`${f.baseUrl}/login`);
    await page.getByTestId('lang-switch').getByText('中文').click();
    await expect.poll(() => page.getByTestId('login-submit').innerText()).toBe('登 录');
    await page.reload();
    await expect.poll(() => page.getByTestId('login-submit').innerText()).toBe('登 录');
    await context.close();
  });

  it.each(['en-US', 'zh-CN'] as const)(
    'shows the catalogue message for a wrong password in %s',
    async (lang) => {
      // an account of its own: after a failure the next login of that name needs the image code
      const { admin: victim } = await makeEnterprise(f.platform.ctx.db, `Wrong Password ${lang}`);
      const { context, page } = await f.newPage(lang);
      await page.goto(`${f.baseUrl}/login`);
      await signIn(page, victim, 'Wrong_pass9');
      await expect.poll(() => page.getByTestId('login-error').innerText()).toBe(messageFor(1001, lang));
      // after a failure the image code is required
      await expect.poll(() => page.getByTestId('vcode').isVisible()).toBe(true);
      await context.close();
    },
  );

  it('lands on /404 for an unknown path', async () => {
    const { context, page } = await f.newPage('en-US');
    await page.goto(`${f.baseUrl}/no/such/screen`);
    await page.waitForURL((u) => u.pathname === '/404');
    await expect.poll(() => page.getByText('404', { exact: true }).isVisible()).toBe(true);
    await context.close();
  });

  it('sends a protected path without a session to /login, and back there after login', async () => {
    const { context, page } = await f.newPage('en-US');
    await page.goto(`${f.baseUrl}/account/feedback`);
    await page.waitForURL((u) => u.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/account/feedback');
    await signIn(page, admin, TEST_PASSWORD);
    await page.waitForURL((u) => u.pathname === '/account/feedback');
    await context.close();
  });

  it("opens the account's landing page after login", async () => {
    const { admin: planner } = await makeEnterprise(f.platform.ctx.db, 'Landing Works');
    await f.platform.ctx.db.query(
      "update accounts set landing_page = '/account/config' where loginname = $1",
      [planner],
    );
    const { context, page } = await f.newPage('en-US');
    await page.goto(`${f.baseUrl}/login`);
    await signIn(page, planner, TEST_PASSWORD);
    await page.waitForURL((u) => u.pathname === '/account/config');
    await context.close();
  });

  it('redirects / and /login.jsp to /login', async () => {
    const { context, page } = await f.newPage('en-US');
    await page.goto(`${f.baseUrl}/`);
    await page.waitForURL((u) => u.pathname === '/login');
    await page.goto(`${f.baseUrl}/login.jsp`);
    await page.waitForURL((u) => u.pathname === '/login');
    await context.close();
  });
});
