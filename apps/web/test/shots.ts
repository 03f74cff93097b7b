import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/**
 * Pictures of the browser journeys for a person to look at, under apps/web/test-results/. They
 * cost time, so they are taken only when asked for: `SHOTS=1 npx vitest run --project web ...`.
 */
export const shotsWanted = process.env.SHOTS === '1';

const dir = path.resolve(import.meta.dirname, '../test-results');

/**
 * Saves `<name>.png` once the screen has stopped moving (no finite animation or transition
 * running: a drawer sliding in, a toast fading). Without SHOTS=1 it does nothing at all.
 * `pointerAway` moves the mouse to a corner first, so no hover tooltip covers the picture.
 */
export async function shot(
  page: Page,
  name: string,
  options: { fullPage?: boolean; pointerAway?: boolean } = {},
): Promise<void> {
  if (!shotsWanted) return;
  mkdirSync(dir, { recursive: true });
  if (options.pointerAway) await page.mouse.move(1, 1);
  // a screen that keeps moving (a chart's endless redraw) is pictured as it is after 5 s
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            document.getAnimations().filter(
              (a) =>
                a.playState === 'running' &&
                a.effect?.getComputedTiming().endTime !== Infinity &&
                // a button's fading click wave (2 s) is not part of the step
                !(a.effect as KeyframeEffect | null)?.target?.closest('.ant-wave'),
            ).length,
        ),
      { timeout: 5_000 },
    )
    .toBe(0)
    .catch(() => undefined);
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: options.fullPage ?? false });
}
