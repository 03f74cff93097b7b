import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveValue, MonitorSignal } from '@fieldhub/shared';
import { loadConfig } from '../config';
import { createPlatform, type Platform } from '../server';
import { freshDatabase, loggedIn, makeEnterprise, type Caller } from '../../test/harness';
import { deviceWithGateway, made, modbusDriver, variable } from '../../test/deviceFixtures';
import { loggedInOperator } from '../../test/platformFixtures';
import { liveToken, openSocket, type LiveClient } from '../../test/liveClient';
import type { TestPlatform } from '../../test/harness';

// Two server instances on one database, joined by Redis (CI's second run sets REDIS_URL).
const url = process.env.REDIS_URL;

describe.skipIf(!url)('two instances joined by Redis', () => {
  let a: Platform;
  let b: Platform;
  let drop: () => Promise<void>;
  let adminOnA: Caller;
  let adminOnB: Caller;
  let boiler: number;
  let pump: number;
  let level: number;
  let flow: number;
  const sockets: LiveClient[] = [];

  beforeAll(async () => {
    const fresh = await freshDatabase();
    drop = fresh.drop;
    // a channel of this run only: other runs on the same Redis are not heard
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DEMO_SEED: 'false',
      REDIS_URL: url,
      REDIS_PREFIX: `fieldhub-test:${randomUUID()}:`,
    });
    a = await createPlatform(config, { db: fresh.db, link: false, serveWeb: false });
    b = await createPlatform(config, { db: fresh.db, link: false, serveWeb: false });
    await b.app.listen({ port: 0, host: '127.0.0.1' });

    const operator = await loggedInOperator(a as TestPlatform);
    const { admin } = await makeEnterprise(fresh.db, 'Twin Works');
    adminOnA = await loggedIn(a.app, admin);
    adminOnB = await loggedIn(b.app, admin);
    const d = await deviceWithGateway(adminOnA, operator, 'Boiler');
    boiler = d.id;
    level = await variable(adminOnA, d.owner, await modbusDriver(adminOnA, d.owner), 'level');
    const e = await deviceWithGateway(adminOnA, operator, 'Pump');
    pump = e.id;
    flow = await variable(adminOnA, e.owner, await modbusDriver(adminOnA, e.owner), 'flow');
  });

  afterAll(async () => {
    for (const s of sockets) s.close();
    for (const p of [a, b]) {
      await p?.app.close();
      await p?.ctx.monitor.close();
    }
    await drop?.();
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
