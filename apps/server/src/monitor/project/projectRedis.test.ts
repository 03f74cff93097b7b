import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MvarRow, ProjectLiveMessage } from '@fieldhub/shared';
import type { Platform } from '../../server';
import type { Caller } from '../../../test/harness';
import { deviceWithGateway, made, modbusDriver, variable } from '../../../test/deviceFixtures';
import { LiveClient } from '../../../test/liveClient';
import { addProjectPage, bindToProject, insertProject } from '../../../test/projectFixtures';
import { REDIS_URL, startRedisTwins, type RedisTwins } from '../../../test/redisTwins';

describe.skipIf(!REDIS_URL)('project sockets across instances joined by Redis', () => {
  let twins: RedisTwins;
  let a: Platform;
  let b: Platform;
  let adminOnA: Caller;
  let adminOnB: Caller;
  let boiler: number;
  let level: number;
  let pageId: number;
  let mvar: MvarRow;
  let socket: LiveClient;

  beforeAll(async () => {
    twins = await startRedisTwins(REDIS_URL!, 'Twin Projects');
    ({ a, b, adminOnA, adminOnB } = twins);
    const d = await deviceWithGateway(adminOnA, twins.operator, 'Boiler');
    boiler = d.id;
    level = await variable(adminOnA, d.owner, await modbusDriver(adminOnA, d.owner), 'level');
    const projectId = await insertProject(twins.db, twins.enterprise.orgId, 'Twin plant');
    await bindToProject(twins.db, projectId, boiler, 'Boiler');
    pageId = await addProjectPage(adminOnA, projectId, 'Main');
    mvar = await made<MvarRow>(adminOnA, '/lfscada/project/mvar/add', {
      projectId,
      title: 'Double',
      calcType: 'custom',
      formula: `\${${boiler}.${level}} * 2`,
    });
  });
  afterAll(async () => {
    socket?.close();
    await twins?.stop();
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
