import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { PageDocument } from '@fieldhub/hmi';
import { messageFor } from '@fieldhub/shared';
import type { GatewayProcess } from '../../gateway/test/support/gatewayProcess';
import { loggedIn, TEST_PASSWORD, type Caller } from '../../server/test/harness';
import { role } from '../../server/test/deviceFixtures';
import { asCaller } from '../../server/src/seed/demoDevices';
import { seedDemoProject } from '../../server/src/seed/demoProject';
import { demoTexts } from '../../server/src/seed/demoTexts';
import { until } from '@fieldhub/testkit';
import { type BrowserFixture, clickSettled, makeEnterprise, startBrowserFixture } from './browser';
import { plantDevice, startPlantGateway, type PlantGateway } from './plantGateway';
import { expectScreenIn, tr } from './screenLanguage';
import { shot } from './shots';
import { viewerPages } from './viewerPages';

/**
 * Issue 8's viewer acceptance on a device page: a real gateway process in simulate mode reads its
 * simulated plant; the device has two configuration pages. In the browser the user opens the
 * overview, sees the gauge and the tank follow live values, writes a set point with confirmation
 * and sees it come back (and the lamp's colour animation follow it), jumps to the second page and
 * back, an account outside the widget's authRegion does not see it, and after the gateway stops
 * the values are greyed with their time.
 *
 * Languages: the device page journey (fixed, typed and switch writes, script and page jumps), the
 * password-protected controls page and the stale values run in Chinese; the demo project page,
 * the region test and the quick checks in English. The quick checks open the other language's
 * screens: the device page in English (live state, the write dialogs, catalogue 2003) and the
 * project page in Chinese (live state, the demo's texts as a Chinese installation seeds them, the
 * password prompt, catalogue 1904), stale values in English; each with its texts from the locale files and nothing untranslated or of the other
 * language. Screenshots only with SHOTS=1 (see shots.ts).
 */

let f: BrowserFixture;
let admin: string;
let demo: { projectId: number; overviewId: number; detailsId: number };
let api: Caller;
let equipmentId: number;
let gateway: GatewayProcess;
let plant: PlantGateway | undefined;
let overviewId: number;
let detailsId: number;
let controlsId: number;
const ids: Record<string, number> = {};

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

async function savePage(id: number, document: PageDocument) {
  const [row] = (
    await made<{ id: number; version: number }[]>('/lfscada/configuration/page/query', {
      ownerKind: 'equipment',
      ownerId: equipmentId,
    })
  ).filter((p) => p.id === id);
  await made('/lfscada/configuration/page/save', { id, version: row!.version, document });
}

beforeAll(async () => {
  f = await startBrowserFixture({ link: true });
  const enterprise = await makeEnterprise(f.platform.ctx.db, 'Viewer Works');
  admin = enterprise.admin;
  api = await loggedIn(f.platform.app, admin);
  const device = await plantDevice(f, api, {
    name: 'Raw water tank',
    group: 'Water treatment',
    snBase: 890_000_000_000,
  });
  ({ equipmentId } = device);
  const { owner, sn, plantPort } = device;
  const variable = async (item: Record<string, unknown>) =>
    (ids[item['name'] as string] = await device.variable(item));
  await variable({
    name: 'tank_level',
    unit: 'm',
    dataType: 'float32',
    registerType: '4x',
    address: '0',
    rw: 'r',
  });
  await variable({
    name: 'power',
    unit: 'kW',
    dataType: 'float32',
    registerType: '4x',
    address: '22',
    rw: 'r',
  });
  await variable({
    name: 'level_setpoint',
    unit: 'm',
    dataType: 'float32',
    registerType: '4x',
    address: '2',
    rw: 'rw',
    writeLower: 0,
    writeUpper: 10,
  });
  // an equipment-info alarm rule: the journey's writes of 9 m raise it, the demo project's table lists it
  await made('/lfscada/equipment/multi/alarm/add', {
    owner,
    item: { variableId: ids['level_setpoint'], condition: 'gt', value: 8, content: ALARM_TEXT },
  });
  ({ id: overviewId } = await made('/lfscada/configuration/page/add', {
    ownerKind: 'equipment',
    ownerId: equipmentId,
    name: 'Overview',
  }));
  ({ id: detailsId } = await made('/lfscada/configuration/page/add', {
    ownerKind: 'equipment',
    ownerId: equipmentId,
    name: 'Details',
  }));
  ({ id: controlsId } = await made('/lfscada/configuration/page/add', {
    ownerKind: 'equipment',
    ownerId: equipmentId,
    name: 'Controls',
  }));
  const pages = viewerPages({ equipmentId, signalIds: ids, overviewId, detailsId });
  await savePage(overviewId, pages.overview());
  await savePage(detailsId, pages.details());
  await savePage(controlsId, pages.controls());
  await made('/lfscada/configuration/page/edit', {
    id: controlsId,
    name: 'Controls',
    checkpwd: true,
    password: 'Valve-42',
  });

  // an operator of the pump room: may write, but is outside the control room's region
  const roleId = await role(api, 'Pump operators', ['monitor_view', 'monitor_write']);
  const res = await api.post('/lfscada/account/add', {
    segment: 'int',
    loginname: 'pump-operator',
    roleId,
    password: TEST_PASSWORD,
    authRegion: 'Pump room',
  });
  if ((res.body as Json<unknown>).code !== '200') throw new Error(JSON.stringify(res.body));

  // the demo project of the seed as a Chinese installation makes it (DEMO_LANG), on this
  // enterprise's device; its details page password-protected
  demo = await seedDemoProject(
    f.platform.ctx.db,
    asCaller({ accountId: enterprise.adminId, orgId: enterprise.orgId, loginname: admin }, 'enterprise'),
    [equipmentId],
    'zh-CN',
  );
  await made('/lfscada/configuration/page/edit', {
    id: demo.detailsId,
    name: demoTexts['zh-CN'].project.details,
    checkpwd: true,
    password: 'Secret12',
  });

  // the gateway as an operator runs it, with its own simulated plant, online and reporting
  plant = await startPlantGateway(f, {
    sn,
    mqttPassword: device.mqttPassword,
    plantPort,
    api,
    equipmentId,
    firstSignal: 'power',
  });
  gateway = plant.gateway;
}, 180_000);

afterAll(async () => {
  await plant?.stop();
  await f?.stop();
});

const signIn = (page: Page, loginname = admin, at?: string) => f.signIn(page, loginname, { at });

const picture = (page: Page, lang: string, name: string) => shot(page, `viewer-${lang}-${name}`);

const ALARM_TEXT = 'Set point high';

/** the overview's own texts, as entered: no translation's business */
const OVERVIEW_TEXTS = ['Raw water plant', 'Set 9 m', 'Set…', 'Details →', 'Script →', 'Control room note'];

const text = (page: Page, name: string) => page.getByTestId(`vw-${name}`).innerText();

describe('live page viewer in the browser', () => {
  it('shows live values, writes with confirmation and jumps pages (zh-CN)', async () => {
    const lang = 'zh-CN';
    const { context, page } = await f.newPage(lang);
    await signIn(page, admin, `/monitor/eg/group/configuration/0/${equipmentId}`);
    await page.getByTestId('viewer-stage').waitFor();
    await expect.poll(() => page.getByTestId('viewer-live').innerText(), { timeout: 15_000 }).toBe('实时');
    // live values: the power reading moves with the simulated plant, the gauge shows it
    await expect.poll(() => text(page, 'power-text'), { timeout: 15_000 }).toMatch(/^\d+\.\d{2} kW$/);
    const first = await text(page, 'power-text');
    await expect.poll(() => text(page, 'power-text'), { timeout: 8_000 }).not.toBe(first);
    expect(await text(page, 'gauge')).toMatch(/kW/);
    expect(await text(page, 'tank')).toMatch(/^\d+%$/);
    // the administrator sees the control room's widget
    await page.getByTestId('vw-control-room-only').waitFor();
    await picture(page, lang, '1-overview');

    // a typed value above the write limit is refused with the catalogue's message
    await page.getByTestId('vw-write-input').click();
    await page.getByTestId('viewer-write-input').fill('11');
    await clickSettled(page.getByTestId('viewer-write-input-ok'));
    await page.getByText(messageFor(2003, lang)).waitFor();
    await picture(page, lang, '2-limit');
    await page.keyboard.press('Escape');

    const lamp = () => page.getByTestId('vw-lamp').locator('ellipse, circle').first().getAttribute('fill');
    // a fixed write of 9 m after confirmation (with its hint) comes back, and the lamp turns red
    await page.getByTestId('vw-write-9').click();
    await page.getByTestId('write-hint').waitFor();
    await picture(page, lang, '3-confirm');
    await clickSettled(page.getByTestId('viewer-write-confirm'));
    await expect.poll(() => text(page, 'setpoint-text'), { timeout: 30_000 }).toBe('9.00 m');
    await expect.poll(lamp).toBe('#F5222D');
    await picture(page, lang, '4-written');

    // a typed 5 m is confirmed and comes back; the lamp turns green
    await page.getByTestId('vw-write-input').click();
    await page.getByTestId('viewer-write-input').fill('5');
    await clickSettled(page.getByTestId('viewer-write-input-ok'));
    await clickSettled(page.getByTestId('viewer-write-confirm'));
    await expect.poll(() => text(page, 'setpoint-text'), { timeout: 30_000 }).toBe('5.00 m');
    await expect.poll(lamp).toBe('#52C41A');

    // the set-point switch writes its other value, 9, after confirmation
    await page.getByTestId('vw-setpoint-switch').click();
    await clickSettled(page.getByTestId('viewer-write-confirm'));
    await expect.poll(() => text(page, 'setpoint-text'), { timeout: 30_000 }).toBe('9.00 m');
    await expect.poll(lamp).toBe('#F5222D');

    // page jumps to the details page: by a click script, then by the page jump
    for (const jump of ['vw-script-jump', 'vw-to-details']) {
      await page.getByTestId(jump).click();
      await page.waitForURL((u) => u.pathname === `/monitor/eg/detail/page/${detailsId}/0`);
      await expect.poll(() => text(page, 'level-text'), { timeout: 15_000 }).toMatch(/^\d+\.\d{3} m$/);
      await picture(page, lang, '5-details');
      await page.getByTestId('vw-to-overview').click();
      await page.waitForURL((u) => u.pathname === `/monitor/eg/detail/page/${overviewId}/0`);
      await page.getByTestId('vw-setpoint-text').waitFor();
    }
    await context.close();
  }, 90_000);

  it('shows the device page and its write dialogs wholly in English', async () => {
    const lang = 'en-US';
    const data = OVERVIEW_TEXTS;
    const { context, page } = await f.newPage(lang);
    await signIn(page, admin, `/monitor/eg/detail/page/${overviewId}/0`);
    await expect
      .poll(() => page.getByTestId('viewer-live').innerText(), { timeout: 15_000 })
      .toBe(tr(lang, 'viewer:live.on'));
    await expect.poll(() => text(page, 'power-text'), { timeout: 15_000 }).toMatch(/^\d+\.\d{2} kW$/);
    await expectScreenIn(page, lang, { allow: data });
    await page.getByTestId('vw-write-input').click();
    await page.getByTestId('viewer-write-input').fill('11');
    await clickSettled(page.getByTestId('viewer-write-input-ok'));
    await expectScreenIn(page, lang, {
      shows: [
        { key: 'viewer:write.input-title', vars: { name: 'level_setpoint' } },
        { text: messageFor(2003, lang) },
      ],
      allow: data,
    });
    await picture(page, lang, '2-limit');
    await page.keyboard.press('Escape');
    await page.getByTestId('vw-write-9').click();
    await page.getByTestId('write-hint').waitFor();
    await expectScreenIn(page, lang, {
      shows: ['viewer:write.confirm-title', 'viewer:write.ok'],
      allow: [...data, 'The inlet valve will open'],
    });
    await picture(page, lang, '3-confirm');
    await context.close();
  });

  it('hides widgets outside the account region', async () => {
    const { context, page } = await f.newPage('en-US');
    await signIn(page, 'pump-operator', `/monitor/eg/detail/page/${overviewId}/0`);
    await page.getByTestId('vw-setpoint-text').waitFor();
    expect(await page.getByTestId('vw-control-room-only').count()).toBe(0);
    await picture(page, 'en-US', '6-region');
    await context.close();
  });

  it('opens a protected device page after its password and writes by radio, combo box and input', async () => {
    const lang = 'zh-CN';
    const { context, page } = await f.newPage(lang);
    await signIn(page, 'pump-operator', `/monitor/eg/detail/page/${controlsId}/0`);
    // the page waits for its password; a wrong one is refused with the catalogue's message
    await page.getByTestId('viewer-password-input').fill('guess');
    await page.getByTestId('viewer-password-submit').click();
    await page.getByText(messageFor(1904, lang)).waitFor();
    await page.getByTestId('viewer-password-input').fill('Valve-42');
    await page.getByTestId('viewer-password-submit').click();
    await expect.poll(() => text(page, 'controls-setpoint'), { timeout: 15_000 }).toMatch(/^\d+\.00 m$/);
    await picture(page, lang, '11-controls');

    const writeAndSee = async (value: string) => {
      await clickSettled(page.getByTestId('viewer-write-confirm'));
      await expect.poll(() => text(page, 'controls-setpoint'), { timeout: 30_000 }).toBe(`${value}.00 m`);
    };
    // the radio group writes the option clicked and then shows it checked
    await page.getByTestId('vw-setpoint-radio').locator('[data-option="6"]').click();
    await writeAndSee('6');
    await expect
      .poll(() =>
        page.getByTestId('vw-setpoint-radio').locator('[data-checked=yes]').getAttribute('data-option'),
      )
      .toBe('6');
    // the combo box asks which option, then shows the option's text
    await page.getByTestId('vw-setpoint-combo').click();
    await page.getByTestId('viewer-write-choose').click();
    await clickSettled(page.locator('.ant-select-item-option', { hasText: '7 m' }));
    await picture(page, lang, '12-choose');
    await clickSettled(page.getByTestId('viewer-write-choose-ok'));
    await writeAndSee('7');
    await expect.poll(() => text(page, 'setpoint-combo')).toBe('7 m');
    // the input box asks for the value and shows the value written
    await page.getByTestId('vw-setpoint-input').click();
    await page.getByTestId('viewer-write-input').fill('4');
    await clickSettled(page.getByTestId('viewer-write-input-ok'));
    await writeAndSee('4');
    await expect.poll(() => text(page, 'setpoint-input')).toBe('4');
    await picture(page, lang, '13-written');
    await context.close();
  }, 90_000);

  it('shows the demo project page live, writes through the project and opens a protected page (en-US)', async () => {
    const lang = 'en-US';
    const { context, page } = await f.newPage(lang);
    await signIn(page);
    // the alarm table reads the alarms of the project's devices through the project
    const alarms = page.waitForResponse((r) => r.url().includes('/lfscada/monitor/project/alarm/queryAll'));
    await page.goto(`${f.baseUrl}/monitor/project/${demo.projectId}/page/${demo.overviewId}`);
    expect(((await (await alarms).json()) as { code: string }).code).toBe('200');
    await expect.poll(() => page.getByTestId('viewer-live').innerText(), { timeout: 15_000 }).toBe('Live');
    await expect.poll(() => text(page, 'power-text'), { timeout: 15_000 }).toMatch(/^\d+\.\d kW$/);
    const first = await text(page, 'power-text');
    await expect.poll(() => text(page, 'power-text'), { timeout: 8_000 }).not.toBe(first);
    // the trend chart draws, the alarm table is there
    await page.getByTestId('vw-trend').locator('canvas').first().waitFor({ timeout: 15_000 });
    await page.getByTestId('vw-alarms').waitFor();
    // the alarm table lists the device's alarms (raised by the journey's 9 m), valued as the set point shows values
    await expect
      .poll(() => page.getByTestId('vw-alarms').innerText(), { timeout: 15_000 })
      .toContain(ALARM_TEXT);
    expect(await page.getByTestId('vw-alarms').innerText()).toContain('9.00 m');
    await picture(page, lang, '8-project');
    // the set-point button writes 6 m through the project after confirmation
    await page.getByTestId('vw-write-setpoint').click();
    await clickSettled(page.getByTestId('viewer-write-confirm'));
    await expect.poll(() => text(page, 'setpoint-text'), { timeout: 30_000 }).toBe('6.00 m');
    // the details page asks for its password; a wrong one is refused with the catalogue's message
    await page.getByTestId('vw-to-details').click();
    await page.waitForURL((u) => u.pathname === `/monitor/project/${demo.projectId}/page/${demo.detailsId}`);
    await page.getByTestId('viewer-password-submit').click();
    await page.getByText('Enter the page password').waitFor();
    await page.getByTestId('viewer-password-input').fill('wrong-one');
    await page.getByTestId('viewer-password-submit').click();
    await page.getByText(messageFor(1904, lang)).waitFor();
    await picture(page, lang, '9-password');
    await page.getByTestId('viewer-password-input').fill('Secret12');
    await page.getByTestId('viewer-password-submit').click();
    await page.getByTestId('vw-to-overview').waitFor();
    await expect
      .poll(() => page.getByTestId(`vw-value-${ids['tank_level']}`).innerText(), { timeout: 15_000 })
      .toMatch(/^\d+\.\d{2}$/);
    await picture(page, lang, '10-details');

    // a project page's id on the device page's route is no device page
    await page.goto(`${f.baseUrl}/monitor/eg/detail/page/${demo.overviewId}/0`);
    await expect.poll(() => page.getByTestId('viewer-error').innerText()).toContain(messageFor(1903, lang));
    expect(await page.getByTestId('vw-alarms').count()).toBe(0);
    await picture(page, lang, '10b-not-a-device-page');
    await context.close();
  }, 90_000);

  it('shows the demo project page and its password prompt wholly in Chinese', async () => {
    const lang = 'zh-CN';
    const { context, page } = await f.newPage(lang);
    await signIn(page, admin, `/monitor/project/${demo.projectId}/page/${demo.overviewId}`);
    await expect.poll(() => page.getByTestId('viewer-live').innerText(), { timeout: 15_000 }).toBe('实时');
    await page.getByTestId('vw-alarms').waitFor();
    // the demo's own texts are Chinese too, as DEMO_LANG made them
    const demoPage = demoTexts[lang].project;
    await expectScreenIn(page, lang, {
      shows: [
        'viewer:live.on',
        { text: demoPage.heading },
        { text: demoPage.setpoint },
        { text: demoPage.writeSetpoint },
        { text: demoPage.toDetails },
      ],
    });
    await page.getByTestId('vw-to-details').click();
    await page.waitForURL((u) => u.pathname === `/monitor/project/${demo.projectId}/page/${demo.detailsId}`);
    await page.getByTestId('viewer-password-submit').click();
    await page.getByText('请输入页面密码').waitFor();
    await page.getByTestId('viewer-password-input').fill('wrong-one');
    await page.getByTestId('viewer-password-submit').click();
    await page.getByText(messageFor(1904, lang)).waitFor();
    await expectScreenIn(page, lang, {
      shows: ['viewer:password.title', 'viewer:password.label', 'viewer:password.submit'],
    });
    await picture(page, lang, '9-password');
    await context.close();
  });

  it('greys values with their time once the gateway is offline (zh-CN, and the state in English)', async () => {
    await gateway.kill('SIGKILL');
    await until(
      'gateway offline',
      async () =>
        (await made<{ status: string }>('/lfscada/monitor/multi/gateway/info', { equipmentId })).status !==
        'online',
      60_000,
    );
    const lang = 'zh-CN';
    const { context, page } = await f.newPage(lang);
    await signIn(page, admin, `/monitor/eg/detail/page/${overviewId}/0`);
    await page.getByTestId('vw-power-text').waitFor();
    await expect
      .poll(() => page.getByTestId('vw-power-text').getAttribute('class'), { timeout: 15_000 })
      .toContain('fh-v-stale');
    expect(await page.getByTestId('vw-power-text').getByTestId('stale-time').innerText()).toMatch(
      /^\d\d-\d\d \d\d:\d\d:\d\d$/,
    );
    expect(await page.getByTestId('viewer-live').innerText()).toBe('离线设备：1 台');
    await picture(page, lang, '7-stale');
    await context.close();

    const en = await f.newPage('en-US');
    await signIn(en.page);
    await en.page.goto(`${f.baseUrl}/monitor/eg/detail/page/${overviewId}/0`);
    await expect
      .poll(() => en.page.getByTestId('viewer-live').innerText(), { timeout: 15_000 })
      .toBe('Offline devices: 1');
    await expectScreenIn(en.page, 'en-US', {
      allow: OVERVIEW_TEXTS,
    });
    await picture(en.page, 'en-US', '7-stale');
    await en.context.close();
  }, 90_000);
});
