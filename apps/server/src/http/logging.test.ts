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
import { withoutCredentials } from '../link/linkClient';

let p: TestPlatform;
const lines: string[] = [];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  // with the gateway link, whose lines must reach the same stream through the root logger (the
  // embedded broker's, in the services pass too)
  p = await startTestPlatform(
    { LOG_LEVEL: 'trace', MQTT_PORT: '0' },
    { logStream: sink, link: true, embeddedBroker: true },
  );
});
afterAll(() => p.stop());

/** The captured lines as pino wrote them (one JSON object per line). */
function logLines(): Record<string, unknown>[] {
  return lines
    .join('')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

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

  it('redacts passwords, tokens and cookies in a line a module logs through its child logger', () => {
    p.ctx.log.child({ module: 'link' }).warn(
      {
        password: 'Child_pw1',
        token: 'CHILD-TOKEN-1',
        cookie: 'sid=CHILD-COOKIE-1',
        gateway: { sn: '200000000001', password: 'Nested_pw1' },
      },
      'a line with secrets',
    );
    const line = logLines().find((l) => l.msg === 'a line with secrets');
    expect(line).toMatchObject({
      module: 'link',
      password: '***',
      token: '***',
      cookie: '***',
      gateway: { sn: '200000000001', password: '***' },
    });
    for (const secret of ['Child_pw1', 'CHILD-TOKEN-1', 'CHILD-COOKIE-1', 'Nested_pw1'])
      expect(lines.join('')).not.toContain(secret);
  });

  it('writes the gateway link’s lines through a child of the root logger', () => {
    // only the root logger writes to the stream the platform was given
    expect(logLines().find((l) => l.msg === 'embedded MQTT broker listening')).toMatchObject({
      module: 'link',
      port: expect.any(Number),
    });
  });

  it('masks tokens in logged URLs', () => {
    expect(maskUrl('/lfscada/ws/message/subscribe/abc.def?x=1')).toBe(
      '/lfscada/ws/message/subscribe/***?x=1',
    );
    expect(maskUrl('/a?token=xyz&b=2&password=p')).toBe('/a?token=***&b=2&password=***');
  });

  it('never logs the password of an external broker address', () => {
    expect(withoutCredentials('mqtt://fieldhub:S3cret_pw@broker.example:1883')).toBe(
      'mqtt://fieldhub:***@broker.example:1883',
    );
    expect(withoutCredentials('mqtt://broker.example:1883')).toBe('mqtt://broker.example:1883');
    expect(withoutCredentials('not a url')).not.toContain('not a url');
  });
});
