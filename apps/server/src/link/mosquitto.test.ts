import type { MqttClient } from 'mqtt';
import { topicFor, UP } from '@fieldhub/shared';
import { Mosquitto, sleep, until } from '@fieldhub/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedIn, makeEnterprise, type Caller, type TestPlatform } from '../../test/harness';
import { modbusDriver, registeredGateway, variable, type IssuedGateway } from '../../test/deviceFixtures';
import { connectAsGateway, linkedDevice, startPlatformOnBroker } from '../../test/gatewayFixtures';
import { loggedInOperator } from '../../test/platformFixtures';

let broker: Mosquitto;
let p: TestPlatform;
let operator: Caller;
let gw: IssuedGateway;
let other: IssuedGateway;
let variableId: number;

const connect = (sn: string, password: string) => connectAsGateway(broker.url, sn, password);
// the ACL file and the shared subscription under a topic prefix (docs/requirements/gateway-link.md §2.5)
const PREFIX = 'tenant-a/site.1';

/** Connects, retrying while Mosquitto reloads its password file after a SIGHUP. */
async function connectAfterReload(sn: string, password: string): Promise<MqttClient> {
  for (let i = 0; ; i++) {
    try {
      return await connect(sn, password);
    } catch (err) {
      if (i > 30) throw err;
      await sleep(200);
    }
  }
}

beforeAll(async () => {
  broker = await Mosquitto.start({ auth: true });
  p = await startPlatformOnBroker(broker, { MQTT_TOPIC_PREFIX: PREFIX });
  const admin = await loggedIn(p.app, (await makeEnterprise(p.ctx.db, 'Mosquitto Works')).admin);
  operator = await loggedInOperator(p);
  const device = await linkedDevice(admin, operator, 'Mosquitto tank');
  [gw, other] = [device, await registeredGateway(operator)];
  const driverId = await modbusDriver(admin, device.owner);
  variableId = await variable(admin, device.owner, driverId, 'level', { dataType: 'float32' });
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
      topicFor(gw.sn, UP.telemetry, PREFIX),
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

  it("does not let a gateway publish under another gateway's SN, nor outside the platform's prefix", async () => {
    const [c, own] = [
      await connectAfterReload(other.sn, other.mqttPassword),
      await connectAfterReload(gw.sn, gw.mqttPassword),
    ];
    const before = (await p.ctx.db.query('select * from signal_values')).length;
    const send = (client: MqttClient, topic: string, ts: number) =>
      client
        .publishAsync(
          topic,
          JSON.stringify({ v: 1, bootId: 'evil', seq: 1, items: [{ ts, vals: { [variableId]: 99 } }] }),
          { qos: 1 },
        )
        .catch(() => undefined);
    await send(c, topicFor(gw.sn, UP.telemetry, PREFIX), Date.now() + 7);
    await send(own, topicFor(gw.sn, UP.telemetry), Date.now() + 8);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await p.ctx.db.query('select * from signal_values')).length).toBe(before);
    c.end(true);
    own.end(true);
  });
});
