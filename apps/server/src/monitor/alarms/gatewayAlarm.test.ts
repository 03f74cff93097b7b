import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusMessage } from '@fieldhub/shared';
import {
  loggedIn,
  makeEnterprise,
  makePlatformOperator,
  startTestPlatform,
  type Caller,
  type TestPlatform,
} from '../../../test/harness';
import { deviceWithGateway, made, modbusDriver } from '../../../test/deviceFixtures';
import { alarmsOf, nextOnBus, variableWithRule } from '../../../test/alarmFixtures';
import { publishHandled } from '../../../test/gatewayFixtures';

/**
 * The gateway alarm through the real link: a gateway (an MQTT client logging in with the SN and
 * password the platform issued) goes online, loses its field devices, drops off the broker (its
 * last will), reports offline again and comes back.
 */
let p: TestPlatform;
let admin: Caller;
let url: string;
let gw: { sn: string; mqttPassword: string };
let equipmentId: number;
const variables: number[] = [];

type GatewayAlarmMsg = Extract<BusMessage, { type: 'gatewayAlarm' }>;
type ValuesMsg = Extract<BusMessage, { type: 'signalVal' }>;

beforeAll(async () => {
  p = await startTestPlatform({ MQTT_PORT: '0' }, { link: true });
  const { admin: adminName } = await makeEnterprise(p.ctx.db, 'Gateway Alarm Works');
  admin = await loggedIn(p.app, adminName);
  const operator = await loggedIn(p.app, (await makePlatformOperator(p.ctx.db)).operator);
  url = p.brokerUrl;
  const device = await deviceWithGateway(admin, operator, 'Remote pump station');
  equipmentId = device.id;
  gw = device as unknown as { sn: string; mqttPassword: string };
  const driverId = await modbusDriver(admin, { equipmentId });
  // "level low" rules: a failed read's placeholder 0 would meet them in a naive engine
  for (let i = 0; i < 3; i++)
    variables.push(
      (await variableWithRule(admin, equipmentId, driverId, { condition: 'lt', value: 1 })).variableId,
    );
});
afterAll(() => p.stop());

function connectGateway(): Promise<MqttClient> {
  return mqtt.connectAsync(url, {
    clientId: gw.sn,
    username: gw.sn,
    password: gw.mqttPassword,
    reconnectPeriod: 0,
    will: {
      topic: p.topic(`iiot/v1/${gw.sn}/up/status`),
      payload: Buffer.from(JSON.stringify({ v: 1, online: false })),
      qos: 1,
      retain: true,
    },
  });
}

const status = (c: MqttClient, body: Record<string, unknown>) =>
  c.publishAsync(p.topic(`iiot/v1/${gw.sn}/up/status`), JSON.stringify({ v: 1, ...body }), {
    qos: 1,
    retain: true,
  });

let seq = 0;
/** Publishes a batch and resolves once the platform has judged it (its values reached the bus). */
async function batch(
  c: MqttClient,
  item: { ts: number; vals: Record<string, unknown>; q?: Record<string, number> },
) {
  const judged = nextOnBus(
    p.ctx.monitor.bus,
    (m): m is ValuesMsg => m.type === 'signalVal' && m.values.some((v) => v.ts === item.ts),
    `values of ${item.ts}`,
  );
  await c.publishAsync(
    p.topic(`iiot/v1/${gw.sn}/up/telemetry`),
    JSON.stringify({ v: 1, bootId: 'b1', seq: ++seq, items: [item] }),
    {
      qos: 1,
    },
  );
  return judged;
}

const gatewayAlarm = (state: 'active' | 'cleared') =>
  nextOnBus(
    p.ctx.monitor.bus,
    (m): m is GatewayAlarmMsg => m.type === 'gatewayAlarm' && m.alarm.state === state,
    `${state} gateway alarm`,
  );

/** Resolves once the link reported this status and the alarm engine has handled it. */
function statusHandled(expected: 'online' | 'offline'): Promise<void> {
  return new Promise((resolve) => {
    const onStatus = (e: { sn: string; status: string }) => {
      if (e.sn !== gw.sn || e.status !== expected) return;
      p.ctx.link!.events.off('gatewayStatus', onStatus);
      resolve(p.ctx.monitor.alarms.idle());
    };
    p.ctx.link!.events.on('gatewayStatus', onStatus);
  });
}

describe('gateway alarm', () => {
  it('raises one gateway alarm when the gateway drops, without alarms of its variables, and clears it on return', async () => {
    const all = (value: unknown) => Object.fromEntries(variables.map((id) => [String(id), value]));
    const c = await connectGateway();
    const online = statusHandled('online');
    await status(c, { online: true, bootId: 'b1' });
    await online;
    const t = Date.now();
    await batch(c, { ts: t, vals: all(5) });
    // the PLC stops answering: every read fails (1715); the gateway sends 0 in place of the values
    await batch(c, {
      ts: t + 1000,
      vals: all(0),
      q: Object.fromEntries(variables.map((id) => [String(id), 1715])),
    });

    const raised = gatewayAlarm('active');
    c.stream.destroy(); // the connection is lost: the broker publishes the last will
    const active = await raised;
    expect(active).toMatchObject({ equipmentId, alarm: { sn: gw.sn, status: 'offline', state: 'active' } });

    // said again (a gateway's goodbye after a reconnect, a retained will re-read): still one alarm
    const again = await connectGateway();
    const offlineAgain = statusHandled('offline');
    await status(again, { online: false });
    await offlineAgain;

    const rows = await alarmsOf(p.ctx.db, { equipmentId });
    expect(rows.map((r) => [r.kind, r.state, r.sn])).toEqual([['gateway', 'active', gw.sn]]);
    expect(rows[0]!.id).toBe(active.alarm.alarmId);
    const [adminMessage] = await p.ctx.db.query<{ body: string; data: { alarmKind: string; text: unknown } }>(
      "select body, data from messages where kind = 'alarm' and (data->>'alarmId')::bigint = $1",
      [active.alarm.alarmId],
    );
    expect(adminMessage).toMatchObject({
      data: { alarmKind: 'gateway', text: { 'en-US': `Gateway ${gw.sn} is offline` } },
    });

    const cleared = gatewayAlarm('cleared');
    await status(again, { online: true, bootId: 'b2' });
    expect((await cleared).alarm).toMatchObject({
      alarmId: active.alarm.alarmId,
      status: 'online',
      state: 'cleared',
    });
    const after = await alarmsOf(p.ctx.db, { equipmentId });
    expect(after.map((r) => [r.kind, r.state])).toEqual([['gateway', 'cleared']]);
    expect(after[0]!.released_at).toBeInstanceOf(Date);

    const list = await made<{ list: { id: number; state: string; sn: string }[]; total: number }>(
      admin,
      '/lfscada/monitor/multi/gateway/alarm/query',
      { equipmentId },
    );
    expect(list.list.map((a) => [a.id, a.state, a.sn])).toEqual([[active.alarm.alarmId, 'cleared', gw.sn]]);
    await again.endAsync();
  });

  it('judges live values from the gateway and its replay of buffered history, each in its place', async () => {
    const c = await connectGateway();
    const variableId = variables[0]!;
    const t = Date.now() + 10_000;
    await batch(c, { ts: t, vals: { [variableId]: 7 } });
    // history from before: a low value, older than the live one
    await publishHandled(
      p,
      c,
      p.topic(`iiot/v1/${gw.sn}/up/telemetry/hist`),
      JSON.stringify({
        v: 1,
        bootId: 'b1',
        seq: ++seq,
        items: [{ ts: t - 5000, vals: { [variableId]: 0 } }],
      }),
    );
    await batch(c, { ts: t + 1, vals: { [variables[1]!]: 7 } }); // handled after the replay
    expect(p.ctx.monitor.cache.get(variableId)).toMatchObject({ ts: t, value: 7 });
    // the past excursion is recorded with its true times, released by the live value after it
    const past = (await alarmsOf(p.ctx.db, { equipmentId })).filter((a) => a.kind === 'signal');
    expect(past.map((a) => [a.state, a.trigger_value, a.release_value, a.delayed])).toEqual([
      ['cleared', 0, 7, true],
    ]);
    expect([past[0]!.triggered_at.getTime(), past[0]!.released_at!.getTime()]).toEqual([t - 5000, t]);

    const raised = nextOnBus(
      p.ctx.monitor.bus,
      (m): m is Extract<BusMessage, { type: 'signalAlarm' }> => m.type === 'signalAlarm',
      'signal alarm',
    );
    await batch(c, { ts: t + 2, vals: { [variableId]: 0 } });
    expect((await raised).alarm).toMatchObject({ signalId: variableId, state: 'active', value: 0 });
    expect(
      (await alarmsOf(p.ctx.db, { equipmentId })).filter((a) => a.state === 'active' && a.kind === 'signal'),
    ).toMatchObject([{ trigger_value: 0, delayed: false }]);
    await c.endAsync();
  });
});
