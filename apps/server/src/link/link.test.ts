import type { IClientOptions } from 'mqtt';
import { until } from '@fieldhub/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loggedIn,
  makeEnterprise,
  startTestPlatform,
  type Caller,
  type TestPlatform,
} from '../../test/harness';
import {
  made,
  modbusDriver,
  registeredGateway,
  send,
  variable,
  type IssuedGateway,
} from '../../test/deviceFixtures';
import { connectAsGateway, linkedDevice } from '../../test/gatewayFixtures';
import { loggedInOperator } from '../../test/platformFixtures';
import { onSharedBroker } from '../../test/linkBroker';

let p: TestPlatform;
let admin: Caller;
let url: string;
let gw: IssuedGateway;
let other: IssuedGateway;
let equipmentId: number;
let variableId: number;

const connectGateway = (sn: string, password: string, extra: IClientOptions = {}) =>
  connectAsGateway(url, sn, password, extra);

beforeAll(async () => {
  p = await startTestPlatform({ MQTT_PORT: '0' }, { link: true });
  url = p.brokerUrl;
  admin = await loggedIn(p.app, (await makeEnterprise(p.ctx.db, 'Link Works')).admin);
  const operator = await loggedInOperator(p);
  const device = await linkedDevice(admin, operator, 'Linked tank');
  [gw, other, equipmentId] = [device, await registeredGateway(operator), device.equipmentId];
  const driverId = await modbusDriver(admin, device.owner);
  variableId = await variable(admin, device.owner, driverId, 'level', {
    dataType: 'float32',
    rw: 'rw',
    writeUpper: 10,
    writeLower: 0,
  });
});
afterAll(() => p.stop());

describe('gateway link over MQTT', () => {
  // the machine's Mosquitto of the services pass lets anyone in anywhere (allow_anonymous, no ACL):
  // these two are the embedded broker's checks (Mosquitto's, from the files the server writes, are
  // mosquitto.test.ts's)
  it.skipIf(onSharedBroker)('refuses a wrong password and a client id other than the SN', async () => {
    await expect(connectGateway(gw.sn, 'not-the-password')).rejects.toThrow(
      /Bad username or password|Not authorized/i,
    );
    await expect(connectGateway(gw.sn, gw.mqttPassword, { clientId: 'someone-else' })).rejects.toThrow();
  });

  it('marks the gateway online on its birth and offline on its last will', async () => {
    const c = await connectGateway(gw.sn, gw.mqttPassword, {
      will: {
        topic: p.topic(`iiot/v1/${gw.sn}/up/status`),
        payload: Buffer.from(JSON.stringify({ v: 1, online: false })),
        qos: 1,
        retain: true,
      },
    });
    await c.publishAsync(
      p.topic(`iiot/v1/${gw.sn}/up/status`),
      JSON.stringify({ v: 1, online: true, bootId: 'b1', firmware: '1.0.0', signal: 21 }),
      { qos: 1, retain: true },
    );
    const status = async () =>
      (await p.ctx.db.query<{ status: string }>('select status from gateways where sn = $1', [gw.sn]))[0]!
        .status;
    await until('online', async () => (await status()) === 'online', 10_000);
    c.stream.destroy(); // an abrupt loss: the broker publishes the will
    await until('offline', async () => (await status()) === 'offline', 10_000);
  });

  it("stores telemetry of the device's own variables and ignores others", async () => {
    const c = await connectGateway(gw.sn, gw.mqttPassword);
    const ts = Date.now();
    await c.publishAsync(
      p.topic(`iiot/v1/${gw.sn}/up/telemetry`),
      JSON.stringify({
        v: 1,
        bootId: 'b1',
        seq: 1,
        items: [{ ts, vals: { [variableId]: 4.5, '999999': 1 } }],
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
    const rows = await p.ctx.db.query<{ num: number }>(
      'select num from signal_values where equipment_id = $1',
      [equipmentId],
    );
    expect(rows).toEqual([{ num: 4.5 }]);
    await c.endAsync();
  });

  it.skipIf(onSharedBroker)("does not deliver a gateway's publish under another gateway's SN", async () => {
    const c = await connectGateway(other.sn, other.mqttPassword);
    const before = (await p.ctx.db.query('select * from signal_values')).length;
    c.publish(
      p.topic(`iiot/v1/${gw.sn}/up/telemetry`),
      JSON.stringify({
        v: 1,
        bootId: 'evil',
        seq: 1,
        items: [{ ts: Date.now() + 5, vals: { [variableId]: 99 } }],
      }),
      { qos: 1 },
    );
    await new Promise((r) => setTimeout(r, 1500));
    expect((await p.ctx.db.query('select * from signal_values')).length).toBe(before);
    c.end(true);
  });

  it('syncs the configuration and reports success once the gateway acknowledges it', async () => {
    const c = await connectGateway(gw.sn, gw.mqttPassword);
    await c.publishAsync(
      p.topic(`iiot/v1/${gw.sn}/up/status`),
      JSON.stringify({ v: 1, online: true, bootId: 'b2' }),
      { qos: 1 },
    );
    await until(
      'online again',
      async () =>
        (
          await p.ctx.db.query<{ status: string }>(
            "select status from gateways where sn = $1 and status = 'online'",
            [gw.sn],
          )
        ).length === 1,
      10_000,
    );
    await c.subscribeAsync(p.topic(`iiot/v1/${gw.sn}/down/#`), { qos: 1 });
    c.on('message', (topic, payload) => {
      const msg = JSON.parse(payload.toString());
      if (topic.endsWith('/down/config')) {
        void c.publishAsync(
          p.topic(`iiot/v1/${gw.sn}/up/config/ack`),
          JSON.stringify({ v: 1, version: msg.version, hash: msg.hash, ok: true }),
          { qos: 1 },
        );
      }
      if (topic.endsWith('/down/cmd') && msg.type === 'write') {
        void c.publishAsync(
          p.topic(`iiot/v1/${gw.sn}/up/cmd/result`),
          JSON.stringify({ v: 1, uuid: msg.uuid, ok: true, data: { value: msg.value } }),
          { qos: 1 },
        );
      }
    });
    const { uuid } = await made<{ uuid: string }>(admin, '/lfscada/equipment/multi/sync', { equipmentId });
    await until(
      'the read answered',
      async () =>
        (await made<{ status: string }>(admin, '/lfscada/equipment/multi/callback', { uuid })).status ===
        'success',
      10_000,
    );
    const device = await made<{ syncNeeded: boolean }>(admin, '/lfscada/equipment/multi/info', {
      id: equipmentId,
    });
    expect(device.syncNeeded).toBe(false);

    const write = await made<{ uuid: string }>(admin, '/lfscada/monitor/multi/signal/writeVal', {
      equipmentId,
      signalId: variableId,
      value: 7.5,
    });
    await until(
      'the write answered',
      async () =>
        (await made<{ status: string }>(admin, '/lfscada/equipment/multi/callback', { uuid: write.uuid }))
          .status === 'success',
      10_000,
    );
    // a value above the write upper limit never leaves the platform
    expect(
      (
        await send(admin, '/lfscada/monitor/multi/signal/writeVal', {
          equipmentId,
          signalId: variableId,
          value: 11,
        })
      ).code,
    ).toBe('2003');
    await c.endAsync();
  });

  it('sends its configuration to a gateway whose birth says it runs none', async () => {
    const c = await connectGateway(gw.sn, gw.mqttPassword);
    await c.subscribeAsync(p.topic(`iiot/v1/${gw.sn}/down/config`), { qos: 1 });
    const received = new Promise<{ version: number; config: { variables: { id: number }[] } }>((resolve) =>
      c.on('message', (_t, payload) => resolve(JSON.parse(payload.toString()))),
    );
    await c.publishAsync(
      p.topic(`iiot/v1/${gw.sn}/up/status`),
      JSON.stringify({ v: 1, online: true, bootId: 'fresh' }),
      { qos: 1 },
    );
    const msg = await received;
    expect(msg.config.variables.map((v) => v.id)).toEqual([variableId]);
    await c.endAsync();
  });

  it('refuses commands to an offline gateway with 1304', async () => {
    await p.ctx.db.query("update gateways set status = 'offline' where sn = $1", [gw.sn]);
    expect((await send(admin, '/lfscada/equipment/multi/sync', { equipmentId })).code).toBe('1304');
    expect(
      (
        await send(admin, '/lfscada/monitor/multi/signal/writeVal', {
          equipmentId,
          signalId: variableId,
          value: 5,
        })
      ).code,
    ).toBe('1304');
  });

  it('expires a command the gateway never answers with 1301', async () => {
    await p.ctx.db.query("update gateways set status = 'online' where sn = $1", [gw.sn]);
    const { uuid } = await made<{ uuid: string }>(admin, '/lfscada/monitor/multi/signal/writeVal', {
      equipmentId,
      signalId: variableId,
      value: 5,
    });
    // recorded as queued, sent once the broker took the command, waiting for the gateway
    const [task] = await p.ctx.db.query<{ state: string }>(
      'select state from command_tasks where uuid = $1',
      [uuid],
    );
    expect(task?.state).toBe('sent');
    expect(await made(admin, '/lfscada/equipment/multi/callback', { uuid })).toEqual({ status: 'wait' });
    p.clock.advanceMinutes(2);
    const outcome = await made<{ status: string; code: string }>(admin, '/lfscada/equipment/multi/callback', {
      uuid,
    });
    expect(outcome).toMatchObject({ status: 'failure', code: '1301' });
  });
});
