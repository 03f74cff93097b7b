import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller, TestPlatform } from '../../../test/harness';
import { deviceWithGateway, made, send, type TestDevice } from '../../../test/deviceFixtures';
import { startDevicePlatform } from '../../../test/platformFixtures';

const settingsUrl = '/lfscada/gateway/settings/save';

let p: TestPlatform;
let admin: Caller;
let operator: Caller;
/** a device whose gateway series (EG) has no low-power mode */
let eg: TestDevice;
/** a device whose gateway series (EG-Pro) has every feature */
let pro: TestDevice;

beforeAll(async () => {
  ({ p, admin, operator } = await startDevicePlatform('Acme Grid'));
  eg = await deviceWithGateway(admin, operator, 'Substation 1', 'EG');
  pro = await deviceWithGateway(admin, operator, 'Substation 2', 'EG-Pro');
});
afterAll(() => p.stop());

const save = (sn: string, settings: Record<string, unknown>) => send(admin, settingsUrl, { sn, ...settings });
const row = async (sn: string) =>
  (
    await p.ctx.db.query<{
      lan: Record<string, unknown>;
      mqtt: Record<string, unknown>;
      network_mode: string;
      pending_network_mode: string | null;
      sleep_delay_s: number | null;
    }>('select lan, mqtt, network_mode, pending_network_mode, sleep_delay_s from gateways where sn = $1', [
      sn,
    ])
  )[0]!;
const pem = (name: string, bytes: number) => ({ name, content: Buffer.alloc(bytes, 7).toString('base64') });

describe('LAN settings', () => {
  it('stores an address, mask and a next hop inside the segment', async () => {
    const lan = {
      ip: '192.168.10.1',
      mask: '255.255.255.0',
      crossTarget: '10.8.0.0',
      nextHop: '192.168.10.254',
    };
    expect((await save(eg.sn, { lan })).code).toBe('200');
    expect((await row(eg.sn)).lan).toEqual(lan);
  });

  it('refuses a next hop outside the LAN segment with 1333', async () => {
    const lan = { ip: '192.168.10.1', mask: '255.255.255.0', nextHop: '192.168.11.1' };
    expect(await save(eg.sn, { lan })).toMatchObject({
      code: '1333',
      message: 'The next hop must lie in the LAN segment',
      data: null,
    });
    expect((await row(eg.sn)).lan).toMatchObject({ nextHop: '192.168.10.254' });
  });

  it.each([['255.0.255.0'], ['255.255.255.1'], ['0.0.0.0']])(
    'refuses the mask %s with 1334',
    async (mask) => {
      expect((await save(eg.sn, { lan: { ip: '192.168.10.1', mask } })).code).toBe('1334');
    },
  );

  it('refuses an address that is not an IP with 10001', async () => {
    const res = await save(eg.sn, { lan: { ip: '192.168.10.300', mask: '255.255.255.0' } });
    expect(res.code).toBe('10001');
    expect(res.message).toMatch(/lan\.ip/);
  });
});

describe('MQTT settings', () => {
  const mqtt = { enabled: true, host: 'broker.example.com', port: 8883, username: 'grid', auth: 'mutual' };

  it('accepts a subscribe topic of 200 characters and refuses 201 with 1337', async () => {
    expect((await save(eg.sn, { mqtt: { ...mqtt, subscribeTopic: 't'.repeat(200) } })).code).toBe('200');
    const long = await save(eg.sn, { mqtt: { ...mqtt, subscribeTopic: 't'.repeat(201) } });
    expect(long.code).toBe('1337');
    expect(long.message).toMatch(/200/);
    expect((await row(eg.sn)).mqtt.subscribeTopic).toHaveLength(200);
  });

  it.each([['root.crt'], ['root.pem.txt'], ['root']])(
    'refuses a certificate file named %s with 10001',
    async (name) => {
      const res = await save(eg.sn, { mqtt: { ...mqtt, rootCert: { name, content: 'AAAA' } } });
      expect(res.code).toBe('10001');
      expect(res.message).toMatch(/\.pem or \.der/);
    },
  );

  it('accepts .pem and .der files of 1 MB and refuses one byte more', async () => {
    const mb = 1024 * 1024;
    const ok = await save(eg.sn, {
      mqtt: { ...mqtt, rootCert: pem('root.PEM', mb), publicKey: pem('client.der', mb) },
    });
    expect(ok.code).toBe('200');
    expect((await row(eg.sn)).mqtt).toMatchObject({
      rootCert: { name: 'root.PEM' },
      publicKey: { name: 'client.der' },
    });
    const big = await save(eg.sn, { mqtt: { ...mqtt, rootCert: pem('root.pem', mb + 1) } });
    expect(big.code).toBe('10001');
    expect(big.message).toMatch(/1 MB/);
  });

  it('never returns the MQTT password or the private key, and keeps them when the form sends the mask back', async () => {
    const secrets = { password: 'broker-secret-77', privateKey: pem('client.key.pem', 300) };
    expect((await save(pro.sn, { mqtt: { ...mqtt, ...secrets } })).code).toBe('200');
    const listed = await send<{ list: { sn: string; mqtt: Record<string, unknown> }[] }>(
      admin,
      '/lfscada/gateway/query',
      {
        keyword: pro.sn,
      },
    );
    const shown = listed.data.list.find((g) => g.sn === pro.sn)!;
    expect(shown.mqtt).toMatchObject({ host: 'broker.example.com', password: '******' });
    expect(shown.mqtt.privateKey).toEqual({ name: 'client.key.pem', content: '' });
    const text = JSON.stringify(listed);
    expect(text).not.toContain('broker-secret-77');
    expect(text).not.toContain(secrets.privateKey.content);

    expect(
      (await save(pro.sn, { mqtt: { ...mqtt, host: 'broker2.example.com', password: '******' } })).code,
    ).toBe('200');
    const kept = (await row(pro.sn)).mqtt;
    expect(kept).toMatchObject({ host: 'broker2.example.com', password: 'broker-secret-77' });
    expect(kept.privateKey).toEqual(secrets.privateKey);
  });
});

describe('network mode and low power', () => {
  it('stores a new network mode as pending until the gateway restarts', async () => {
    expect((await save(eg.sn, { networkMode: 'router' })).code).toBe('200');
    expect(await row(eg.sn)).toMatchObject({ network_mode: 'standard', pending_network_mode: 'router' });
    const listed = await made<{ list: { sn: string; networkMode: string; pendingNetworkMode: string }[] }>(
      admin,
      '/lfscada/gateway/query',
      { keyword: eg.sn },
    );
    expect(listed.list).toMatchObject([{ sn: eg.sn, networkMode: 'standard', pendingNetworkMode: 'router' }]);
    // choosing the current mode again cancels the pending change
    expect((await save(eg.sn, { networkMode: 'standard' })).code).toBe('200');
    expect(await row(eg.sn)).toMatchObject({ network_mode: 'standard', pending_network_mode: null });
  });

  it('refuses a sleep delay on a series without low-power mode with 1325 and stores one where it is supported', async () => {
    expect(await save(eg.sn, { sleepDelayS: 300 })).toMatchObject({
      code: '1325',
      message: 'This gateway does not support low-power mode',
    });
    expect((await row(eg.sn)).sleep_delay_s).toBeNull();
    expect((await save(pro.sn, { sleepDelayS: 300 })).code).toBe('200');
    expect((await row(pro.sn)).sleep_delay_s).toBe(300);
  });

  it('marks the device as needing a sync after a settings change', async () => {
    await p.ctx.db.query(
      'update gateways set applied_version = (select config_version from equipment where id = $1) where sn = $2',
      [pro.id, pro.sn],
    );
    expect((await send(admin, '/lfscada/equipment/multi/info', { id: pro.id })).data).toMatchObject({
      syncNeeded: false,
    });
    await made(admin, settingsUrl, { sn: pro.sn, remoteMode: 'upload' });
    expect((await send(admin, '/lfscada/equipment/multi/info', { id: pro.id })).data).toMatchObject({
      syncNeeded: true,
    });
  });

  it('answers 1302 for a gateway that is registered but bound to no device of the enterprise', async () => {
    const [free] = await made<{ sn: string }[]>(operator, '/lfscada/hardware/register', {
      series: 'EG',
      gateways: [{ sn: '300000000001' }],
    });
    expect((await save(free!.sn, { networkMode: 'router' })).code).toBe('1302');
  });
});
