/**
 * Firmware upgrade end to end: a platform operator uploads packages, an enterprise admin upgrades
 * a real gateway process over the platform's broker, the gateway downloads the package from its
 * one-time address, checks it, runs its install command, reports each state and restarts with
 * the new firmware. Refusals (no package, up to date, another enterprise's gateway, an upgrade
 * under way, a package in use) change nothing.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, until } from '@fieldhub/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayProcess } from '../../gateway/test/support/gatewayProcess';
import { HttpSession, listen, session } from './bulkFixtures';
import { loggedIn, makeEnterprise, startTestPlatform, type Caller, type TestPlatform } from './harness';
import { loggedInOperator } from './platformFixtures';
import { linkedDevice, startDeviceGateway, waitForStatus, type LinkedDevice } from './gatewayFixtures';

let p: TestPlatform;
let base: string;
let operator: HttpSession;
let admin: HttpSession;
let rival: HttpSession;
let adminCaller: Caller;
let device: LinkedDevice;
let gateway: GatewayProcess;
let installDir: string;
const firmware120 = randomBytes(300_000);

interface GatewayView {
  sn: string;
  firmware: string;
  latestFirmware: string | null;
  upgradable: boolean;
  otaState: string | null;
  otaVersion: string | null;
  otaCode: number | null;
}

const upload = (version: string, content: Buffer, series = 'EG') =>
  operator.upload<{ id: number; sha256: string }>(
    '/lfscada/hardware/firmware/add',
    { name: `eg-${version}.bin`, content },
    { series, version, note: `release ${version}` },
  );

async function gatewayView(): Promise<GatewayView> {
  const res = await admin.json<{ list: GatewayView[] }>('/lfscada/gateway/query', {
    pageNum: 1,
    pageSize: 10,
    keyword: device.sn,
  });
  return res.data.list[0]!;
}

beforeAll(async () => {
  p = await startTestPlatform({ MQTT_PORT: '0' }, { link: true });
  base = await listen(p);
  const enterprise = await makeEnterprise(p.ctx.db, 'Firmware Works');
  const other = await makeEnterprise(p.ctx.db, 'Firmware Rivals');
  const operatorCaller = await loggedInOperator(p);
  operator = new HttpSession(base, `sid=${operatorCaller.cookie('sid')}`, 'en-US');
  adminCaller = await loggedIn(p.app, enterprise.admin);
  admin = await session(p, base, enterprise.admin);
  rival = await session(p, base, other.admin);
  device = await linkedDevice(adminCaller, operatorCaller, 'Upgraded tank');

  installDir = mkdtempSync(path.join(tmpdir(), 'fh-ota-install-'));
  gateway = startDeviceGateway(device, p, {
    plantPort: await freePort(),
    extra: ['--install-command', `cp "$FIRMWARE_PACKAGE" "${installDir}/installed-$FIRMWARE_VERSION.bin"`],
  });
  await waitForStatus(p.ctx.db, device.sn, 'online', 90_000, gateway);
}, 120_000);

afterAll(async () => {
  await gateway?.dispose();
  if (installDir) rmSync(installDir, { recursive: true, force: true });
  await p?.stop();
});

describe('firmware packages', () => {
  it('refuses an upgrade while the series has no package with 1314', async () => {
    expect((await admin.json('/lfscada/gateway/upgrade', { sn: device.sn })).code).toBe('1314');
  });

  it('takes a package from the platform operator only, once per series and version', async () => {
    const denied = await rival.upload(
      '/lfscada/hardware/firmware/add',
      { name: 'x.bin', content: Buffer.from('x') },
      { series: 'EG', version: '9.9.9' },
    );
    expect(denied.code).toBe('90008');
    expect((await upload('0.0.9', randomBytes(1000))).code).toBe('200');
    expect((await upload('0.0.9', randomBytes(1000))).code).toBe('90006');
    expect((await upload('not-a-version', randomBytes(10))).code).toBe('10001');
    expect((await upload('1.0.0', Buffer.alloc(0))).code).toBe('10006');
    expect((await upload('1.0.0', randomBytes(10), 'NoSuchSeries')).code).toBe('10001');
    const list = await operator.json<{ list: { version: string }[]; total: number }>(
      '/lfscada/hardware/firmware/query',
      { pageNum: 1, pageSize: 10 },
    );
    expect(list.data.list.map((f) => f.version)).toEqual(['0.0.9']);
  });

  it('answers 1311 when the gateway runs the newest package or a newer one', async () => {
    expect((await admin.json('/lfscada/gateway/upgrade', { sn: device.sn })).code).toBe('1311');
    expect(await gatewayView()).toMatchObject({ latestFirmware: '0.0.9', upgradable: false, otaState: null });
  });
});

describe('upgrading a gateway', () => {
  it("keeps another enterprise's gateway out of reach, sending nothing", async () => {
    expect((await upload('1.2.0', firmware120)).code).toBe('200');
    expect((await rival.json('/lfscada/gateway/upgrade', { sn: device.sn })).code).toBe('1101');
    expect(await gatewayView()).toMatchObject({ latestFirmware: '1.2.0', upgradable: true, otaState: null });
  });

  it('downloads, checks, installs and restarts the gateway with the new firmware', async () => {
    const started = await admin.json<{ uuid: string }>('/lfscada/gateway/upgrade', { sn: device.sn });
    expect(started.code).toBe('200');
    const outcome = await until(
      'upgrade finished',
      async () => {
        const res = await admin.json<{ status: string; code?: string; data?: unknown }>(
          '/lfscada/equipment/multi/callback',
          { uuid: started.data.uuid },
        );
        return res.data.status !== 'wait' && res.data;
      },
      60_000,
      200,
    );
    expect(outcome).toMatchObject({ status: 'success', data: { version: '1.2.0' } });
    // the install command received exactly the uploaded bytes
    expect(readFileSync(path.join(installDir, 'installed-1.2.0.bin')).equals(firmware120)).toBe(true);
    expect(gateway.lines.filter((l) => l.msg === 'firmware installed; restarting')).toHaveLength(1);
    // the restarted gateway's birth names the new firmware
    await until('birth with 1.2.0', async () => {
      const [row] = await p.ctx.db.query<{ firmware: string; status: string }>(
        'select firmware, status from gateways where sn = $1',
        [device.sn],
      );
      return row?.firmware === '1.2.0' && row.status === 'online';
    });
    await until('a second start of the gateway', async () =>
      gateway.lines.filter((l) => l.msg === 'gateway starting').length >= 2 ? true : undefined,
    );
    expect(gateway.lines.filter((l) => l.msg === 'gateway starting').at(-1)).toMatchObject({
      firmware: '1.2.0',
    });
    // on a shared broker the birth and the last progress may be stored in either order (the
    // platform's sessions share the gateway's uplinks): the view once the progress is stored
    const view = await until('the upgrade shown as done', async () => {
      const shown = await gatewayView();
      return shown.otaState === 'updated' && shown;
    });
    expect(view).toMatchObject({
      firmware: '1.2.0',
      upgradable: false,
      otaState: 'updated',
      otaVersion: '1.2.0',
      otaCode: null,
    });
  }, 90_000);

  it('refuses a second upgrade while one is under way with 1309', async () => {
    expect((await upload('1.3.0', randomBytes(2000))).code).toBe('200');
    const [org] = await p.ctx.db.query<{ org_id: number }>('select org_id from equipment where id = $1', [
      device.equipmentId,
    ]);
    await p.ctx.db.query(
      `insert into command_tasks (uuid, org_id, equipment_id, gateway_sn, kind, payload, state, expires_at)
       values ($1, $2, $3, $4, 'upgrade', '{}', 'sent', now() + interval '10 minutes')`,
      [randomUUID(), org!.org_id, device.equipmentId, device.sn],
    );
    expect((await admin.json('/lfscada/gateway/upgrade', { sn: device.sn })).code).toBe('1309');
  });

  it('keeps a package an upgrade is using, and serves nothing for an unknown address', async () => {
    const list = await operator.json<{ list: { id: number; version: string }[] }>(
      '/lfscada/hardware/firmware/query',
      { pageNum: 1, pageSize: 10, series: 'EG' },
    );
    const used = list.data.list.find((f) => f.version === '1.3.0')!;
    await p.ctx.db.query(
      `update command_tasks set payload = jsonb_build_object('packageId', $1::bigint, 'token', $2::text)
        where gateway_sn = $3 and state = 'sent' and kind = 'upgrade'`,
      [used.id, 'a'.repeat(48), device.sn],
    );
    expect((await operator.json('/lfscada/hardware/firmware/delete', { id: used.id })).code).toBe('10004');
    const served = await fetch(`${base}/lfscada/firmware/download/${'a'.repeat(48)}`);
    expect(served.status).toBe(200);
    expect((await served.arrayBuffer()).byteLength).toBe(2000);
    const unknown = await fetch(`${base}/lfscada/firmware/download/${'b'.repeat(48)}`);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { code: string }).code).toBe('10011');
    const old = list.data.list.find((f) => f.version === '0.0.9')!;
    expect((await operator.json('/lfscada/hardware/firmware/delete', { id: old.id })).code).toBe('200');
  });
});
