import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { defaultWidget, type PageDocument } from '@fieldhub/hmi';
import { loggedIn, makePlatformOperator, type Caller } from '../../server/test/harness';
import { deviceWithGateway, made } from '../../server/test/deviceFixtures';
import { type BrowserFixture, makeEnterprise, startBrowserFixture } from './browser';
import { box, clickCentre, drag, place, widgets } from './designerPointer';
import { shot } from './shots';

/**
 * Issue 21 item 5 in the browser (en-US): a layer dragged in the layers panel changes the paint
 * order and the toolbar's undo puts it back (docs/requirements/pages-and-designer.md §4.9); a widget
 * moved by the arrow keys or the pointer stops at the page's edge margin 5 (§4.4); a polyline's
 * vertex dragged by its handle reshapes the line, a segment's middle mark adds a vertex and a
 * double-click removes one, each undone by the toolbar (widgets.md, ShapeLine).
 */

const base = '/lfscada/configuration/page';

let f: BrowserFixture;
let api: Caller;
let admin: string;
let deviceId: number;

interface Info {
  id: number;
  version: number;
  document: PageDocument;
}

beforeAll(async () => {
  f = await startBrowserFixture();
  ({ admin } = await makeEnterprise(f.platform.ctx.db, 'Layer Works'));
  api = await loggedIn(f.platform.app, admin);
  const operator = await loggedIn(f.platform.app, (await makePlatformOperator(f.platform.ctx.db)).operator);
  deviceId = (await deviceWithGateway(api, operator, 'Pump station')).id;
}, 180_000);

afterAll(async () => {
  await f?.stop();
});

/** Paint order on the canvas: widget ids bottom-most first. */
const paintOrder = (page: Page) =>
  widgets(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-wid')).join(''));

/** Layer rows, top-most first. */
const layerOrder = (page: Page) =>
  page
    .locator('[data-testid=designer-layers] .fh-layer-row')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')!.slice('layer-'.length)).join(''));

describe('designer layers and edge margin in the browser', () => {
  it('reorders layers by drag with undo, and keeps moved widgets inside the edge margin', async () => {
    const created = await made<{ id: number }>(api, `${base}/add`, {
      ownerKind: 'equipment',
      ownerId: deviceId,
      name: 'Layers',
    });
    const info = await made<Info>(api, `${base}/info`, { id: created.id });
    const document = {
      ...info.document,
      widgets: [
        defaultWidget('ShapeRect', { id: 'a', x: 20, y: 20, width: 60, height: 40 }),
        defaultWidget('ShapeRect', { id: 'b', x: 200, y: 200, width: 60, height: 40 }),
        defaultWidget('ShapeRect', { id: 'c', x: 400, y: 300, width: 60, height: 40 }),
      ],
    };
    await made(api, `${base}/save`, { id: created.id, version: info.version, document });
    const { context, page } = await f.newPage('en-US');
    try {
      await f.signIn(page, admin, { at: `/manage/eg/${deviceId}/designer/${created.id}` });
      await expect.poll(() => widgets(page).count()).toBe(3);
      await page.getByTestId('repair-none').waitFor();
      await page.locator('.fh-designer-left [data-node-key=layers]').click();
      await expect.poll(() => layerOrder(page)).toBe('cba');

      // --- drag the bottom layer a onto the upper half of c: a is painted on top
      await page
        .getByTestId('layer-a')
        .dragTo(page.getByTestId('layer-c'), { targetPosition: { x: 20, y: 2 } });
      await expect.poll(() => paintOrder(page)).toBe('bca');
      expect(await layerOrder(page)).toBe('acb');
      await shot(page, 'designer-layers-en-US-dragged');
      // --- then c onto the lower half of b: c goes to the bottom
      const row = await page.getByTestId('layer-b').boundingBox();
      await page.getByTestId('layer-c').dragTo(page.getByTestId('layer-b'), {
        targetPosition: { x: 20, y: row!.height - 2 },
      });
      await expect.poll(() => paintOrder(page)).toBe('cba');
      // --- undo twice puts the stored order back, redo repeats
      await page.getByTestId('tool-undo').click();
      await expect.poll(() => paintOrder(page)).toBe('bca');
      await page.getByTestId('tool-undo').click();
      await expect.poll(() => paintOrder(page)).toBe('abc');
      await page.getByTestId('tool-redo').click();
      await expect.poll(() => paintOrder(page)).toBe('bca');

      // --- the arrow keys stop at the edge margin 5: a at (20, 20) moved left 30 and up 30
      const a = page.locator('[data-wid=a]');
      await clickCentre(page, a);
      for (let i = 0; i < 3; i++) {
        await page.keyboard.press('Shift+ArrowLeft');
        await page.keyboard.press('Shift+ArrowUp');
      }
      await expect.poll(() => place(a)).toEqual({ x: 5, y: 5 });
      // --- a pointer drag to the window's left edge (left of the page) stops 5 inside the page
      const b = page.locator('[data-wid=b]');
      const from = await box(b);
      await drag(page, b, 5 - (from.x + from.width / 2), 0);
      await expect.poll(() => place(b)).toEqual({ x: 5, y: 200 });
      await shot(page, 'designer-layers-en-US-margin');
    } finally {
      await context.close();
    }
  }, 90_000);

  it('drags, adds and removes vertices of a polyline, each undone', async () => {
    const created = await made<{ id: number }>(api, `${base}/add`, {
      ownerKind: 'equipment',
      ownerId: deviceId,
      name: 'Lines',
    });
    const info = await made<Info>(api, `${base}/info`, { id: created.id });
    // vertices (100, 200), (200, 100), (300, 200)
    const line = defaultWidget('ShapeLine', { id: 'l', x: 100, y: 100, width: 200, height: 100 });
    await made(api, `${base}/save`, {
      id: created.id,
      version: info.version,
      document: { ...info.document, widgets: [line] },
    });
    const { context, page } = await f.newPage('en-US');
    try {
      await f.signIn(page, admin, { at: `/manage/eg/${deviceId}/designer/${created.id}` });
      await expect.poll(() => widgets(page).count()).toBe(1);
      await page.getByTestId('repair-none').waitFor();
      const l = page.locator('[data-wid=l]');
      await clickCentre(page, l);
      await expect.poll(() => page.getByTestId('line-vertices').locator('.fh-vertex').count()).toBe(3);
      // the last vertex 100 right and 180 up (zoom 100%): the box grows to (100, 20) 300 x 180
      expect(await page.getByTestId('zoom-value').innerText()).toBe('100%');
      await drag(page, page.getByTestId('line-vertex-2'), 100, -180);
      await expect.poll(() => place(l)).toEqual({ x: 100, y: 20 });
      expect(await l.evaluate((el: HTMLElement) => [el.style.width, el.style.height])).toEqual([
        '300px',
        '180px',
      ]);
      await shot(page, 'designer-line-en-US-vertex');
      await page.getByTestId('tool-undo').click();
      await expect.poll(() => place(l)).toEqual({ x: 100, y: 100 });
      expect(await l.evaluate((el: HTMLElement) => [el.style.width, el.style.height])).toEqual([
        '200px',
        '100px',
      ]);
      // --- a click on the first segment's middle adds a vertex there; a double-click removes one
      const handles = page.getByTestId('line-vertices').locator('.fh-vertex');
      expect(await page.getByTestId('line-mid-0').getAttribute('title')).toBe('Click to add a vertex here');
      await page.getByTestId('line-mid-0').click();
      await expect.poll(() => handles.count()).toBe(4);
      await page.getByTestId('line-vertex-3').dblclick();
      await expect.poll(() => handles.count()).toBe(3);
      // the last vertex gone: the line ends at (200, 100), its box (100, 100) 100 x 100
      await expect.poll(() => l.evaluate((el: HTMLElement) => el.style.width)).toBe('100px');
      await page.getByTestId('tool-undo').click();
      await expect.poll(() => handles.count()).toBe(4);
      await page.getByTestId('tool-undo').click();
      await expect.poll(() => handles.count()).toBe(3);
      expect(await l.evaluate((el: HTMLElement) => el.style.width)).toBe('200px');
    } finally {
      await context.close();
    }
  }, 60_000);

  it('offers the registry actions in a context menu and names each tool shortcut (issue 21 item 9)', async () => {
    const created = await made<{ id: number }>(api, `${base}/add`, {
      ownerKind: 'equipment',
      ownerId: deviceId,
      name: 'Menu',
    });
    const info = await made<Info>(api, `${base}/info`, { id: created.id });
    const document = {
      ...info.document,
      widgets: [
        defaultWidget('ShapeRect', { id: 'a', x: 40, y: 40, width: 80, height: 60 }),
        defaultWidget('ShapeRect', { id: 'b', x: 300, y: 200, width: 80, height: 60 }),
      ],
    };
    await made(api, `${base}/save`, { id: created.id, version: info.version, document });
    const { context, page } = await f.newPage('en-US');
    try {
      await f.signIn(page, admin, { at: `/manage/eg/${deviceId}/designer/${created.id}` });
      await expect.poll(() => widgets(page).count()).toBe(2);
      await page.getByTestId('repair-none').waitFor();
      expect(await page.getByTestId('tool-undo').getAttribute('aria-label')).toBe('Undo (Ctrl+Z)');
      expect(await page.getByTestId('tool-ungroup').getAttribute('aria-label')).toBe(
        'Ungroup (Ctrl+Shift+G)',
      );
      // a right click on the lower widget selects it; its menu brings it to the front
      await widgets(page, 'ShapeRect').first().click({ button: 'right' });
      const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
      await menu.getByTestId('menu-front').waitFor();
      expect(await menu.locator('.ant-dropdown-menu-item', { hasText: 'Copy' }).innerText()).toContain(
        'Ctrl+C',
      );
      expect(
        await menu
          .locator('.ant-dropdown-menu-item', { hasText: 'Group' })
          .first()
          .getAttribute('aria-disabled'),
      ).toBe('true');
      await shot(page, 'designer-menu-en-US');
      await menu.getByTestId('menu-front').click();
      await expect.poll(() => paintOrder(page)).toBe('ba');
      // lock from the menu; the menu then offers to unlock
      await widgets(page, 'ShapeRect').last().click({ button: 'right' });
      await menu.getByTestId('menu-lock').click();
      await widgets(page, 'ShapeRect').last().click({ button: 'right' });
      await expect.poll(() => menu.getByTestId('menu-lock').innerText()).toBe('Unlock position');
      await page.keyboard.press('Escape');
      // on the bare page: nothing selected, copy disabled, paste offered
      await clickCentre(page, page.locator('[data-testid=designer-page]'), [], 'right');
      await expect
        .poll(() =>
          menu.locator('.ant-dropdown-menu-item', { hasText: 'Copy' }).getAttribute('aria-disabled'),
        )
        .toBe('true');
      expect(
        await menu.locator('.ant-dropdown-menu-item', { hasText: 'Paste' }).getAttribute('aria-disabled'),
      ).not.toBe('true');
      expect(await page.getByTestId('status-selection').innerText()).toContain('0');
    } finally {
      await context.close();
    }
  }, 60_000);
});
