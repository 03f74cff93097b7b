import { mkdirSync } from 'node:fs';
import ExcelJS from 'exceljs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { messageFor } from '@fieldhub/shared';
import { freePlantPort, type GatewayProcess } from '../../gateway/test/support/gatewayProcess';
import { loggedIn, makePlatformOperator, type Caller } from '../../server/test/harness';
import { role, subAccount } from '../../server/test/deviceFixtures';
import { type BrowserFixture, clickSettled, makeEnterprise, startBrowserFixture } from './browser';
import { startPlantGateway, type PlantGateway } from './plantGateway';

/**
 * Issue 5's browser acceptance: the platform with its gateway link, and a real gateway process in
 * simulate mode reading its own simulated plant over Modbus TCP. In both languages the user opens
 * the device from the monitor list, sees a value change, writes a set point after confirming it
 * and sees it come back, sees the alarm on that set point appear and clear, and draws a history
 * curve. Every step is saved under apps/web/test-results/ for a person to look at.
 */

const shots = path.resolve(import.meta.dirname, '../test-results');
const DEVICE = 'Raw water tank';
const ALARM_TEXT = 'Set point high';

let f: BrowserFixture;
let admin: string;
let api: Caller;
let equipmentId: number;
let gateway: GatewayProcess;
let plant: PlantGateway | undefined;
let sn: string;

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

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  f = await startBrowserFixture({ link: true });
  ({ admin } = await makeEnterprise(f.platform.ctx.db, 'Monitor Works'));
  api = await loggedIn(f.platform.app, admin);
  const operator = await loggedIn(f.platform.app, (await makePlatformOperator(f.platform.ctx.db)).operator);
  sn = String(880_000_000_000 + (process.pid % 100_000));
  const [issued] = (
    (
      await operator.post(
        '/lfscada/hardware/register',
        { series: 'EG', model: 'EG-4G', gateways: [{ sn }] },
        true,
      )
    ).body as Json<{ sn: string; verifyCode: string; mqttPassword: string }[]>
  ).data;
  const group = await made('/lfscada/equipment/group/add', { name: 'Water treatment' });
  ({ id: equipmentId } = await made('/lfscada/equipment/multi/add', { name: DEVICE, groupId: group.id }));
  await made('/lfscada/equipment/multi/bindGateway', { equipmentId, sn, verifyCode: issued!.verifyCode });
  const owner = { equipmentId };
  const plantPort = await freePlantPort();
  const driver = await made('/lfscada/equipment/multi/driver/add', {
    owner,
    item: {
      protocol: 'modbus-tcp',
      name: 'Plant PLC',
      ip: '127.0.0.1',
      port: plantPort,
      slaveId: 1,
      minCollectMs: 500,
    },
  });
  const variable = (item: Record<string, unknown>) =>
    made('/lfscada/equipment/multi/variable/add', { owner, item: { driverId: driver.id, ...item } });
  await variable({
    name: 'tank_level',
    unit: 'm',
    dataType: 'float32',
    registerType: '4x',
    address: '0',
    rw: 'r',
    decimals: 4,
    storeHistory: true,
  });
  // the meter's power carries noise on every plant step, so it changes every second whatever the tank does
  await variable({
    name: 'power',
    unit: 'kW',
    dataType: 'float32',
    registerType: '4x',
    address: '22',
    rw: 'r',
  });
  const setpoint = await variable({
    name: 'level_setpoint',
    unit: 'm',
    dataType: 'float32',
    registerType: '4x',
    address: '2',
    rw: 'rw',
    decimals: 2,
    writeLower: 0,
    writeUpper: 10,
    storeHistory: true,
  });
  await made('/lfscada/equipment/multi/alarm/add', {
    owner,
    item: {
      variableId: setpoint.id,
      condition: 'gt',
      value: 8,
      content: ALARM_TEXT,
      level: 'serious',
      methods: ['message', 'sms'],
    },
  });

  // the gateway as an operator runs it, with its own simulated plant, online and reporting
  plant = await startPlantGateway(f, {
    sn,
    mqttPassword: issued!.mqttPassword,
    plantPort,
    api,
    equipmentId,
    firstSignal: 'tank_level',
  });
  gateway = plant.gateway;
}, 180_000);

afterAll(async () => {
  await plant?.stop();
  await f?.stop();
});

async function signIn(page: Page, loginname = admin) {
  await f.signIn(page, loginname);
}

async function shot(page: Page, lang: string, name: string) {
  // let toasts and tab animations settle so the picture shows the step itself
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(shots, `monitor-${lang}-${name}.png`), fullPage: true });
}

const text = (page: Page, testId: string) => page.getByTestId(testId).innerText();

async function openTab(page: Page, key: string) {
  await page.locator(`[data-testid=monitor-tabs] [data-node-key="${key}"]`).click();
}

/** Writes a value through the command tab: the confirmation, then the gateway's answer. */
async function writeSetpoint(page: Page, value: string, lang: string, step: string) {
  await openTab(page, 'command');
  await page.getByTestId('write-input-level_setpoint').fill(value);
  await page.getByTestId('write-button-level_setpoint').click();
  await page.getByTestId('write-confirm').waitFor();
  if (step) await shot(page, lang, step);
  await clickSettled(page.getByTestId('write-confirm'));
  await commandEnded(page);
  expect(await page.getByTestId('command-result').getAttribute('class')).toContain('success');
}

/**
 * Waits for the command's outcome. A task expires after 60 s and the poll schedule looks again
 * 30 s apart at worst, so the page has its answer within 95 s whatever the machine's load; when it
 * has not, the error says where the command stood: the page, the task rows, the gateway's log.
 */
async function commandEnded(page: Page) {
  try {
    await page.getByTestId('command-result').waitFor({ timeout: 95_000 });
  } catch (err) {
    const progress = await page
      .getByTestId('command-progress')
      .innerText({ timeout: 1000 })
      .catch(() => '(no progress shown)');
    const modalOpen = await page.locator('.ant-modal-confirm').isVisible();
    const tasks = await f.platform.ctx.db.query(
      'select uuid, kind, state, code, created_at, finished_at from command_tasks order by created_at desc limit 3',
    );
    throw new Error(
      `no command result: ${(err as Error).message}\nprogress: ${progress}\nconfirm still open: ${modalOpen}` +
        `\ntasks: ${JSON.stringify(tasks)}\ngateway log: ${JSON.stringify(gateway.lines.slice(-12))}`,
      { cause: err },
    );
  }
}

describe('live device monitoring in the browser', () => {
  it.each(['zh-CN', 'en-US'] as const)(
    'watches, writes, alarms and draws a curve in %s',
    async (lang) => {
      const { context, page } = await f.newPage(lang);
      await signIn(page);

      // the monitor list: the device card with its gateway online
      await page.goto(`${f.baseUrl}/monitor/eg/list`);
      const card = page.getByTestId(`device-card-${equipmentId}`);
      await card.waitFor();
      expect(await text(page, `device-status-${equipmentId}`)).toBe(lang === 'zh-CN' ? '在线' : 'Online');
      await shot(page, lang, '1-list');

      // follow star, list view, and the empty state of a search that matches nothing
      await page.getByTestId(`follow-${equipmentId}`).click();
      await expect
        .poll(() => page.getByTestId(`follow-${equipmentId}`).getAttribute('aria-pressed'))
        .toBe('true');
      await page
        .getByTestId('monitor-view')
        .getByText(lang === 'zh-CN' ? '列表' : 'List')
        .click();
      await expect.poll(() => text(page, 'monitor-table')).toContain(DEVICE);
      await shot(page, lang, '1b-list-view');
      await page.getByTestId('monitor-search').locator('input').fill('no such device');
      await page.getByTestId('monitor-search').locator('input').press('Enter');
      await page.getByTestId('monitor-empty').waitFor();
      await shot(page, lang, '1c-empty');
      await page.getByTestId(`follow-${equipmentId}`).waitFor({ state: 'detached' });
      await page.getByTestId('monitor-empty').getByRole('button').click();
      await page.getByTestId(`follow-${equipmentId}`).click();
      await expect
        .poll(() => page.getByTestId(`follow-${equipmentId}`).getAttribute('aria-pressed'))
        .toBe('false');
      await page
        .getByTestId('monitor-view')
        .getByText(lang === 'zh-CN' ? '卡片' : 'Cards')
        .click();

      // real-time data: values arrive and the power reading moves with the simulated plant
      await card.click();
      await page.waitForURL((u) => u.pathname === `/monitor/eg/detail/list/${equipmentId}/0`);
      await expect
        .poll(() => text(page, 'live-state'), { timeout: 15_000 })
        .toBe(lang === 'zh-CN' ? '实时' : 'Live');
      await expect.poll(() => text(page, 'value-tank_level'), { timeout: 15_000 }).toMatch(/^\d+\.\d{4}$/);
      const power = page.getByTestId('value-power');
      await expect.poll(() => power.innerText(), { timeout: 15_000 }).toMatch(/^\d+\.\d{2}$/);
      const first = await power.innerText();
      await expect.poll(() => power.innerText(), { timeout: 5_000 }).not.toBe(first);
      await shot(page, lang, '2-realtime');

      // a value above the write limit is refused in the page with the catalogue's message
      await openTab(page, 'command');
      await page.getByTestId('write-input-level_setpoint').fill('11');
      await page.getByTestId('write-button-level_setpoint').click();
      expect(await text(page, 'write-problem-level_setpoint')).toBe(messageFor(2003, lang));
      await shot(page, lang, '3-limit');

      // a confirmed write of 9 m comes back as the set point's value, and raises the alarm (> 8)
      await writeSetpoint(page, '9', lang, '4-confirm');
      await shot(page, lang, '5-written');
      await openTab(page, 'realtime');
      await expect.poll(() => text(page, 'value-level_setpoint'), { timeout: 15_000 }).toBe('9.00');
      await openTab(page, 'alarm');
      const alarms = page.getByTestId('alarm-table');
      await expect.poll(() => alarms.innerText(), { timeout: 15_000 }).toContain(ALARM_TEXT);
      expect(await alarms.innerText()).toContain(lang === 'zh-CN' ? '未处理' : 'Active');
      // the tab's badge counts it
      const badge = page.locator('[data-testid=monitor-tabs] [data-node-key="alarm"] .ant-badge-count');
      await expect.poll(() => badge.getAttribute('title')).toBe('1');
      await shot(page, lang, '6-alarm');
      // whom it notified, and how: without an SMS provider the SMS is only recorded
      await alarms.locator('.ant-table-row-expand-icon').first().click();
      const notified = alarms.locator('[data-testid^=alarm-notifications-]');
      await expect.poll(() => notified.innerText()).toContain(lang === 'zh-CN' ? '短信' : 'SMS');
      await shot(page, lang, '6b-notified');

      // writing 5 m clears it: no active alarm left, and the history shows it cleared
      await writeSetpoint(page, '5', lang, '');
      await openTab(page, 'alarm');
      await expect
        .poll(() => page.getByTestId('alarm-table').innerText(), { timeout: 15_000 })
        .toContain(lang === 'zh-CN' ? '没有未处理的报警' : 'No active alarms');
      await page
        .getByTestId('alarm-view')
        .getByText(lang === 'zh-CN' ? '历史' : 'History', { exact: true })
        .click();
      await expect
        .poll(() => page.getByTestId('alarm-table').innerText())
        .toContain(lang === 'zh-CN' ? '已恢复' : 'Cleared');
      await shot(page, lang, '7-alarm-cleared');
      // the history the table shows, exported: the alarm with its message, cleared, headers in the language
      const [sheet] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('alarm-export').click(),
      ]);
      expect(sheet.suggestedFilename()).toMatch(/\.xlsx$/);
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(await sheet.path());
      const exported = book.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
      expect(exported[0]!.slice(1, 4)).toEqual(
        lang === 'zh-CN' ? ['设备', '变量', '报警等级'] : ['Device', 'Variable', 'Level'],
      );
      expect(
        exported.some((r) => r.includes(ALARM_TEXT) && r.includes(lang === 'zh-CN' ? '已恢复' : 'Cleared')),
      ).toBe(true);
      const [record] = (
        (await api.post('/lfscada/monitor/multi/alarm/query', { equipmentId, pageNum: 1, pageSize: 1 }, true))
          .body as Json<{ list: { state: string; content: string; releasedAt: number | null }[] }>
      ).data.list;
      expect(record).toMatchObject({ state: 'cleared', content: ALARM_TEXT });
      expect(record!.releasedAt).not.toBeNull();

      // gateway info: online, its SN, configuration in sync
      await openTab(page, 'gateway');
      await expect.poll(() => text(page, 'gateway-status')).toBe(lang === 'zh-CN' ? '在线' : 'Online');
      expect(await text(page, 'gateway-info')).toContain(sn);
      await shot(page, lang, '8-gateway');

      // a read from the field through the gateway answers the set point just written
      await openTab(page, 'command');
      await page.getByTestId('read-button').click();
      await commandEnded(page);
      await expect.poll(() => text(page, 'read-table')).toContain('5.00 m');

      // stored history: the written set points are among the records
      await openTab(page, 'history');
      await page.getByTestId('history-variables').click();
      await clickSettled(
        page
          .locator('.ant-select-dropdown:visible .ant-select-item-option')
          .filter({ hasText: 'level_setpoint' }),
      );
      await page.keyboard.press('Escape');
      await page.getByTestId('history-search').click();
      await expect.poll(() => text(page, 'history-table'), { timeout: 15_000 }).toContain('9.00 m');
      await shot(page, lang, '9-history');
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('history-export').click(),
      ]);
      expect(file.suggestedFilename()).toMatch(/\.xlsx$/);

      // the history curve of the tank level and the set point
      await openTab(page, 'history-curve');
      await page.getByTestId('history-curve-variables').click();
      await clickSettled(
        page
          .locator('.ant-select-dropdown:visible .ant-select-item-option')
          .filter({ hasText: 'level_setpoint' }),
      );
      await page.keyboard.press('Escape');
      await page.getByTestId('history-curve-draw').click();
      const info = page.getByTestId('history-curve-info');
      await info.waitFor({ timeout: 15_000 });
      expect(Number(/\d+/.exec(await info.innerText())?.[0])).toBeGreaterThan(1);
      expect(await page.locator('[data-testid=history-curve] canvas').count()).toBeGreaterThan(0);
      // zooming in at the right end (ctrl + wheel) asks the server for the narrower range
      const chart = page.getByTestId('history-curve');
      const span = async () => {
        const [from, to] = ((await chart.getAttribute('data-range')) ?? '0-0').split('-').map(Number);
        return to! - from!;
      };
      const before = await span();
      const box = (await page.getByTestId('history-curve').boundingBox())!;
      // the plot ends 24 px before the chart's right edge: zoom about the newest values
      await page.mouse.move(box.x + box.width - 26, box.y + box.height / 2);
      await page.keyboard.down('Control');
      for (let i = 0; i < 12; i++) await page.mouse.wheel(0, -300);
      await page.keyboard.up('Control');
      await page.getByTestId('history-curve-back').waitFor({ timeout: 10_000 });
      expect(await span()).toBeLessThan(before);
      await expect.poll(() => page.locator('[data-testid=monitor-tabs] .ant-spin-spinning').count()).toBe(0);
      await shot(page, lang, '10-history-curve-zoomed');

      // the real-time curve draws the socket's values
      await openTab(page, 'curve');
      const curve = page.getByTestId('realtime-curve');
      await expect
        .poll(async () => Number(await curve.getAttribute('data-points')), { timeout: 10_000 })
        .toBeGreaterThan(2);
      await page.waitForTimeout(1200);
      await shot(page, lang, '11-realtime-curve');
      await context.close();
    },
    180_000,
  );

  it('shows a watcher without write permission the values but no write, share or log', async () => {
    const watcherRole = await role(api, 'Watchers', ['monitor_view', 'monitor_equipinfo_menu_alarm']);
    await subAccount(api, { segment: 'int', loginname: 'monitor-watcher', roleId: watcherRole });
    const { context, page } = await f.newPage('en-US');
    await signIn(page, 'monitor-watcher');
    await page.goto(`${f.baseUrl}/monitor/eg/detail/list/${equipmentId}/1`);
    // :alarm = 1 opens the alarm tab
    await page.getByTestId('alarm-table').waitFor();
    expect(await page.getByTestId('share').count()).toBe(0);
    expect(await page.locator('[data-testid=monitor-tabs] [data-node-key="log"]').count()).toBe(0);
    await openTab(page, 'command');
    expect(await text(page, 'no-write')).toBe(messageFor(2006, 'en-US'));
    expect(await page.getByTestId('write-button-level_setpoint').isDisabled()).toBe(true);
    expect(await page.getByTestId('write-input-level_setpoint').isDisabled()).toBe(true);
    await shot(page, 'en-US', '12-no-write-permission');
    await openTab(page, 'realtime');
    await expect.poll(() => text(page, 'value-tank_level'), { timeout: 15_000 }).toMatch(/^\d+\.\d{4}$/);
    await context.close();
  }, 120_000);
});
