import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '@fieldhub/testkit';
import { makePlatformOperator } from '../../server/test/harness';
import { clickSettled, makeEnterprise, startBrowserFixture, type BrowserFixture } from './browser';
import { expectScreenIn } from './screenLanguage';
import { shot } from './shots';

/**
 * The enterprise form of the platform operator (zh-CN): the switch that says whether alarms learnt
 * late are told (docs/requirements/monitoring.md §9) is shown on, turned off and saved, and the
 * enterprise keeps it. In en-US: the months the enterprise's history is kept
 * (docs/requirements/gateway-link.md §10.3) shown at its default, changed and saved.
 */

let f: BrowserFixture;
let operator: string;
let orgId: number;

beforeAll(async () => {
  f = await startBrowserFixture();
  ({ orgId } = await makeEnterprise(f.platform.ctx.db, 'Late Data Works'));
  ({ operator } = await makePlatformOperator(f.platform.ctx.db));
});

afterAll(async () => {
  await f?.stop();
});

const setting = async () =>
  (
    await f.platform.ctx.db.query<{ n: boolean }>(
      'select notify_delayed_alarms as n from orgs where id = $1',
      [orgId],
    )
  )[0]!.n;

describe('enterprise settings', () => {
  it('turns off the telling of alarms learnt late (zh-CN)', async () => {
    const { context, page } = await f.newPage('zh-CN');
    await f.signIn(page, operator, { at: `/manage/orgal/enterprise` });
    await page.getByTestId('edit-Late Data Works').click();
    const form = page.getByTestId('enterprise-form');
    const toggle = form.getByTestId('enterprise-notify-delayed');
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await expectScreenIn(page, 'zh-CN', { shows: [{ key: 'orgal:enterprise.notify-delayed' }] });
    await toggle.click();
    await shot(page, 'enterprise-notify-delayed-zh-CN');
    await clickSettled(page.locator('.ant-modal-footer').getByRole('button', { name: /保\s*存/ }));
    await until('the setting saved off', async () => (await setting()) === false);
    await context.close();
  });

  it('changes the months the history is kept (en-US)', async () => {
    const { context, page } = await f.newPage('en-US');
    await f.signIn(page, operator, { at: `/manage/orgal/enterprise` });
    await page.getByTestId('edit-Late Data Works').click();
    const months = page.getByTestId('enterprise-form').getByTestId('enterprise-retention');
    await months.waitFor();
    expect(await months.inputValue()).toBe('36');
    await expectScreenIn(page, 'en-US', { shows: [{ key: 'orgal:enterprise.retention' }] });
    await months.fill('12');
    await shot(page, 'enterprise-retention-en-US');
    await clickSettled(page.locator('.ant-modal-footer').getByRole('button', { name: /save/i }));
    await until(
      'the retention saved',
      async () =>
        (
          await f.platform.ctx.db.query<{ m: number }>(
            'select history_retention_months as m from orgs where id = $1',
            [orgId],
          )
        )[0]!.m === 12,
    );
    await context.close();
  });
});
