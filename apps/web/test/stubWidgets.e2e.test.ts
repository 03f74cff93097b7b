import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyPage } from '@fieldhub/hmi';
import { until } from '@fieldhub/testkit';
import { loggedIn, type Caller } from '../../server/test/harness';
import { type BrowserFixture, clickSettled, makeEnterprise, startBrowserFixture } from './browser';
import { plantDevice, startPlantGateway, type PlantGateway } from './plantGateway';
import { expectScreenIn } from './screenLanguage';
import { shot } from './shots';
import { namedWidget as widget } from './viewerWidget';

/**
 * Issue 21 item 4 in the browser (en-US): a device page with the widgets that were stubs — a scroll
 * bar bound to a writable set point, a time selector, a frame animation driven by a live value and
 * a weather card — opened in the live viewer. Dragging the scroll bar writes the value through the
 * viewer's write path (confirmation, the device task, a real gateway process in simulate mode) and
 * the value comes back; the weather card shows what the local provider (Open-Meteo's format) said.
 */

let f: BrowserFixture;
let provider: Server;
let api: Caller;
let admin: string;
let equipmentId: number;
let plant: PlantGateway | undefined;
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

const frame = (colour: string) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><circle cx="20" cy="20" r="16" fill="${colour}"/></svg>`)}`;

beforeAll(async () => {
  provider = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://provider.test');
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        latitude: Number(url.searchParams.get('latitude')),
        longitude: Number(url.searchParams.get('longitude')),
        current: {
          time: 1764172800,
          interval: 900,
          temperature_2m: 21.4,
          relative_humidity_2m: 81,
          weather_code: 61,
          wind_speed_10m: 14.2,
          wind_direction_10m: 250,
        },
      }),
    );
  });
  await new Promise<void>((ok) => provider.listen(0, '127.0.0.1', ok));
  const base = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  f = await startBrowserFixture({
    link: true,
    env: { WEATHER_API_URL: `${base}/v1/forecast`, WEATHER_GEOCODING_URL: `${base}/v1/search` },
  });
  const enterprise = await makeEnterprise(f.platform.ctx.db, 'Widget Works');
  admin = enterprise.admin;
  api = await loggedIn(f.platform.app, admin);
  const device = await plantDevice(f, api, { name: 'Dosing pump', group: 'Dosing', snBase: 891_000_000_000 });
  ({ equipmentId } = device);
  const { sn, plantPort } = device;
  const variable = async (item: Record<string, unknown>) =>
    (ids[item['name'] as string] = await device.variable(item));
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
  const { id: pageId } = await made('/lfscada/configuration/page/add', {
    ownerKind: 'equipment',
    ownerId: equipmentId,
    name: 'Widgets',
  });
  const bound = (signal: string) => ({
    signalId: String(ids[signal]),
    equipId: String(equipmentId),
    title: signal,
  });
  const doc = emptyPage({ title: 'Widgets', width: 800, height: 400, fit: 'none', bgColor: '#F5F7FA' });
  doc.widgets = [
    widget('UsualScrollbar', 'setpoint-bar', [20, 20, 400, 30], {
      data: { ...bound('level_setpoint'), minVal: 0, maxVal: 10, step: 0.5 },
    }),
    widget('UsualTimeSelector', 'time', [20, 80, 260, 36], { data: { format: 'YYYY-MM-DD HH:mm' } }),
    widget('UsualAnimation', 'pump-anim', [320, 70, 60, 60], {
      data: {
        ...bound('power'),
        frames: [{ imgUrl: frame('#52C41A') }, { imgUrl: frame('#1890FF') }],
        interval: 200,
      },
    }),
    widget('ComplexWeather', 'weather', [20, 150, 340, 90], {
      data: { title: 'Plant site', lat: '31.23', lng: '121.47' },
    }),
  ];
  const [row] = (
    await made<{ id: number; version: number }[]>('/lfscada/configuration/page/query', {
      ownerKind: 'equipment',
      ownerId: equipmentId,
    })
  ).filter((p) => p.id === pageId);
  await made('/lfscada/configuration/page/save', { id: pageId, version: row!.version, document: doc });
  plant = await startPlantGateway(f, {
    sn,
    mqttPassword: device.mqttPassword,
    plantPort,
    api,
    equipmentId,
    firstSignal: 'power',
  });
}, 180_000);

afterAll(async () => {
  await plant?.stop();
  await f?.stop();
  await new Promise((ok) => provider?.close(ok));
});

describe('the widgets that were stubs, live (en-US)', () => {
  it('writes the scroll bar value dragged, plays the animation and shows the provider weather', async () => {
    const lang = 'en-US';
    const { context, page } = await f.newPage(lang);
    try {
      await f.signIn(page, admin, { at: `/monitor/eg/group/configuration/0/${equipmentId}` });
      await page.getByTestId('viewer-stage').waitFor();
      await expect.poll(() => page.getByTestId('viewer-live').innerText(), { timeout: 15_000 }).toBe('Live');

      // the weather card: what the local provider answered, through the server
      const weather = page.getByTestId('vw-weather');
      await expect
        .poll(() => weather.getByTestId('weather-widget').getAttribute('data-state'), { timeout: 15_000 })
        .toBe('ready');
      expect(await weather.getByTestId('weather-main').innerText()).toBe('21°C Rain');
      expect(await weather.getByTestId('weather-sub').innerText()).toBe(
        'Plant site · Humidity 81% · Wind 14 km/h WSW',
      );
      expect(await weather.getByTestId('weather-icon').getAttribute('data-condition')).toBe('rain');

      // the animation runs while its power value is on (the plant's power is never 0)
      const anim = page.getByTestId('vw-pump-anim').getByTestId('animation-frame');
      const seen = new Set<string>();
      await until('both frames shown', async () => {
        seen.add((await anim.getAttribute('data-frame')) ?? '');
        return seen.has('0') && seen.has('1');
      });

      // the time selector: a picker, disabled while unbound
      expect(await page.getByTestId('vw-time').locator('.ant-picker-disabled').count()).toBe(1);

      // drag the scroll bar's knob to 70 % of the track: 7 m, confirmed, written, and back
      const bar = page.getByTestId('vw-setpoint-bar');
      expect(await bar.getByTestId('scrollbar').getAttribute('data-disabled')).toBe('no');
      const track = (await bar.getByTestId('scrollbar-track').boundingBox())!;
      const y = track.y + track.height / 2;
      await page.mouse.move(track.x + track.width * 0.1, y);
      await page.mouse.down();
      await page.mouse.move(track.x + track.width * 0.5, y, { steps: 4 });
      await page.mouse.move(track.x + track.width * 0.7, y, { steps: 4 });
      expect(await bar.getByTestId('scrollbar').getAttribute('data-value')).toBe('7');
      await page.mouse.up();
      await page.getByTestId('viewer-write-confirm').waitFor();
      await expectScreenIn(page, lang, {
        shows: ['viewer:write.confirm-title'],
        allow: ['level_setpoint', '7 m'],
      });
      await shot(page, 'stubWidgets-en-US-1-confirm');
      await clickSettled(page.getByTestId('viewer-write-confirm'));
      await until(
        'the write task',
        async () => {
          const [task] = await f.platform.ctx.db.query<{ payload: Record<string, unknown>; state: string }>(
            "select payload, state from command_tasks where kind = 'write' order by created_at desc limit 1",
          );
          return task?.state === 'succeeded' && JSON.stringify(task.payload).includes('7');
        },
        60_000,
      );
      await expect
        .poll(() => bar.getByTestId('scrollbar').getAttribute('data-value'), { timeout: 30_000 })
        .toBe('7');
      await shot(page, 'stubWidgets-en-US-2-written');
    } finally {
      await context.close();
    }
  }, 150_000);
});
