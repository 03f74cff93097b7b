import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, loggedIn, makeEnterprise, type TestPlatform, startTestPlatform } from './harness';
import { codeIn, MAIL, mails, S, SMS, startSecurityPeers, stopSecurityPeers } from './securityPeers';

// Verification codes per address, whichever account asks, and codes without any provider
// (docs/requirements/account-security.md §1.5, §7): a real SMTP server and SMS provider from
// securityPeers.ts; the security centre's own flows are in security.test.ts.

let p: TestPlatform;
let admin: Caller;
let rival: Caller;

const call = <T = unknown>(c: Caller, path: string, body: Record<string, unknown> = {}) =>
  c.post<T>(path, body, true);
/** Moves past the 60 s between two codes to the same account or address. */
const nextMinute = () => p.clock.advanceMinutes(1.1);

beforeAll(async () => {
  p = await startTestPlatform(await startSecurityPeers());
  admin = await loggedIn(p.app, (await makeEnterprise(p.ctx.db, 'Alpha')).admin);
  rival = await loggedIn(p.app, (await makeEnterprise(p.ctx.db, 'Bravo')).admin, 'zh-CN');
});

afterAll(async () => {
  await p?.stop();
  await stopSecurityPeers();
});

describe('rate limit per address', () => {
  it('refuses a second code to one address within the minute, whichever account asks', async () => {
    nextMinute();
    expect((await call(admin, MAIL, { email: 'shared@example.test' })).body.code).toBe('200');
    const second = await call(rival, MAIL, { email: 'shared@example.test' });
    expect(second.body).toMatchObject({ code: '90010', message: '请求过于频繁，请稍后再试' });
    expect(mails.filter((m) => m.to === 'shared@example.test')).toHaveLength(1);
    nextMinute();
    expect((await call(rival, MAIL, { email: 'shared@example.test' })).body.code).toBe('200');
  });

  it('sends at most ten codes an hour to one address, whichever accounts ask (90010)', async () => {
    // two accounts of their own, with no codes yet; five codes from each: neither reaches its ten
    const one = await makeEnterprise(p.ctx.db, 'Delta');
    const two = await makeEnterprise(p.ctx.db, 'Echo');
    const [first, second] = [await loggedIn(p.app, one.admin), await loggedIn(p.app, two.admin)];
    const address = 'capped@example.test';
    for (let i = 0; i < 10; i++) {
      nextMinute();
      expect((await call(i % 2 ? second : first, MAIL, { email: address })).body.code).toBe('200');
    }
    nextMinute();
    expect((await call(first, MAIL, { email: address })).body.code).toBe('90010');
    expect((await call(second, MAIL, { email: address })).body.code).toBe('90010');
    expect(mails.filter((m) => m.to === address)).toHaveLength(10);
    // another address is still served, and this one again once the first code is an hour old
    expect((await call(first, MAIL, { email: 'other.cap@example.test' })).body.code).toBe('200');
    p.clock.advanceMinutes(50);
    const again = await loggedIn(p.app, one.admin);
    expect((await call(again, MAIL, { email: address })).body.code).toBe('200');
    expect(mails.filter((m) => m.to === address)).toHaveLength(11);
  });
});

describe('without providers', () => {
  it('records the code in the outbox and reports SMS off', async () => {
    const bare = await startTestPlatform();
    try {
      const e = await makeEnterprise(bare.ctx.db, 'Charlie');
      await bare.ctx.db.query("update accounts set tel = '13500135000' where id = $1", [e.adminId]);
      const c = await loggedIn(bare.app, e.admin);
      expect(
        (await c.post<{ smsEnabled: boolean }>(`${S}getUserMessage.action`, {}, true)).body.data.smsEnabled,
      ).toBe(false);
      expect((await c.post(`${SMS}getSMSCode.action`, {}, true)).body.code).toBe('200');
      const [row] = await bare.ctx.db.query<{
        status: string;
        provider: string;
        body: string;
        org_id: number;
      }>("select status, provider, body, org_id from notification_outbox where channel = 'sms'");
      expect(row).toMatchObject({ status: 'recorded', provider: 'record', org_id: e.orgId });
      const code = codeIn(row!.body);
      expect((await c.post(`${S}validateSmsVerifycode.action`, { code }, true)).body.code).toBe('200');
    } finally {
      await bare.stop();
    }
  });
});
