import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { emptyPage, type PageDocument } from '@fieldhub/hmi';
import { loggedIn, type Caller } from '../../server/test/harness';
import { loggedInOperator } from '../../server/test/platformFixtures';
import { deviceWithGateway, modbusDriver } from '../../server/test/deviceFixtures';
import { good, variableWithRule } from '../../server/test/alarmFixtures';
import { type BrowserFixture, clickSettled, makeEnterprise, startBrowserFixture } from './browser';
import { expectScreenIn, tr } from './screenLanguage';
import { shot } from './shots';
import { namedWidget as widget } from './viewerWidget';

/**
 * Issue 21 item 5 in the browser (zh-CN): the navigation bar, menu, carousel, alarm table and map
 * of a device page. In the designer a child entry is added to the bar and pointed at another
 * device's page; in the live viewer the menu opens on its default entry, the bar's drop-down and
 * a carousel picture lead to their pages, the alarm table lists the alarms of both listed devices
 * of the enterprise (not the other enterprise's device listed with them), and the map counts the
 * listed devices online and offline.
 */

let f: BrowserFixture;
let api: Caller;
let admin: string;
const device: Record<'one' | 'two' | 'rival', number> = { one: 0, two: 0, rival: 0 };
const pages: Record<'overview' | 'detail' | 'pump2', number> = { overview: 0, detail: 0, pump2: 0 };
// within the table's default range (the last 720 minutes)
const t0 = Date.now() - 4 * 3_600_000;
/** the first pump's variable with the alarm rule */
let pressure = 0;

interface Json<T> {
  code: string;
  message: string;
  data: T;
}

async function made<T = { id: number }>(
  caller: Caller,
  url: string,
  body: Record<string, unknown>,
): Promise<T> {
  const res = (await caller.post<T>(url, body, true)).body as Json<T>;
  if (res.code !== '200') throw new Error(`${url}: ${res.code} ${res.message}`);
  return res.data;
}

/** A device page named `name` holding `doc`. */
async function savedPage(caller: Caller, equipmentId: number, name: string, doc: PageDocument) {
  const { id } = await made(caller, '/lfscada/configuration/page/add', {
    ownerKind: 'equipment',
    ownerId: equipmentId,
    name,
  });
  const rows = await made<{ id: number; version: number }[]>(caller, '/lfscada/configuration/page/query', {
    ownerKind: 'equipment',
    ownerId: equipmentId,
  });
  const version = rows.find((r) => r.id === id)!.version;
  await made(caller, '/lfscada/configuration/page/save', { id, version, document: doc });
  return id;
}

/** A device of `caller`'s enterprise with one alarm raised (value 50 above 10) at `at`. */
async function deviceWithAlarm(
  caller: Caller,
  operator: Caller,
  name: string,
  at: number,
): Promise<{ id: number; variableId: number }> {
  const { id } = await deviceWithGateway(caller, operator, name);
  const driverId = await modbusDriver(caller, { equipmentId: id });
  const rule = await variableWithRule(caller, id, driverId, {
    condition: 'gt',
    value: 10,
    content: `${name}压力高`,
  });
  await f.platform.ctx.monitor.ingest(id, [good(rule.variableId, at, 50)], false);
  return { id, variableId: rule.variableId };
}

const picture = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="150"><rect width="300" height="150" fill="#1677ff"/></svg>',
)}`;

const textPage = (text: string) => {
  const doc = emptyPage({ title: text, width: 600, height: 200, fit: 'none', bgColor: '#FFFFFF' });
  doc.widgets = [widget('UsualText', 'title', [20, 20, 400, 40], { data: { text } })];
  return doc;
};

beforeAll(async () => {
  f = await startBrowserFixture();
  admin = (await makeEnterprise(f.platform.ctx.db, 'Nav Widget Works')).admin;
  api = await loggedIn(f.platform.app, admin);
  const operator = await loggedInOperator(f.platform);
  const rival = await loggedIn(
    f.platform.app,
    (await makeEnterprise(f.platform.ctx.db, 'Rival Nav Works')).admin,
  );
  const one = await deviceWithAlarm(api, operator, '一号泵', t0);
  device.one = one.id;
  pressure = one.variableId;
  device.two = (await deviceWithAlarm(api, operator, '二号泵', t0 + 3_600_000)).id;
  device.rival = (await deviceWithAlarm(rival, operator, '别家泵', t0 + 7_200_000)).id;
  // fixture: the first pump's gateway reports online (the gateway link itself is tested elsewhere)
  await f.platform.ctx.db.query(`update gateways set status = 'online' where equipment_id = $1`, [
    device.one,
  ]);

  const overview = emptyPage({ title: '总览', width: 1000, height: 560, fit: 'none', bgColor: '#F5F7FA' });
  pages.overview = await savedPage(api, device.one, '总览', overview);
  pages.detail = await savedPage(api, device.one, '详情', textPage('详情页内容'));
  pages.pump2 = await savedPage(api, device.two, '二号泵画面', textPage('二号泵画面内容'));
  const toPage = (pageId: number) => ({ enable: true, config: { action: 'page', pageId: String(pageId) } });
  overview.widgets = [
    widget('NavigateNav', 'nav', [0, 0, 1000, 48], {
      data: {
        navItems: [
          { id: 'home', label: '详情', clickEvent: toPage(pages.detail) },
          { id: 'devices', label: '设备', clickEvent: toPage(pages.detail) },
        ],
      },
    }),
    widget('NavigateMenu', 'menu', [0, 60, 200, 240], {
      data: {
        navItems: [
          {
            id: 'plant',
            label: '厂区',
            children: [
              { id: 'alarms', label: '报警', defaultAct: true, clickEvent: toPage(pages.detail) },
              { id: 'map', label: '地图', clickEvent: toPage(pages.detail) },
            ],
          },
          { id: 'other', label: '其他', clickEvent: toPage(pages.detail) },
        ],
      },
    }),
    widget('NavigateSlide', 'slide', [220, 60, 300, 150], {
      data: { picArray: [{ enable: true, imgUrl: picture, clickEvent: toPage(pages.detail) }] },
      style: { slideAuto: false },
    }),
    widget('ComplexMap', 'map', [540, 60, 440, 240], {
      data: {
        equipments: [
          {
            equipmentId: String(device.one),
            title: '一号泵',
            lat: 31.2,
            lng: 121.4,
            config: { signalArray: [] },
          },
          {
            equipmentId: String(device.two),
            title: '二号泵',
            lat: 31.3,
            lng: 121.5,
            config: { signalArray: [] },
          },
          {
            equipmentId: String(device.rival),
            title: '别家泵',
            lat: 31.1,
            lng: 121.3,
            config: { signalArray: [] },
          },
        ],
      },
    }),
    widget('ComplexAlarm', 'alarms', [220, 320, 760, 220], {
      data: {
        equips: [
          { equipmentId: String(device.one), title: '一号泵' },
          { equipmentId: String(device.two), title: '二号泵' },
          { equipmentId: String(device.rival), title: '别家泵' },
        ],
        filterTime: false,
        // a roll far beyond the test: a change shown sooner came with the alarm itself
        rollTime: 3600,
      },
    }),
    // the first pump's pressure on the page: the viewer listens to its socket
    widget('UsualDataText', 'pressure', [20, 320, 180, 30], {
      data: { signalId: String(pressure), equipId: String(device.one), title: 'pressure' },
    }),
  ];
  const rows = await made<{ id: number; version: number }[]>(api, '/lfscada/configuration/page/query', {
    ownerKind: 'equipment',
    ownerId: device.one,
  });
  await made(api, '/lfscada/configuration/page/save', {
    id: pages.overview,
    version: rows.find((r) => r.id === pages.overview)!.version,
    document: overview,
  });
}, 180_000);

afterAll(async () => {
  await f?.stop();
});

/** Picks the option `text` of the antd select with test id `testId` inside `scope`. */
async function choose(page: Page, scope: ReturnType<Page['locator']>, testId: string, text: string) {
  await scope.getByTestId(testId).click();
  await clickSettled(
    page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first(),
  );
}

describe('navigation, carousel, alarm and map widgets (zh-CN)', () => {
  it('adds a device-page child in the designer and navigates, lists alarms and counts devices live', async () => {
    const lang = 'zh-CN';
    const { context, page } = await f.newPage(lang);
    try {
      await f.signIn(page, admin);

      // --- designer: a child of the bar's second entry, leading to the second pump's page
      await page.goto(`${f.baseUrl}/manage/eg/${device.one}/designer/${pages.overview}`);
      await page.getByTestId('designer').waitFor();
      await page
        .locator('[data-testid=designer-page] .fh-w[data-type=NavigateNav]')
        .click({ position: { x: 700, y: 20 } });
      await page.locator('[data-testid=prop-tabs] [data-node-key=style]').click();
      const second = page.locator('[data-testid=nav-item-editor][data-depth="1"]').nth(1);
      await second.getByTestId('nav-item-add-child').first().click();
      const child = page.locator('[data-testid=nav-item-editor][data-depth="2"]');
      await expect.poll(() => child.count()).toBe(1);
      const label = child.getByTestId('nav-item-label');
      await label.fill('二号泵');
      await label.press('Enter');
      await choose(page, child, 'target-kind', '设备页面');
      await choose(page, child, 'target-device', '二号泵');
      await choose(page, child, 'target-device-page', '二号泵画面');
      await shot(page, 'navWidgets-zh-CN-1-designer');
      await page.keyboard.press('Control+s');
      await expect.poll(() => page.getByTestId('designer-save-state').getAttribute('data-dirty')).toBe('no');
      const saved = await made<{ document: PageDocument }>(api, '/lfscada/configuration/page/info', {
        id: pages.overview,
      });
      const nav = saved.document.widgets.find((w) => w.widgetType === 'NavigateNav')!;
      expect((nav.data as Record<string, unknown>)['navItems']).toMatchObject([
        { id: 'home' },
        {
          id: 'devices',
          children: [
            {
              label: '二号泵',
              parentLabel: '设备',
              clickEvent: {
                config: {
                  action: 'page',
                  page: { equipId: String(device.two), equipPageId: String(pages.pump2) },
                },
              },
            },
          ],
        },
      ]);

      // --- viewer: the menu opens on its default entry, inside its unfolded parent
      await page.goto(`${f.baseUrl}/monitor/eg/detail/page/${pages.overview}/0`);
      await page.getByTestId('viewer-stage').waitFor();
      const menu = page.getByTestId('vw-menu');
      await expect.poll(() => menu.locator('[data-entry=alarms]').getAttribute('data-active')).toBe('yes');
      expect(await menu.locator('[data-entry=plant]').getAttribute('data-active')).toBe('yes');
      expect(await menu.locator('[data-entry=other]').getAttribute('data-active')).toBe('no');

      // the alarm table: both pumps of the enterprise, never the other enterprise's pump
      const alarms = page.getByTestId('vw-alarms');
      await expect.poll(() => alarms.locator('.ant-table-row').count(), { timeout: 15_000 }).toBe(2);
      const table = await alarms.innerText();
      expect(table).toContain('二号泵压力高');
      expect(table).toContain('一号泵压力高');
      expect(table).not.toContain('别家泵');
      expect(table).not.toContain(tr(lang, 'monitor:alarm.state-cleared'));
      // live: the first pump's alarm released shows at once, not at the next roll
      await f.platform.ctx.monitor.ingest(device.one, [good(pressure, Date.now(), 5)], false);
      await expect
        .poll(() => alarms.innerText(), { timeout: 15_000 })
        .toContain(tr(lang, 'monitor:alarm.state-cleared'));

      // the map: the two pumps the reader may see, one online
      const map = page.getByTestId('vw-map');
      await expect
        .poll(() => map.getByTestId('map-total').innerText(), { timeout: 15_000 })
        .toBe('设备总数 2');
      expect(await map.getByTestId('map-online').innerText()).toBe('在线 1');
      expect(await map.getByTestId('map-offline').innerText()).toBe('离线 1');
      expect(await map.getByTestId('map-share').innerText()).toBe('在线率 50%');
      // the other enterprise's pump listed on the page is not placed
      await expect.poll(() => map.locator('.fh-map-marker').count()).toBe(2);
      expect(await map.innerText()).not.toContain('别家泵');
      await expectScreenIn(page, lang, {
        shows: ['designer:cprops.map-total', 'designer:complex.alarm-col.gmtTrigger'],
        allow: ['一号泵', '二号泵', '别家泵'],
      });
      await shot(page, 'navWidgets-zh-CN-2-viewer', { pointerAway: true });

      // the bar's drop-down: the child made in the designer opens the second pump's page
      await page.getByTestId('vw-nav').locator('[data-entry=devices]').click();
      await clickSettled(page.locator('[data-testid=nav-child][data-entry]', { hasText: '二号泵' }));
      await page.waitForURL(`**/monitor/eg/detail/page/${pages.pump2}/0`);
      await expect
        .poll(() => page.getByTestId('vw-title').innerText(), { timeout: 15_000 })
        .toBe('二号泵画面内容');

      // a carousel picture leads to its page through the viewer's click runner
      await page.goto(`${f.baseUrl}/monitor/eg/detail/page/${pages.overview}/0`);
      await page.getByTestId('vw-slide').getByTestId('slide-picture').click();
      await page.waitForURL(`**/monitor/eg/detail/page/${pages.detail}/0`);
      await expect
        .poll(() => page.getByTestId('vw-title').innerText(), { timeout: 15_000 })
        .toBe('详情页内容');
    } finally {
      await context.close();
    }
  }, 180_000);

  it('draws the same page wholly in English', async () => {
    const lang = 'en-US';
    const { context, page } = await f.newPage(lang);
    try {
      await f.signIn(page, admin, { at: `/monitor/eg/detail/page/${pages.overview}/0` });
      await page.getByTestId('viewer-stage').waitFor();
      const map = page.getByTestId('vw-map');
      await expect
        .poll(() => map.getByTestId('map-total').innerText(), { timeout: 15_000 })
        .toBe('Devices 2');
      expect(await map.getByTestId('map-share').innerText()).toBe('Share online 50%');
      await expect.poll(() => page.getByTestId('vw-alarms').locator('.ant-table-row').count()).toBe(2);
      await expectScreenIn(page, lang, {
        shows: ['designer:cprops.map-online', 'designer:complex.alarm-col.gmtTrigger'],
        allow: [
          '一号泵',
          '二号泵',
          '详情',
          '设备',
          '厂区',
          '报警',
          '地图',
          '其他',
          '总览',
          '一号泵压力高',
          '二号泵压力高',
        ],
      });
      await shot(page, 'navWidgets-en-US-viewer', { pointerAway: true });
    } finally {
      await context.close();
    }
  }, 120_000);
});
