import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_CLOSE_REFUSED } from '@fieldhub/shared';
import { loggedIn, startTestPlatform, makeEnterprise, type Caller, type TestPlatform } from './harness';
import { made, role, subAccount } from './deviceFixtures';
import { insertMessages } from '../src/messages/messages.repo';
import { messageToken, openMessageSocket, subscribeMessages, type MessageClient } from './messagesSocket';

let p: TestPlatform;
let admin: Caller;
let enterprise: { orgId: number; adminId: number; admin: string };
const sockets: MessageClient[] = [];

beforeAll(async () => {
  // idle text every 200 ms instead of 60 s
  p = await startTestPlatform({}, { live: { idleMs: 200 } });
  await p.app.listen({ port: 0, host: '127.0.0.1' });
  enterprise = await makeEnterprise(p.ctx.db, 'Socket Works');
  admin = await loggedIn(p.app, enterprise.admin);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await p.stop();
});

async function refusal(token: string) {
  const client = await openMessageSocket(p.app, token);
  sockets.push(client);
  await client.until(() => client.closed !== null, 'the close').catch(() => undefined);
  return client.closed;
}

describe('message socket', () => {
  it('opens with the unread counts and sends the idle text with pings', async () => {
    const socket = await subscribeMessages(p.app, admin);
    sockets.push(socket);
    expect(socket.frames[0]).toEqual({
      type: 'msgUnread',
      unread: { count: 0, byType: { alarm: 0, order: 0, notice: 0, expire: 0, payment: 0 } },
    });
    await socket.until(
      () => socket.frames.filter((f) => f.type === 'idle').length >= 2,
      'two idle texts',
      3000,
    );
    // the client answers pings (ws does so by itself), so it stays connected
    expect(socket.closed).toBeNull();
  });

  it('takes a token once: a used, unknown or expired token is refused with 4001 and its code', async () => {
    const token = await messageToken(admin);
    const first = await openMessageSocket(p.app, token);
    sockets.push(first);
    await first.until(() => first.frames.length > 0, 'the first frame');
    expect(await refusal(token)).toEqual({ code: LIVE_CLOSE_REFUSED, reason: '1021' });
    expect(await refusal('x'.repeat(43))).toEqual({ code: LIVE_CLOSE_REFUSED, reason: '1021' });
    expect(await refusal('bad token!')).toEqual({ code: LIVE_CLOSE_REFUSED, reason: '1021' });

    const late = await messageToken(admin);
    p.clock.advanceMinutes(2);
    expect(await refusal(late)).toEqual({ code: LIVE_CLOSE_REFUSED, reason: '1020' });
    admin = await loggedIn(p.app, 'socketworks-admin');
  });

  it('refuses the token of an account disabled after asking for it', async () => {
    const staff = await role(admin, 'Staff', ['monitor_view'], 'org');
    const id = await subAccount(admin, { segment: 'int', loginname: 'soon-gone', roleId: staff });
    const token = await messageToken(await loggedIn(p.app, 'soon-gone'));
    await made(admin, '/lfscada/account/disable', { id, disabled: true });
    expect(await refusal(token)).toEqual({ code: LIVE_CLOSE_REFUSED, reason: '1021' });
  });

  it('sends the newest 50 messages of a burst, with counts that cover all of them', async () => {
    const socket = await subscribeMessages(p.app, admin);
    sockets.push(socket);
    const before = (await made<{ count: number }>(admin, '/lfscada/msg/queryUnReadMsgCount')).count;
    const items = await insertMessages(
      p.ctx.db,
      Array.from({ length: 80 }, (_, i) => ({
        orgId: enterprise.orgId,
        accountId: enterprise.adminId,
        type: 'notice' as const,
        equipType: 'public' as const,
        dataId: null,
        title: `Burst ${i}`,
        note: '',
      })),
    );
    await p.ctx.monitor.bus.publishMsg({ type: 'msgCreated', items });
    await socket.until(() => socket.news.length >= 50, 'the burst');
    await new Promise((r) => setTimeout(r, 300));
    expect(socket.news).toHaveLength(50);
    expect(socket.news.map((f) => f.message.title)).toEqual(
      Array.from({ length: 50 }, (_, i) => `Burst ${i + 30}`),
    );
    expect(socket.news.every((f) => f.unread.count === before + 80)).toBe(true);
  });

  it('gives no token without a session', async () => {
    const res = await p.app.inject({ method: 'POST', url: '/lfscada/websocket/msg/token' });
    expect(res.json()).toMatchObject({ code: '1006' });
  });
});
