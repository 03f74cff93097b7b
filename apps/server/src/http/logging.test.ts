import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Caller,
  login,
  makeEnterprise,
  startTestPlatform,
  TEST_PASSWORD,
  type TestPlatform,
} from '../../test/harness';
import { maskUrl } from './logging';

let p: TestPlatform;
const lines: string[] = [];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  p = await startTestPlatform({ LOG_LEVEL: 'trace' }, { logStream: sink });
});
afterAll(() => p.stop());

describe('logging', () => {
  it('never writes passwords, session cookies or socket tokens', async () => {
    const { admin } = await makeEnterprise(p.ctx.db, 'Log Works');
    const caller = new Caller(p.app);
    expect((await login(caller, admin, TEST_PASSWORD)).body.code).toBe('200');
    const sid = caller.cookie('sid')!;
    await caller.get('/lfscada/user/info');
    await caller.post('/lfscada/user/config/save', {
      key: 'k',
      value: JSON.stringify({ password: 'Hidden_pw1' }),
    });
    await p.app.inject({
      method: 'GET',
      url: '/lfscada/ws/eg/signal/subscribe/SOCKET-TOKEN-123?token=QUERY-TOKEN-456',
    });
    const log = lines.join('');
    expect(log).toContain('/lfscada/user/info');
    for (const secret of [TEST_PASSWORD, sid, 'Hidden_pw1', 'SOCKET-TOKEN-123', 'QUERY-TOKEN-456']) {
      expect(log).not.toContain(secret);
    }
  });

  it('masks tokens in logged URLs', () => {
    expect(maskUrl('/lfscada/ws/message/subscribe/abc.def?x=1')).toBe(
      '/lfscada/ws/message/subscribe/***?x=1',
    );
    expect(maskUrl('/a?token=xyz&b=2&password=p')).toBe('/a?token=***&b=2&password=***');
  });
});
