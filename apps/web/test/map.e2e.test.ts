import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { catalogueEntries } from '@fieldhub/shared';
import { until } from '@fieldhub/testkit';
import { makePlatformOperator } from '../../server/test/harness';
import { connectAsGateway } from '../../server/test/gatewayFixtures';
import { seedDemoDevices } from '../../server/src/seed/demoDevices';
import { demoTexts } from '../../server/src/seed/demoTexts';
import { type BrowserFixture, clickSettled, makeEnterprise, startBrowserFixture } from './browser';
import { expectScreenIn, tr } from './screenLanguage';
import { shot } from './shots';

/**
 * The device map, track playback and help in headless Chromium, in English (the browser has no
 * network: the map draws its bundled world outline). The demo plant's devices get their positions
 * the real way, from their gateways' births over the embedded broker; the tank's gateway reports a
 * trip over the last 80 minutes. The journey sees the markers (two close ones clustered), filters
 * by state and group, opens a marker's popup, plays the tank's track at 10× to its end, follows the
 * popup's link to the device's monitoring, then searches the help by code and by words. A second
 * context renders the map (a popup, a track) and the help in Chinese, checked by screenLanguage.
 */

const wait = { timeout: 20_000 };
const texts = demoTexts['en-US'];

/** The tank's trip: five positions 20 minutes apart, the last one where its gateway now is. */
const TRIP = [
  [121.44, 31.2],
  [121.45, 31.21],
  [121.46, 31.22],
  [121.47, 31.225],
  [121.4737, 31.2304],
] as const;

let f: BrowserFixture;
let admin: string;
let tankId: number;

beforeAll(async () => {
  f = await startBrowserFixture({ link: true });
  const db = f.platform.ctx.db;
  const op = await makePlatformOperator(db);
  const enterprise = await makeEnterprise(db, 'Map Works');
  admin = enterprise.admin;
  const gateways = await seedDemoDevices(
    db,
    f.platform.clock,
    { accountId: enterprise.adminId, orgId: enterprise.orgId, loginname: admin },
    { accountId: op.operatorId, orgId: op.orgId, loginname: op.operator },
    5020,
    texts,
  );
  const [tank, boiler, meter] = gateways;
  const [tankRow] = await db.query<{ id: number }>(
    'select id from equipment where org_id = $1 and name = $2',
    [enterprise.orgId, texts.devices.tank],
  );
  tankId = tankRow!.id;
  const url = `mqtt://127.0.0.1:${f.platform.ctx.link!.brokerPort}`;
  const located = async (sn: string, lng: number) =>
    until(
      `${sn} at ${lng}`,
      async () =>
        (
          await db.query<{ lng: number }>(
            `select (location->>'lng')::float8 as lng from gateways where sn = $1`,
            [sn],
          )
        )[0]?.lng === lng,
      10_000,
    );
  const birth = async (
    sn: string,
    password: string,
    points: readonly (readonly [number, number])[],
    online = true,
  ) => {
    const client = await connectAsGateway(url, sn, password);
    for (const [i, [lng, lat]] of points.entries()) {
      if (i > 0) f.platform.clock.advanceMinutes(20);
      await client.publishAsync(
        `iiot/v1/${sn}/up/status`,
        JSON.stringify({ v: 1, online: true, bootId: 'map', configVersion: 0, location: { lng, lat } }),
        { qos: 1 },
      );
      await located(sn, lng);
    }
    if (!online)
      await client.publishAsync(`iiot/v1/${sn}/up/status`, JSON.stringify({ v: 1, online: false }));
    await client.endAsync();
  };
  // the trip happened over the last 80 minutes of the platform's clock, ending now
  f.platform.clock.advanceMinutes(-20 * (TRIP.length - 1));
  await birth(tank!.sn, tank!.mqttPassword, TRIP);
  await birth(boiler!.sn, boiler!.mqttPassword, [[121.481, 31.236]]);
  // the meter's gateway far away, and gone offline
  await birth(meter!.sn, meter!.mqttPassword, [[116.4, 39.9]], false);
  await until(
    'meter offline',
    async () =>
      (await db.query<{ status: string }>('select status from gateways where sn = $1', [meter!.sn]))[0]
        ?.status === 'offline',
    10_000,
  );
}, 120_000);
afterAll(() => f.stop());

const markers = (page: Page) => page.locator('[data-testid=map-marker]');

describe('device map (en-US)', () => {
  it('shows, filters and opens the devices, plays a track, and the help finds codes and words', async () => {
    const { page } = await f.newPage('en-US');
    await f.signIn(page, admin);
    await page.goto(`${f.baseUrl}/map`);

    // the bundled world outline is drawn without any network
    await expect
      .poll(
        () =>
          page
            .locator('.leaflet-fieldhub-world-pane path')
            .first()
            .getAttribute('d')
            .then((d) => d?.length ?? 0),
        wait,
      )
      .toBeGreaterThan(1000);
    await expect
      .poll(() => page.getByTestId('map-count').innerText(), wait)
      .toBe('3 of 3 devices with a position');
    await expect.poll(() => page.getByTestId('map-world-only').isVisible(), wait).toBe(true);
    // Shanghai's two devices are one cluster at a zoom that also shows Beijing's
    await expect.poll(() => markers(page).count(), wait).toBe(1);
    const cluster = page.getByTestId('map-cluster');
    await expect.poll(() => cluster.innerText(), wait).toBe('2');
    // in the colour of its most severe state: both online
    expect(await cluster.getAttribute('data-status')).toBe('online');
    await shot(page, 'map-all', { pointerAway: true });

    // by state: the offline meter only
    await clickSettled(page.getByTestId('map-status'));
    await clickSettled(page.locator('.ant-select-item-option').filter({ hasText: 'Offline' }));
    await expect
      .poll(() => page.getByTestId('map-count').innerText(), wait)
      .toBe('1 of 3 devices with a position');
    await expect.poll(() => markers(page).getAttribute('data-status'), wait).toBe('offline');
    await clickSettled(page.getByTestId('map-status'));
    await clickSettled(page.locator('.ant-select-item-option').filter({ hasText: 'Status: All' }));

    // by group: the tank of Water treatment, on its own
    await clickSettled(page.getByTestId('map-group'));
    await clickSettled(page.locator('.ant-select-item-option').filter({ hasText: texts.groups.water }));
    await expect
      .poll(() => page.getByTestId('map-count').innerText(), wait)
      .toBe('1 of 3 devices with a position');
    await expect.poll(() => markers(page).getAttribute('data-device'), wait).toBe(String(tankId));

    // its popup, and its track from there
    await markers(page).click();
    const popup = page.getByTestId('map-popup');
    await expect.poll(() => popup.innerText(), wait).toContain(texts.devices.tank);
    expect(await popup.innerText()).toContain('Online');
    expect(await page.getByTestId('map-popup-open').getAttribute('href')).toBe(
      `/monitor/eg/detail/list/${tankId}/0`,
    );
    await page.getByTestId('map-popup-track').click();
    await expect.poll(() => page.getByTestId('track-device').innerText(), wait).toContain(texts.devices.tank);
    await clickSettled(page.getByTestId('track-load'));
    await expect.poll(() => page.getByTestId('track-count').innerText(), wait).toBe('5 positions');
    const time = page.getByTestId('track-time');
    const startText = await time.innerText();
    await clickSettled(page.getByTestId('track-speed').getByText('10×'));
    await clickSettled(page.getByTestId('track-play'));
    // playing: the moment moves on, then stops at the last position with Play offered again
    await expect.poll(() => time.innerText(), wait).not.toBe(startText);
    await expect.poll(() => page.getByTestId('track-play').isVisible(), { timeout: 30_000 }).toBe(true);
    const endLabel = await page
      .getByTestId('track-player')
      .locator('.ant-typography-secondary')
      .nth(2)
      .innerText();
    expect(await time.innerText()).toBe(`Position at ${endLabel}`);
    // the travelled line runs the whole way: its path has a point per position
    const travelled = page.locator('.leaflet-overlay-pane path[stroke="#1677ff"]');
    expect(await travelled.count()).toBe(1);
    await shot(page, 'map-track', { pointerAway: true });

    // the popup's link opens the device's monitoring
    await clickSettled(page.getByRole('button', { name: 'Close' }));
    await markers(page).click();
    await page.getByTestId('map-popup-open').click();
    await page.waitForURL(`**/monitor/eg/detail/list/${tankId}/0`, wait);

    // help: an error code by number, then words of the gateway installation, then nothing
    await page.goto(`${f.baseUrl}/help`);
    await expect.poll(() => page.getByTestId('help-sidebar').innerText(), wait).toContain('Error codes');
    expect(await page.getByTestId('help-sidebar').innerText()).toContain(
      'Installing the gateway next to a PLC',
    );
    const search = page.getByTestId('help-search').locator('input');
    await search.fill('1101');
    await expect
      .poll(() => page.getByTestId('help-codes').locator('tbody tr').allInnerTexts(), wait)
      .toEqual([expect.stringMatching(/^1101\s+Device not found$/)]);
    expect(await page.getByTestId('help-section-getting-started').count()).toBe(0);
    await search.fill('systemd');
    await expect
      .poll(() => page.getByTestId('help-section-gateway-install').innerText(), wait)
      .toContain('Restart=always');
    expect(await page.getByTestId('help-section-codes').count()).toBe(0);
    await shot(page, 'help-search', { pointerAway: true });
    await search.fill('no such words anywhere');
    await expect
      .poll(() => page.getByTestId('help-empty').innerText(), wait)
      .toBe('Nothing in the help matches “no such words anywhere”');
  }, 120_000);
});

describe('device map and help, rendered in Chinese', () => {
  const zh = (key: string, vars?: Record<string, string | number>) => tr('zh-CN', key, vars);
  /** the demo plant was seeded in English: its names are data, not translation */
  const demoNames = [...Object.values(texts.groups), ...Object.values(texts.devices)];
  /** each Chinese help page's title, its first line (`# title`) */
  const helpDir = path.resolve(import.meta.dirname, '../src/features/help/content/zh-CN');
  const helpTitles = readdirSync(helpDir).map((file) =>
    readFileSync(path.join(helpDir, file), 'utf8').split('\n')[0]!.replace(/^#\s*/, ''),
  );

  it('shows the map with a popup and a track, and the help, wholly in Chinese', async () => {
    const { page } = await f.newPage('zh-CN');
    await f.signIn(page, admin);
    await page.goto(`${f.baseUrl}/map`);
    await expect
      .poll(() => page.getByTestId('map-count').innerText(), wait)
      .toBe(zh('map:count', { shown: 3, total: 3 }));
    await expect.poll(() => page.getByTestId('map-cluster').count(), wait).toBe(1);
    await expectScreenIn(page, 'zh-CN', {
      shows: [
        'map:title',
        'map:back',
        'map:filter.all-groups',
        { text: zh('map:field-label', { label: zh('map:filter.status') }) + zh('map:filter.all') },
        'map:world-only',
        'map:track.open',
        'map:status.unbound',
        'map:legend-alarms',
      ],
      allow: demoNames,
    });
    await shot(page, 'map-zh-all', { pointerAway: true });

    // the offline meter's popup, then its track from there
    await clickSettled(page.getByTestId('map-status'));
    await clickSettled(page.locator('.ant-select-item-option').filter({ hasText: zh('map:status.offline') }));
    await expect.poll(() => markers(page).getAttribute('data-status'), wait).toBe('offline');
    await markers(page).click();
    await expect.poll(() => page.getByTestId('map-popup').innerText(), wait).toContain(texts.devices.meter);
    await expectScreenIn(page, 'zh-CN', {
      shows: [
        // labelled with the Chinese colon
        { text: zh('map:field-label', { label: zh('map:popup.group') }) + texts.groups.plant },
        { text: zh('map:field-label', { label: zh('map:popup.alarms') }) + '1' },
        'map:popup.sn',
        'map:popup.open',
        'map:popup.track',
      ],
      allow: demoNames,
    });
    await shot(page, 'map-zh-popup', { pointerAway: true });
    await page.getByTestId('map-popup-track').click();
    await expect
      .poll(() => page.getByTestId('track-device').innerText(), wait)
      .toContain(texts.devices.meter);
    await clickSettled(page.getByTestId('track-load'));
    await expect
      .poll(() => page.getByTestId('track-count').innerText(), wait)
      .toBe(zh('map:track.points', { count: 1 }));
    await expectScreenIn(page, 'zh-CN', {
      shows: [
        'map:track.title',
        'map:track.device',
        'map:track.range',
        'map:track.load',
        'map:track.play',
        'map:track.speed-help',
      ],
      allow: demoNames,
    });
    await shot(page, 'map-zh-track', { pointerAway: true });

    // help: the Chinese pages and the catalogue's Chinese messages, found by code
    await page.goto(`${f.baseUrl}/help`);
    await expect
      .poll(() => page.getByTestId('help-sidebar').innerText(), wait)
      .toContain(zh('help:codes.title'));
    const sidebar = await page.getByTestId('help-sidebar').innerText();
    expect(helpTitles.filter((title) => !sidebar.includes(title))).toEqual([]);
    await expectScreenIn(page, 'zh-CN', {
      shows: [
        'help:title',
        'help:sections',
        'help:codes.intro',
        'help:codes.message',
        { key: 'help:codes.count', vars: { count: catalogueEntries.length } },
      ],
    });
    await shot(page, 'help-zh', { pointerAway: true });
    await page.getByTestId('help-search').locator('input').fill('1101');
    const deviceNotFound = catalogueEntries.find((e) => e.code === 1101)!.zh;
    await expect
      .poll(() => page.getByTestId('help-codes').locator('tbody tr').allInnerTexts(), wait)
      .toEqual([expect.stringMatching(new RegExp(`^1101\\s+${deviceNotFound}$`))]);
    await expectScreenIn(page, 'zh-CN', { shows: [{ key: 'help:results', vars: { query: '1101' } }] });
    await shot(page, 'help-zh-search', { pointerAway: true });
  }, 60_000);
});
