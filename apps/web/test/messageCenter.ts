import type { Page } from 'playwright-core';
import { clickSettled, type BrowserFixture } from './browser';

/** Steps of the message center's browser tests (messages and messageReminders). */

/** Signs in and waits for the message socket: messages made before it opens only change the count. */
export async function signInForMessages(f: BrowserFixture, page: Page, loginname: string): Promise<void> {
  await f.signIn(page, loginname);
  await page.locator('body[data-msg-socket=open]').waitFor({ state: 'attached', timeout: 30_000 });
}

/** The header badge's text ('' when it shows nothing). */
export async function badge(page: Page): Promise<string> {
  const count = page.locator('[data-testid=unread-badge] .ant-badge-count');
  return (await count.count()) ? ((await count.getAttribute('title')) ?? '') : '';
}

/** Picks an option of an antd select by its visible text. */
export async function choose(page: Page, testId: string, option: string): Promise<void> {
  await page.getByTestId(testId).click();
  await clickSettled(
    page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }),
  );
}

export async function clearSelect(page: Page, testId: string): Promise<void> {
  await page.getByTestId(testId).hover();
  await page.locator(`[data-testid=${testId}] .ant-select-clear`).click();
}
