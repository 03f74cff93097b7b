import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MvarRow, ProjectLiveMessage } from '@fieldhub/shared';
import { loadConfig } from '../../config';
import { createPlatform, type Platform } from '../../server';
import {
  freshDatabase,
  loggedIn,
  makeEnterprise,
  type Caller,
  type TestPlatform,
} from '../../../test/harness';
import { deviceWithGateway, made, modbusDriver, variable } from '../../../test/deviceFixtures';
import { loggedInOperator } from '../../../test/platformFixtures';
import { LiveClient } from '../../../test/liveClient';
import { bindToProject, insertProject, projectPage } from '../../modules/mvars/mvarTestKit';

// Two server instances on one database, joined by Redis (CI's second run sets REDIS_URL).
const url = process.env.REDIS_URL;

describe.skipIf(!url)('project sockets across instances joined by Redis', () => {
  let a: Platform;
  let b: Platform;
  let drop: () => Promise<void>;
  let adminOnA: Caller;
  let adminOnB: Caller;
  let boiler: number;
  let level: number;
  let pageId: number;
  let mvar: MvarRow;
  let socket: LiveClient;

  beforeAll(async () => {
    const fresh = await freshDatabase();
    drop = fresh.drop;
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
    const enterprise = await makeEnterprise(fresh.db, 'Twin Projects');
    adminOnA = await loggedIn(a.app, enterprise.admin);
    adminOnB = await loggedIn(b.app, enterprise.admin);
    const d = await deviceWithGateway(adminOnA, operator, 'Boiler');
    boiler = d.id;
    level = await variable(adminOnA, d.owner, await modbusDriver(adminOnA, d.owner), 'level');
    const projectId = await insertProject(fresh.db, enterprise.orgId, 'Twin plant');
    await bindToProject(fresh.db, projectId, boiler, 'Boiler');
    pageId = await projectPage(adminOnA, projectId, 'Main');
    mvar = await made<MvarRow>(adminOnA, '/lfscada/project/mvar/add', {
      projectId,
      title: 'Double',
      calcType: 'custom',
      formula: `\${${boiler}.${level}} * 2`,
    });
  });
  afterAll(async () => {
    socket?.close();
    for (const platform of [a, b]) {
      await platform?.app.close();
      await platform?.ctx.monitor.close();
    }
    await drop?.();
  });

  it('delivers an mvar computed on one instance to a project socket on the other', async () => {
    const token = await made<string>(adminOnB, '/lfscada/websocket/monitor/project/token', {
      pageId,
      dataMvar: [mvar.id],
    });
    const { port } = b.app.server.address() as { port: number };
    socket = new LiveClient(
      new WebSocket(`ws://127.0.0.1:${port}/lfscada/ws/project/signal/subscribe/${token}`),
    );
    await socket.dataFrame(0);
    const ts = Date.now();
    await a.ctx.monitor.ingest(boiler, [{ signalId: level, ts, value: 21, quality: 0 }], false);
    const mvarFrames = () =>
      (socket.data as unknown as ProjectLiveMessage[]).filter(
        (f) => f.type === 'mvarVal' && f.values[0]?.ts === ts,
      );
    await socket.until(() => mvarFrames().length > 0, 'the mvar from the other instance');
    expect(mvarFrames()[0]).toMatchObject({ values: [{ mvarId: mvar.id, value: 42, ts }] });
  });
});
