import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { messageFor } from '@fieldhub/shared';
import { makePlatformOperator } from '../../server/test/harness';
import { startBrowserFixture, type BrowserFixture } from './browser';
import { expectScreenIn } from './screenLanguage';
import { shot } from './shots';

/**
 * The licence screen in headless Chromium (docs/requirements/account-security.md §6): the platform
 * without a licence, a tampered file refused, a licence made by scripts/license.mjs installed and
 * shown with its limits. Language: Chinese.
 */

const wait = { timeout: 15_000 };
const script = path.resolve(import.meta.dirname, '../../../scripts/license.mjs');
const dir = mkdtempSync(path.join(tmpdir(), 'licence-e2e-'));
const run = (...args: string[]) =>
  execFileSync(process.execPath, [script, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
let f: BrowserFixture;
let operator: string;

beforeAll(async () => {
  run('keygen', dir);
  f = await startBrowserFixture({
    env: { LICENSE_PUBLIC_KEY: readFileSync(path.join(dir, 'license.pub'), 'utf8') },
  });
  ({ operator } = await makePlatformOperator(f.platform.ctx.db));
}, 120_000);
afterAll(async () => {
  await f.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('system activation', () => {
  it('refuses a tampered licence and installs a signed one (zh-CN)', async () => {
    const lang = 'zh-CN';
    const { page } = await f.newPage(lang);
    await f.signIn(page, operator, { at: `/manage/system/license` });
    await expect.poll(() => page.getByTestId('license-state').innerText(), wait).toBe('未激活');
    await expectScreenIn(page, lang, {
      shows: ['license:title', 'license:none-note', 'license:usage'],
      allow: [operator],
    });

    const licence = run(
      'issue',
      '--key',
      path.join(dir, 'license.key'),
      '--to',
      'Harbour Water',
      '--expires',
      '2099-06-30',
      '--users',
      '10',
      '--gateways',
      '3',
    );
    const file = page.locator('input[type=file]');
    const parsed = JSON.parse(licence) as { payload: string; signature: string };
    const forged = { ...parsed, signature: `${parsed.signature.slice(0, -4)}AAAA` };
    await file.setInputFiles({
      name: 'forged.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(forged)),
    });
    await expect
      .poll(() => page.locator('.ant-message').innerText(), wait)
      .toContain(messageFor(10009, lang));
    expect(await page.getByTestId('license-state').innerText()).toBe('未激活');

    await file.setInputFiles({
      name: 'harbour.json',
      mimeType: 'application/json',
      buffer: Buffer.from(licence),
    });
    await expect.poll(() => page.getByTestId('license-state').innerText(), wait).toBe('已激活');
    await expect.poll(() => page.getByTestId('license-issued-to').innerText()).toBe('Harbour Water');
    await expect.poll(() => page.getByTestId('license-usage-users').innerText()).toMatch(/^用户: \d+ \/ 10/);
    await expect
      .poll(() => page.getByTestId('license-usage-variables').innerText())
      .toMatch(/^变量: \d+ \/ 不限$/);
    await shot(page, 'license-installed');
    await expectScreenIn(page, lang, {
      shows: ['license:state-valid', 'license:issued-to', 'license:expires', 'license:functions-none'],
      allow: [operator, 'Harbour Water'],
    });
  });
});
