import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NoticeDetail } from '@fieldhub/shared';
import { loadConfig } from '../src/config';
import { createPlatform, type Platform } from '../src/server';
import { freshDatabase, loggedIn, makeEnterprise, type Caller, type TestPlatform } from './harness';
import { deviceWithGateway, made, modbusDriver } from './deviceFixtures';
import { loggedInOperator } from './platformFixtures';
import { good, variableWithRule } from '../src/monitor/alarms/alarmTestKit';
import { subscribeMessages, type MessageClient } from './messagesSocket';

// Two server instances on one database, joined by Redis (CI's second run sets REDIS_URL).
const url = process.env.REDIS_URL;

describe.skipIf(!url)('messages across two instances joined by Redis', () => {
  let a: Platform;
  let b: Platform;
  let drop: () => Promise<void>;
  let adminOnA: Caller;
  let adminOnB: Caller;
  let rivalOnB: Caller;
  let operator: Caller;
  const sockets: MessageClient[] = [];

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
    operator = await loggedInOperator(a as TestPlatform);
    const { admin } = await makeEnterprise(fresh.db, 'Twin Message Works');
    adminOnA = await loggedIn(a.app, admin);
    adminOnB = await loggedIn(b.app, admin);
    rivalOnB = await loggedIn(b.app, (await makeEnterprise(fresh.db, 'Twin Rival Works')).admin);
  });

  afterAll(async () => {
    for (const s of sockets) s.close();
    for (const p of [a, b]) {
      await p?.app.close();
      await p?.ctx.monitor.close();
    }
    await drop?.();
  });

  it('delivers an alarm message made on one instance to a socket held by the other within 2 s', async () => {
    const d = await deviceWithGateway(adminOnA, operator, 'Twin boiler');
    const rule = await variableWithRule(adminOnA, d.id, await modbusDriver(adminOnA, d.owner), {
      condition: 'gt',
      value: 5,
      content: 'Twin pressure high',
      voiceLoops: 2,
    });
    const socket = await subscribeMessages(b.app, adminOnB);
    const rivalSocket = await subscribeMessages(b.app, rivalOnB);
    sockets.push(socket, rivalSocket);
    const started = performance.now();
    await a.ctx.monitor.ingest(d.id, [good(rule.variableId, Date.now(), 9)], false);
    await socket.until(() => socket.news.length > 0, 'the alarm message', 2000);
    console.info(`alarm on A → message frame on B: ${(performance.now() - started).toFixed(0)} ms`);
    expect(socket.news[0]!.message).toMatchObject({
      type: 'alarm',
      dataId: d.id,
      note: 'Twin pressure high',
      alarmBroadcastTimes: 2,
    });
    expect(socket.news[0]!.unread.count).toBe(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(rivalSocket.news).toEqual([]);
  });

  it('tells the socket on B about a notice published and messages read on A', async () => {
    const socket = await subscribeMessages(b.app, adminOnB);
    sockets.push(socket);
    const notice = await made<NoticeDetail>(operator, '/lfscada/notice/publish', {
      title: 'Twin notice',
      content: 'Both instances hear this.',
    });
    await socket.until(() => socket.news.some((f) => f.message.dataId === notice.id), 'the notice');
    const before = socket.frames.length;
    await made(adminOnA, '/lfscada/msg/allMarkAsRead');
    await socket.until(() => socket.frames.length > before, 'the unread counts');
    expect(socket.frames.at(-1)).toMatchObject({ type: 'msgUnread', unread: { count: 0 } });
  });
});
