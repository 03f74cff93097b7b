import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveValue, MonitorSignal } from '@fieldhub/shared';
import type { Platform } from '../server';
import type { Caller } from '../../test/harness';
import { deviceWithGateway, made, modbusDriver, variable } from '../../test/deviceFixtures';
import { liveToken, openSocket, type LiveClient } from '../../test/liveClient';
import { REDIS_URL, startRedisTwins, type RedisTwins } from '../../test/redisTwins';

describe.skipIf(!REDIS_URL)('two instances joined by Redis', () => {
  let twins: RedisTwins;
  let a: Platform;
  let b: Platform;
  let adminOnA: Caller;
  let adminOnB: Caller;
  let boiler: number;
  let pump: number;
  let level: number;
  let flow: number;
  const sockets: LiveClient[] = [];

  beforeAll(async () => {
    twins = await startRedisTwins(REDIS_URL!, 'Twin Works');
    ({ a, b, adminOnA, adminOnB } = twins);
    const operator = twins.operator;
    const d = await deviceWithGateway(adminOnA, operator, 'Boiler');
    boiler = d.id;
    level = await variable(adminOnA, d.owner, await modbusDriver(adminOnA, d.owner), 'level');
    const e = await deviceWithGateway(adminOnA, operator, 'Pump');
    pump = e.id;
    flow = await variable(adminOnA, e.owner, await modbusDriver(adminOnA, e.owner), 'flow');
  });

  afterAll(async () => {
    for (const s of sockets) s.close();
    await twins?.stop();
  });

  const val = (signalId: number, ts: number, value: number): LiveValue => ({
    signalId,
    ts,
    value,
    quality: 0,
  });

  it('delivers a value ingested on one instance to a socket held by the other', async () => {
    // the token is asked of A and the socket opened on B, as behind a load balancer
    const socket = await openSocket(b.app, await liveToken(adminOnA, boiler));
    sockets.push(socket);
    await socket.dataFrame(0);
    const ts = Date.now();
    await a.ctx.monitor.ingest(pump, [val(flow, ts, 11)], false);
    await a.ctx.monitor.ingest(boiler, [val(level, ts, 42)], false);
    expect(await socket.dataFrame(1)).toEqual({
      type: 'signalVal',
      equipmentId: boiler,
      values: [val(level, ts, 42)],
    });
    expect(JSON.stringify(socket.frames)).not.toContain(`"equipmentId":${pump}`);

    // B's value cache heard it too: its real-time tab shows the value
    const signals = await made<MonitorSignal[]>(adminOnB, '/lfscada/monitor/multi/signal/query', {
      equipmentId: boiler,
    });
    expect(signals).toEqual([expect.objectContaining({ id: level, value: 42, ts })]);
  });

  it('delivers an alarm published on one instance to the other’s socket, and the snapshot holds remote values', async () => {
    const ts = Date.now() + 1;
    await a.ctx.monitor.ingest(boiler, [val(level, ts, 43)], false);
    const socket = await openSocket(b.app, await liveToken(adminOnB, boiler));
    sockets.push(socket);
    const snapshot = await socket.dataFrame(0);
    expect(snapshot).toEqual({ type: 'signalVal', equipmentId: boiler, values: [val(level, ts, 43)] });
    const alarm = {
      alarmId: 9,
      sn: '200000000009',
      status: 'offline' as const,
      state: 'active' as const,
      triggeredAt: ts,
      releasedAt: null,
    };
    await a.ctx.monitor.bus.publish({ type: 'gatewayAlarm', equipmentId: boiler, alarm });
    expect(await socket.dataFrame(1)).toEqual({ type: 'gatewayAlarm', equipmentId: boiler, alarm });
  });
});
