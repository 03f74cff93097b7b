import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageDocument } from '@fieldhub/hmi';
import { loggedIn, type Caller } from '../../server/test/harness';
import { type BrowserFixture, makeEnterprise, startBrowserFixture } from './browser';
import { expectScreenIn } from './screenLanguage';
import { shot } from './shots';

/**
 * The material library in the designer (pages-and-designer.md §12.1), in zh-CN: the page's
 * background picked from the library after uploading two images at once (a PNG and an SVG), an
 * unsafe SVG stored cleaned with a notice saying so, the page saved with the /userimg/ address, which
 * the browser loads.
 */

let f: BrowserFixture;
let api: Caller;
let admin: string;
let deviceId: number;

interface Json<T> {
  code: string;
  message: string;
  data: T;
}

async function made<T = { id: number }>(url: string, body: Record<string, unknown>): Promise<T> {
  const res = (await api.post<T>(url, body, true)).body as Json<T>;
  if (res.code !== '200') throw new Error(`${url}: ${res.code} ${res.message}`);
  return res.data;
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="80" height="40"><rect width="80" height="40" rx="6" fill="#1890FF"/><circle cx="20" cy="20" r="10" fill="#fff"/></svg>',
);

beforeAll(async () => {
  f = await startBrowserFixture();
  ({ admin } = await makeEnterprise(f.platform.ctx.db, 'Material Works'));
  api = await loggedIn(f.platform.app, admin);
  ({ id: deviceId } = await made('/lfscada/equipment/multi/add', { name: 'Mixer' }));
}, 120_000);

afterAll(async () => {
  await f?.stop();
});

describe('material library in the designer', () => {
  it('uploads images, cleans an unsafe SVG and sets the page background from the library (zh-CN)', async () => {
    const lang = 'zh-CN';
    const { id: pageId } = await made('/lfscada/configuration/page/add', {
      ownerKind: 'equipment',
      ownerId: deviceId,
      name: '搅拌',
    });
    const { context, page } = await f.newPage(lang);
    try {
      await f.signIn(page, admin, { at: `/manage/eg/${deviceId}/designer/${pageId}` });
      await page.getByTestId('page-bg-image-library').click();
      const dialog = page.getByTestId('material-dialog');
      await dialog.getByTestId('material-empty').waitFor();
      await expectScreenIn(page, lang, { shows: ['designer:material.title', 'designer:material.empty'] });
      const input = dialog.locator('input[type=file]');
      await input.setInputFiles([
        { name: 'mixer.png', mimeType: 'image/png', buffer: PNG },
        { name: 'tank.svg', mimeType: 'image/svg+xml', buffer: SVG },
      ]);
      await dialog.getByTestId('material-tank').waitFor();
      await dialog.getByTestId('material-mixer').waitFor();
      // the SVG thumbnail is drawn from /userimg/
      await expect
        .poll(() =>
          dialog
            .getByTestId('material-tank')
            .locator('img')
            .evaluate((img: HTMLImageElement) => img.naturalWidth),
        )
        .toBe(80);
      await shot(page, 'materials-zh-CN-1-library');

      await input.setInputFiles([
        {
          name: 'evil.svg',
          mimeType: 'image/svg+xml',
          buffer: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="30" height="20" onload="alert(1)">' +
              '<script>alert(2)</script><rect width="30" height="20" fill="red"/></svg>',
          ),
        },
      ]);
      await dialog.getByTestId('material-cleaned').waitFor();
      await expectScreenIn(page, lang, {
        shows: [{ key: 'designer:material.cleaned', vars: { names: 'evil' } }],
      });
      // stored cleaned, it is still a picture: its thumbnail is drawn
      await expect
        .poll(() =>
          dialog
            .getByTestId('material-evil')
            .locator('img')
            .evaluate((img: HTMLImageElement) => img.naturalWidth),
        )
        .toBe(30);
      await shot(page, 'materials-zh-CN-1b-cleaned');

      await dialog.getByTestId('material-tank').locator('button').first().click();
      await dialog.waitFor({ state: 'hidden' });
      const field = page.getByTestId('page-bg-image');
      await expect.poll(() => field.inputValue()).toMatch(/^\/userimg\/[0-9a-f]{24}\.svg$/);
      const url = await field.inputValue();
      await expect
        .poll(() =>
          page
            .locator('.fh-designer-page, [data-testid=designer-page]')
            .first()
            .evaluate((el) => getComputedStyle(el).backgroundImage),
        )
        .toContain(url);
      await shot(page, 'materials-zh-CN-2-background');
      await page.getByTestId('tool-save').click();
      await expect
        .poll(async () => {
          const info = await made<{ document: PageDocument }>('/lfscada/configuration/page/info', {
            id: pageId,
          });
          return info.document.options.bgImage;
        })
        .toBe(url);
      // the browser's session loads it
      expect((await page.request.get(`${f.baseUrl}${url}`)).status()).toBe(200);
    } finally {
      await context.close();
    }
  }, 90_000);
});
