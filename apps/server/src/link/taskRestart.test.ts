/**
 * A command task is a database record, not a promise in the server's memory: a write sent before
 * the server restarts is answered by the gateway to the new server, and the callback reports it.
 */
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '@fieldhub/testkit';
import { loadConfig } from '../config';
import { createPlatform, type Platform } from '../server';
import { loggedIn, makeEnterprise, makePlatformOperator, TestClock } from '../../test/harness';
import { freshDatabase } from '../../test/testDatabase';
import { made } from '../../test/deviceFixtures';
import { linkedDevice } from '../../test/gatewayFixtures';
import { forgetLinkState, linkAddress, sharedBrokerEnv } from '../../test/linkBroker';
import type { Db } from '../db/db';

let db: Db;
let drop: () => Promise<void>;
const clock = new TestClock();
// in the services pass on the shared broker, under the same topic prefix and client ids after the restart
const config = loadConfig({
  LOG_LEVEL: 'silent',
  DEMO_SEED: 'false',
  MQTT_PORT: '0',
  ...sharedBrokerEnv({}),
});
const running: Platform[] = [];

async function start(): Promise<Platform> {
  const platform = await createPlatform(config, { db, clock, serveWeb: false, link: true });
  running.push(platform);
  return platform;
}

/** Stops the platform's parts but keeps its database, as a process restart would. */
async function stop(platform: Platform) {
  await platform.app.close();
  await platform.ctx.link?.close();
  await platform.ctx.monitor.close();
  running.splice(running.indexOf(platform), 1);
}

beforeAll(async () => {
  ({ db, drop } = await freshDatabase());
});
afterAll(async () => {
  for (const platform of [...running]) await stop(platform);
  await forgetLinkState(config, db);
  await drop();
});

describe('command tasks across a server restart', () => {
  it('reports the answer a gateway gives to the restarted server', async () => {
    const first = await start();
    const { admin: adminName } = await makeEnterprise(db, 'Restart Works');
    const admin = await loggedIn(first.app, adminName);
    const operator = await loggedIn(first.app, (await makePlatformOperator(db)).operator);
    const device = await linkedDevice(admin, operator, 'Restarted tank');
    const driver = await made(admin, '/lfscada/equipment/multi/driver/add', {
      owner: device.owner,
      item: { protocol: 'modbus-tcp', name: 'PLC', ip: '127.0.0.1' },
    });
    const variable = await made(admin, '/lfscada/equipment/multi/variable/add', {
      owner: device.owner,
      item: {
        driverId: driver.id,
        name: 'level',
        dataType: 'float32',
        registerType: '4x',
        address: '0',
        rw: 'rw',
      },
    });

    // the gateway is online and receives the write
    const connect = (platform: Platform) =>
      mqtt.connectAsync(linkAddress(config, platform.ctx.link).brokerUrl, {
        clientId: device.sn,
        username: device.sn,
        password: device.mqttPassword,
        reconnectPeriod: 0,
      });
    const { topic } = linkAddress(config, first.ctx.link);
    const gateway = await connect(first);
    const commands: { uuid: string }[] = [];
    gateway.on('message', (_topic, payload) =>
      commands.push(JSON.parse(payload.toString()) as { uuid: string }),
    );
    await gateway.subscribeAsync(topic(`iiot/v1/${device.sn}/down/cmd`), { qos: 1 });
    await gateway.publishAsync(
      topic(`iiot/v1/${device.sn}/up/status`),
      JSON.stringify({ v: 1, online: true, bootId: 'b1', configVersion: 0 }),
      { qos: 1, retain: true },
    );
    await until('gateway online', async () => {
      const [row] = await db.query<{ status: string }>('select status from gateways where sn = $1', [
        device.sn,
      ]);
      return row?.status === 'online';
    });
    const { uuid } = await made<{ uuid: string }>(admin, '/lfscada/monitor/multi/signal/writeVal', {
      equipmentId: device.equipmentId,
      signalId: variable.id,
      value: 4,
    });
    await until('command received', async () => commands.some((c) => c.uuid === uuid));

    // the server restarts before the answer; the gateway answers the new one
    await gateway.endAsync(true);
    await stop(first);
    const second = await start();
    const again = await connect(second);
    await again.publishAsync(
      topic(`iiot/v1/${device.sn}/up/cmd/result`),
      JSON.stringify({ v: 1, uuid, ok: true }),
      { qos: 1 },
    );
    const adminAgain = await loggedIn(second.app, adminName);
    const outcome = await until('the answer recorded', async () => {
      const answer = await made<{ status: string; code?: string }>(
        adminAgain,
        '/lfscada/equipment/multi/callback',
        { uuid },
      );
      return answer.status !== 'wait' && answer;
    });
    expect(outcome).toMatchObject({ status: 'success', code: '200' });
    await again.endAsync();
  });
});
