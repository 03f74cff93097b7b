import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { defaultWidget, type PageDocument, type Widget } from '@fieldhub/hmi';
import { loggedIn, makePlatformOperator, type Caller } from '../../server/test/harness';
import { deviceWithGateway, made, modbusDriver, variable } from '../../server/test/deviceFixtures';
import { type BrowserFixture, clickSettled, makeEnterprise, startBrowserFixture } from './browser';
import { expectScreenIn } from './screenLanguage';
import { shot } from './shots';

/**
 * Issue 21 item 7 in the browser (headless Chromium, the built app on the real server and
 * database), in English: an engineer saves three bound widgets of Pump 1's page as a symbol, places
 * it on Pump 2's page (its bindings filled from Pump 2's signals by name; the one Pump 2 lacks is
 * reported and left unbound); the page is exported as a file, the platform operator publishes that
 * file in the configuration market with a cover, and the engineer imports the template into
 * another page from the designer. The Symbols tab and the market screen are then shown in Chinese.
 */

const base = '/lfscada/configuration/page';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let f: BrowserFixture;
let admin: string;
let operatorName: string;
let api: Caller;
let pump1: number;
let pump2: number;
let pump2Signals: { id: number; name: string }[];
let sourcePage: number;
let targetPage: number;

interface Info {
  id: number;
  version: number;
  document: PageDocument;
}
const stored = (id: number) => made<Info>(api, `${base}/info`, { id });

/** The user's texts: device, signal, page, symbol and template names. */
const OWN_TEXTS = ['Pump 1', 'Pump 2', 'Pump faceplate', 'Pump station', 'speed', 'running', 'pressure'];

beforeAll(async () => {
  f = await startBrowserFixture();
  ({ admin } = await makeEnterprise(f.platform.ctx.db, 'Symbol Works'));
  api = await loggedIn(f.platform.app, admin);
  operatorName = (await makePlatformOperator(f.platform.ctx.db, 'symbols-op')).operator;
  const operator = await loggedIn(f.platform.app, operatorName);
  const one = await deviceWithGateway(api, operator, 'Pump 1');
  const two = await deviceWithGateway(api, operator, 'Pump 2');
  pump1 = one.id;
  pump2 = two.id;
  const d1 = await modbusDriver(api, one.owner);
  const d2 = await modbusDriver(api, two.owner);
  for (const [i, name] of ['speed', 'running', 'pressure'].entries())
    await variable(api, one.owner, d1, name, { address: String(i * 2) });
  // Pump 2 has no pressure: that placeholder stays unbound
  for (const [i, name] of ['running', 'speed'].entries())
    await variable(api, two.owner, d2, name, { address: String(i * 2) });
  const signals1 = await made<{ id: number; name: string }[]>(api, '/lfscada/monitor/multi/signal/query', {
    equipmentId: pump1,
  });
  pump2Signals = await made(api, '/lfscada/monitor/multi/signal/query', { equipmentId: pump2 });
  ({ id: sourcePage } = await made(api, `${base}/add`, {
    ownerKind: 'equipment',
    ownerId: pump1,
    name: 'Pump 1',
  }));
  ({ id: targetPage } = await made(api, `${base}/add`, {
    ownerKind: 'equipment',
    ownerId: pump2,
    name: 'Pump 2',
  }));
  const bound = (id: string, x: number, signal: string): Widget => {
    const w = defaultWidget('UsualDataText', { id, x, y: 120 });
    const s = signals1.find((v) => v.name === signal)!;
    return {
      ...w,
      data: { ...w.data, signalId: String(s.id), equipId: String(pump1), title: signal, subTitle: 'Pump 1' },
    };
  };
  const doc = (await stored(sourcePage)).document;
  await made(api, `${base}/save`, {
    id: sourcePage,
    version: 1,
    document: {
      ...doc,
      widgets: [bound('s', 100, 'speed'), bound('r', 260, 'running'), bound('p', 420, 'pressure')],
    },
  });
}, 180_000);

afterAll(async () => {
  await f?.stop();
});

const picture = (page: Page, name: string) => shot(page, `symbols-en-US-${name}`);

async function openDesigner(page: Page, equipId: number, pageId: number) {
  await page.goto(`${f.baseUrl}/manage/eg/${equipId}/designer/${pageId}`);
  await page.getByTestId('repair-banner').waitFor();
  await page.locator('.fh-designer-left [data-node-key=symbols]').click();
  await page.getByTestId('symbols-panel').waitFor();
}

async function saveDesigner(page: Page) {
  await page.keyboard.press('Control+s');
  await expect.poll(() => page.getByTestId('designer-save-state').getAttribute('data-dirty')).toBe('no');
}

describe('symbols and the configuration market', () => {
  it('saves a selection as a symbol, places it for another device, publishes a page in the market and imports it', async () => {
    const { context, page } = await f.newPage('en-US');
    try {
      await f.signIn(page, admin);
      // 1. Pump 1's three bound widgets saved as a symbol
      await openDesigner(page, pump1, sourcePage);
      await page.locator('[data-testid=designer-page]').click({ position: { x: 5, y: 5 } });
      await page.keyboard.press('Control+a');
      await page.getByTestId('tool-save-symbol').click();
      await page.getByTestId('symbol-name').fill('Pump faceplate');
      await picture(page, '01-save');
      await page.getByTestId('symbol-save-ok').click();
      await page.getByTestId('symbol-Pump faceplate').waitFor();
      await expect
        .poll(() => page.getByTestId('symbol-Pump faceplate').innerText())
        .toContain('placeholders: 3');

      // 2. the page exported as a file (the operator publishes it below)
      const download = page.waitForEvent('download');
      await page.getByTestId('page-export').click();
      const exported = path.join(tmpdir(), `fh-symbols-${process.pid}.json`);
      await (await download).saveAs(exported);
      expect(JSON.parse(await readFile(exported, 'utf8')).widgets).toHaveLength(3);

      // 3. placed on Pump 2's page for Pump 2 (the page's device by default)
      await openDesigner(page, pump2, targetPage);
      await page.getByTestId('symbol-Pump faceplate').getByTestId('symbol-place').click();
      await expect.poll(() => page.getByTestId('symbol-device').innerText()).toContain('Pump 2');
      await picture(page, '02-place');
      await page.getByTestId('symbol-place-ok').click();
      await expect.poll(() => page.getByTestId('symbol-unmatched').innerText()).toBe('pressure');
      await picture(page, '03-unmatched');
      await clickSettled(page.locator('.ant-modal-confirm .ant-btn-primary'));
      await saveDesigner(page);
      const placed = (await stored(targetPage)).document.widgets;
      const id = (name: string) => String(pump2Signals.find((s) => s.name === name)!.id);
      expect(placed.map((w) => [w.data.equipId, w.data.signalId, w.data.title, w.data.subTitle])).toEqual([
        [String(pump2), id('speed'), 'speed', 'Pump 2'],
        [String(pump2), id('running'), 'running', 'Pump 2'],
        ['', '', '', ''],
      ]);
      // at the page's centre, keeping the symbol's layout
      expect(placed[1]!.position.x - placed[0]!.position.x).toBe(160);
      expect(placed[2]!.position.x - placed[0]!.position.x).toBe(320);

      // 4. the operator publishes the exported page in the market, with a cover
      const { context: opContext, page: op } = await f.newPage('en-US');
      try {
        await f.signIn(op, operatorName, { at: `/manage/system/market` });
        await op.getByTestId('market-add').click();
        const cover = path.join(tmpdir(), `fh-cover-${process.pid}.png`);
        await writeFile(cover, PNG);
        await op.locator('.ant-modal input[type=file][accept^="image"]').setInputFiles(cover);
        await op.locator('.ant-modal input[type=file][accept^=".json"]').setInputFiles(exported);
        await expect.poll(() => op.getByTestId('market-page-chosen').innerText()).toContain('widgets: 3');
        await op.getByTestId('market-name').fill('Pump station');
        await op.getByTestId('market-description').fill('Speed, running and pressure of a pump');
        await picture(op, '04-publish');
        await op.getByTestId('market-save').click();
        await op.locator('[data-testid=market-table] tr', { hasText: 'Pump station' }).waitFor();
        await picture(op, '05-market');
      } finally {
        await opContext.close();
      }

      // 5. the engineer imports the template into a new page of Pump 2 from the designer
      const { id: fresh } = await made<{ id: number }>(api, `${base}/add`, {
        ownerKind: 'equipment',
        ownerId: pump2,
        name: 'From market',
      });
      await openDesigner(page, pump2, fresh);
      await page.getByTestId('market-open').click();
      await page.getByTestId('market-template-Pump station').waitFor();
      await picture(page, '06-market-import');
      await page.getByTestId('market-template-Pump station').getByTestId('market-import').click();
      await expect.poll(() => page.getByTestId('status-widgets').innerText()).toContain('3');
      await saveDesigner(page);
      const imported = (await stored(fresh)).document.widgets;
      expect(imported.map((w) => w.data.title)).toEqual(['speed', 'running', 'pressure']);
      expect(new Set(imported.map((w) => w.id)).size).toBe(3);
      await picture(page, '07-imported');

      // 6. and as a new page of Pump 2, opened in the designer
      await page.getByTestId('market-open').click();
      await page.getByTestId('market-template-Pump station').getByTestId('market-import-page').click();
      await expect.poll(() => page.getByTestId('designer-title').innerText()).toBe('Pump station');
      await expect.poll(() => page.getByTestId('status-widgets').innerText()).toContain('3');
      const pages = await made<{ id: number; name: string }[]>(api, `${base}/query`, {
        ownerKind: 'equipment',
        ownerId: pump2,
      });
      const added = pages.find((p) => p.name === 'Pump station')!;
      expect(page.url()).toContain(`/manage/eg/${pump2}/designer/${added.id}`);
      expect((await stored(added.id)).document.widgets.map((w) => w.data.title)).toEqual([
        'speed',
        'running',
        'pressure',
      ]);
    } finally {
      await context.close();
    }
  }, 180_000);

  it('shows the Symbols tab and the market screen wholly in Chinese', async () => {
    const lang = 'zh-CN';
    const { context, page } = await f.newPage(lang);
    try {
      await f.signIn(page, admin);
      await openDesigner(page, pump2, targetPage);
      await expectScreenIn(page, lang, {
        shows: ['designer:left.symbols', 'designer:symbol.import-file', 'designer:symbol.market'],
        allow: OWN_TEXTS,
      });
      await shot(page, 'symbols-zh-CN-01-tab');
      await context.clearCookies();
      await f.signIn(page, operatorName, { at: `/manage/system/market` });
      await page.locator('[data-testid=market-table] tr', { hasText: 'Pump station' }).waitFor();
      await expectScreenIn(page, lang, {
        shows: ['market:title', 'market:add', 'market:col.cover'],
        allow: [...OWN_TEXTS, 'Speed, running and pressure of a pump', 'symbols-op'],
      });
      await shot(page, 'symbols-zh-CN-02-market');
    } finally {
      await context.close();
    }
  }, 90_000);
});
