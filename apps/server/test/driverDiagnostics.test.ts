/**
 * Per-driver diagnostics on the platform (docs/requirements/device-configuration.md §2.5, issue 17
 * item 3): what a gateway's status says of each driver of its device — state, fault code, last
 * good read, last error, request and error counts — is kept and answered with the device's driver
 * list. The gateway speaks MQTT to the platform's embedded broker; everything is read over HTTP.
 */
import type { DriverLinkState, DriverRow } from '@fieldhub/shared';
import { until } from '@fieldhub/testkit';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { made, modbusDriver, type TestDevice, deviceWithGateway } from './deviceFixtures';
import { connectAsGateway } from './gatewayFixtures';
import { type Caller, type TestPlatform, loggedIn, makeEnterprise, startTestPlatform } from './harness';
import { loggedInOperator } from './platformFixtures';

let p: TestPlatform;
let admin: Caller;
let device: TestDevice;
let other: TestDevice;
let gateway: MqttClient;
let plc: number;
let meter: number;
let othersDriver: number;

const T0 = Date.parse('2026-03-02T08:00:00.000Z');

async function driverList(owner: { equipmentId: number }): Promise<DriverRow[]> {
  return made<DriverRow[]>(admin, '/lfscada/equipment/multi/driver/query', { owner });
}

function status(drivers: Array<Record<string, unknown>>) {
  return JSON.stringify({ v: 1, online: true, bootId: 'boot-d', configVersion: null, drivers });
}

beforeAll(async () => {
  p = await startTestPlatform({ MQTT_PORT: '0' }, { link: true });
  admin = await loggedIn(p.app, (await makeEnterprise(p.ctx.db, 'Line Works')).admin);
  const operator = await loggedInOperator(p);
  device = await deviceWithGateway(admin, operator, 'Boiler house');
  other = await deviceWithGateway(admin, operator, 'Cooling tower');
  plc = await modbusDriver(admin, device.owner, 'PLC');
  meter = await modbusDriver(admin, device.owner, 'Meter');
  othersDriver = await modbusDriver(admin, other.owner, 'Tower PLC');
  gateway = await connectAsGateway(p.brokerUrl, device.sn, device.mqttPassword);
}, 60_000);

afterAll(async () => {
  gateway?.end(true);
  await p?.stop();
});

describe("a device's driver list", () => {
  it('shows no connection state before the gateway reported one', async () => {
    expect((await driverList(device.owner)).map((d) => d.link ?? null)).toEqual([null, null]);
  });

  it("shows each driver's state, fault, last good read, last error and counts as the gateway reported them", async () => {
    await gateway.publishAsync(
      p.topic(`iiot/v1/${device.sn}/up/status`),
      status([
        {
          id: plc,
          ok: true,
          state: 'connected',
          since: T0,
          lastReadAt: T0 + 60_000,
          lastErrorCode: 1715,
          lastErrorAt: T0 - 5_000,
          requests: 120,
          errors: 3,
        },
        { id: meter, ok: false, code: 1507, state: 'down', since: T0 + 1_000, requests: 4, errors: 4 },
        // a driver of another device: not this gateway's to report
        { id: othersDriver, ok: false, code: 1503, state: 'down', requests: 1, errors: 1 },
      ]),
      { qos: 1, retain: true },
    );
    const rows = await until('the driver states stored', async () => {
      const listed = await driverList(device.owner);
      return listed.every((d) => d.link) && listed;
    });
    const [plcRow, meterRow] = rows;
    expect(plcRow!.link).toMatchObject({
      ok: true,
      code: null,
      state: 'connected' satisfies DriverLinkState,
      since: '2026-03-02T08:00:00.000Z',
      lastReadAt: '2026-03-02T08:01:00.000Z',
      lastErrorCode: 1715,
      lastErrorAt: '2026-03-02T07:59:55.000Z',
      requests: 120,
      errors: 3,
    });
    expect(meterRow!.link).toMatchObject({
      ok: false,
      code: 1507,
      state: 'down',
      lastReadAt: null,
      requests: 4,
      errors: 4,
    });
    expect(Date.parse(plcRow!.link!.reportedAt)).toBeGreaterThan(0);
    expect((await driverList(other.owner))[0]!.link ?? null).toBeNull();
  });

  it('replaces the state with the next status of the gateway', async () => {
    await gateway.publishAsync(
      p.topic(`iiot/v1/${device.sn}/up/status`),
      status([
        { id: plc, ok: false, code: 1715, state: 'down', since: T0 + 90_000, requests: 130, errors: 5 },
        { id: meter, ok: true, state: 'connected', since: T0 + 95_000, lastReadAt: T0 + 96_000 },
      ]),
      { qos: 1, retain: true },
    );
    const rows = await until('the new driver states', async () => {
      const listed = await driverList(device.owner);
      return listed[0]?.link?.state === 'down' && listed;
    });
    expect(rows.map((d) => [d.link?.state, d.link?.code, d.link?.requests])).toEqual([
      ['down', 1715, 130],
      ['connected', null, null],
    ]);
  });
});
