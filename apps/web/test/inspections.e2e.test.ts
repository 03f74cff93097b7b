import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sleep } from '@fieldhub/testkit';
import type { BrowserContext, Page } from 'playwright-core';
import { loggedIn, type Caller } from '../../server/test/harness';
import { made, role, subAccount } from '../../server/test/deviceFixtures';
import { PNG_1X1 } from '../../server/test/smartReportFixtures';
import { runInspectionSchedules } from '../../server/src/modules/inspections/inspectionScheduler';
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
 * Inspections (docs/requirements/operations.md §3–§5) in headless Chromium, in Chinese, in
 * Shanghai time: the admin makes a daily plan on /manage/ops/inspection_plan with the device,
 * item and inspector pickers and the schedule editor → the scheduler makes the day's task → the
 * inspector, on a phone-sized screen (390×844), opens it from the worksheet, marks one item
 * abnormal, enters a number, takes a photo and submits with "create a repair order" → the task
 * is abnormal on the device's Inspection tab and the device has a repair order listing the
 * abnormal item; the inspector's message opens the device with the task beside it, and the page
 * route shows it beside a page of the device. The window is the whole Shanghai day (00:00–23:59). Screenshots only with SHOTS=1.
 */

const wait = { timeout: 15_000 };
let f: BrowserFixture;
let admin: string;
let api: Caller;
let pump: number;
const contexts: BrowserContext[] = [];

async function shanghaiPage(viewport: { width: number; height: number }): Promise<Page> {
  const context = await f.browser.newContext({
    ...quietMotion,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport,
  });
  contexts.push(context);
  return context.newPage();
}

/** Picks the options named `labels` of an antd select (multiple), then closes its list. */
async function pick(page: Page, testId: string, labels: string[]) {
  await page.getByTestId(testId).click();
  for (const label of labels)
    await clickSettled(
      page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: label }),
    );
  await page.keyboard.press('Escape');
}

/** Types a time into an antd time picker. */
async function typeTime(page: Page, testId: string, time: string) {
  const input = page
    .getByTestId(testId)
    .locator('input')
    .or(page.locator(`input[data-testid="${testId}"]`))
    .first();
  await input.click();
  await input.fill(time);
  await input.press('Enter');
}

beforeAll(async () => {
  f = await startBrowserFixture();
  const enterprise = await makeEnterprise(f.platform.ctx.db, 'Water Works');
  admin = enterprise.admin;
  api = await loggedIn(f.platform.app, admin);
  pump = (await made(api, '/lfscada/equipment/multi/add', { name: '1号泵' })).id;
  const inspectorRole = await role(api, '巡检员', ['monitor_view', 'monitor_multi_designer_repair'], 'org');
  await subAccount(api, { segment: 'int', loginname: 'walker', roleId: inspectorRole });
  await made(api, '/lfscada/inspection/item/add', { name: '异响', method: '听', resultKind: 'check' });
  await made(api, '/lfscada/inspection/item/add', { name: '出口压力', resultKind: 'number', min: 2, max: 4 });
  await made(api, '/lfscada/inspection/item/add', { name: '铭牌照片', resultKind: 'photo' });
}, 120_000);
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
  await f.stop();
});

describe('inspections', () => {
  it('takes a plan to an abnormal task filled on a phone, which opens a repair order (zh-CN)', async () => {
    // the journey's window is today's whole Shanghai day: started in its last two minutes, it
    // would see the day change under it, so it starts in the next day instead (rarely waits)
    const toMidnight = 86_400_000 - ((Date.now() + 8 * 3_600_000) % 86_400_000);
    if (toMidnight < 120_000) await sleep(toMidnight + 1_000);
    const page = await shanghaiPage({ width: 1366, height: 800 });
    await f.signIn(page, admin);

    // the items screen lists what the plan will ask
    await page.goto(`${f.baseUrl}/manage/ops/inspection_content`);
    await expect
      .poll(() => page.getByTestId('item-table').locator('tbody tr.ant-table-row').count(), wait)
      .toBe(3);
    await expectScreenIn(page, 'zh-CN', {
      shows: ['inspections:items.title', 'inspections:kind.number', 'inspections:kind.photo'],
      allow: ['异响', '出口压力', '铭牌照片', '听', admin],
    });
    await shot(page, 'inspections-0-items', { pointerAway: true });

    // a daily plan over the whole day, with the pickers and the schedule editor
    await page.goto(`${f.baseUrl}/manage/ops/inspection_plan`);
    await page.getByTestId('plan-add').click();
    const form = page.getByTestId('inspection-plan-form');
    await form.waitFor(wait);
    await clickSettled(
      page
        .locator('.ant-modal')
        .getByRole('button', { name: '保 存' })
        .or(page.locator('.ant-modal').getByRole('button', { name: '保存' }))
        .first(),
    );
    await expect
      .poll(() => form.locator('.ant-form-item-explain-error').allInnerTexts(), wait)
      .toEqual(['请输入计划名称', '请至少选择一台设备', '请至少选择一项巡检内容', '请至少选择一位巡检人']);
    await form.getByTestId('plan-name').fill('泵房日检');
    await pick(page, 'plan-devices', ['1号泵']);
    await pick(page, 'plan-items', ['异响', '出口压力', '铭牌照片']);
    await pick(page, 'plan-inspectors', ['walker']);
    await typeTime(page, 'schedule-start', '00:00');
    await typeTime(page, 'schedule-end', '23:59');
    await expect
      .poll(() => form.getByTestId('schedule-upcoming').innerText(), wait)
      .toMatch(
        // today's window (under way) first
        new RegExp(`^${new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10)} 00:00–23:59 · `),
      );
    await shot(page, 'inspections-1-plan-form', { pointerAway: true });
    await clickSettled(
      page
        .locator('.ant-modal')
        .getByRole('button', { name: '保 存' })
        .or(page.locator('.ant-modal').getByRole('button', { name: '保存' }))
        .first(),
    );
    await expect
      .poll(() => page.getByTestId('plan-table').locator('tbody tr.ant-table-row').first().innerText(), wait)
      .toContain('每天 00:00–23:59');
    await expectScreenIn(page, 'zh-CN', {
      shows: ['inspections:plans.title', 'inspections:field.open-tasks'],
      allow: ['泵房日检', 'walker', admin],
    });

    // the scheduler's run makes the tasks
    const run = await runInspectionSchedules({
      db: f.platform.ctx.db,
      clock: f.platform.clock,
      bus: f.platform.ctx.monitor.bus,
    });
    // today's window and tomorrow's (a day ahead); today's has begun: its inspector is told
    expect(run).toMatchObject({ made: 2, messages: 1 });
    await page.getByTestId('plan-tasks-泵房日检').click();
    await expect
      .poll(
        () => page.getByTestId('plan-task-table').locator('tbody tr.ant-table-row').first().innerText(),
        wait,
      )
      .toContain('未开始');
    await shot(page, 'inspections-2-plan-tasks', { pointerAway: true });

    // the inspector on a phone: the worksheet lists the task, filled in a full-width drawer
    const mobile = await shanghaiPage({ width: 390, height: 844 });
    await f.signIn(mobile, 'walker', { at: `/manage/ops/worksheet` });
    const card = mobile.getByTestId('my-inspection-1号泵');
    await card.waitFor(wait);
    expect(await card.innerText()).toContain('泵房日检');
    expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(mobile, 'inspections-3-worksheet-phone');
    await card.click();
    const taskForm = mobile.getByTestId('inspection-form');
    await taskForm.waitFor(wait);
    // nothing filled: each item says what it needs
    await clickSettled(mobile.getByTestId('inspection-submit'));
    await expect
      .poll(() => taskForm.locator('.ant-form-item-explain-error').allInnerTexts(), wait)
      .toEqual(['请填写结果', '请填写结果', '请添加照片']);
    await taskForm.getByTestId('inspect-异响').getByText('异常').click();
    await taskForm.getByTestId('inspect-出口压力').fill('3.2');
    const camera = taskForm.getByTestId('inspect-铭牌照片');
    expect(await camera.getAttribute('capture')).toBe('environment');
    expect(await camera.getAttribute('accept')).toBe('image/*');
    await camera.setInputFiles({
      name: 'IMG_0002.png',
      mimeType: 'image/png',
      buffer: Buffer.from(PNG_1X1.split(',')[1]!, 'base64'),
    });
    await taskForm.getByTestId('inspect-铭牌照片-preview').waitFor(wait);
    await taskForm.getByTestId('inspection-note').fill('轴承有异响');
    expect(await taskForm.getByTestId('inspection-repair').isChecked()).toBe(true);
    expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(mobile, 'inspections-4-task-form-phone', { fullPage: true });
    await clickSettled(mobile.getByTestId('inspection-submit'));
    await mobile.getByTestId('worksheet-empty-inspections').waitFor(wait);
    await shot(mobile, 'inspections-5-worksheet-done-phone');

    // the message that told the inspector opens the device with the task beside it
    const [task] = await f.platform.ctx.db.query<{ id: number }>(
      `select id from inspection_tasks where status = 'abnormal'`,
    );
    await mobile.goto(`${f.baseUrl}/msg/detail/all/order/inspection/${task!.id}`);
    await clickSettled(mobile.getByTestId('msg-open-inspection'));
    await mobile.waitForURL(new RegExp(`/monitor/eg/detail/list/${pump}/inspection/${task!.id}$`), wait);
    const beside = mobile.getByTestId('inspection-side-panel');
    await expect
      .poll(() => beside.getByTestId('inspection-results').innerText(), wait)
      .toContain('轴承有异响');
    expect(await beside.innerText()).toContain('异常');
    await shot(mobile, 'inspections-6-task-beside-device-phone');

    // back at the desk: the device's Inspection tab has the abnormal record with its results
    await page.goto(`${f.baseUrl}/monitor/eg/detail/list/${pump}/0?tab=inspection`);
    const row = page.getByTestId('device-inspection-table').locator('tbody tr.ant-table-row').first();
    await expect.poll(() => row.innerText(), wait).toContain('异常');
    expect(await row.innerText()).toContain('walker');
    await row.click();
    const results = page.getByTestId('inspection-results');
    await results.waitFor(wait);
    expect(await results.innerText()).toContain('轴承有异响');
    await expectScreenIn(page, 'zh-CN', {
      shows: ['inspections:tab', 'inspections:status.abnormal', 'inspections:field.inspector'],
      allow: ['1号泵', '泵房日检', 'walker', '异响', '出口压力', '铭牌照片', '3.2', '轴承有异响', admin],
    });
    await shot(page, 'inspections-7-device-tab', { pointerAway: true });

    // the page variant of the route: a page of the device with the task beside it
    const { id: pageId } = await made(api, '/lfscada/configuration/page/add', {
      ownerKind: 'equipment',
      ownerId: pump,
      name: '泵房总览',
    });
    await page.goto(`${f.baseUrl}/monitor/eg/detail/page/${pageId}/inspection/${task!.id}`);
    const besidePage = page.getByTestId('inspection-side-panel');
    await expect
      .poll(() => besidePage.getByTestId('inspection-results').innerText(), wait)
      .toContain('轴承有异响');
    expect(await besidePage.innerText()).toContain('异常');

    // the repair order of the abnormal result, for the device
    const orders = await made<{ list: { equipmentId: number; problem: string }[] }>(
      api,
      '/lfscada/ops/repair/list',
      {
        pageNum: 1,
        pageSize: 10,
      },
    );
    expect(orders.list).toEqual([
      expect.objectContaining({ equipmentId: pump, problem: '泵房日检: 异响 — 轴承有异响' }),
    ]);
    // room for the wait before a Shanghai midnight above
  }, 200_000);

  // a browser in UTC: the plan names its zone, the windows show in the browser's time
  it("renders the plans, a plan's tasks and the items in English too", async () => {
    const { page } = await f.newPage('en-US');
    await f.signIn(page, admin, { at: `/manage/ops/inspection_plan` });
    await expect
      .poll(() => page.getByTestId('plan-table').innerText(), wait)
      .toContain('Every day 00:00–23:59 (UTC+08:00)');
    await page.getByTestId('plan-tasks-泵房日检').click();
    await expect.poll(() => page.getByTestId('plan-task-table').innerText(), wait).toContain('Abnormal');
    await expectScreenIn(page, 'en-US', {
      shows: ['inspections:plans.title', 'inspections:status.abnormal', 'inspections:status.pending'],
      allow: ['泵房日检', '1号泵', 'walker', admin],
    });
    await shot(page, 'inspections-8-plan-tasks-en', { pointerAway: true });
    await page.goto(`${f.baseUrl}/manage/ops/inspection_content`);
    await expect.poll(() => page.getByTestId('item-table').innerText(), wait).toContain('Number (2 – 4)');
    await expectScreenIn(page, 'en-US', {
      shows: ['inspections:items.title', 'inspections:kind.check', 'inspections:kind.photo'],
      allow: ['异响', '出口压力', '铭牌照片', '听', admin],
    });
  });
});
