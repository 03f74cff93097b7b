/**
 * An RS-485 multi-drop line end to end (issue 17 items 1, 3 and 5, docs/requirements/
 * device-configuration.md §2.4, §2.5): one device with two Modbus RTU drivers on the same serial
 * port, slave ids 1 and 2 of pymodbus' serial server on the other end of a socat pty pair, run by
 * a real gateway process logged in to the platform's broker. Both slaves' values are stored, a
 * write through the platform reaches each slave, and when the line is unplugged and plugged in
 * again the driver list shows both drivers' fault (port missing, 1507) and their recovery, and
 * values are stored again. This file reaches the test database, so CI runs it on both passes (the
 * embedded defaults, and PostgreSQL; the gateway logs in to the platform's embedded broker on both).
 */
import { until } from '@fieldhub/testkit';
import type { DriverRow } from '@fieldhub/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayProcess } from '../../gateway/test/support/gatewayProcess';
import { type ModbusPeer, startPeer } from '../../gateway/test/modbus/peer';
import { type SerialLine, startSerialLine } from '../../gateway/test/modbus/serialLine';
import { made } from './deviceFixtures';
import {
  linkedDevice,
  startDeviceGateway,
  storedValues,
  syncDevice,
  taskResult,
  waitForStatus,
  writeVal,
  type LinkedDevice,
} from './gatewayFixtures';
import { loggedIn, makeEnterprise, startTestPlatform, type Caller, type TestPlatform } from './harness';
import { loggedInOperator } from './platformFixtures';

let p: TestPlatform;
let line: SerialLine;
let peer: ModbusPeer | undefined;
let admin: Caller;
let device: LinkedDevice;
let gateway: GatewayProcess;
/** per slave id: its driver, the register the peer holds for it (101) and a set point (460) */
const slaves = new Map<number, { driverId: number; registerId: number; setpointId: number }>();
/** what the peer's slaves hold at 101 */
const HELD = new Map([
  [1, 54321],
  [2, 2222],
]);

const addVariable = async (item: Record<string, unknown>) =>
  (await made(admin, '/lfscada/equipment/multi/variable/add', { owner: device.owner, item })).id;

const driverList = () =>
  made<DriverRow[]>(admin, '/lfscada/equipment/multi/driver/query', { owner: device.owner });

/** whether each slave's register has a good value stored after `since` (ms) */
async function bothStoredSince(since: number): Promise<boolean> {
  for (const [slave, { registerId }] of slaves) {
    const rows = await p.ctx.db.query<{ num: number | null }>(
      'select num from signal_values where variable_id = $1 and quality = 0 and ts > $2',
      [registerId, new Date(since)],
    );
    if (!rows.some((r) => r.num === HELD.get(slave))) return false;
  }
  return true;
}

beforeAll(async () => {
  [p, line] = await Promise.all([startTestPlatform({ MQTT_PORT: '0' }, { link: true }), startSerialLine()]);
  peer = await startPeer({ serial: line.devicePath });
  const { admin: name } = await makeEnterprise(p.ctx.db, 'Bus Works');
  admin = await loggedIn(p.app, name);
  device = await linkedDevice(admin, await loggedInOperator(p), 'Pump row on RS-485');
  for (const slaveId of [1, 2]) {
    const driverId = (
      await made(admin, '/lfscada/equipment/multi/driver/add', {
        owner: device.owner,
        item: {
          protocol: 'modbus-rtu',
          name: `slave ${slaveId}`,
          serialPort: line.gatewayPath,
          baudRate: 19200,
          slaveId,
          minCollectMs: 200,
        },
      })
    ).id;
    const registerId = await addVariable({
      driverId,
      name: `count_${slaveId}`,
      dataType: 'uint16',
      registerType: '4x',
      address: '101',
      rw: 'r',
    });
    const setpointId = await addVariable({
      driverId,
      name: `setpoint_${slaveId}`,
      dataType: 'uint16',
      registerType: '4x',
      address: '460',
      rw: 'rw',
    });
    slaves.set(slaveId, { driverId, registerId, setpointId });
  }
  // no heartbeat in the test's time: what the driver list shows came with the status a driver's
  // change of state (or of fault) sends
  gateway = startDeviceGateway(device, p, {
    extra: ['--heartbeat-s', '3600'],
  });
  await waitForStatus(p.ctx.db, device.sn, 'online', 90_000, gateway);
  expect(await syncDevice(admin, device.equipmentId)).toMatchObject({ status: 'success' });
}, 180_000);

afterAll(async () => {
  await gateway?.dispose();
  await peer?.stop();
  await line?.remove();
  await p?.stop();
});

describe('two Modbus RTU slaves on one serial port, through the platform', () => {
  it("stores both slaves' values and writes each slave's set point", async () => {
    await until('both slaves stored', () => bothStoredSince(0), 60_000);
    for (const [slaveId, { setpointId }] of slaves) {
      const answer = await writeVal(admin, device.equipmentId, setpointId, 100 + slaveId);
      expect(answer.code).toBe('200');
      expect(await taskResult(admin, answer.data.uuid)).toMatchObject({ status: 'success' });
    }
    expect(await peer!.get('hr', 460, 1, 1)).toEqual([101]);
    expect(await peer!.get('hr', 460, 1, 2)).toEqual([102]);
    const rows = await driverList();
    expect(rows.map((d) => [d.name, d.link?.ok])).toEqual([
      ['slave 1', true],
      ['slave 2', true],
    ]);
  });

  it('shows both drivers without their port while the line is unplugged, and stores again once it is back', async () => {
    await peer!.kill();
    peer = undefined;
    await line.unplug();
    await until(
      'both drivers report the port missing',
      async () => (await driverList()).every((d) => d.link?.ok === false && d.link.code === 1507),
      60_000,
    );
    const back = Date.now();
    await line.plugIn();
    peer = await startPeer({ serial: line.devicePath });
    await until(
      'both drivers report their link back',
      async () => (await driverList()).every((d) => d.link?.ok === true),
      60_000,
    );
    await until('both slaves stored again', () => bothStoredSince(back), 60_000);
    const { registerId } = slaves.get(2)!;
    expect((await storedValues(p.ctx.db, registerId)).some((v) => v.quality !== 0)).toBe(true);
  }, 180_000);
});
