import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/src/modules/auth/passwordHash';
import { makeEnterprise, startBrowserFixture, type BrowserFixture } from './browser';
import { shot } from './shots';

/**
 * The security centre and password retrieval in headless Chromium
 * (docs/requirements/account-security.md §1, §3). The platform has no SMS provider and no SMTP
 * server here, so the codes are read from the notification outbox, where they are recorded; the
 * delivery itself is tested against real servers in apps/server/test/security.test.ts.
 *
 * Languages: changing the phone runs in English, retrieving a password in Chinese.
 */

let f: BrowserFixture;
let alpha: { orgId: number; adminId: number; admin: string };
let bravo: { orgId: number; adminId: number; admin: string };

/** The code recorded last for this address (waits until one is there). */
async function recordedCode(address: string): Promise<string> {
  const latest = async () => {
    const rows = await f.platform.ctx.db.query<{ body: string }>(
      'select body from notification_outbox where recipient = $1 order by id desc limit 1',
      [address],
    );
    return /\b(\d{6})\b/.exec(rows[0]?.body ?? '')?.[1] ?? '';
  };
  await expect.poll(latest).not.toBe('');
  return latest();
}

beforeAll(async () => {
  f = await startBrowserFixture();
  alpha = await makeEnterprise(f.platform.ctx.db, 'Secure Works');
  bravo = await makeEnterprise(f.platform.ctx.db, 'Retrieval Works');
  await f.platform.ctx.db.query(
    "update accounts set tel = '13800138000', email = 'ann@secure.test' where id = $1",
    [alpha.adminId],
  );
  await f.platform.ctx.db.query("insert into departments (org_id, name) values ($1, 'Maintenance')", [
    alpha.orgId,
  ]);
  // Bravo's admin has security questions (answers hashed as the server stores them: trimmed, lower-case)
  const questions = [
    ['您的出生地是？', '杭州'],
    ['您第一个宠物叫什么？', 'lucky'],
    ['您最喜欢的电影是？', 'hero'],
  ];
  for (const [i, [q, a]] of questions.entries())
    await f.platform.ctx.db.query(
      'insert into account_security_questions (account_id, position, question, answer_hash) values ($1, $2, $3, $4)',
      [bravo.adminId, i + 1, q, await hashPassword(a!, { N: 1024, r: 8, p: 1 })],
    );
});
afterAll(() => f.stop());

describe('security centre in the browser', () => {
  it('changes the phone, verified by an e-mail code (en-US)', async () => {
    const { page } = await f.newPage('en-US');
    await f.signIn(page, alpha.admin, { at: `/account/security/sms` });
    // no SMS provider: the nosms variant
    await page.waitForURL((u) => u.pathname === '/account/security/nosms');
    // the side menu's entry stays highlighted on the nosms variant
    await expect
      .poll(() => page.locator('.ant-menu-item-selected', { hasText: 'Security settings' }).count())
      .toBe(1);
    await expect.poll(() => page.getByTestId('value-tel').innerText()).toBe('138****8000');
    await shot(page, 'security-centre-en');
    await page.getByTestId('change-tel').click();
    await page.waitForURL((u) => u.pathname === '/account/security/sms/setup/validate');
    // without SMS, the phone is not offered as a way to verify
    await expect.poll(() => page.getByTestId('verify-by-email').count()).toBe(1);
    expect(await page.getByTestId('verify-by-tel').count()).toBe(0);
    await page.getByTestId('verify-by-email').click();
    await page.waitForURL((u) => u.pathname.endsWith('/setup/validate/email'));
    await expect.poll(() => page.getByText('an***@secure.test').count()).toBeGreaterThan(0);

    // an empty code is refused in the form
    await page.getByTestId('verify-submit').click();
    await expect.poll(() => page.getByText('Please enter the verification code').count()).toBe(1);

    await page.getByTestId('code-input-send').click();
    const mailCode = await recordedCode('ann@secure.test');
    await page.getByTestId('code-input').fill(mailCode);
    await page.getByTestId('verify-submit').click();
    await page.waitForURL((u) => u.pathname === '/account/security/sms/setup/tel');

    await page.getByTestId('new-tel').fill('13700137000');
    await page.getByTestId('new-tel-code-send').click();
    const smsCode = await recordedCode('13700137000');
    // a wrong code: the catalogue's 1003 in English, nothing changed
    await page.getByTestId('new-tel-code').fill(smsCode === '000000' ? '000001' : '000000');
    await page.getByTestId('setup-submit').click();
    await expect.poll(() => page.getByText('Incorrect verification code').count()).toBeGreaterThan(0);
    await page.getByTestId('new-tel-code').fill(smsCode);
    await shot(page, 'security-new-tel-en');
    await page.getByTestId('setup-submit').click();
    await page.waitForURL((u) => u.pathname === '/account/security/sms/setup/success/tel');
    await expect.poll(() => page.getByText('The phone has been changed').count()).toBe(1);
    const [row] = await f.platform.ctx.db.query<{ tel: string }>('select tel from accounts where id = $1', [
      alpha.adminId,
    ]);
    expect(row!.tel).toBe('13700137000');
    await page.getByTestId('back-to-center').click();
    await expect.poll(() => page.getByTestId('value-tel').innerText()).toBe('137****7000');

    // the profile: the nosms variant too, the contact saved
    await page.goto(`${f.baseUrl}/account/info/sms`);
    await page.waitForURL((u) => u.pathname === '/account/info/nosms');
    await expect
      .poll(() => page.locator('.ant-menu-item-selected', { hasText: 'Information' }).count())
      .toBe(1);
    // the admin sees the enterprise's departments (dept_manage) and chooses one
    await page.getByTestId('dept-select').click();
    await page.locator('.ant-select-item-option', { hasText: 'Maintenance' }).click();
    await page.getByTestId('contact').fill('Ann Lee');
    await page.getByTestId('profile-save').click();
    await expect.poll(() => page.getByText('Profile saved').count()).toBe(1);
    const [profile] = await f.platform.ctx.db.query<{ contact: string; dept: string }>(
      'select a.contact, d.name as dept from accounts a join departments d on d.id = a.dept_id where a.id = $1',
      [alpha.adminId],
    );
    expect(profile).toEqual({ contact: 'Ann Lee', dept: 'Maintenance' });
    await shot(page, 'security-info-en', { pointerAway: true });
  });
});

describe('password retrieval in the browser', () => {
  it('retrieves a password by security question (zh-CN)', async () => {
    const { page } = await f.newPage('zh-CN');
    await page.goto(`${f.baseUrl}/login`);
    await page.getByRole('link', { name: '忘记密码' }).click();
    await page.waitForURL((u) => u.pathname === '/findpwd/account');
    await page.getByTestId('findpwd-next').click();
    await expect.poll(() => page.getByText('请输入账号').count()).toBe(1);
    await page.getByTestId('findpwd-account').fill(bravo.admin);
    await page.getByTestId('findpwd-next').click();
    await page.waitForURL((u) => u.pathname === '/findpwd/validate');
    await page.getByTestId('verify-by-question').click();
    await page.waitForURL((u) => u.pathname === '/findpwd/validate/question');
    await expect.poll(() => page.getByText('您的出生地是？').count()).toBe(1);
    await page.getByTestId('answer-1').fill('杭州');
    await page.getByTestId('answer-2').fill('Lucky ');
    await page.getByTestId('answer-3').fill('wrong');
    await page.getByTestId('verify-submit').click();
    await expect.poll(() => page.getByText('密保问题答案错误').count()).toBeGreaterThan(0);
    await page.getByTestId('answer-3').fill('HERO');
    await shot(page, 'findpwd-question-zh');
    await page.getByTestId('verify-submit').click();
    await page.waitForURL((u) => u.pathname === '/findpwd/password');

    // the password rule in the form, in Chinese
    await page.getByTestId('new-password').fill('abcdefgh');
    await page.getByTestId('confirm-password').fill('abcdefgh');
    await page.getByTestId('findpwd-save').click();
    await expect
      .poll(() => page.getByText('密码需至少包含数字、大写字母、小写字母、特殊字符中的三种').count())
      .toBe(1);
    await page.getByTestId('new-password').fill('Found_pass9');
    await page.getByTestId('confirm-password').fill('Found_pass9');
    await page.getByTestId('findpwd-save').click();
    await page.waitForURL((u) => u.pathname === '/findpwd/finish');
    await expect.poll(() => page.getByText('密码已重置').count()).toBe(1);
    await shot(page, 'findpwd-finish-zh');
    await page.getByTestId('findpwd-login').click();
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByTestId('loginname').fill(bravo.admin);
    await page.getByTestId('password').fill('Found_pass9');
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  });
});
