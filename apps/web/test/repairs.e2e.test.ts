import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RepairOrderInfo } from '@fieldhub/shared';
import { loggedIn, type Caller } from '../../server/test/harness';
import { made, role, subAccount } from '../../server/test/deviceFixtures';
import {
  type BrowserFixture,
  clickSettled,
  makeEnterprise,
  quietMotion,
  startBrowserFixture,
} from './browser';
import { expectScreenIn } from './screenLanguage';
import { shot } from './shots';

/**
 * Repair work orders (docs/requirements/operations.md §2, §5) in headless Chromium, in English:
 * an active alarm of a device → "Create repair order" on its row (device and alarm filled in) →
 * the order beside the device on its order route → dispatched to the repairer → the repairer,
 * on a phone-sized screen (390×844), finds it in the worksheet, accepts it, adds a photo from the
 * camera input (a 2400×1800 picture, sent as a 1600×1200 JPEG) and finishes it with the spare parts used → the admin opens the order route and
 * sees the finished order, its photo and its timeline beside the device, reached from the
 * message the repairer's steps sent. Screenshots only with
 * SHOTS=1.
 */

const wait = { timeout: 15_000 };
const ALARM_TEXT = 'Motor temperature high';
// the enterprise's first order: R + the year + its sequence
const NUMBER = `R${new Date().getUTCFullYear()}-0001`;
let f: BrowserFixture;
let admin: string;
let api: Caller;
let pump: number;
let alarmId: number;

beforeAll(async () => {
  f = await startBrowserFixture();
  const enterprise = await makeEnterprise(f.platform.ctx.db, 'Pump Station');
  admin = enterprise.admin;
  api = await loggedIn(f.platform.app, admin);
  pump = (await made(api, '/lfscada/equipment/multi/add', { name: 'Pump 1' })).id;
  const fixer = await role(api, 'Fixer', ['workorder_accept', 'monitor_view'], 'org');
  await subAccount(api, { segment: 'int', loginname: 'fixer', roleId: fixer });
  // an alarm as the alarm engine stores one (its rule and variable are not needed to show it)
  const [row] = await f.platform.ctx.db.query<{ id: number }>(
    `insert into alarms (org_id, equipment_id, kind, rule_id, variable_id, variable_name, condition, threshold,
                         level, content, trigger_value, triggered_at)
     values ($1, $2, 'signal', 1, 1, 'motor_temp', '>', 80, 'serious', $3, '92', now()) returning id`,
    [enterprise.orgId, pump, ALARM_TEXT],
  );
  alarmId = row!.id;
}, 120_000);
afterAll(async () => {
  await f.stop();
});

let cameraBytes = 0;

/** A 2400×1800 PNG of coloured noise made by the page's canvas (what a phone's camera would give). */
async function cameraPicture(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 2400;
    canvas.height = 1800;
    const g = canvas.getContext('2d')!;
    const image = g.createImageData(canvas.width, canvas.height);
    let seed = 7;
    for (let i = 0; i < image.data.length; i += 4) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      image.data[i] = (i / 4) % 256;
      image.data[i + 1] = seed & 0xff;
      image.data[i + 2] = 128;
      image.data[i + 3] = 255;
    }
    g.putImageData(image, 0, 0);
    return canvas.toDataURL('image/png');
  });
  const png = Buffer.from(dataUrl.split(',')[1]!, 'base64');
  cameraBytes = png.length;
  return png;
}

/** Width and height from a JPEG's start-of-frame segment. */
function jpegSize(b: Buffer): { width: number; height: number } | null {
  let i = 2;
  while (i + 9 < b.length && b[i] === 0xff) {
    const marker = b[i + 1]!;
    const length = b.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xc2)
      return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    i += 2 + length;
  }
  return null;
}

const panel = (page: Page) => page.getByTestId('repair-panel');
const state = (page: Page) => panel(page).getByTestId('repair-state').innerText();
const timeline = (page: Page) =>
  page.getByTestId('repair-timeline').locator('.ant-timeline-item').allInnerTexts();

describe('repair orders', () => {
  it('takes an alarm to a finished order with a photo, and shows it beside the device (en-US)', async () => {
    const { page } = await f.newPage('en-US');
    await f.signIn(page, admin);

    // the alarm tab of the device: its row makes the order, device and problem filled in
    await page.goto(`${f.baseUrl}/monitor/eg/detail/list/${pump}/1`);
    await page.getByTestId(`alarm-repair-${alarmId}`).click(wait);
    const form = page.getByTestId('repair-create-form');
    await form.waitFor(wait);
    expect(await form.getByTestId('repair-problem').inputValue()).toBe(ALARM_TEXT);
    expect(await form.getByTestId('repair-device').innerText()).toContain('Pump 1');
    await shot(page, 'repairs-0-from-alarm', { pointerAway: true });
    await clickSettled(page.locator('.ant-modal').getByRole('button', { name: 'Create repair order' }));

    // the order route: the device with the order beside it
    await page.waitForURL(new RegExp(`/monitor/eg/detail/list/${pump}/repair/\\d+$`), wait);
    const orderId = Number(/repair\/(\d+)$/.exec(page.url())![1]);
    await page.getByTestId('repair-side-panel').waitFor(wait);
    await expect.poll(() => state(page), wait).toBe('Pending');
    expect(await page.getByTestId('device-title').innerText()).toBe('Pump 1');
    await expectScreenIn(page, 'en-US', {
      shows: ['repairs:order', 'repairs:action.dispatch', 'repairs:timeline'],
      allow: ['Pump 1', ALARM_TEXT, NUMBER, `#${alarmId}`, admin, 'motor_temp'],
    });

    // dispatched to the repairer: the repairer is chosen in the dialog
    await panel(page).getByTestId('repair-dispatch').click();
    const dispatch = page.getByTestId('repair-dispatch-form');
    await clickSettled(page.locator('.ant-modal').getByRole('button', { name: 'Dispatch' }));
    await expect
      .poll(() => dispatch.locator('.ant-form-item-explain-error').innerText(), wait)
      .toBe('Choose the repairer');
    await dispatch.getByTestId('repair-repairer').click();
    await clickSettled(page.locator('.ant-select-item-option', { hasText: 'fixer' }));
    await clickSettled(page.locator('.ant-modal').getByRole('button', { name: 'Dispatch' }));
    await expect.poll(() => state(page), wait).toBe('Dispatched');
    await shot(page, 'repairs-1-dispatched', { pointerAway: true });

    // the repairer on a phone: the worksheet lists it, accept, a photo, finish with a spare part
    const phone = await f.browser.newContext({
      ...quietMotion,
      locale: 'en-US',
      viewport: { width: 390, height: 844 },
    });
    try {
      const mobile = await phone.newPage();
      await f.signIn(mobile, 'fixer', { at: `/manage/ops/worksheet` });
      const card = mobile.getByTestId(`worksheet-order-${orderId}`);
      await card.waitFor(wait);
      expect(await card.innerText()).toContain(ALARM_TEXT);
      const width = await mobile.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
      await shot(mobile, 'repairs-2-worksheet-phone');
      await card.click();
      await clickSettled(panel(mobile).getByTestId('repair-accept'));
      await expect.poll(() => state(mobile), wait).toBe('Accepted');
      const input = panel(mobile).getByTestId('repair-file-input');
      expect(await input.getAttribute('capture')).toBe('environment');
      expect(await input.getAttribute('accept')).toBe('image/*');
      // a camera-sized picture (2400×1800), drawn by the page: it is sent at most 1600 px as JPEG
      const camera = await cameraPicture(mobile);
      await input.setInputFiles({ name: 'IMG_0001.png', mimeType: 'image/png', buffer: camera });
      const photo = panel(mobile).locator('[data-testid^="repair-photo-"] img');
      await expect.poll(() => photo.getAttribute('src'), wait).toMatch(/^blob:/);
      await panel(mobile).getByTestId('repair-finish').click();
      const finish = mobile.getByTestId('repair-finish-form');
      await finish.getByTestId('repair-content').fill('Replaced the temperature sensor and its cable');
      await finish.getByTestId('repair-part-add').click();
      await finish.getByTestId('repair-part-name-0').fill('PT100 sensor');
      await shot(mobile, 'repairs-3-finish-phone');
      await clickSettled(mobile.locator('.ant-modal').getByRole('button', { name: 'Finish' }));
      await expect.poll(() => state(mobile), wait).toBe('Finished');
      await shot(mobile, 'repairs-4-finished-phone');
      await mobile.locator('.ant-drawer-close').click();
      await mobile.getByTestId('worksheet-empty-repairs').waitFor(wait);

      // an order not his, without a key to view orders: the server answers 90008, the screen
      // says so in the words of organisations-roles-permissions.md §4.4
      const { id: notHis } = await made(api, '/lfscada/ops/repair/create', {
        equipmentId: pump,
        problem: 'Coupling worn',
      });
      await mobile.goto(`${f.baseUrl}/monitor/eg/detail/list/${pump}/repair/${notHis}`);
      const noPermission = 'You have no permission to view repair order records';
      await expect.poll(() => mobile.getByTestId('repair-missing').innerText(), wait).toBe(noPermission);
      expect(await mobile.getByTestId('repair-no-permission').innerText()).toBe(noPermission);
    } finally {
      await phone.close();
    }

    // back at the desk: the repairer's messages about the order lead to the order beside the device
    await page.goto(`${f.baseUrl}/msg/detail/all/order/repair/${orderId}`);
    await expect
      .poll(() => page.getByTestId('msg-detail-table').locator('.ant-table-row').allInnerTexts(), wait)
      .toEqual([
        expect.stringContaining('Repair order finished'),
        expect.stringContaining('Repair order accepted'),
      ]);
    await page.getByTestId('msg-open-repair').click(wait);
    await page.waitForURL(`${f.baseUrl}/monitor/eg/detail/list/${pump}/repair/${orderId}`, wait);
    await expect.poll(() => state(page), wait).toBe('Finished');
    await expect.poll(() => timeline(page), wait).toHaveLength(5);
    const rows = await timeline(page);
    expect(rows.map((r) => r.split('\n')[0])).toEqual([
      `${admin} created the order`,
      `${admin} dispatched it to fixer`,
      'fixer accepted it',
      'fixer added IMG_0001.jpg',
      'fixer finished it',
    ]);
    expect(await panel(page).innerText()).toContain('PT100 sensor × 1');
    // the stored photo: a JPEG of 1600×1200, smaller than the picture taken
    const info = (await api.post<RepairOrderInfo>('/lfscada/ops/repair/info', { id: orderId }, true)).body
      .data;
    const [stored] = info.attachments;
    expect(stored).toMatchObject({ kind: 'image', mime: 'image/jpeg', fileName: 'IMG_0001.jpg' });
    expect(stored!.size).toBeLessThan(cameraBytes);
    const file = await fetch(`${f.baseUrl}/lfscada/ops/repair/attachment/download`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `sid=${api.cookie('sid')}` },
      body: JSON.stringify({ id: stored!.id }),
    });
    expect(jpegSize(Buffer.from(await file.arrayBuffer()))).toEqual({ width: 1600, height: 1200 });
    await page.getByTestId('device-repair-table').waitFor(wait);
    // beside, not over: the device's table ends where the panel starts
    const table = (await page.getByTestId('device-repair-table').boundingBox())!;
    const side = (await page.locator('.ant-drawer-content-wrapper').boundingBox())!;
    expect(table.x + table.width).toBeLessThanOrEqual(side.x);
    await shot(page, 'repairs-5-beside-device', { pointerAway: true });

    // the list of the enterprise's orders has it, finished
    await page.goto(`${f.baseUrl}/manage/ops/repairs`);
    await expect.poll(() => page.getByTestId(`repair-open-${orderId}`).innerText(), wait).toBe(NUMBER);
    await expectScreenIn(page, 'en-US', {
      shows: ['repairs:title', 'repairs:create', 'repairs:export', 'repairs:state.finished'],
      allow: ['Pump 1', ALARM_TEXT, NUMBER, admin, 'fixer'],
    });
    await shot(page, 'repairs-6-list', { pointerAway: true });
  });

  it('shows the repair screens in Chinese: list, order drawer, device tab, the order beside a device page, worksheet', async () => {
    const id = (
      await made(api, '/lfscada/ops/repair/create', {
        equipmentId: pump,
        problem: '轴承异响',
        priority: 'urgent',
      })
    ).id;
    const [fixer] = await f.platform.ctx.db.query<{ id: number }>(
      "select id from accounts where loginname = 'fixer'",
    );
    await made(api, '/lfscada/ops/repair/dispatch', { id, repairerId: fixer!.id });
    const { number } = (await api.post<RepairOrderInfo>('/lfscada/ops/repair/info', { id }, true)).body.data
      .order;
    const allow = ['Pump 1', '轴承异响', ALARM_TEXT, NUMBER, number, admin, 'fixer', 'PT100 sensor × 1'];

    const { page } = await f.newPage('zh-CN');
    await f.signIn(page, admin, { at: `/manage/ops/repairs` });
    await page.getByTestId(`repair-open-${id}`).waitFor(wait);
    await expectScreenIn(page, 'zh-CN', {
      shows: ['repairs:title', 'repairs:create', 'repairs:state.dispatched', 'repairs:priority.urgent'],
      allow,
    });
    await page.getByTestId(`repair-open-${id}`).click();
    await expect.poll(() => state(page), wait).toBe('已派发');
    await expectScreenIn(page, 'zh-CN', { shows: ['repairs:action.redispatch', 'repairs:timeline'], allow });
    await shot(page, 'repairs-7-drawer-zh', { pointerAway: true });

    await page.goto(`${f.baseUrl}/monitor/eg/detail/list/${pump}/0?tab=repair`);
    await page.getByTestId('device-repair-table').locator('tbody tr', { hasText: number }).waitFor(wait);
    await expectScreenIn(page, 'zh-CN', { shows: ['repairs:tab', 'repairs:field.number'], allow });
    // a row of the tab opens the order in a drawer, from the keyboard too
    await page.getByTestId(`device-repair-open-${id}`).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => state(page), wait).toBe('已派发');
    await page.keyboard.press('Escape');

    // the page variant of the order route: the device's page with the order beside it
    const { id: pageId } = await made(api, '/lfscada/configuration/page/add', {
      ownerKind: 'equipment',
      ownerId: pump,
      name: '泵房总览',
    });
    await page.goto(`${f.baseUrl}/monitor/eg/detail/page/${pageId}/repair/${id}`);
    await page.getByTestId('repair-side-panel').waitFor(wait);
    await expect.poll(() => panel(page).getByTestId('repair-number').innerText(), wait).toBe(number);
    await expect.poll(() => state(page), wait).toBe('已派发');
    await shot(page, 'repairs-9-beside-page-zh', { pointerAway: true });

    const { page: mobile } = await f.newPage('zh-CN');
    await mobile.setViewportSize({ width: 390, height: 844 });
    await f.signIn(mobile, 'fixer', { at: `/manage/ops/worksheet` });
    await mobile.getByTestId(`worksheet-order-${id}`).waitFor(wait);
    await expectScreenIn(mobile, 'zh-CN', { shows: ['worksheet:title', 'worksheet:section.repairs'], allow });
    await shot(mobile, 'repairs-8-worksheet-zh');
  });
});
