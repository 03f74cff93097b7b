import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultWidget } from '@fieldhub/hmi';
import { loggedIn, type Caller } from '../../server/test/harness';
import { made } from '../../server/test/deviceFixtures';
import { type BrowserFixture, makeEnterprise } from './browser';
import { startBoilerDesigner, type BoilerDesigner } from './boilerDesigner';
import { expectScreenIn } from './screenLanguage';
import { box, clickCentre, drag, place, widgets } from './designerPointer';

/**
 * Issue 7's designer in the browser (headless Chromium, the built app on the real server and
 * database): a SCADA engineer places widgets from the palette, binds one to a device signal,
 * aligns and groups, undoes and redoes, copies and pastes (offset 50 per paste), locks a widget
 * (it no longer moves), saves, reloads and finds the same page; a save over a newer stored version
 * is refused without losing the edits; leaving with unsaved changes warns.
 *
 * Languages: the journey runs in Chinese, the settings test too; the other tests in English. The
 * quick check opens the designer in English: palette, toolbar and panels, a widget's data tab and
 * the signal picker, the leave warning and the refused save, each with its texts from the locale
 * files and nothing untranslated or Chinese. Screenshots only with SHOTS=1 (see shots.ts).
 */

const base = '/lfscada/configuration/page';

let f: BrowserFixture;
let api: Caller;
let deviceId: number;
let signIn: BoilerDesigner['signIn'];
let picture: BoilerDesigner['picture'];
let stored: BoilerDesigner['stored'];

beforeAll(async () => {
  ({ f, api, deviceId, signIn, picture, stored } = await startBoilerDesigner());
}, 180_000);

afterAll(async () => {
  await f?.stop();
});

describe('the page designer in the browser', () => {
  it('places, binds, aligns, groups, copies, locks, saves and reopens a page in zh-CN', async () => {
    const lang = 'zh-CN';
    const created = await made<{ id: number }>(api, `${base}/add`, {
      ownerKind: 'equipment',
      ownerId: deviceId,
      name: '锅炉总览',
    });
    const url = `${f.baseUrl}/manage/eg/${deviceId}/designer/${created.id}`;
    const { context, page } = await f.newPage(lang);
    try {
      await signIn(page);
      await page.goto(url);
      await page.getByTestId('designer').waitFor();
      // open: the binding repair has checked the (empty) page
      await page.getByTestId('repair-none').waitFor();
      expect(await page.getByTestId('designer-title').innerText()).toBe('锅炉总览');
      // grid and rulers are on by default
      await page.getByTestId('designer-grid').waitFor();
      await page.getByTestId('designer-ruler-x').waitFor();

      // --- place widgets from the palette: a click puts one in the middle of the view, a drag
      // puts it where it is dropped
      await page.getByTestId('palette-ShapeRect').click();
      await expect.poll(() => widgets(page).count()).toBe(1);
      await picture(page, lang, '0-first');
      const dropAt = async (type: string, x: number, y: number) => {
        const scroller = page.getByTestId('designer-scroller');
        const area = await box(scroller);
        const sheet = await box(page.getByTestId('designer-page'));
        await page.getByTestId(`palette-${type}`).dragTo(scroller, {
          targetPosition: { x: sheet.x - area.x + x, y: sheet.y - area.y + y },
        });
      };
      await dropAt('UsualButton', 150, 300);
      await dropAt('ShapeCircle', 600, 120);
      await dropAt('UsualDataText', 150, 480);
      await expect.poll(() => widgets(page).count()).toBe(4);
      expect(await place(widgets(page, 'UsualButton'))).toEqual({ x: 100, y: 280 });
      await picture(page, lang, '1-placed');

      // --- bind the data text to a device signal
      await clickCentre(page, widgets(page, 'UsualDataText'));
      await page.locator('[data-testid=prop-tabs] [data-node-key=data]').click();
      await page.getByTestId('data-binding-choose').click();
      await page.getByTestId('signal-picker').waitFor();
      await picture(page, lang, '1b-picker');
      await page.getByTestId('signal-boiler_temperature').click();
      await expect
        .poll(() => page.getByTestId('data-binding-value').innerText())
        .toContain('boiler_temperature');
      await expect.poll(() => widgets(page, 'UsualDataText').innerText()).toContain('boiler_temperature');
      expect(await page.getByTestId('where-used-count').innerText()).toBe('1');
      // the picker has closed: its fading mask would take the next clicks
      await page.getByTestId('signal-picker').waitFor({ state: 'detached' });
      await picture(page, lang, '2-bound');

      // --- align the rectangle and the button on their top edges, undo and redo it
      const rect = widgets(page, 'ShapeRect');
      const button = widgets(page, 'UsualButton');
      await clickCentre(page, rect);
      await clickCentre(page, button, ['Shift']);
      expect(await page.getByTestId('status-selection').innerText()).toContain('2');
      const before = await place(button);
      await page.getByTestId('tool-align-top').click();
      expect((await place(button)).y).toBe((await place(rect)).y);
      expect((await place(button)).x).toBe(before.x);
      await page.keyboard.press('Control+z');
      expect(await place(button)).toEqual(before);
      await page.keyboard.press('Control+y');
      expect((await place(button)).y).toBe((await place(rect)).y);

      // --- group them (Ctrl+G), see the group in the layers, undo and redo the grouping
      await page.keyboard.press('Control+g');
      await page.locator('.fh-designer-left [data-node-key=layers]').click();
      await expect.poll(() => page.locator('[data-testid=designer-layers] .anticon-group').count()).toBe(1);
      await page.getByTestId('tool-undo').click();
      await expect.poll(() => page.locator('[data-testid=designer-layers] .anticon-group').count()).toBe(0);
      await page.getByTestId('tool-redo').click();
      await expect.poll(() => page.locator('[data-testid=designer-layers] .anticon-group').count()).toBe(1);
      // a drag of one member moves the whole group
      const groupBefore = [await place(rect), await place(button)];
      await drag(page, rect, 40, 30);
      const groupAfter = [await place(rect), await place(button)];
      expect(groupAfter[0]!.x - groupBefore[0]!.x).toBe(groupAfter[1]!.x - groupBefore[1]!.x);
      expect(groupAfter[0]!.x).not.toBe(groupBefore[0]!.x);
      await picture(page, lang, '3-grouped');

      // --- copy and paste the data text twice: offsets 50 and 100
      await page.locator('.fh-designer-left [data-node-key=widgets]').click();
      await clickCentre(page, widgets(page, 'UsualDataText'));
      const original = await place(widgets(page, 'UsualDataText'));
      await page.keyboard.press('Control+c');
      await page.keyboard.press('Control+v');
      await page.keyboard.press('Control+v');
      await expect.poll(() => widgets(page, 'UsualDataText').count()).toBe(3);
      const texts = await widgets(page, 'UsualDataText').evaluateAll((els) =>
        els.map((el) => ({
          x: parseFloat((el as HTMLElement).style.left),
          y: parseFloat((el as HTMLElement).style.top),
        })),
      );
      expect(texts).toEqual([
        original,
        { x: original.x + 50, y: original.y + 50 },
        { x: original.x + 100, y: original.y + 100 },
      ]);
      // the pasted copies keep the binding
      expect(await widgets(page, 'UsualDataText').nth(2).innerText()).toContain('boiler_temperature');

      // --- lock the last copy: a drag and the arrow keys no longer move it
      const locked = widgets(page, 'UsualDataText').nth(2);
      await page.getByTestId('tool-lock').click();
      await expect.poll(() => locked.getAttribute('class')).toContain('fh-w-locked');
      const lockedAt = await place(locked);
      await drag(page, locked, -80, 60);
      await page.keyboard.press('ArrowRight');
      expect(await place(locked)).toEqual(lockedAt);
      // while an unlocked one still follows the arrows (Shift: 10 px)
      await clickCentre(page, widgets(page, 'UsualDataText').nth(1));
      const free = await place(widgets(page, 'UsualDataText').nth(1));
      await page.keyboard.press('Shift+ArrowRight');
      expect(await place(widgets(page, 'UsualDataText').nth(1))).toEqual({ x: free.x + 10, y: free.y });
      await picture(page, lang, '4-locked');

      // --- leaving with unsaved changes warns (in-app navigation)
      expect(await page.getByTestId('designer-save-state').getAttribute('data-dirty')).toBe('yes');
      await page.getByTestId('designer-back').click();
      await page.getByTestId('leave-warning').waitFor();
      expect(await page.getByTestId('leave-warning').innerText()).toBe('系统可能不会保存您所做的更改!');
      await picture(page, lang, '5-leave-warning');
      await page.getByTestId('leave-stay').click();

      // --- save (Ctrl+S): stored with the next version, the binding in the bind section
      await page.keyboard.press('Control+s');
      await expect.poll(() => page.getByTestId('designer-save-state').getAttribute('data-dirty')).toBe('no');
      const saved = await stored(created.id);
      expect(saved.version).toBe(2);
      expect(saved.document.widgets).toHaveLength(6);
      expect(saved.document.groups).toHaveLength(1);
      expect(saved.document.bind.equips).toEqual([String(deviceId)]);
      expect(saved.document.widgets.filter((w) => w.posLock)).toHaveLength(1);

      // --- reload: the same page comes back
      await page.reload();
      await page.getByTestId('designer').waitFor();
      await expect.poll(() => widgets(page).count()).toBe(6);
      expect(await widgets(page, 'UsualDataText').first().innerText()).toContain('boiler_temperature');
      expect(await place(widgets(page, 'UsualDataText').nth(2))).toEqual(lockedAt);
      await page.getByTestId('repair-none').waitFor();
      await picture(page, lang, '6-reopened');

      // --- someone else saves a newer version; our save is refused and nothing is lost
      await made(api, `${base}/save`, { id: created.id, version: 2, document: saved.document });
      await page.getByTestId('palette-ShapeTriangle').click();
      await expect.poll(() => widgets(page).count()).toBe(7);
      await page.getByTestId('tool-save').click();
      await page.getByTestId('save-conflict').waitFor();
      await picture(page, lang, '7-conflict');
      await page.getByTestId('conflict-keep').click();
      expect(await widgets(page).count()).toBe(7);
      expect(await page.getByTestId('designer-save-state').getAttribute('data-dirty')).toBe('yes');
      expect((await stored(created.id)).version).toBe(3);
      expect((await stored(created.id)).document.widgets).toHaveLength(6);

      // --- closing the browser tab with unsaved changes asks first (beforeunload)
      const asked = new Promise<string>((resolve) =>
        page.once('dialog', (d) => {
          resolve(d.type());
          void d.accept();
        }),
      );
      await page.close({ runBeforeUnload: true });
      expect(await asked).toBe('beforeunload');
    } finally {
      await context.close();
    }
  }, 180_000);

  it('shows the designer, its panels and dialogs wholly in English', async () => {
    const lang = 'en-US';
    const created = await made<{ id: number }>(api, `${base}/add`, {
      ownerKind: 'equipment',
      ownerId: deviceId,
      name: 'Boiler overview',
    });
    const data = ['Boiler overview', 'Boiler house', 'boiler_temperature', 'steam_pressure'];
    const { context, page } = await f.newPage(lang);
    try {
      await signIn(page);
      await page.goto(`${f.baseUrl}/manage/eg/${deviceId}/designer/${created.id}`);
      await page.getByTestId('repair-none').waitFor();
      expect(await page.getByTestId('designer-title').innerText()).toBe('Boiler overview');
      await expectScreenIn(page, lang, {
        shows: [
          'designer:left.widgets',
          'designer:left.layers',
          'designer:left.signals',
          'designer:repair.none',
        ],
        allow: data,
      });
      // a data text: its property tabs and the signal picker
      await page.getByTestId('palette-UsualDataText').click();
      await expect.poll(() => widgets(page).count()).toBe(1);
      await clickCentre(page, widgets(page, 'UsualDataText'));
      await page.locator('[data-testid=prop-tabs] [data-node-key=data]').click();
      await expectScreenIn(page, lang, {
        shows: ['designer:props.tab-style', 'designer:props.tab-data', 'designer:props.tab-event'],
        allow: data,
      });
      await page.getByTestId('data-binding-choose').click();
      await page.getByTestId('signal-picker').waitFor();
      await expectScreenIn(page, lang, { allow: data });
      await picture(page, lang, '1b-picker');
      await page.getByTestId('signal-boiler_temperature').click();
      await expect
        .poll(() => page.getByTestId('data-binding-value').innerText())
        .toContain('boiler_temperature');
      // leaving with unsaved changes warns
      await page.getByTestId('designer-back').click();
      await page.getByTestId('leave-warning').waitFor();
      expect(await page.getByTestId('leave-warning').innerText()).toBe(
        'The system may not save the changes you made!',
      );
      await expectScreenIn(page, lang, {
        shows: ['designer:leave.title', 'designer:leave.stay'],
        allow: data,
      });
      await picture(page, lang, '5-leave-warning');
      await page.getByTestId('leave-stay').click();
      // a save over a newer stored version is refused
      await made(api, `${base}/save`, {
        id: created.id,
        version: 1,
        document: (await stored(created.id)).document,
      });
      await page.getByTestId('tool-save').click();
      await page.getByTestId('save-conflict').waitFor();
      await expectScreenIn(page, lang, { shows: ['designer:save.conflict-body'], allow: data });
      await picture(page, lang, '7-conflict');
    } finally {
      await context.close();
    }
  }, 60_000);

  it("does not open a page of another enterprise, nor one through another device's address", async () => {
    const other = await makeEnterprise(f.platform.ctx.db, 'Rival Works');
    const rival = await loggedIn(f.platform.app, other.admin);
    const rivalDevice = await made<{ id: number }>(rival, '/lfscada/equipment/multi/add', {
      name: 'Rival boiler',
    });
    const rivalPage = await made<{ id: number }>(rival, `${base}/add`, {
      ownerKind: 'equipment',
      ownerId: rivalDevice.id,
      name: 'Rival secrets',
    });
    const own = await made<{ id: number }>(api, `${base}/add`, {
      ownerKind: 'equipment',
      ownerId: deviceId,
      name: 'Own page',
    });
    const secondDevice = await made<{ id: number }>(api, '/lfscada/equipment/multi/add', {
      name: 'Second device',
    });
    const { context, page } = await f.newPage('en-US');
    try {
      await signIn(page);
      await page.goto(`${f.baseUrl}/manage/eg/${rivalDevice.id}/designer/${rivalPage.id}`);
      await page.getByTestId('designer-open-error').waitFor();
      expect(await page.getByTestId('designer').count()).toBe(0);
      expect(await page.content()).not.toContain('Rival secrets');
      await picture(page, 'en-US', '8-other-enterprise');
      // an own page under another device's address is refused too
      await page.goto(`${f.baseUrl}/manage/eg/${secondDevice.id}/designer/${own.id}`);
      await page.getByTestId('designer-open-error').waitFor();
      expect(await page.getByTestId('designer-open-error').innerText()).toBe(
        'This page belongs to another device, project or template',
      );
    } finally {
      await context.close();
    }
  }, 60_000);

  it('resizes by a handle and by an edge within 3 px, turns in 90° steps with Shift, undoes the turn, copies with Alt + drag', async () => {
    const created = await made<{ id: number }>(api, `${base}/add`, {
      ownerKind: 'equipment',
      ownerId: deviceId,
      name: 'Geometry',
    });
    const { context, page } = await f.newPage('en-US');
    try {
      await signIn(page);
      await page.goto(`${f.baseUrl}/manage/eg/${deviceId}/designer/${created.id}`);
      await page.getByTestId('designer').waitFor();
      // the binding check's banner above the canvas has come: it moves the canvas down when it does
      await page.getByTestId('repair-none').waitFor();
      await page.getByTestId('palette-ShapeRect').click();
      const rect = widgets(page, 'ShapeRect');
      await rect.waitFor();
      const size = () =>
        rect.evaluate((el: HTMLElement) => [parseFloat(el.style.width), parseFloat(el.style.height)]);
      expect(await size()).toEqual([140, 90]);
      // the south-east handle, dragged by (40, 20)
      const se = await box(page.locator('[data-handle=se]'));
      await page.mouse.move(se.x + se.width / 2, se.y + se.height / 2);
      await page.mouse.down();
      await page.mouse.move(se.x + se.width / 2 + 20, se.y + se.height / 2 + 10, { steps: 3 });
      await page.mouse.move(se.x + se.width / 2 + 40, se.y + se.height / 2 + 20, { steps: 3 });
      await page.mouse.up();
      expect(await size()).toEqual([180, 110]);
      // the east edge grabbed 2 px inside the widget (edge tolerance 3), away from any handle
      const r = await box(rect);
      await page.mouse.move(r.x + r.width - 2, r.y + r.height * 0.3);
      await page.mouse.down();
      await page.mouse.move(r.x + r.width + 28, r.y + r.height * 0.3, { steps: 4 });
      await page.mouse.up();
      expect(await size()).toEqual([210, 110]);
      // Shift turns the knob in 90° steps
      const knob = await box(page.locator('.fh-handle-rotate'));
      const c = await box(rect);
      await page.keyboard.down('Shift');
      await page.mouse.move(knob.x + knob.width / 2, knob.y + knob.height / 2);
      await page.mouse.down();
      await page.mouse.move(c.x + c.width + 60, c.y + c.height / 2 + 5, { steps: 5 });
      await page.mouse.up();
      await page.keyboard.up('Shift');
      expect(await rect.evaluate((el: HTMLElement) => el.style.transform)).toBe('rotate(90deg)');
      await page.keyboard.press('Control+z');
      expect(await rect.evaluate((el: HTMLElement) => el.style.transform)).toBe('');
      // Alt + drag leaves the rectangle and drops a copy where the drag ends
      const from = await box(rect);
      await page.keyboard.down('Alt');
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 80, { steps: 4 });
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 160, { steps: 4 });
      await page.mouse.up();
      await page.keyboard.up('Alt');
      await expect.poll(() => widgets(page, 'ShapeRect').count()).toBe(2);
      const [original, copy] = await widgets(page, 'ShapeRect').evaluateAll((els) =>
        els.map((el) => [
          parseFloat((el as HTMLElement).style.left),
          parseFloat((el as HTMLElement).style.top),
        ]),
      );
      expect(copy![0]).toBe(original![0]);
      expect(copy![1]! - original![1]!).toBe(160);
      await picture(page, 'en-US', '9-geometry');
    } finally {
      await context.close();
    }
  }, 60_000);

  it('drags a selection of more than 50 widgets as outlines and moves all of them on the drop', async () => {
    const created = await made<{ id: number }>(api, `${base}/add`, {
      ownerKind: 'equipment',
      ownerId: deviceId,
      name: 'Many',
    });
    const info = await stored(created.id);
    const document = {
      ...info.document,
      widgets: Array.from({ length: 60 }, (_, i) =>
        defaultWidget('ShapeRect', {
          id: `m${i}`,
          x: 20 + (i % 10) * 40,
          y: 20 + Math.floor(i / 10) * 40,
          width: 30,
          height: 30,
        }),
      ),
    };
    await made(api, `${base}/save`, { id: created.id, version: info.version, document });
    const { context, page } = await f.newPage('en-US');
    try {
      await signIn(page);
      await page.goto(`${f.baseUrl}/manage/eg/${deviceId}/designer/${created.id}`);
      await expect.poll(() => widgets(page).count()).toBe(60);
      // the binding check's banner above the canvas has come (CI: it came during the drag, moving
      // the canvas 38 px down under the pointer, and the drop landed 38 px short)
      await page.getByTestId('repair-none').waitFor();
      await page.keyboard.press('Control+a');
      await expect.poll(() => page.getByTestId('status-selection').innerText()).toContain('60');
      const first = await box(page.locator('[data-wid=m0]'));
      await page.mouse.move(first.x + 15, first.y + 15);
      await page.mouse.down();
      await page.mouse.move(first.x + 15 + 50, first.y + 15 + 50, { steps: 5 });
      await page.mouse.move(first.x + 15 + 101, first.y + 15 + 61, { steps: 5 });
      // during the drag: one outline per widget in the drag layer, the widgets themselves untouched
      const outline = await page.locator('.fh-drag-outlines path').getAttribute('d');
      expect(outline?.match(/M/g)?.length).toBe(60);
      expect(await page.locator('.fh-w[style*="visibility: hidden"]').count()).toBe(0);
      await picture(page, 'en-US', '11-outline-drag');
      await page.mouse.up();
      await expect.poll(() => page.locator('.fh-drag-outlines').count()).toBe(0);
      const moved = await widgets(page).evaluateAll((els) =>
        els.map((el) => [
          parseFloat((el as HTMLElement).style.left),
          parseFloat((el as HTMLElement).style.top),
        ]),
      );
      // every widget moved by the same offset (snapping may round it to a neighbour's edge)
      const [dx, dy] = [moved[0]![0]! - 20, moved[0]![1]! - 20];
      expect(dx).toBeGreaterThan(80);
      expect(dy).toBeGreaterThan(40);
      moved.forEach(([x, y], i) => {
        expect(x).toBe(20 + (i % 10) * 40 + dx);
        expect(y).toBe(20 + Math.floor(i / 10) * 40 + dy);
      });
      // one undo puts all of them back
      await page.keyboard.press('Control+z');
      await expect
        .poll(() => page.locator('[data-wid=m59]').evaluate((el: HTMLElement) => el.style.left))
        .toBe(`${20 + 9 * 40}px`);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('keeps the designer settings with the account: grid toggle and adsorb survive a reload', async () => {
    const created = await made<{ id: number }>(api, `${base}/add`, {
      ownerKind: 'equipment',
      ownerId: deviceId,
      name: 'Settings',
    });
    const { context, page } = await f.newPage('zh-CN');
    try {
      await signIn(page);
      await page.goto(`${f.baseUrl}/manage/eg/${deviceId}/designer/${created.id}`);
      await page.getByTestId('designer').waitFor();
      await page.getByTestId('tool-settings').click();
      await page.getByTestId('settings-adsorb').click();
      await page.getByTestId('settings-save').click();
      await expect
        .poll(
          async () =>
            (
              await made<{ adsorb?: boolean }>(api, '/lfscada/user/config/query', {
                key: 'designer.settings',
              })
            )?.adsorb,
        )
        .toBe(true);
      // the grid toggle of the toolbar is a setting too
      await page.getByTestId('tool-grid').click();
      await expect.poll(() => page.getByTestId('designer-grid').count()).toBe(0);
      await expect
        .poll(
          async () =>
            (await made<{ grid?: boolean }>(api, '/lfscada/user/config/query', { key: 'designer.settings' }))
              ?.grid,
        )
        .toBe(false);
      await page.reload();
      await page.getByTestId('designer').waitFor();
      // the settings arrive after the page: the grid goes once they are read
      await expect.poll(() => page.getByTestId('designer-grid').count()).toBe(0);
      await page.getByTestId('tool-settings').click();
      await expect.poll(() => page.getByTestId('settings-adsorb').getAttribute('aria-checked')).toBe('true');
      await picture(page, 'zh-CN', '10-settings');
    } finally {
      await context.close();
    }
  }, 60_000);
});
