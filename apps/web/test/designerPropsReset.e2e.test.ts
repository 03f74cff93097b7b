import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultWidget } from '@fieldhub/hmi';
import { loggedIn, type Caller } from '../../server/test/harness';
import { made } from '../../server/test/deviceFixtures';
import { type BrowserFixture, makeEnterprise, startBrowserFixture } from './browser';
import { widgets } from './designerPointer';
import { expectScreenIn, tr } from './screenLanguage';
import { shot } from './shots';

/**
 * A stored page whose widget props are of the wrong kind (docs/requirements/pages-and-designer.md
 * §2.6) in the designer, in English: it opens with those props reset to their defaults and a
 * notice naming how many widgets and props were reset, listing them (widget, property, stored
 * value) on demand; the stored page keeps the old values until it is saved, and opens without the
 * notice after the save. The Chinese texts are checked by test/locales.test.ts. Screenshots only
 * with SHOTS=1.
 */

const base = '/lfscada/configuration/page';
let f: BrowserFixture;
let admin: string;
let api: Caller;
let deviceId: number;
let pageId: number;

interface StoredWidget {
  id: string;
  data: Record<string, unknown>;
  style: Record<string, unknown>;
}

async function storedWidgets(): Promise<StoredWidget[]> {
  const [row] = await f.platform.ctx.db.query<{ document: { widgets: StoredWidget[] } }>(
    'select document from pages where id = $1',
    [pageId],
  );
  return row!.document.widgets;
}

beforeAll(async () => {
  f = await startBrowserFixture();
  admin = (await makeEnterprise(f.platform.ctx.db, 'Reset Works')).admin;
  api = await loggedIn(f.platform.app, admin);
  deviceId = (await made(api, '/lfscada/equipment/multi/add', { name: 'Boiler 1' })).id;
  pageId = (await made(api, `${base}/add`, { ownerKind: 'equipment', ownerId: deviceId, name: 'Boiler' })).id;
  // the save call stores what parsePage repaired, so a document with props of the wrong kind (as an
  // older or foreign editor may have stored it) is written to the row directly
  const gauge = defaultWidget('UsualDashboard', { id: 'g1', widgetName: 'Boiler pressure', x: 80, y: 80 });
  const text = defaultWidget('UsualText', { id: 't1', x: 400, y: 120 });
  const [row] = await f.platform.ctx.db.query<{ document: Record<string, unknown> }>(
    'select document from pages where id = $1',
    [pageId],
  );
  const document = {
    ...row!.document,
    widgets: [
      {
        ...gauge,
        data: { ...gauge.data, maxVal: { broken: true } },
        style: { ...gauge.style, opacity: 'half' },
      },
      { ...text, widgetName: '', data: { ...text.data, text: 42 } },
    ],
  };
  await f.platform.ctx.db.query('update pages set document = $1::jsonb where id = $2', [
    JSON.stringify(document),
    pageId,
  ]);
}, 180_000);

afterAll(async () => {
  await f?.stop();
});

describe('props of the wrong kind in the designer', () => {
  it('tells which props opening reset, and stores the page repaired only when it is saved (en-US)', async () => {
    const lang = 'en-US';
    const { context, page } = await f.newPage(lang);
    try {
      await f.signIn(page, admin, { at: `/manage/eg/${deviceId}/designer/${pageId}` });
      const notice = page.getByTestId('props-reset-notice');
      await notice.waitFor();
      expect(await page.getByTestId('props-reset-summary').innerText()).toBe(
        `${tr(lang, 'designer:props-reset.summary', { widgets: 2, props: 3 })} ${tr(lang, 'designer:props-reset.save-note')}`,
      );
      // the notice does not block the editor: both widgets are on the canvas, the page is not dirty
      await expect.poll(() => widgets(page).count()).toBe(2);
      expect(await page.getByTestId('designer-save-state').getAttribute('data-dirty')).toBe('no');

      // the detail opens on demand: widget (its name, or its type's, and its id), property, stored value
      expect(await page.getByTestId('props-reset-details').count()).toBe(0);
      await page.getByTestId('props-reset-toggle').click();
      const rows = page.locator('[data-testid=props-reset-details] tbody tr.ant-table-row');
      await expect.poll(() => rows.count()).toBe(3);
      const cells = async (i: number) =>
        (await rows.nth(i).locator('td').allInnerTexts()).map((s) => s.replace(/\s+/g, ' ').trim());
      expect(await cells(0)).toEqual(['Boiler pressure (g1)', 'data.maxVal', '{"broken":true}']);
      expect(await cells(1)).toEqual(['Boiler pressure (g1)', 'style.opacity', '"half"']);
      expect(await cells(2)).toEqual(['Text (t1)', 'data.text', '42']);
      await expectScreenIn(page, lang, {
        shows: [
          'designer:props-reset.hide',
          'designer:props-reset.col-widget',
          'designer:props-reset.col-prop',
          'designer:props-reset.col-stored',
        ],
        allow: ['data.maxVal', 'style.opacity', 'data.text'],
      });
      await shot(page, `designer-props-reset-${lang}`, { pointerAway: true });
      await page.getByTestId('props-reset-toggle').click();
      await expect.poll(() => page.getByTestId('props-reset-details').count()).toBe(0);
      // closed, it stays closed while the page is open
      await notice.locator('.ant-alert-close-icon').click();
      await expect.poll(() => notice.count()).toBe(0);

      // opening changed nothing stored
      const before = await storedWidgets();
      expect(before[0]!.data['maxVal']).toEqual({ broken: true });
      expect(before[0]!.style['opacity']).toBe('half');
      expect(before[1]!.data['text']).toBe(42);

      // a save stores the repaired props; the page then opens without the notice
      await page.getByTestId('tool-save').click();
      await expect.poll(async () => (await storedWidgets())[0]!.data['maxVal']).toBe(100);
      const after = await storedWidgets();
      expect(after[0]!.style['opacity']).toBe(1);
      expect(after[1]!.data['text']).toBe('');
      await page.reload();
      await page.getByTestId('repair-banner').waitFor();
      expect(await page.getByTestId('props-reset-notice').count()).toBe(0);
      // the binding check's banner closes the same way (ClosableBanner)
      await page.getByTestId('repair-banner').locator('.ant-alert-close-icon').click();
      await expect.poll(() => page.getByTestId('repair-banner').count()).toBe(0);
      await shot(page, `designer-banners-closed-${lang}`, { pointerAway: true });
    } finally {
      await context.close();
    }
  });
});
