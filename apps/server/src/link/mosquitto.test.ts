import mqtt, { type MqttClient } from 'mqtt';
import { Mosquitto, until } from '@fieldhub/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loggedIn,
  makeEnterprise,
  makePlatformOperator,
  startTestPlatform,
  type Caller,
  type TestPlatform,
} from '../../test/harness';
import { made } from '../../test/deviceFixtures';

let broker: Mosquitto;
let p: TestPlatform;
let operator: Caller;
let gw: { sn: string; verifyCode: string; mqttPassword: string };
let other: { sn: string; mqttPassword: string };
let equipmentId: number;
let variableId: number;

function connect(sn: string, password: string): Promise<MqttClient> {
  return new Promise((resolve, reject) => {
    const c = mqtt.connect(broker.url, {
      clientId: sn,
      username: sn,
      password,
      reconnectPeriod: 0,
      connectTimeout: 5000,
    });
    c.once('connect', () => resolve(c));
    c.once('error', (err) => {
      c.end(true);
      reject(err);
    });
  });
}

/** Connects, retrying while Mosquitto reloads its password file after a SIGHUP. */
async function connectAfterReload(sn: string, password: string): Promise<MqttClient> {
  for (let i = 0; ; i++) {
    try {
      return await connect(sn, password);
    } catch (err) {
      if (i > 30) throw err;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

beforeAll(async () => {
  broker = await Mosquitto.start({ auth: true });
  p = await startTestPlatform(
    {
      MQTT_URL: broker.url,
      MQTT_USERNAME: 'fieldhub-server',
      MQTT_PASSWORD: 'server-secret-123',
      MQTT_PASSWORD_FILE: broker.passwordFile,
      MQTT_ACL_FILE: broker.aclFile,
      MQTT_BROKER_PID_FILE: broker.pidFile,
    },
    { link: true },
  );
  const { admin: name } = await makeEnterprise(p.ctx.db, 'Mosquitto Works');
  const admin = await loggedIn(p.app, name);
  operator = await loggedIn(p.app, (await makePlatformOperator(p.ctx.db)).operator);
  const issued = await made<{ sn: string; verifyCode: string; mqttPassword: string }[]>(
    operator,
    '/lfscada/hardware/register',
    {
      series: 'EG',
      gateways: [{ sn: '400000000001' }, { sn: '400000000002' }],
    },
  );
  [gw, other] = [issued[0]!, issued[1]!];
  equipmentId = (await made(admin, '/lfscada/equipment/multi/add', { name: 'Mosquitto tank' })).id;
  await made(admin, '/lfscada/equipment/multi/bindGateway', {
    equipmentId,
    sn: gw.sn,
    verifyCode: gw.verifyCode,
  });
  const driver = await made(admin, '/lfscada/equipment/multi/driver/add', {
    owner: { equipmentId },
    item: { protocol: 'modbus-tcp', name: 'PLC', ip: '127.0.0.1' },
  });
  variableId = (
    await made(admin, '/lfscada/equipment/multi/variable/add', {
      owner: { equipmentId },
      item: { driverId: driver.id, name: 'level', dataType: 'float32', registerType: '4x', address: '0' },
    })
  ).id;
});
afterAll(async () => {
  await p?.stop();
  await broker?.stop();
});

describe('with an external Mosquitto', () => {
  it('lets a registered gateway in with its password and refuses a wrong one', async () => {
    const c = await connectAfterReload(gw.sn, gw.mqttPassword);
    await c.endAsync();
    await expect(connect(gw.sn, 'wrong-password')).rejects.toThrow(/not authorized|bad user/i);
  });

  it("delivers a gateway's own telemetry to the platform through the shared subscription", async () => {
    const c = await connectAfterReload(gw.sn, gw.mqttPassword);
    await c.publishAsync(
      `iiot/v1/${gw.sn}/up/telemetry`,
      JSON.stringify({
        v: 1,
        bootId: 'm1',
        seq: 1,
        items: [{ ts: Date.now(), vals: { [variableId]: 2.25 } }],
      }),
      { qos: 1 },
    );
    await until(
      'one value stored',
      async () =>
        (await p.ctx.db.query('select 1 from signal_values where variable_id = $1', [variableId])).length ===
        1,
      10_000,
    );
    await c.endAsync();
  });

  it("does not let a gateway publish under another gateway's SN", async () => {
    const c = await connectAfterReload(other.sn, other.mqttPassword);
    const before = (await p.ctx.db.query('select * from signal_values')).length;
    await c
      .publishAsync(
        `iiot/v1/${gw.sn}/up/telemetry`,
        JSON.stringify({
          v: 1,
          bootId: 'evil',
          seq: 1,
          items: [{ ts: Date.now() + 7, vals: { [variableId]: 99 } }],
        }),
        { qos: 1 },
      )
      .catch(() => undefined);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await p.ctx.db.query('select * from signal_values')).length).toBe(before);
    c.end(true);
  });
});
