import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { until } from '@fieldhub/testkit';
import type { BrowserFixture } from './browser';

/**
 * Follows a device command (write, read, upgrade) that the page polls for on the shared schedule
 * (/lfscada/equipment/multi/callback 0.5 s after sending, then 1, 2, 2, 5, 10 … s apart; see
 * packages/shared/src/commandPoll.ts). The page runs on Playwright's clock (installed before it
 * loaded): once the server holds the outcome, the clock is moved on to the page's next look
 * instead of waiting for it in real time. `act` is the click that sends the command; `shown` is
 * what the page shows once it has the answer.
 */
export async function followCommand(
  f: BrowserFixture,
  page: Page,
  act: () => Promise<void>,
  shown: Locator,
  options: { timeoutMs?: number; describe?: () => Promise<string> } = {},
): Promise<void> {
  const db = f.platform.ctx.db;
  const [{ since }] = (await db.query<{ since: Date }>('select now() as since')) as [{ since: Date }];
  await act();
  // a task expires after 60 s: the server has an outcome well within 95 s whatever the load
  const timeoutMs = options.timeoutMs ?? 95_000;
  try {
    await until(
      'the command task ended',
      async () => {
        const [task] = await db.query<{ state: string }>(
          'select state from command_tasks where created_at >= $1 order by created_at desc limit 1',
          [since],
        );
        return !!task && task.state !== 'queued' && task.state !== 'sent';
      },
      timeoutMs,
    );
    await expect
      .poll(
        async () => {
          if (await shown.isVisible()) return true;
          await page.clock.runFor(500);
          return shown.isVisible();
        },
        { timeout: 30_000, interval: 100 },
      )
      .toBe(true);
  } catch (err) {
    const tasks = await db.query(
      'select uuid, kind, state, code, created_at, finished_at from command_tasks order by created_at desc limit 3',
    );
    const more = options.describe ? `\n${await options.describe()}` : '';
    throw new Error(`no command outcome: ${(err as Error).message}\ntasks: ${JSON.stringify(tasks)}${more}`, {
      cause: err,
    });
  }
}
