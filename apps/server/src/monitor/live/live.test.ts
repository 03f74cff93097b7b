import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_CLOSE_REFUSED, type LiveValue } from '@fieldhub/shared';
import {
  loggedIn,
  makeEnterprise,
  startTestPlatform,
  type Caller,
  type TestPlatform,
} from '../../../test/harness';
import { deviceWithGateway, modbusDriver, role, subAccount, variable } from '../../../test/deviceFixtures';
import { loggedInOperator } from '../../../test/platformFixtures';
import { liveToken, openSocket, subscribe, type LiveClient } from '../../../test/liveClient';

let p: TestPlatform;
let admin: Caller;
let otherAdmin: Caller;
/** a device with two variables, another device of the same enterprise, one of another enterprise */
let boiler: number;
let level: number;
let temp: number;
let pump: number;
let flow: number;
let foreign: number;
const sockets: LiveClient[] = [];

const val = (signalId: number, ts: number, value: number | string): LiveValue => ({
  signalId,
  ts,
  value,
  quality: 0,
});

beforeAll(async () => {
  // a short idle interval so the idle text shows up within the test
  // a short idle interval so the idle text shows up within the test
  p = await startTestPlatform({}, { live: { idleMs: 300 } });
  await p.app.listen({ port: 0, host: '127.0.0.1' });
  const operator = await loggedInOperator(p);
  admin = await loggedIn(p.app, (await makeEnterprise(p.ctx.db, 'Live Works')).admin);
  otherAdmin = await loggedIn(p.app, (await makeEnterprise(p.ctx.db, 'Other Works')).admin);

  const b = await deviceWithGateway(admin, operator, 'Boiler');
  boiler = b.id;
  const plc = await modbusDriver(admin, b.owner);
  level = await variable(admin, b.owner, plc, 'level');
  temp = await variable(admin, b.owner, plc, 'temp', { address: '1' });
  const pu = await deviceWithGateway(admin, operator, 'Pump');
  pump = pu.id;
  flow = await variable(admin, pu.owner, await modbusDriver(admin, pu.owner), 'flow');
  foreign = (await deviceWithGateway(otherAdmin, operator, 'Foreign')).id;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await p.stop();
});

const track = (c: LiveClient) => (sockets.push(c), c);

describe('live socket', () => {
  it('sends a snapshot of the device’s held values first', async () => {
    const t0 = Date.now() - 1000;
    await p.ctx.monitor.ingest(boiler, [val(level, t0, 1.5), val(temp, t0, 'warm')], false);
    await p.ctx.monitor.ingest(pump, [val(flow, t0, 9)], false);
    const c = track(await subscribe(p.app, admin, boiler));
    const snapshot = await c.dataFrame(0);
    expect(snapshot).toMatchObject({ type: 'signalVal', equipmentId: boiler });
    expect(
      snapshot.type === 'signalVal' && [...snapshot.values].sort((a, b) => a.signalId - b.signalId),
    ).toEqual([val(level, t0, 1.5), val(temp, t0, 'warm')].sort((a, b) => a.signalId - b.signalId));
  });

  it('delivers a value ingested after the snapshot', async () => {
    const c = track(await subscribe(p.app, admin, boiler));
    const ts = Date.now();
    await p.ctx.monitor.ingest(boiler, [val(level, ts, 2.25)], false);
    expect(await c.dataFrame(1)).toEqual({
      type: 'signalVal',
      equipmentId: boiler,
      values: [val(level, ts, 2.25)],
    });
  });

  it('coalesces a burst into one frame holding the latest value of each signal', async () => {
    const c = track(await subscribe(p.app, admin, boiler));
    const ts = Date.now() + 10_000;
    // all published within one turn of the event loop: the socket's pacing timer cannot fire between
    for (let i = 0; i < 50; i++) {
      void p.ctx.monitor.bus.publish({
        type: 'signalVal',
        equipmentId: boiler,
        values: [val(level, ts + i, i)],
      });
    }
    void p.ctx.monitor.bus.publish({
      type: 'signalVal',
      equipmentId: boiler,
      values: [val(temp, ts, 'hot')],
    });
    const frame = await c.dataFrame(1);
    expect(frame.type === 'signalVal' && [...frame.values].sort((a, b) => a.signalId - b.signalId)).toEqual(
      [val(level, ts + 49, 49), val(temp, ts, 'hot')].sort((a, b) => a.signalId - b.signalId),
    );
    // a later value still arrives, in a frame of its own
    void p.ctx.monitor.bus.publish({
      type: 'signalVal',
      equipmentId: boiler,
      values: [val(level, ts + 99, 99)],
    });
    expect(await c.dataFrame(2)).toEqual({
      type: 'signalVal',
      equipmentId: boiler,
      values: [val(level, ts + 99, 99)],
    });
    expect(c.data).toHaveLength(3);
  });

  it('carries only its own device’s values and alarms', async () => {
    const c = track(await subscribe(p.app, admin, boiler));
    const ts = Date.now() + 20_000;
    await p.ctx.monitor.ingest(pump, [val(flow, ts, 7)], false);
    await p.ctx.monitor.bus.publish({
      type: 'signalAlarm',
      equipmentId: pump,
      alarm: {
        alarmId: 1,
        ruleId: 1,
        signalId: flow,
        level: 1,
        state: 'active',
        value: 7,
        message: 'pump',
        triggeredAt: ts,
        releasedAt: null,
      },
    });
    const alarm = {
      alarmId: 2,
      sn: '200000000001',
      status: 'offline' as const,
      state: 'active' as const,
      triggeredAt: ts,
      releasedAt: null,
    };
    await p.ctx.monitor.bus.publish({ type: 'gatewayAlarm', equipmentId: boiler, alarm });
    await p.ctx.monitor.ingest(boiler, [val(level, ts, 3)], false);
    await c.until(() => c.data.length >= 3, 'the boiler’s alarm and value');
    expect(c.data.slice(1)).toEqual([
      { type: 'signalVal', equipmentId: boiler, values: [val(level, ts, 3)] },
      { type: 'gatewayAlarm', equipmentId: boiler, alarm },
    ]);
    expect(JSON.stringify(c.frames)).not.toContain(`"equipmentId":${pump}`);
  });

  it('sends the idle text between values', async () => {
    const c = track(await subscribe(p.app, admin, pump));
    await c.until(() => c.frames.some((f) => f.type === 'idle'), 'the idle text');
    expect(c.frames.find((f) => f.type === 'idle')).toMatchObject({ type: 'idle', ts: expect.any(Number) });
  });
});

describe('live socket tokens', () => {
  it('refuses a token for another enterprise’s device with 1101', async () => {
    const res = await admin.post('/lfscada/websocket/monitor/token', { equipmentId: foreign });
    expect(res.body).toMatchObject({ code: '1101', data: null });
    expect(
      (await otherAdmin.post('/lfscada/websocket/monitor/token', { equipmentId: boiler })).body.code,
    ).toBe('1101');
  });

  it('refuses a token without the monitor_view permission', async () => {
    const roleId = await role(admin, 'No monitor', ['equipment_manage']);
    await subAccount(admin, { segment: 'int', loginname: 'live-nomonitor', roleId });
    const clerk = await loggedIn(p.app, 'live-nomonitor');
    expect((await clerk.post('/lfscada/websocket/monitor/token', { equipmentId: boiler })).body.code).toBe(
      '90008',
    );
  });

  it('rejects bad input with 10001', async () => {
    const res = await admin.post('/lfscada/websocket/monitor/token', { equipmentId: 'boiler' });
    expect(res.body.code).toBe('10001');
  });

  it('closes a socket with an unknown token with 4001 and code 1021', async () => {
    const c = await openSocket(p.app, 'x'.repeat(43));
    await c.until(() => c.closed !== null, 'the close');
    expect(c.closed).toEqual({ code: LIVE_CLOSE_REFUSED, reason: '1021' });
    expect(c.frames).toEqual([]);
  });

  it('accepts a token once', async () => {
    const token = await liveToken(admin, boiler);
    const first = track(await openSocket(p.app, token));
    await first.dataFrame(0);
    const second = await openSocket(p.app, token);
    await second.until(() => second.closed !== null, 'the close');
    expect(second.closed).toEqual({ code: LIVE_CLOSE_REFUSED, reason: '1021' });
  });

  it('closes with 1020 when the token has expired', async () => {
    const token = await liveToken(admin, boiler);
    await p.ctx.db.query("update socket_tokens set expires_at = now() - interval '1 second'");
    const c = await openSocket(p.app, token);
    await c.until(() => c.closed !== null, 'the close');
    expect(c.closed).toEqual({ code: LIVE_CLOSE_REFUSED, reason: '1020' });
  });
});
