/**
 * `--simulate` end to end: the gateway starts the simulated plant, collects it through the Modbus
 * driver, and executes write commands that reach the plant; a second simulated gateway shares the
 * plant; a restart command re-initialises the gateway in process.
 */
import { Mosquitto, freePort } from '@fieldhub/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cloud } from './support/cloud';
import { config, deviceVariable } from './support/configs';
import { GatewayProcess } from './support/gatewayProcess';

const SN = '400000000001';
const SN_SHARING = '400000000002';
let broker: Mosquitto;
let cloud: Cloud;
let gateway: GatewayProcess;
let plantPort: number;
const gateways: GatewayProcess[] = [];

function plantConfig(port: number) {
  return config({
    drivers: [
      { id: 1, name: 'plant', protocol: 'modbus-tcp', ip: '127.0.0.1', port, minCollectMs: 200 } as never,
    ],
    variables: [
      deviceVariable(1, 'tank_level', '0', { rw: 'r' }),
      deviceVariable(2, 'level_setpoint', '2', { writeLower: 0, writeUpper: 10 }),
      deviceVariable(3, 'pump_run', '0', { dataType: 'bit', registerType: '0x' }),
      // the plant refuses writes here (exception 02), whatever the variable says
      deviceVariable(4, 'flow', '4'),
    ],
  });
}

function start(sn: string) {
  const started = new GatewayProcess({ sn, broker: broker.url, plantPort });
  gateways.push(started);
  return started;
}

beforeAll(async () => {
  broker = await Mosquitto.start();
  cloud = await Cloud.connect(broker.url, SN);
  plantPort = await freePort();
  gateway = start(SN);
  await cloud.waitFor('up/status', (p) => p.online === true);
  await cloud.sendConfig(1, plantConfig(plantPort));
});
afterAll(async () => {
  for (const started of gateways) await started.dispose();
  await cloud?.close();
  await broker?.stop();
});

describe('simulated plant', () => {
  it('collects the plant through the Modbus driver', async () => {
    await cloud.until(
      () => [...cloud.batches.values()].some((b) => b.items.some((i) => typeof i.vals['1'] === 'number')),
      15_000,
    );
    // the status follows the driver's connection state, with its diagnostics
    const connected = (p: Record<string, unknown>) =>
      Array.isArray(p.drivers) &&
      p.drivers.length === 1 &&
      (p.drivers[0] as Record<string, unknown>).ok === true &&
      (p.drivers[0] as Record<string, unknown>).state === 'connected';
    const status = await cloud.waitFor('up/status', connected);
    const [driver] = status.drivers as Array<Record<string, unknown>>;
    expect(driver).toMatchObject({ id: 1, ok: true, state: 'connected', errors: 0 });
    expect(driver!.requests).toBeGreaterThan(0);
    expect(driver!.lastReadAt).toEqual(expect.any(Number));
    // and the gateway says so in its log
    await gateway.waitForLog((l) => l.msg === 'driver connected' && l.driverId === 1);
  });

  it('writes a set point to the plant and refuses one above the write limit with 2003', async () => {
    expect(await cloud.command({ type: 'write', variableId: 2, value: 6.5 })).toMatchObject({ ok: true });
    expect(await cloud.command({ type: 'read', variableIds: [2] })).toMatchObject({
      data: { values: { 2: 6.5 } },
    });
    expect(await cloud.command({ type: 'write', variableId: 2, value: 11 })).toMatchObject({
      ok: false,
      code: 2003,
    });
    expect(await cloud.command({ type: 'read', variableIds: [2] })).toMatchObject({
      data: { values: { 2: 6.5 } },
    });
    expect(await cloud.command({ type: 'write', variableId: 3, value: 1 })).toMatchObject({ ok: true });
    expect(await cloud.command({ type: 'read', variableIds: [3] })).toMatchObject({
      data: { values: { 3: 1 } },
    });
  });

  it("answers the plant's refusal of a write with the field-bus code", async () => {
    expect(await cloud.command({ type: 'write', variableId: 4, value: 1 })).toMatchObject({
      ok: false,
      code: 1708,
    });
  });

  it('lets a second simulated gateway share the plant already running on the port', async () => {
    const second = start(SN_SHARING);
    try {
      await second.waitForLog((l) => l.msg.startsWith('simulated plant port in use'));
      await second.waitForLog((l) => l.msg === 'connected to the broker');
    } finally {
      await second.kill('SIGKILL');
    }
  });

  it('re-initialises in process on a restart command under --simulate', async () => {
    const before = (await cloud.waitFor('up/status', (p) => p.online === true)).bootId;
    expect(await cloud.command({ type: 'restart' })).toMatchObject({ ok: true });
    const after = await cloud.waitFor('up/status', (p) => p.online === true && p.bootId !== before);
    expect(after).toMatchObject({ configHash: 'h1' });
    expect(gateway.running).toBe(true);
  });
});
