/**
 * Acceptance of the gateway link end to end (issue 4): the platform with its embedded broker, a
 * real gateway process logged in with the password the platform issued, and a pymodbus Modbus
 * TCP server as the plant. Everything is driven through the platform's HTTP API as the web app
 * calls it, and checked in the platform's database and on the pymodbus server itself.
 */
import { Err } from '@fieldhub/shared';
import { until } from '@fieldhub/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayProcess } from '../../gateway/test/support/gatewayProcess';
import { startPeer, type ModbusPeer } from '../../gateway/test/modbus/peer';
import { made, send } from './deviceFixtures';
import {
  float32Words,
  linkedDevice,
  startDeviceGateway,
  storedValues,
  syncDevice,
  taskResult,
  waitForStatus,
  wordsToFloat32,
  writeRegisters,
  writeVal,
  type LinkedDevice,
} from './gatewayFixtures';
import { loggedIn, makeEnterprise, startTestPlatform, type Caller, type TestPlatform } from './harness';
import { loggedInOperator } from './platformFixtures';

let p: TestPlatform;
let peer: ModbusPeer;
let admin: Caller;
let device: LinkedDevice;
let gateway: GatewayProcess;
let driverId: number;
/** float32 holding register 0, read-write, write limits 0..10 */
let levelId: number;
/** int16 holding register 20, read-only */
let countId: number;

const LEVEL_ADDRESS = 0;
const COUNT_ADDRESS = 20;

interface GatewayListRow {
  sn: string;
  status: string;
  syncNeeded: boolean;
}

/** The device's gateway as the web's gateway list shows it. */
async function listedGateway(): Promise<GatewayListRow> {
  const page = await made<{ list: GatewayListRow[] }>(admin, '/lfscada/gateway/query', {
    pageNum: 1,
    pageSize: 50,
  });
  const row = page.list.find((g) => g.sn === device.sn);
  if (!row) throw new Error(`gateway ${device.sn} not in the gateway list`);
  return row;
}

async function levelOnPeer(): Promise<number> {
  return wordsToFloat32(await peer.get('hr', LEVEL_ADDRESS, 2));
}

const addVariable = async (item: Record<string, unknown>) =>
  (await made(admin, '/lfscada/equipment/multi/variable/add', { owner: device.owner, item })).id;

beforeAll(async () => {
  [p, peer] = await Promise.all([startTestPlatform({ MQTT_PORT: '0' }, { link: true }), startPeer()]);
  const { admin: name } = await makeEnterprise(p.ctx.db, 'Waterworks');
  admin = await loggedIn(p.app, name);
  const operator = await loggedInOperator(p);
  device = await linkedDevice(admin, operator, 'Pump station');
  driverId = (
    await made(admin, '/lfscada/equipment/multi/driver/add', {
      owner: device.owner,
      item: { protocol: 'modbus-tcp', name: 'pymodbus', ip: '127.0.0.1', port: peer.port, minCollectMs: 200 },
    })
  ).id;
  levelId = await addVariable({
    driverId,
    name: 'level',
    dataType: 'float32',
    registerType: '4x',
    address: String(LEVEL_ADDRESS),
    rw: 'rw',
    writeUpper: 10,
    writeLower: 0,
  });
  countId = await addVariable({
    driverId,
    name: 'count',
    dataType: 'int16',
    registerType: '4x',
    address: String(COUNT_ADDRESS),
    rw: 'r',
  });
  gateway = startDeviceGateway(device, p);
  await waitForStatus(p.ctx.db, device.sn, 'online', 90_000, gateway);
}, 180_000);

afterAll(async () => {
  await gateway?.dispose();
  await peer?.stop();
  await p?.stop();
});

describe('gateway link end to end', () => {
  it('syncs the configuration through HTTP and the gateway runs it', async () => {
    const outcome = await syncDevice(admin, device.equipmentId);
    expect(outcome).toMatchObject({ status: 'success', code: '200' });
    const [task] = await p.ctx.db.query<{ hash: string }>(
      "select payload->>'hash' as hash from command_tasks where equipment_id = $1 and kind = 'sync' order by created_at desc limit 1",
      [device.equipmentId],
    );
    // the gateway process applied that configuration (pushed on its first birth, or by this sync),
    // with no problem in the driver or the variables, and announces it in its birth
    const applied = await gateway.waitForLog((l) => l.msg === 'config applied' && l.hash === task!.hash);
    expect(applied.problems).toBe(0);
    await until('birth with the synced hash', async () => {
      const [gw] = await p.ctx.db.query<{ applied_hash: string }>(
        'select applied_hash from gateways where sn = $1',
        [device.sn],
      );
      return gw?.applied_hash === task!.hash;
    });
    expect(await listedGateway()).toMatchObject({ status: 'online', syncNeeded: false });
  });

  it('stores values read from the pymodbus server, and a value changed there', async () => {
    await writeRegisters(peer.port, COUNT_ADDRESS, [1234]);
    await until('1234 stored', async () =>
      (await storedValues(p.ctx.db, countId)).some((v) => v.num === 1234),
    );
    await writeRegisters(peer.port, COUNT_ADDRESS, [4321]);
    await until('4321 stored', async () =>
      (await storedValues(p.ctx.db, countId)).some((v) => v.num === 4321),
    );
    const values = (await storedValues(p.ctx.db, countId)).map((v) => v.num);
    expect(values.indexOf(4321)).toBeGreaterThan(values.indexOf(1234));
    expect((await storedValues(p.ctx.db, countId)).every((v) => v.quality === 0)).toBe(true);
  });

  it("writes a value through the platform into the pymodbus server's register", async () => {
    expect(await levelOnPeer()).toBe(0);
    const answer = await writeVal(admin, device.equipmentId, levelId, 7.5);
    expect(answer.code).toBe('200');
    expect(answer.data.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(await taskResult(admin, answer.data.uuid)).toMatchObject({ status: 'success', code: '200' });
    expect(await levelOnPeer()).toBe(7.5);
    // the gateway reads the written value back, and it is stored as telemetry
    await until('7.5 stored', async () => (await storedValues(p.ctx.db, levelId)).some((v) => v.num === 7.5));
  });

  it('refuses writes outside the write limits and leaves the register alone', async () => {
    const tasks = async () =>
      (await p.ctx.db.query('select 1 from command_tasks where equipment_id = $1', [device.equipmentId]))
        .length;
    const before = await tasks();
    const above = await writeVal(admin, device.equipmentId, levelId, 11);
    expect(above.code).toBe(String(Err.writeAboveUpperLimit));
    expect(above.code).toBe('2003');
    const below = await writeVal(admin, device.equipmentId, levelId, -1);
    expect(below.code).toBe(String(Err.writeBelowLowerLimit));
    // nothing went to the gateway, and the register still holds the last good write
    expect(await tasks()).toBe(before);
    expect(await levelOnPeer()).toBe(7.5);
    // a later good write still goes through, so the refusals did not jam anything
    const ok = await writeVal(admin, device.equipmentId, levelId, 2.25);
    expect(await taskResult(admin, ok.data.uuid)).toMatchObject({ status: 'success' });
    expect(await levelOnPeer()).toBe(2.25);
  });

  it('refuses a write of a read-only variable with 2002', async () => {
    expect((await writeVal(admin, device.equipmentId, countId, 5)).code).toBe(String(Err.variableReadOnly));
  });

  it('reads current values from the field through the gateway (readVal)', async () => {
    await writeRegisters(peer.port, COUNT_ADDRESS, [777]);
    await writeRegisters(peer.port, LEVEL_ADDRESS, float32Words(3.5));
    const { uuid } = await made<{ uuid: string }>(admin, '/lfscada/monitor/multi/signal/readVal', {
      equipmentId: device.equipmentId,
      signalIds: [countId, levelId],
    });
    const outcome = await taskResult(admin, uuid);
    expect(outcome).toMatchObject({ status: 'success' });
    expect(outcome.data).toEqual({ values: { [countId]: 777, [levelId]: 3.5 }, q: {} });
  });

  it('shows "sync needed" after an edit, clears it on sync, and the gateway runs the new config', async () => {
    await writeRegisters(peer.port, 30, [55]);
    const tempId = await addVariable({
      driverId,
      name: 'temperature',
      dataType: 'int16',
      registerType: '4x',
      address: '30',
      rw: 'r',
    });
    expect((await listedGateway()).syncNeeded).toBe(true);
    expect(
      (
        await made<{ syncNeeded: boolean }>(admin, '/lfscada/equipment/multi/info', {
          id: device.equipmentId,
        })
      ).syncNeeded,
    ).toBe(true);
    // the gateway does not know the new variable yet
    expect(await storedValues(p.ctx.db, tempId)).toEqual([]);

    const outcome = await syncDevice(admin, device.equipmentId);
    expect(outcome).toMatchObject({ status: 'success' });
    expect(await listedGateway()).toMatchObject({ syncNeeded: false, status: 'online' });
    const [task] = await p.ctx.db.query<{ version: number; hash: string }>(
      "select (payload->>'version')::int as version, payload->>'hash' as hash from command_tasks where equipment_id = $1 and kind = 'sync' order by created_at desc limit 1",
      [device.equipmentId],
    );
    const [equipment] = await p.ctx.db.query<{ config_version: number }>(
      'select config_version from equipment where id = $1',
      [device.equipmentId],
    );
    expect(task!.version).toBe(equipment!.config_version);
    // the gateway says it runs the new hash (its ack and its next birth), and collects the new variable
    await gateway.waitForLog((l) => l.msg === 'config applied' && l.hash === task!.hash);
    await until('applied hash', async () => {
      const [gw] = await p.ctx.db.query<{ applied_hash: string }>(
        'select applied_hash from gateways where sn = $1',
        [device.sn],
      );
      return gw?.applied_hash === task!.hash;
    });
    await until('temperature stored', async () =>
      (await storedValues(p.ctx.db, tempId)).some((v) => v.num === 55),
    );
  });

  it('marks the gateway offline on its last will when the process dies, and then refuses commands with 1304', async () => {
    await gateway.kill('SIGKILL');
    await waitForStatus(p.ctx.db, device.sn, 'offline');
    expect((await listedGateway()).status).toBe('offline');
    const write = await writeVal(admin, device.equipmentId, levelId, 5);
    expect(write.code).toBe(String(Err.gatewayOffline));
    expect(write.code).toBe('1304');
    const read = await send(admin, '/lfscada/monitor/multi/signal/readVal', {
      equipmentId: device.equipmentId,
      signalIds: [levelId],
    });
    expect(read.code).toBe('1304');
    expect(
      (await send(admin, '/lfscada/equipment/multi/sync', { equipmentId: device.equipmentId })).code,
    ).toBe('1304');
    // the refused write never reached the register
    expect(await levelOnPeer()).toBe(3.5);
  });

  it('shows "sync needed" for a gateway moved to another device until it runs that device\'s configuration', async () => {
    // the gateway (still down) goes to another device, which has its own configuration
    const booster = (await made(admin, '/lfscada/equipment/multi/add', { name: 'Booster station' })).id;
    const owner = { equipmentId: booster };
    await made(admin, '/lfscada/equipment/multi/unbindGateway', { equipmentId: device.equipmentId });
    await made(admin, '/lfscada/equipment/multi/bindGateway', {
      equipmentId: booster,
      sn: device.sn,
      verifyCode: device.verifyCode,
    });
    const boosterDriver = (
      await made(admin, '/lfscada/equipment/multi/driver/add', {
        owner,
        item: {
          protocol: 'modbus-tcp',
          name: 'pymodbus',
          ip: '127.0.0.1',
          port: peer.port,
          minCollectMs: 200,
        },
      })
    ).id;
    const variableOf = (name: string, address: string) =>
      made(admin, '/lfscada/equipment/multi/variable/add', {
        owner,
        item: { driverId: boosterDriver, name, dataType: 'int16', registerType: '4x', address, rw: 'r' },
      });
    const pressureId = (await variableOf('pressure', '40')).id;
    await writeRegisters(peer.port, 40, [321]);
    // Version numbers count each device's own edits, so two devices' versions can be equal: edit
    // the booster until its version is the one the gateway runs (the pump station's).
    const [ran] = await p.ctx.db.query<{ version: number }>(
      "select (payload->>'version')::int as version from command_tasks where equipment_id = $1 and kind = 'sync' order by created_at desc limit 1",
      [device.equipmentId],
    );
    const versionOf = async () =>
      (
        await p.ctx.db.query<{ v: number }>('select config_version as v from equipment where id = $1', [
          booster,
        ])
      )[0]!.v;
    for (let i = 0; (await versionOf()) < ran!.version; i++) await variableOf(`spare${i}`, String(50 + i));
    expect(await versionOf()).toBe(ran!.version);

    // the gateway comes back running the pump station's configuration from its data dir
    gateway = gateway.again();
    await gateway.waitForLog((l) => l.msg === 'running the saved config');
    await waitForStatus(p.ctx.db, device.sn, 'online');
    expect((await listedGateway()).syncNeeded).toBe(true);
    expect(
      (await made<{ syncNeeded: boolean }>(admin, '/lfscada/equipment/multi/info', { id: booster }))
        .syncNeeded,
    ).toBe(true);

    // a sync gives it the booster's configuration
    expect(await syncDevice(admin, booster)).toMatchObject({ status: 'success' });
    expect((await listedGateway()).syncNeeded).toBe(false);
    await until('pressure stored', async () =>
      (await storedValues(p.ctx.db, pressureId)).some((v) => v.num === 321),
    );
    // a restart of the gateway process and two syncs: more than the default 30 s on a loaded machine
  }, 90_000);
});
