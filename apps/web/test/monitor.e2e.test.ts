import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { messageFor } from '@fieldhub/shared';
import type { GatewayProcess } from '../../gateway/test/support/gatewayProcess';
import { loggedIn, type Caller } from '../../server/test/harness';
import { role, subAccount } from '../../server/test/deviceFixtures';
import { type BrowserFixture, clickSettled, makeEnterprise, startBrowserFixture } from './browser';
import { followCommand } from './deviceCommand';
import { plantDevice, startPlantGateway, type PlantGateway } from './plantGateway';
import { expectScreenIn, tr } from './screenLanguage';
import { shot } from './shots';

/**
 * Issue 5's browser acceptance: the platform with its gateway link, and a real gateway process in
 * simulate mode reading its own simulated plant over Modbus TCP. The user opens the device from
 * the monitor list, sees a value change, writes a set point after confirming it and sees it come
 * back, sees the alarm on that set point appear and clear, and draws a history curve.
 *
 * Languages: the journey runs in English, the watcher without write permission too. The quick
 * check opens the journey's screens in Chinese after it: the card list, the list view and its
 * empty search, the device's tabs (live state, the refused write with catalogue 2003, the alarm
 * tab with the cleared alarm and whom it notified, the alarm export's headers and state, the
 * gateway, history and curve tabs), each with its texts from the locale files and nothing
 * untranslated or English. The active alarm is seen in Chinese during the journey.
 *
 * The page runs on Playwright's clock, so a command's outcome is shown as soon as the server has
 * it (deviceCommand.ts) instead of on the page's next poll. Screenshots only with SHOTS=1.
 */

const DEVICE = 'Raw water tank';
const ALARM_TEXT = 'Set point high';
const PAGE = 'Tank overview';

let f: BrowserFixture;
let admin: string;
let api: Caller;
let equipmentId: number;
let gateway: GatewayProcess;
let plant: PlantGateway | undefined;
let sn: string;
let groupId: number;
let pageId: number;

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
  f = await startBrowserFixture({ link: true });
  ({ admin } = await makeEnterprise(f.platform.ctx.db, 'Monitor Works'));
  api = await loggedIn(f.platform.app, admin);
  const device = await plantDevice(f, api, {
    name: DEVICE,
    group: 'Water treatment',
    snBase: 880_000_000_000,
  });
  ({ equipmentId, groupId, sn } = device);
  const variable = device.variable;
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
  const setpointId = await variable({
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
    owner: device.owner,
    item: {
      variableId: setpointId,
      condition: 'gt',
      value: 8,
      content: ALARM_TEXT,
      level: 'serious',
      methods: ['message', 'sms'],
    },
  });

  // the device's own configuration page, opened from the monitor
  ({ id: pageId } = await made('/lfscada/configuration/page/add', {
    ownerKind: 'equipment',
    ownerId: equipmentId,
    name: PAGE,
  }));

  // the gateway as an operator runs it, with its own simulated plant, online and reporting
  plant = await startPlantGateway(f, {
    sn,
    mqttPassword: device.mqttPassword,
    plantPort: device.plantPort,
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

const signIn = (page: Page, loginname = admin, at?: string) => f.signIn(page, loginname, { at });

const picture = (page: Page, lang: string, name: string) =>
  shot(page, `monitor-${lang}-${name}`, { fullPage: true });

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
  if (step) await picture(page, lang, step);
  await commandEnded(page, () => clickSettled(page.getByTestId('write-confirm')));
  expect(await page.getByTestId('command-result').getAttribute('class')).toContain('success');
}

/**
 * Sends a command by `act` and waits for its outcome on the page (deviceCommand.ts); when it does
 * not come, the error says where the command stood: the page, the task rows, the gateway's log.
 */
function commandEnded(page: Page, act: () => Promise<void>) {
  return followCommand(f, page, act, page.getByTestId('command-result'), {
    describe: async () => {
      const progress = await page
        .getByTestId('command-progress')
        .innerText({ timeout: 1000 })
        .catch(() => '(no progress shown)');
      const modalOpen = await page.locator('.ant-modal-confirm').isVisible();
      return `progress: ${progress}\nconfirm still open: ${modalOpen}\ngateway log: ${JSON.stringify(gateway.lines.slice(-12))}`;
    },
  });
}

/** What the screens say, as the journey (English) and the quick check (Chinese) read it. */
const words = {
  'zh-CN': {
    online: '在线',
    list: '列表',
    cards: '卡片',
    live: '实时',
    active: '未处理',
    sms: '短信',
    noActive: '没有未处理的报警',
    history: '历史',
    cleared: '已恢复',
    delayed: '迟到上报',
    exportHeaders: ['设备', '变量', '报警等级'],
  },
  'en-US': {
    online: 'Online',
    list: 'List',
    cards: 'Cards',
    live: 'Live',
    active: 'Active',
    sms: 'SMS',
    noActive: 'No active alarms',
    history: 'History',
    cleared: 'Cleared',
    delayed: 'Learnt late',
    exportHeaders: ['Device', 'Variable', 'Level'],
  },
} as const;

describe('live device monitoring in the browser', () => {
  it('watches, writes, alarms and draws a curve (en-US)', async () => {
    const lang = 'en-US';
    const w = words[lang];
    const { context, page } = await f.newPage(lang);
    await page.clock.install();
    await signIn(page);

    // the monitor list: the device card with its gateway online
    await page.goto(`${f.baseUrl}/monitor/eg/list`);
    const card = page.getByTestId(`device-card-${equipmentId}`);
    await card.waitFor();
    expect(await text(page, `device-status-${equipmentId}`)).toBe(w.online);
    await picture(page, lang, '1-list');

    // the device's configuration page opens from its card, live
    expect(await text(page, `device-pages-${equipmentId}`)).toBe(
      tr(lang, 'monitor:card.pages', { count: 1 }),
    );
    await page.getByTestId(`device-pages-${equipmentId}`).click();
    await page.waitForURL((u) => u.pathname === `/monitor/eg/group/configuration/${groupId}/${equipmentId}`);
    await page.getByTestId('viewer-empty').waitFor();
    expect(await page.locator('h4').first().innerText()).toBe(PAGE);
    await page.goto(`${f.baseUrl}/monitor/eg/list`);
    await card.waitFor();

    // follow star, list view, and the empty state of a search that matches nothing
    await page.getByTestId(`follow-${equipmentId}`).click();
    await expect
      .poll(() => page.getByTestId(`follow-${equipmentId}`).getAttribute('aria-pressed'))
      .toBe('true');
    await page.getByTestId('monitor-view').getByText(w.list).click();
    await expect.poll(() => text(page, 'monitor-table')).toContain(DEVICE);
    await picture(page, lang, '1b-list-view');
    await page.getByTestId('monitor-search').locator('input').fill('no such device');
    await page.getByTestId('monitor-search').locator('input').press('Enter');
    await page.getByTestId('monitor-empty').waitFor();
    await picture(page, lang, '1c-empty');
    await page.getByTestId(`follow-${equipmentId}`).waitFor({ state: 'detached' });
    await page.getByTestId('monitor-empty').getByRole('button').click();
    await page.getByTestId(`follow-${equipmentId}`).click();
    await expect
      .poll(() => page.getByTestId(`follow-${equipmentId}`).getAttribute('aria-pressed'))
      .toBe('false');
    await page.getByTestId('monitor-view').getByText(w.cards).click();

    // real-time data: values arrive and the power reading moves with the simulated plant
    await card.click();
    await page.waitForURL((u) => u.pathname === `/monitor/eg/detail/list/${equipmentId}/0`);
    await expect.poll(() => text(page, 'live-state'), { timeout: 15_000 }).toBe(w.live);
    await expect.poll(() => text(page, 'value-tank_level'), { timeout: 15_000 }).toMatch(/^\d+\.\d{4}$/);
    const power = page.getByTestId('value-power');
    await expect.poll(() => power.innerText(), { timeout: 15_000 }).toMatch(/^\d+\.\d{2}$/);
    const first = await power.innerText();
    await expect.poll(() => power.innerText(), { timeout: 5_000 }).not.toBe(first);
    await picture(page, lang, '2-realtime');

    // a value above the write limit is refused in the page with the catalogue's message
    await openTab(page, 'command');
    await page.getByTestId('write-input-level_setpoint').fill('11');
    await page.getByTestId('write-button-level_setpoint').click();
    expect(await text(page, 'write-problem-level_setpoint')).toBe(messageFor(2003, lang));
    await picture(page, lang, '3-limit');

    // a confirmed write of 9 m comes back as the set point's value, and raises the alarm (> 8)
    await writeSetpoint(page, '9', lang, '4-confirm');
    await picture(page, lang, '5-written');
    await openTab(page, 'realtime');
    await expect.poll(() => text(page, 'value-level_setpoint'), { timeout: 15_000 }).toBe('9.00');
    await openTab(page, 'alarm');
    const alarms = page.getByTestId('alarm-table');
    await expect.poll(() => alarms.innerText(), { timeout: 15_000 }).toContain(ALARM_TEXT);
    expect(await alarms.innerText()).toContain(w.active);
    // the value as the set point shows values: its decimals and unit
    expect(await alarms.locator('[data-testid^=alarm-value-]').first().innerText()).toBe('9.00 m');
    // the tab's badge counts it
    const badge = page.locator('[data-testid=monitor-tabs] [data-node-key="alarm"] .ant-badge-count');
    await expect.poll(() => badge.getAttribute('title')).toBe('1');
    // the active alarm in Chinese too (the quick check after the journey sees it cleared)
    const zh = await f.newPage('zh-CN');
    await signIn(zh.page);
    await zh.page.goto(`${f.baseUrl}/monitor/eg/detail/list/${equipmentId}/1`);
    await expect
      .poll(() => zh.page.getByTestId('alarm-table').innerText(), { timeout: 15_000 })
      .toContain(ALARM_TEXT);
    expect(await zh.page.getByTestId('alarm-table').innerText()).toContain(words['zh-CN'].active);
    await expectScreenIn(zh.page, 'zh-CN', {
      shows: ['monitor:alarm.state-active', 'monitor:alarm.triggered'],
      allow: [DEVICE, ALARM_TEXT, 'level_setpoint'],
    });
    await zh.context.close();
    await picture(page, lang, '6-alarm');
    // whom it notified, and how: without an SMS provider the SMS is only recorded
    await alarms.locator('.ant-table-row-expand-icon').first().click();
    const notified = alarms.locator('[data-testid^=alarm-notifications-]');
    await expect.poll(() => notified.innerText()).toContain(w.sms);
    await picture(page, lang, '6b-notified');

    // writing 5 m clears it: no active alarm left, and the history shows it cleared
    await writeSetpoint(page, '5', lang, '');
    await openTab(page, 'alarm');
    await expect
      .poll(() => page.getByTestId('alarm-table').innerText(), { timeout: 15_000 })
      .toContain(w.noActive);
    await page.getByTestId('alarm-view').getByText(w.history, { exact: true }).click();
    await expect.poll(() => page.getByTestId('alarm-table').innerText()).toContain(w.cleared);
    expect(
      await page.getByTestId('alarm-table').locator('[data-testid^=alarm-value-]').first().innerText(),
    ).toBe('9.00 m → 5.00 m');
    await picture(page, lang, '7-alarm-cleared');
    // the history the table shows, exported: the alarm with its message, cleared, headers in the language
    const [sheet] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('alarm-export').click(),
    ]);
    expect(sheet.suggestedFilename()).toMatch(/\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await sheet.path());
    const exported = book.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
    expect(exported[0]!.slice(1, 4)).toEqual(w.exportHeaders);
    expect(
      exported.some((r) => r.includes(ALARM_TEXT) && r.includes(w.cleared) && r.includes('9.00 m')),
    ).toBe(true);
    const [record] = (
      (await api.post('/lfscada/monitor/multi/alarm/query', { equipmentId, pageNum: 1, pageSize: 1 }, true))
        .body as Json<{ list: { state: string; content: string; releasedAt: number | null }[] }>
    ).data.list;
    expect(record).toMatchObject({ state: 'cleared', content: ALARM_TEXT });
    expect(record!.releasedAt).not.toBeNull();
    // an alarm learnt late (as replayed history records it, monitoring.md §7.5) carries its mark
    expect(await page.getByTestId('alarm-delayed').count()).toBe(0);
    await f.platform.ctx.db.query('update alarms set delayed = true where equipment_id = $1', [equipmentId]);
    await page.getByTestId('alarm-view').getByText(w.active, { exact: true }).click();
    await page.getByTestId('alarm-view').getByText(w.history, { exact: true }).click();
    await page.getByTestId('alarm-delayed').first().waitFor();
    expect(await page.getByTestId('alarm-delayed').first().innerText()).toBe(w.delayed);
    await picture(page, lang, '7b-alarm-delayed');

    // gateway info: online, its SN, configuration in sync
    await openTab(page, 'gateway');
    await expect.poll(() => text(page, 'gateway-status')).toBe(w.online);
    expect(await text(page, 'gateway-info')).toContain(sn);
    await picture(page, lang, '8-gateway');

    // a read from the field through the gateway answers the set point just written
    await openTab(page, 'command');
    await commandEnded(page, () => page.getByTestId('read-button').click());
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
    await picture(page, lang, '9-history');
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
    await picture(page, lang, '10-history-curve-zoomed');

    // the real-time curve draws the socket's values
    await openTab(page, 'curve');
    const curve = page.getByTestId('realtime-curve');
    await expect
      .poll(async () => Number(await curve.getAttribute('data-points')), { timeout: 10_000 })
      .toBeGreaterThan(2);
    await picture(page, lang, '11-realtime-curve');

    // the device's pages in its detail screen, each opened live
    await openTab(page, 'pages');
    await page.getByTestId(`device-page-${pageId}`).waitFor();
    await picture(page, lang, '11b-pages');
    await page.getByTestId(`device-page-${pageId}`).click();
    await page.waitForURL((u) => u.pathname === `/monitor/eg/detail/page/${pageId}/0`);
    await page.getByTestId('viewer-empty').waitFor();
    await context.close();
  }, 180_000);

  it('shows the monitor screens of the journey wholly in Chinese', async () => {
    const lang = 'zh-CN';
    const w = words[lang];
    // the journey wrote and cleared an alarm: the alarm tab has its history
    const [cleared] = (
      (await api.post('/lfscada/monitor/multi/alarm/query', { equipmentId, pageNum: 1, pageSize: 1 }, true))
        .body as Json<{ list: { state: string }[] }>
    ).data.list;
    if (cleared?.state !== 'cleared') throw new Error('the journey raises and clears the alarm first');
    // what was entered as data: no translation's business
    const data = [
      DEVICE,
      ALARM_TEXT,
      'tank_level',
      'power',
      'level_setpoint',
      'Water treatment',
      'Plant PLC',
      PAGE,
    ];
    const { context, page } = await f.newPage(lang);
    await signIn(page, admin, `/monitor/eg/list`);
    await page.getByTestId(`device-card-${equipmentId}`).waitFor();
    expect(await text(page, `device-status-${equipmentId}`)).toBe(w.online);
    await expectScreenIn(page, lang, {
      shows: [
        'monitor:list.title',
        'monitor:list.view-cards',
        'monitor:list.search',
        'monitor:card.no-alarm',
      ],
      allow: data,
    });
    await picture(page, lang, '1-list');
    await page.getByTestId('monitor-view').getByText(w.list).click();
    await expect.poll(() => text(page, 'monitor-table')).toContain(DEVICE);
    await expectScreenIn(page, lang, {
      shows: [
        'monitor:col.name',
        'monitor:col.group',
        'monitor:col.sn',
        'monitor:col.status',
        'monitor:col.alarms',
        'monitor:col.pages',
        { key: 'monitor:card.pages', vars: { count: 1 } },
      ],
      allow: data,
    });
    await page.getByTestId('monitor-search').locator('input').fill('no such device');
    await page.getByTestId('monitor-search').locator('input').press('Enter');
    await page.getByTestId('monitor-empty').waitFor();
    await expectScreenIn(page, lang, { shows: ['monitor:list.no-match', 'monitor:list.clear'], allow: data });
    await page.getByTestId('monitor-empty').getByRole('button').click();
    await page.getByTestId('monitor-view').getByText(w.cards).click();

    // the device's tabs
    await page.getByTestId(`device-card-${equipmentId}`).click();
    await page.waitForURL((u) => u.pathname === `/monitor/eg/detail/list/${equipmentId}/0`);
    await expect.poll(() => text(page, 'live-state'), { timeout: 15_000 }).toBe(w.live);
    await expect.poll(() => text(page, 'value-tank_level'), { timeout: 15_000 }).toMatch(/^\d+\.\d{4}$/);
    const tabs = [
      'realtime',
      'info',
      'gateway',
      'command',
      'history',
      'alarm',
      'curve',
      'history-curve',
      'pages',
    ];
    await expectScreenIn(page, lang, {
      shows: [...tabs.map((t) => `monitor:tab.${t}`), 'monitor:realtime.name', 'monitor:realtime.value'],
      allow: data,
    });
    await openTab(page, 'command');
    await page.getByTestId('write-input-level_setpoint').fill('11');
    await page.getByTestId('write-button-level_setpoint').click();
    expect(await text(page, 'write-problem-level_setpoint')).toBe(messageFor(2003, lang));
    await expectScreenIn(page, lang, {
      shows: ['monitor:command.write-title', 'monitor:command.read-title', 'monitor:command.new-value'],
      allow: data,
    });
    await picture(page, lang, '3-limit');

    // the alarm tab: nothing active, the cleared alarm in the history with whom it notified
    await openTab(page, 'alarm');
    await expect
      .poll(() => page.getByTestId('alarm-table').innerText(), { timeout: 15_000 })
      .toContain(w.noActive);
    await page.getByTestId('alarm-view').getByText(w.history, { exact: true }).click();
    const alarms = page.getByTestId('alarm-table');
    await expect.poll(() => alarms.innerText()).toContain(w.cleared);
    await alarms.locator('.ant-table-row-expand-icon').first().click();
    await expect
      .poll(() => alarms.locator('[data-testid^=alarm-notifications-]').innerText())
      .toContain(w.sms);
    await expectScreenIn(page, lang, {
      shows: [
        'monitor:alarm.triggered',
        'monitor:alarm.content',
        'monitor:alarm.released',
        'monitor:notify.channel',
      ],
      allow: data,
    });
    await picture(page, lang, '7-alarm-cleared');
    const [sheet] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('alarm-export').click(),
    ]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await sheet.path());
    const exported = book.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
    expect(exported[0]!.slice(1, 4)).toEqual(w.exportHeaders);
    expect(exported.some((r) => r.includes(ALARM_TEXT) && r.includes(w.cleared))).toBe(true);

    // gateway, history and the curves
    await openTab(page, 'gateway');
    await expect.poll(() => text(page, 'gateway-status')).toBe(w.online);
    await expectScreenIn(page, lang, {
      shows: ['monitor:gateway.sn', 'monitor:gateway.firmware', 'monitor:gateway.sync'],
      allow: [...data, sn],
    });
    await openTab(page, 'history');
    await page.getByTestId('history-search').waitFor();
    await expectScreenIn(page, lang, { shows: ['monitor:history.export'], allow: data });
    await openTab(page, 'history-curve');
    await page.getByTestId('history-curve-draw').waitFor();
    await expectScreenIn(page, lang, { shows: ['monitor:curve.draw', 'monitor:curve.hint'], allow: data });
    await openTab(page, 'curve');
    await page.getByTestId('realtime-curve').waitFor();
    await expectScreenIn(page, lang, { allow: data });
    await openTab(page, 'pages');
    await page.getByTestId(`device-page-${pageId}`).waitFor();
    await expectScreenIn(page, lang, { shows: ['monitor:tab.pages'], allow: data });
    await picture(page, lang, '11b-pages');

    // a sync from the device's page, its progress and result in Chinese
    await page.goto(`${f.baseUrl}/manage/eg/equipment/edit/${equipmentId}`);
    await page.getByTestId('device-sync').click();
    await expect
      .poll(() => page.getByTestId(`sync-row-${equipmentId}`).getAttribute('data-phase'), { timeout: 60_000 })
      .toBe('done');
    await expectScreenIn(page, lang, {
      shows: [
        { key: 'common:sync.title', vars: { count: 1 } },
        { key: 'common:sync.summary', vars: { done: 1, failed: 0, left: 0 } },
        'common:sync.done',
        'common:sync.close',
      ],
      allow: data,
    });
    await picture(page, lang, '13-synced');
    await context.close();
  }, 120_000);

  it('shows a watcher without write permission the values but no write, share or log', async () => {
    const watcherRole = await role(api, 'Watchers', ['monitor_view', 'monitor_equipinfo_menu_alarm']);
    await subAccount(api, { segment: 'int', loginname: 'monitor-watcher', roleId: watcherRole });
    const { context, page } = await f.newPage('en-US');
    await signIn(page, 'monitor-watcher', `/monitor/eg/detail/list/${equipmentId}/1`);
    // :alarm = 1 opens the alarm tab
    await page.getByTestId('alarm-table').waitFor();
    expect(await page.getByTestId('share').count()).toBe(0);
    expect(await page.locator('[data-testid=monitor-tabs] [data-node-key="log"]').count()).toBe(0);
    await openTab(page, 'command');
    expect(await text(page, 'no-write')).toBe(messageFor(2006, 'en-US'));
    expect(await page.getByTestId('write-button-level_setpoint').isDisabled()).toBe(true);
    expect(await page.getByTestId('write-input-level_setpoint').isDisabled()).toBe(true);
    await picture(page, 'en-US', '12-no-write-permission');
    await openTab(page, 'realtime');
    await expect.poll(() => text(page, 'value-tank_level'), { timeout: 15_000 }).toMatch(/^\d+\.\d{4}$/);
    await context.close();
  }, 120_000);
});
