/**
 * The README's promise: `npm start` on a clean clone runs the platform on the embedded defaults
 * (PGlite, the embedded broker) with the demo enterprise, whose simulated gateways come online
 * and report changing values. The server is started as `npm start` starts it (`tsx
 * apps/server/src/main.ts`, after the web build that `npm test` has made), in an empty data
 * directory, on free ports, and watched over real HTTP with the login it prints. The system
 * speaks Chinese (LANG), so the demo is made in Chinese (DEMO_LANG unset).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MonitorDeviceCard } from '@fieldhub/shared';
import { freePort, until } from '@fieldhub/testkit';
import { REPO_ROOT } from '../../gateway/test/support/gatewayProcess';
import { encryptField, formEncode } from './harness';
import { demoTexts } from '../src/seed/demoTexts';

let server: ChildProcess;
let output = '';
let dataDir: string;
let baseUrl: string;
let cookie = '';

interface Envelope<T> {
  code: string;
  message: string;
  data: T;
}

/** A call as the browser makes it: form-encoded, with the session cookie. */
async function call<T>(url: string, body: Record<string, unknown> = {}): Promise<Envelope<T>> {
  const res = await fetch(`${baseUrl}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: formEncode(body),
  });
  const set = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
  if (set.length) cookie = [...cookie.split('; ').filter(Boolean), ...set].join('; ');
  return (await res.json()) as Envelope<T>;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'fh-quickstart-'));
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  // the embedded defaults, whatever the suite runs against
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'MQTT_URL', 'REDIS_URL', 'WEB_DIST', 'DEMO_SEED', 'DEMO_GATEWAYS'])
    delete env[name];
  for (const name of ['DEMO_LANG', 'LC_ALL', 'LC_MESSAGES']) delete env[name];
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    MQTT_PORT: String(await freePort()),
    DEMO_PLANT_PORT: String(await freePort()),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    LANG: 'zh_CN.UTF-8',
  });
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await until('the platform running', async () => output.includes('Platform running at'), 120_000, 200);
}, 150_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start on an empty data directory', () => {
  it('prints the demo logins once and serves the web app', async () => {
    expect(output).toMatch(/enterprise admin\s+demo-admin\s+\S+/);
    expect(output).toMatch(/platform operator\s+operator\s+\S+/);
    const page = await fetch(`${baseUrl}/monitor/eg/list`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
  });

  it('shows the demo gateways online with values changing, the devices named in Chinese', async () => {
    const password = /enterprise admin\s+demo-admin\s+(\S+)/.exec(output)![1]!;
    const key = await call<{ publicKey: string }>('/lfscada/user/publicKey');
    const login = await call('/lfscada/user/encryptLogin', {
      loginname: encryptField(key.data.publicKey, 'demo-admin'),
      password: encryptField(key.data.publicKey, password),
      vcode: '',
    });
    expect(login.code).toBe('200');

    // online, and running their device's configuration (a new gateway gets it right after its birth)
    const devices = await until(
      'every demo gateway online and in sync',
      async () => {
        const cards = await call<{ list: MonitorDeviceCard[] }>('/lfscada/monitor/equipment/query', {
          pageNum: 1,
          pageSize: 50,
        });
        const list = cards.data.list;
        return list.length >= 3 && list.every((d) => d.gatewayStatus === 'online' && !d.syncNeeded) && list;
      },
      90_000,
      500,
    );
    expect(devices.map((d) => d.name).sort()).toEqual(Object.values(demoTexts['zh-CN'].devices).sort());

    // a device's values arrive and move with the simulated plant
    const equipmentId = devices[0]!.id;
    const reading = async () =>
      (
        await call<{ name: string; value: unknown }[]>('/lfscada/monitor/multi/signal/query', {
          equipmentId,
        })
      ).data.map((s) => s.value);
    const first = JSON.stringify(
      await until(
        'first values',
        async () => {
          const values = await reading();
          return values.some((v) => v !== null) && values;
        },
        60_000,
        500,
      ),
    );
    await until('a value changed', async () => JSON.stringify(await reading()) !== first, 30_000, 500);
  }, 200_000);
});
