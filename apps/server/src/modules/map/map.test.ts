import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MqttClient } from 'mqtt';
import { until } from '@fieldhub/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MapSettings, MonitorDeviceCard, Track } from '@fieldhub/shared';
import {
  loggedIn,
  makeEnterprise,
  startTestPlatform,
  type Caller,
  type TestPlatform,
} from '../../../test/harness';
import {
  deviceWithGateway,
  made,
  role,
  send,
  subAccount,
  type TestDevice,
} from '../../../test/deviceFixtures';
import { connectAsGateway } from '../../../test/gatewayFixtures';
import { loggedInOperator } from '../../../test/platformFixtures';
import { SESSION_COOKIE } from '../auth/sessions';

/**
 * The map and track playback of docs/requirements/data-views.md §5 through HTTP, a real database
 * and the embedded broker: positions a gateway publishes become its device's track (kept by the
 * retention rule), the track is read by range, the offline tiles are served from their directory
 * and nothing outside it; every call needs map_view and stays inside the caller's enterprise.
 */

const TRACK = '/lfscada/map/track/query';
const MAP = '/lfscada/monitor/equipment/queryAllForMap';
const HOUR = 3_600_000;

let p: TestPlatform;
let brokerUrl: string;
let tileDir: string;
let secretFile: string;
let acme: { admin: Caller; device: TestDevice };
let zeta: { admin: Caller; device: TestDevice };
/** an account of Acme whose role has map_view only */
let mapper: Caller;
/** an account of Acme whose role has monitor_view but not map_view */
let watcher: Caller;
let gateway: MqttClient;
let startedAt: number;

beforeAll(async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'fieldhub-map-'));
  tileDir = path.join(root, 'tiles');
  mkdirSync(path.join(tileDir, '3', '4'), { recursive: true });
  writeFileSync(path.join(tileDir, '3', '4', '2.png'), Buffer.from('89504e470d0a1a0a-tile', 'utf8'));
  mkdirSync(path.join(tileDir, '2', '1'), { recursive: true });
  writeFileSync(path.join(tileDir, '2', '1', '3.jpg'), 'jpeg tile');
  secretFile = path.join(root, 'secret.png');
  writeFileSync(secretFile, 'outside the tiles');

  p = await startTestPlatform(
    { MQTT_PORT: '0', MAP_TILE_DIR: tileDir, MAP_TILE_ATTRIBUTION: '© Test tiles' },
    { link: true },
  );
  brokerUrl = p.brokerUrl;
  const operator = await loggedInOperator(p);
  const tenant = async (name: string, deviceName: string) => {
    const admin = await loggedIn(p.app, (await makeEnterprise(p.ctx.db, name)).admin);
    return { admin, device: await deviceWithGateway(admin, operator, deviceName) };
  };
  acme = await tenant('Acme Map', 'Acme truck');
  zeta = await tenant('Zeta Map', 'Zeta truck');
  const mapRole = await role(acme.admin, 'Dispatchers', ['map_view']);
  await subAccount(acme.admin, { segment: 'int', loginname: 'acme-dispatcher', roleId: mapRole });
  mapper = await loggedIn(p.app, 'acme-dispatcher');
  const watchRole = await role(acme.admin, 'Watchers', ['monitor_view']);
  await subAccount(acme.admin, { segment: 'int', loginname: 'acme-watcher', roleId: watchRole });
  watcher = await loggedIn(p.app, 'acme-watcher');
  gateway = await connectAsGateway(brokerUrl, acme.device.sn, acme.device.mqttPassword);
  startedAt = p.clock.now().getTime();
}, 60_000);

afterAll(async () => {
  await gateway?.endAsync();
  await p?.stop();
  rmSync(path.dirname(tileDir), { recursive: true, force: true });
});

const storedPoints = async (sn: string) =>
  (
    await p.ctx.db.query<{ n: number }>(
      'select count(*)::int as n from gateway_track_points where gateway_sn = $1',
      [sn],
    )
  )[0]!.n;

/** Publishes a birth with a position as the gateway does, and waits until the platform has handled it. */
async function reportPosition(lng: number, lat: number): Promise<void> {
  const before = await p.ctx.db.query<{ location: { at: string } | null }>(
    'select location from gateways where sn = $1',
    [acme.device.sn],
  );
  await gateway.publishAsync(
    p.topic(`iiot/v1/${acme.device.sn}/up/status`),
    JSON.stringify({ v: 1, online: true, bootId: 'trip', configVersion: 0, location: { lng, lat } }),
    { qos: 1 },
  );
  // the stored location's time stamp changes with every status that carries one
  await until(
    'the position recorded',
    async () => {
      const [row] = await p.ctx.db.query<{ location: { at: string; lng: number } | null }>(
        'select location from gateways where sn = $1',
        [acme.device.sn],
      );
      return row?.location?.lng === lng && row.location.at !== before[0]?.location?.at;
    },
    10_000,
  );
}

const track = (caller: Caller, body: Record<string, unknown>) => send<Track>(caller, TRACK, body);

describe('track from the gateway link', () => {
  it('keeps a reported position when the gateway moved or 15 minutes passed, not a repeat of the same spot', async () => {
    await reportPosition(121.47, 31.23); // first: kept
    p.clock.advanceMinutes(5);
    await reportPosition(121.4701, 31.2301); // about 14 m away, 5 min later: not kept
    p.clock.advanceMinutes(5);
    await reportPosition(121.48, 31.24); // about 1.4 km away: kept
    p.clock.advanceMinutes(16);
    await reportPosition(121.48, 31.24); // same spot, 16 min later: kept
    expect(await storedPoints(acme.device.sn)).toBe(3);

    const answer = await made<Track>(mapper, TRACK, {
      equipmentId: acme.device.id,
      startTime: startedAt - HOUR,
      endTime: p.clock.now().getTime() + HOUR,
    });
    expect(answer.truncated).toBe(false);
    expect(answer.points.map((pt) => [pt.lng, pt.lat])).toEqual([
      [121.47, 31.23],
      [121.48, 31.24],
      [121.48, 31.24],
    ]);
    const times = answer.points.map((pt) => pt.ts);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(10 * 60_000);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(16 * 60_000);
  });

  it('answers only the points inside the range', async () => {
    const all = (
      await made<Track>(mapper, TRACK, {
        equipmentId: acme.device.id,
        startTime: startedAt - HOUR,
        endTime: p.clock.now().getTime() + HOUR,
      })
    ).points;
    const later = await made<Track>(mapper, TRACK, {
      equipmentId: acme.device.id,
      startTime: all[1]!.ts,
      endTime: new Date(all[1]!.ts + 60_000).toISOString(),
    });
    expect(later.points).toEqual([all[1]]);
  });

  it('shows the device on the map at its gateway’s last position, to an account with map_view', async () => {
    const devices = await made<MonitorDeviceCard[]>(mapper, MAP);
    expect(devices.map((d) => [d.name, d.lng, d.lat])).toEqual([['Acme truck', 121.48, 31.24]]);
  });
});

describe('track from a locate task', () => {
  it('adds the position the gateway answers to a locate command', async () => {
    await gateway.subscribeAsync(p.topic(`iiot/v1/${acme.device.sn}/down/cmd`), { qos: 1 });
    const command = new Promise<{ uuid: string; type: string }>((resolve) => {
      gateway.on('message', (_topic, payload) => {
        const msg = JSON.parse(payload.toString()) as { uuid: string; type: string };
        if (msg.type === 'locate') resolve(msg);
      });
    });
    const before = await storedPoints(acme.device.sn);
    await made(acme.admin, '/lfscada/gateway/locate', { sn: acme.device.sn });
    const { uuid } = await command;
    await gateway.publishAsync(
      p.topic(`iiot/v1/${acme.device.sn}/up/cmd/result`),
      JSON.stringify({ v: 1, uuid, ok: true, data: { lng: 121.6, lat: 31.3 } }),
      { qos: 1 },
    );
    await until(
      'the located point kept',
      async () => (await storedPoints(acme.device.sn)) === before + 1,
      10_000,
    );
    const answer = await made<Track>(mapper, TRACK, {
      equipmentId: acme.device.id,
      startTime: startedAt - HOUR,
      endTime: p.clock.now().getTime() + HOUR,
    });
    expect(answer.points.at(-1)).toMatchObject({ lng: 121.6, lat: 31.3 });
  });
});

describe('limits and isolation', () => {
  it('refuses a range over 30 days, an end before the start and a date before 1970 with 10001', async () => {
    const now = p.clock.now().getTime();
    const long = await track(mapper, {
      equipmentId: acme.device.id,
      startTime: now - 31 * 24 * HOUR,
      endTime: now,
    });
    expect(long).toMatchObject({ code: '10001', data: { rule: 'span' } });
    expect(long.message).toContain('30 days');
    const zh = await loggedIn(p.app, 'acme-dispatcher', 'zh-CN');
    const zhLong = await track(zh, {
      equipmentId: acme.device.id,
      startTime: now - 31 * 24 * HOUR,
      endTime: now,
    });
    expect(zhLong.message).toContain('30 天');
    expect(
      await track(mapper, { equipmentId: acme.device.id, startTime: now, endTime: now - HOUR }),
    ).toMatchObject({
      code: '10001',
      data: { rule: 'order' },
    });
    expect(await track(mapper, { equipmentId: acme.device.id, startTime: -5, endTime: now })).toMatchObject({
      code: '10001',
    });
    expect(await track(mapper, { equipmentId: 'truck', startTime: 0, endTime: now })).toMatchObject({
      code: '10001',
    });
  });

  it('answers another enterprise’s device as not found, and never its points', async () => {
    const zetaGateway = await connectAsGateway(brokerUrl, zeta.device.sn, zeta.device.mqttPassword);
    await zetaGateway.publishAsync(
      p.topic(`iiot/v1/${zeta.device.sn}/up/status`),
      JSON.stringify({ v: 1, online: true, location: { lng: 2.35, lat: 48.85 } }),
      { qos: 1 },
    );
    await until('zeta point stored', async () => (await storedPoints(zeta.device.sn)) === 1, 10_000);
    await zetaGateway.endAsync();
    const now = p.clock.now().getTime();
    const range = { startTime: now - 24 * HOUR, endTime: now + HOUR };
    const foreign = await track(acme.admin, { equipmentId: zeta.device.id, ...range });
    expect(foreign).toMatchObject({ code: '1101', data: null });
    expect(JSON.stringify(foreign)).not.toContain('48.85');
    const own = await made<Track>(zeta.admin, TRACK, { equipmentId: zeta.device.id, ...range });
    expect(own.points.map((pt) => [pt.lng, pt.lat])).toEqual([[2.35, 48.85]]);
    const map = await made<MonitorDeviceCard[]>(acme.admin, MAP);
    expect(map.map((d) => d.name)).toEqual(['Acme truck']);
  });

  it('refuses the map’s calls without map_view (90008) and without a session (1006)', async () => {
    const body = { equipmentId: acme.device.id, startTime: startedAt - HOUR, endTime: startedAt + HOUR };
    for (const url of [MAP, TRACK, '/lfscada/map/settings']) {
      expect([url, (await send(watcher, url, body)).code]).toEqual([url, '90008']);
      const anonymous = await p.app.inject({ method: 'POST', url, payload: body });
      expect([url, anonymous.json<{ code: string }>().code]).toEqual([url, '1006']);
    }
    const tile = await p.app.inject({ method: 'GET', url: '/lfscada/map/tiles/3/4/2' });
    expect(tile.json<{ code: string }>().code).toBe('1006');
  });
});

describe('tiles', () => {
  const getTile = (caller: Caller, url: string) =>
    p.app.inject({
      method: 'GET',
      url,
      headers: { cookie: `${SESSION_COOKIE}=${caller.cookie(SESSION_COOKIE)}` },
    });

  it('names the offline tiles to the web app', async () => {
    expect(await made<MapSettings>(mapper, '/lfscada/map/settings')).toEqual({
      tileUrl: '/lfscada/map/tiles/{z}/{x}/{y}',
      attribution: '© Test tiles',
      maxZoom: 18,
    });
  });

  it('serves a tile of the directory with its type, and 404 for one it does not hold', async () => {
    const png = await getTile(mapper, '/lfscada/map/tiles/3/4/2');
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.body).toBe('89504e470d0a1a0a-tile');
    const jpg = await getTile(mapper, '/lfscada/map/tiles/2/1/3');
    expect([jpg.headers['content-type'], jpg.body]).toEqual(['image/jpeg', 'jpeg tile']);
    expect((await getTile(mapper, '/lfscada/map/tiles/3/4/3')).statusCode).toBe(404);
    expect((await getTile(watcher, '/lfscada/map/tiles/3/4/2')).json<{ code: string }>().code).toBe('90008');
  });

  it('refuses every spelling of a path outside the directory, and serves nothing from there', async () => {
    const attempts = [
      '/lfscada/map/tiles/..%2F..%2Fsecret.png/0/0',
      '/lfscada/map/tiles/3/..%2F..%2F..%2Fsecret/0',
      '/lfscada/map/tiles/3/4/..%2F..%2F..%2Fsecret',
      '/lfscada/map/tiles/3/4/%2e%2e',
      '/lfscada/map/tiles/3/4/2.png%00',
      '/lfscada/map/tiles/-1/0/0',
      '/lfscada/map/tiles/3/9/2',
      '/lfscada/map/tiles/23/0/0',
      '/lfscada/map/tiles/../../secret.png',
      '/lfscada/map/tiles/3/../../secret.png',
    ];
    for (const url of attempts) {
      const res = await getTile(mapper, url);
      expect(res.body).not.toContain('outside the tiles');
      // an envelope refusal (the parameter check, or no such address), never a file
      expect([url, res.headers['content-type']]).toEqual([url, expect.stringMatching(/^application\/json/)]);
      expect([url, res.json<{ code: string }>().code]).toEqual([
        url,
        expect.stringMatching(/^(10001|90005)$/),
      ]);
    }
  });
});
