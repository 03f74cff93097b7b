import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { messageFor } from '@fieldhub/shared';
import { mainMenus } from '../src/app/menus';
import { TEST_PASSWORD } from '../../server/test/harness';
import { addGroup } from '../../server/src/modules/groups/groups.service';
import { asCaller, SEED_IP } from '../../server/src/seed/demoDevices';
import { makeEnterprise, startBrowserFixture, type BrowserFixture } from './browser';
import { expectScreenIn, tr } from './screenLanguage';

/**
 * The login screen in headless Chromium: sign in and out with the operation log of both, the
 * language switch, a refused password (catalogue 1001, then the image code, shown on a new page as
 * soon as the name is typed), the redirects of unknown, protected and old paths, and the account's
 * landing page.
 *
 * Languages: signing in and out runs in Chinese, the refused password in English. The quick
 * checks open them in the other language: the login screen and the user menu in English, the
 * refused password with its image code in Chinese, each with its texts from the locale files and
 * catalogue and nothing untranslated or of the other language.
 */

let f: BrowserFixture;
let admin: string;
let enterprise: { orgId: number; adminId: number };

beforeAll(async () => {
  f = await startBrowserFixture();
  ({ admin, ...enterprise } = await makeEnterprise(f.platform.ctx.db, 'Browser Plant'));
});
afterAll(() => f.stop());

async function signIn(page: Page, loginname: string, password: string) {
  await page.getByTestId('loginname').fill(loginname);
  await page.getByTestId('password').fill(password);
  await page.getByTestId('login-submit').click();
}

describe('login screen in the browser', () => {
  it('logs in and out in zh-CN', async () => {
    const [lang, submitText, logoutText] = ['zh-CN', '登 录', '退出登录'] as const;
    const { context, page } = await f.newPage(lang);
    await page.goto(`${f.baseUrl}/login`);
    await expect.poll(() => page.getByTestId('login-submit').innerText()).toBe(submitText);
    await signIn(page, admin, TEST_PASSWORD);
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await expect.poll(() => page.getByTestId('user-menu').innerText()).toContain(admin);

    // the operation log names the sign-in with the browser's address, and a group the platform
    // added itself (as the demo seed does) with its object kind and no address
    const me = asCaller(
      { accountId: enterprise.adminId, orgId: enterprise.orgId, loginname: admin },
      'enterprise',
    );
    const groupId = await addGroup(
      f.platform.ctx.db,
      me,
      { name: 'Line 1', parentId: null, seq: 0 },
      SEED_IP,
    );
    await page.goto(`${f.baseUrl}/account/log`);
    const row = (action: string) => page.locator('tr', { hasText: action }).first();
    await expect.poll(() => row('新增分组').innerText()).toMatch(new RegExp(`分组 #${groupId}\\s+-$`));
    await expect.poll(() => row('登录').innerText()).toMatch(/127\.0\.0\.1$/);
    await expectScreenIn(page, lang, {
      shows: ['oplog:action.login', 'oplog:action.group.add', 'oplog:object-type.group'],
      allow: [admin],
    });

    await page.getByTestId('user-menu').click();
    await page.getByText(logoutText, { exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    // the session is gone on the server: a protected page sends us back to login
    await page.goto(`${f.baseUrl}/account/log`);
    await page.waitForURL((u) => u.pathname === '/login');
    await context.close();
  });

  it('shows the login screen and the user menu wholly in English', async () => {
    const lang = 'en-US';
    const { context, page } = await f.newPage(lang);
    await page.goto(`${f.baseUrl}/login`);
    await expect.poll(() => page.getByTestId('login-submit').innerText()).toBe('Sign in');
    await expectScreenIn(page, lang, {
      shows: ['login:loginname', 'login:password', 'login:remember', 'login:forgot', 'login:tagline'],
    });
    await signIn(page, admin, TEST_PASSWORD);
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await page.getByTestId('user-menu').click();
    await page.getByText('Sign out', { exact: true }).waitFor();
    await expectScreenIn(page, lang, { shows: ['menu:logout'], allow: [admin] });
    await context.close();
  });

  it('shows every main menu entry in the top bar at 1280 px, in both languages', async () => {
    // the enterprise admin holds every key: all ten main menus, the longest bar an account sees
    for (const lang of ['zh-CN', 'en-US'] as const) {
      const { context, page } = await f.newPage(lang);
      await page.setViewportSize({ width: 1280, height: 800 });
      await f.signIn(page, admin);
      // what the bar shows: the entries it did not fold away (aria-hidden) and whether it shows "···"
      const shown = () =>
        page.getByTestId('main-menu').evaluate((menu) => ({
          entries: [...menu.querySelectorAll(':scope > li.ant-menu-overflow-item')]
            .filter((li) => !li.classList.contains('ant-menu-overflow-item-rest'))
            .filter((li) => li.getAttribute('aria-hidden') !== 'true')
            .map((li) => (li as HTMLElement).innerText.trim()),
          folded: [...menu.querySelectorAll(':scope > li.ant-menu-overflow-item-rest')].some(
            (li) => li.getAttribute('aria-hidden') !== 'true' && getComputedStyle(li).display !== 'none',
          ),
        }));
      // the bar first shows one entry and then as many as it measures room for
      await expect
        .poll(shown, { message: lang })
        .toEqual({ entries: mainMenus.map((m) => tr(lang, `menu:${m.key}`)), folded: false });
      await context.close();
    }
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

  it('shows the catalogue message for a wrong password in en-US', async () => {
    const lang = 'en-US';
    // an account of its own: after a failure the next login of that name needs the image code
    const { admin: victim } = await makeEnterprise(f.platform.ctx.db, `Wrong Password ${lang}`);
    const { context, page } = await f.newPage(lang);
    await page.goto(`${f.baseUrl}/login`);
    await signIn(page, victim, 'Wrong_pass9');
    await expect.poll(() => page.getByTestId('login-error').innerText()).toBe(messageFor(1001, lang));
    // after a failure the image code is required
    await expect.poll(() => page.getByTestId('vcode').isVisible()).toBe(true);
    await context.close();

    // a new page knows nothing of it: typing the name brings the code field before any login
    const next = await f.newPage(lang);
    await next.page.goto(`${f.baseUrl}/login`);
    await next.page.getByTestId('loginname').fill(victim);
    await next.page.getByTestId('vcode-image').locator('img').waitFor();
    expect(await next.page.getByTestId('login-error').count()).toBe(0);
    // read as a person reads the picture: the answer of the code this page was given
    const vcid = (await next.context.cookies()).find((c) => c.name === 'vcid')!.value;
    const [code] = await f.platform.ctx.db.query<{ answer: string }>(
      'select answer from captchas where id = $1',
      [vcid],
    );
    await next.page.getByTestId('vcode').fill(code!.answer);
    await signIn(next.page, victim, TEST_PASSWORD);
    await next.page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await next.context.close();
  });

  it('shows a refused password and the image code wholly in Chinese', async () => {
    const lang = 'zh-CN';
    const { admin: victim } = await makeEnterprise(f.platform.ctx.db, `Wrong Password ${lang}`);
    const { context, page } = await f.newPage(lang);
    await page.goto(`${f.baseUrl}/login`);
    await signIn(page, victim, 'Wrong_pass9');
    await expect.poll(() => page.getByTestId('login-error').innerText()).toBe(messageFor(1001, lang));
    await page.getByTestId('vcode').waitFor();
    await expectScreenIn(page, lang, {
      shows: ['login:title', 'login:vcode', { text: messageFor(1001, lang) }],
      allow: [victim],
    });
    await context.close();
  });

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
    // the site's root takes a logged-in account to the same place
    await page.goto(`${f.baseUrl}/`);
    await page.waitForURL((u) => u.pathname === '/account/config');
    await context.close();
  });

  it('redirects / and /login.jsp to /login without a session', async () => {
    const { context, page } = await f.newPage('en-US');
    await page.goto(`${f.baseUrl}/`);
    await page.waitForURL((u) => u.pathname === '/login');
    await page.goto(`${f.baseUrl}/login.jsp`);
    await page.waitForURL((u) => u.pathname === '/login');
    await context.close();
  });
});
