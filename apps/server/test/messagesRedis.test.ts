import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NoticeDetail } from '@fieldhub/shared';
import type { Platform } from '../src/server';
import { loggedIn, makeEnterprise, type Caller } from './harness';
import { deviceWithGateway, made, modbusDriver } from './deviceFixtures';
import { REDIS_URL, startRedisTwins, type RedisTwins } from './redisTwins';
import { good, variableWithRule } from './alarmFixtures';
import { subscribeMessages, type MessageClient } from './messagesSocket';

describe.skipIf(!REDIS_URL)('messages across two instances joined by Redis', () => {
  let twins: RedisTwins;
  let a: Platform;
  let b: Platform;
  let adminOnA: Caller;
  let adminOnB: Caller;
  let rivalOnB: Caller;
  let operator: Caller;
  const sockets: MessageClient[] = [];

  beforeAll(async () => {
    twins = await startRedisTwins(REDIS_URL!, 'Twin Message Works');
    ({ a, b, operator, adminOnA, adminOnB } = twins);
    rivalOnB = await loggedIn(b.app, (await makeEnterprise(twins.db, 'Twin Rival Works')).admin);
  });

  afterAll(async () => {
    for (const s of sockets) s.close();
    await twins?.stop();
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
