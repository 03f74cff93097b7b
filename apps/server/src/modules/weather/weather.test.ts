import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WeatherReport } from '@fieldhub/shared';
import {
  loggedIn,
  makeEnterprise,
  startTestPlatform,
  type Caller,
  type TestPlatform,
} from '../../../test/harness';
import { made, role, send, subAccount } from '../../../test/deviceFixtures';
import { WEATHER_ASKS_PER_WINDOW } from './weather.routes';

/**
 * The weather widget's call (docs/requirements/widgets.md §4.6) against a local HTTP server speaking
 * Open-Meteo's forecast and geocoding formats: the answer's fields, the 10-minute cache per place,
 * the key, the provider's failures and time-out as catalogue codes, bad input and permission.
 */

const CALL = '/lfscada/weather/current';

let p: TestPlatform;
let provider: Server;
let admin: Caller;
let adminZh: Caller;
/** an account whose role lacks monitor_view (a project reader, say) */
let clerk: Caller;
const requests: URL[] = [];
/** how the provider answers the next forecast requests */
let mode: 'ok' | 'fail' | 'hang' = 'ok';
const hanging: ServerResponse[] = [];

function answer(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://provider.test');
  requests.push(url);
  if (url.pathname === '/v1/search') {
    const name = url.searchParams.get('name');
    res.setHeader('content-type', 'application/json');
    if (name === 'Berlin')
      return res.end(
        JSON.stringify({
          results: [
            { id: 2950159, name: 'Berlin', latitude: 52.52437, longitude: 13.41053, country: 'Germany' },
          ],
          generationtime_ms: 0.5,
        }),
      );
    return res.end(JSON.stringify({ generationtime_ms: 0.3 }));
  }
  if (url.pathname !== '/v1/forecast') return res.writeHead(404).end();
  if (mode === 'hang') return void hanging.push(res);
  if (mode === 'fail') {
    res.writeHead(400, { 'content-type': 'application/json' });
    return res.end(JSON.stringify({ error: true, reason: 'Invalid API key' }));
  }
  const lat = Number(url.searchParams.get('latitude'));
  res.setHeader('content-type', 'application/json');
  res.end(
    JSON.stringify({
      latitude: lat,
      longitude: Number(url.searchParams.get('longitude')),
      generationtime_ms: 0.1,
      utc_offset_seconds: 0,
      timezone: 'GMT',
      current_units: { time: 'unixtime', interval: 'seconds', temperature_2m: '°C' },
      current: {
        time: 1764172800,
        interval: 900,
        // the temperature tells the places apart
        temperature_2m: lat > 50 ? 3.4 : 21.5,
        relative_humidity_2m: 81,
        weather_code: 61,
        wind_speed_10m: 14.2,
        wind_direction_10m: 250,
      },
    }),
  );
}

beforeAll(async () => {
  provider = createServer(answer);
  await new Promise<void>((ok) => provider.listen(0, '127.0.0.1', ok));
  const base = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  p = await startTestPlatform({
    WEATHER_API_URL: `${base}/v1/forecast`,
    WEATHER_GEOCODING_URL: `${base}/v1/search`,
    WEATHER_API_KEY: 'test-key',
    WEATHER_TIMEOUT_MS: '300',
  });
  const acme = await makeEnterprise(p.ctx.db, 'Acme Weather');
  admin = await loggedIn(p.app, acme.admin);
  adminZh = await loggedIn(p.app, acme.admin, 'zh-CN');
  const clerkRole = await role(admin, 'Clerks', ['operation_log']);
  await subAccount(admin, { segment: 'int', loginname: 'acme-weather-clerk', roleId: clerkRole });
  clerk = await loggedIn(p.app, 'acme-weather-clerk');
}, 60_000);

afterAll(async () => {
  for (const res of hanging) res.destroy();
  await p?.stop();
  await new Promise((ok) => provider?.close(ok));
});

beforeEach(() => {
  mode = 'ok';
  requests.length = 0;
});

const forecasts = () => requests.filter((u) => u.pathname === '/v1/forecast');

describe('weather from the provider', () => {
  it('answers the current weather of coordinates in the provider format, with the key', async () => {
    const before = p.clock.now().getTime();
    const report = await made<WeatherReport>(admin, CALL, { lat: 31.2304, lng: 121.4737 });
    // the test clock moves on with real time too: the fetch time lies within the call
    expect(report.fetchedAt).toBeGreaterThanOrEqual(before);
    expect(report.fetchedAt).toBeLessThanOrEqual(p.clock.now().getTime());
    expect(report).toEqual({
      place: '31.23, 121.47',
      lat: 31.23,
      lng: 121.47,
      temperature: 21.5,
      humidity: 81,
      windSpeed: 14.2,
      windDirection: 250,
      weatherCode: 61,
      observedAt: 1764172800_000,
      fetchedAt: report.fetchedAt,
    });
    const [asked] = forecasts();
    expect(asked!.searchParams.get('apikey')).toBe('test-key');
    expect(asked!.searchParams.get('current')).toContain('temperature_2m');
  });

  it('resolves a city by the geocoding API and keeps each place 10 minutes', async () => {
    const first = await made<WeatherReport>(admin, CALL, { city: 'Berlin' });
    expect(first).toMatchObject({ place: 'Berlin', lat: 52.52437, temperature: 3.4 });
    expect(requests.map((u) => u.pathname)).toEqual(['/v1/search', '/v1/forecast']);
    p.clock.advanceMinutes(9);
    expect(await made<WeatherReport>(admin, CALL, { city: 'berlin' })).toEqual(first);
    expect(requests).toHaveLength(2);
    p.clock.advanceMinutes(2);
    const later = await made<WeatherReport>(admin, CALL, { city: 'Berlin' });
    expect(later.fetchedAt).toBeGreaterThanOrEqual(first.fetchedAt + 11 * 60_000);
    expect(forecasts()).toHaveLength(2);
  });

  it('names a place the provider does not know with 1911 in the caller language', async () => {
    expect(await send(admin, CALL, { city: 'Nowhereville' })).toMatchObject({
      code: '1911',
      message: 'No place named Nowhereville was found',
    });
    expect(await send(adminZh, CALL, { city: 'Nowhereville' })).toMatchObject({
      code: '1911',
      message: '未找到地点：Nowhereville',
    });
    expect(forecasts()).toHaveLength(0);
  });

  it("answers the provider's refusal with 1909 and its time-out with 1910, caching neither", async () => {
    mode = 'fail';
    expect(await send(admin, CALL, { lat: 10, lng: 10 })).toMatchObject({
      code: '1909',
      message: 'The weather service is not available: Invalid API key',
    });
    mode = 'hang';
    expect(await send(admin, CALL, { lat: 10, lng: 10 })).toMatchObject({
      code: '1910',
      message: 'The weather service did not answer within 0.3 s',
    });
    mode = 'ok';
    expect(await made<WeatherReport>(admin, CALL, { lat: 10, lng: 10 })).toMatchObject({ temperature: 21.5 });
    expect(forecasts()).toHaveLength(3);
  });

  it('refuses input without a place and coordinates out of range, asking the provider nothing', async () => {
    expect((await send(admin, CALL, {})).code).toBe('10001');
    expect((await send(admin, CALL, { lat: 91, lng: 0 })).code).toBe('10001');
    expect((await send(admin, CALL, { lat: 10 })).code).toBe('10001');
    expect(requests).toHaveLength(0);
  });

  it('answers any session (a project reader without monitor_view too), 60 times per account in 10 minutes', async () => {
    expect((await send(clerk, CALL, { lat: 10, lng: 10 })).code).toBe('200');
    for (let i = 1; i < WEATHER_ASKS_PER_WINDOW; i++)
      expect((await send(clerk, CALL, { lat: 10, lng: 10 })).code).toBe('200');
    expect((await send(clerk, CALL, { lat: 10, lng: 10 })).code).toBe('90010');
    // another account is not held by the first one's asking
    expect((await send(admin, CALL, { lat: 10, lng: 10 })).code).toBe('200');
  });
});
