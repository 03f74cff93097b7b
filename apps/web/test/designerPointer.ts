import type { Locator, Page } from 'playwright-core';

/**
 * Pointer work on the designer's canvas for the designer browser tests: finding widgets, clicking
 * their centre (with modifier keys), dragging in eight steps as a hand does, reading a widget's
 * place in page units.
 */

export const widgets = (page: Page, type?: string) =>
  page.locator(`[data-testid=designer-page] .fh-w${type ? `[data-type=${type}]` : ''}`);

export async function box(l: Locator) {
  const b = await l.boundingBox();
  if (!b) throw new Error('not visible');
  return b;
}

export async function clickCentre(
  page: Page,
  l: Locator,
  modifiers: ('Shift' | 'Control')[] = [],
  button: 'left' | 'right' = 'left',
) {
  const b = await box(l);
  for (const m of modifiers) await page.keyboard.down(m);
  await page.mouse.click(b.x + b.width / 2, b.y + b.height / 2, { button });
  for (const m of modifiers) await page.keyboard.up(m);
}

export async function drag(page: Page, l: Locator, dx: number, dy: number) {
  const b = await box(l);
  const x = b.x + b.width / 2;
  const y = b.y + b.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(x + (dx * i) / 8, y + (dy * i) / 8);
  await page.mouse.up();
}

/** Left and top of a widget node, page units. */
export const place = (l: Locator) =>
  l.evaluate((el: HTMLElement) => ({ x: parseFloat(el.style.left), y: parseFloat(el.style.top) }));
