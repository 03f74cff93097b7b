import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyPage } from '@fieldhub/hmi';
import { SESSION_COOKIE } from '../src/modules/auth/sessions';
import { loggedIn, startTestPlatform, makeEnterprise, type Caller, type TestPlatform } from './harness';
import { made, send } from './deviceFixtures';
import { addProject, projectBase } from './projectFixtures';
import { startEnterprisePlatform } from './platformFixtures';

let p: TestPlatform;
let admin: Caller;
let adminZh: Caller;
let orgId: number;

beforeAll(async () => {
  const env = await startEnterprisePlatform('Hardened Works');
  ({ p, admin } = env);
  orgId = env.enterprise.orgId;
  adminZh = await loggedIn(p.app, env.enterprise.admin, 'zh-CN');
});
afterAll(async () => p?.stop());

const countOf = async (sql: string, params: unknown[] = []) =>
  (await p.ctx.db.query<{ n: number }>(`select count(*)::int as n from (${sql}) q`, params))[0]!.n;

describe('odd strings and nesting', () => {
  const projects = () => countOf('select id from projects where org_id = $1', [orgId]);

  it('refuses a NUL byte in a project name with 10001 in the caller language and stores nothing', async () => {
    const before = await projects();
    const en = await send(admin, `${projectBase}/add`, { name: 'Plant\u0000A' });
    expect(en.code).toBe('10001');
    expect(en.message).toBe('Parameter check failed: name: contains a NUL character (U+0000)');
    const zh = await send(adminZh, `${projectBase}/add`, { name: 'Plant\u0000A' });
    expect(zh.code).toBe('10001');
    expect(zh.message).toContain('空字符');
    // form-encoded bodies go through the same rule
    const form = await admin.post<unknown>(`${projectBase}/add`, { name: 'Plant\u0000B' });
    expect(form.body.code).toBe('10001');
    expect(await projects()).toBe(before);
  });

  it('refuses lone surrogates in names, titles and page texts, a paired emoji still passes', async () => {
    const project = await addProject(admin, 'Surrogates \u{1F3ED}');
    expect(project.name).toBe('Surrogates \u{1F3ED}');
    const mvar = await send(admin, '/lfscada/project/mvar/add', {
      projectId: project.id,
      title: 'Flow \uD83D',
      calcType: 'formula',
      formula: '1 + 1',
    });
    expect(mvar.code).toBe('10001');
    expect(mvar.message).toContain('title: contains an invalid Unicode character');
    expect(await countOf('select id from project_mvars where project_id = $1', [project.id])).toBe(0);

    const page = await made<{ id: number; name: string }>(admin, '/lfscada/configuration/page/add', {
      ownerKind: 'project',
      ownerId: project.id,
      name: 'Main',
    });
    const renamed = await send(admin, '/lfscada/configuration/page/edit', {
      id: page.id,
      name: '\uDC00Main',
    });
    expect(renamed.code).toBe('10001');
    const doc = emptyPage();
    const text = await send(admin, '/lfscada/configuration/page/save', {
      id: page.id,
      version: 1,
      document: { ...doc, name: 'bad \uD800 text' },
    });
    expect(text.code).toBe('10001');
    const [stored] = await p.ctx.db.query<{ name: string; version: number }>(
      'select name, version from pages where id = $1',
      [page.id],
    );
    expect(stored).toEqual({ name: 'Main', version: 1 });
  });

  it('refuses a NUL in an object key', async () => {
    const res = await send(admin, `${projectBase}/add`, { name: 'Keyed', ['x\u0000y']: 1 });
    expect(res.code).toBe('10001');
    expect(await countOf("select id from projects where name = 'Keyed'")).toBe(0);
  });

  it('refuses 10,000-deep JSON with 10001 and answers the next call normally', async () => {
    const deep = `${'{"a":'.repeat(10_000)}"bottom"${'}'.repeat(10_000)}`;
    const res = await p.app.inject({
      method: 'POST',
      url: `${projectBase}/add`,
      headers: {
        'content-type': 'application/json',
        'accept-language': 'en-US',
        cookie: `${SESSION_COOKIE}=${admin.cookie(SESSION_COOKIE)}`,
      },
      payload: `{"name":"Deep","remark":${deep}}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: '10001' });
    expect(res.json().message).toContain('nested deeper than 64 levels');
    expect(await countOf("select id from projects where name = 'Deep'")).toBe(0);
    expect((await send(admin, `${projectBase}/queryAll`, {})).code).toBe('200');
  });
});

describe('cross-site requests', () => {
  const cookie = () => `${SESSION_COOKIE}=${admin.cookie(SESSION_COOKIE)}`;
  const addFrom = (headers: Record<string, string>, name: string) =>
    p.app.inject({
      method: 'POST',
      url: `${projectBase}/add`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'accept-language': 'en-US',
        host: 'scada.example:8080',
        cookie: cookie(),
        ...headers,
      },
      payload: `name=${encodeURIComponent(name)}`,
    });
  const named = (name: string) => countOf('select id from projects where name = $1', [name]);

  it('refuses a form POST carried by the session cookie from another origin, and stores nothing', async () => {
    for (const origin of [
      'http://evil.example',
      'http://scada.example:8081',
      'https://scada.example:8080',
      'null',
    ]) {
      const res = await addFrom({ origin }, 'Forged');
      expect(res.json()).toMatchObject({ code: '90009', message: 'You are not allowed to do this' });
    }
    const fetched = await addFrom({ 'sec-fetch-site': 'cross-site' }, 'Forged');
    expect(fetched.json().code).toBe('90009');
    const sameSite = await addFrom({ 'sec-fetch-site': 'same-site' }, 'Forged');
    expect(sameSite.json().code).toBe('90009');
    expect(await named('Forged')).toBe(0);
  });

  it('accepts the platform own origin and clients that send no Origin', async () => {
    expect((await addFrom({ origin: 'http://scada.example:8080' }, 'Own origin')).json().code).toBe('200');
    expect(
      (
        await addFrom({ origin: 'http://SCADA.example:8080', 'sec-fetch-site': 'same-origin' }, 'Own 2')
      ).json().code,
    ).toBe('200');
    expect((await addFrom({}, 'Script client')).json().code).toBe('200');
    expect(await named('Own origin')).toBe(1);
    expect(await named('Script client')).toBe(1);
  });

  it('reads the session cookie with SameSite=Strict', async () => {
    const key = await p.app.inject({ method: 'POST', url: '/lfscada/user/showVcode' });
    expect(String(key.headers['set-cookie'])).toMatch(/SameSite=Strict/);
  });
});

describe('configured origins and proxies', () => {
  let q: TestPlatform;
  beforeAll(async () => {
    q = await startTestPlatform({
      ALLOWED_ORIGINS: 'https://scada.example.com, https://ops.example.com:8443',
      TRUST_PROXY: '10.0.0.0/8',
      COOKIE_SAMESITE: 'lax',
    });
  });
  afterAll(async () => q?.stop());

  it('accepts an origin of ALLOWED_ORIGINS and still refuses others', async () => {
    const e = await makeEnterprise(q.ctx.db, 'Proxied Works');
    const caller = await loggedIn(q.app, e.admin);
    const post = (origin: string, name: string) =>
      q.app.inject({
        method: 'POST',
        url: `${projectBase}/add`,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin,
          cookie: `${SESSION_COOKIE}=${caller.cookie(SESSION_COOKIE)}`,
        },
        payload: `name=${encodeURIComponent(name)}`,
      });
    expect((await post('https://ops.example.com:8443', 'Via proxy')).json().code).toBe('200');
    expect((await post('https://evil.example.com', 'Forged')).json().code).toBe('90009');
  });

  it('believes X-Forwarded-For only from a trusted proxy', async () => {
    const e = await makeEnterprise(q.ctx.db, 'Forwarded Works');
    const caller = await loggedIn(q.app, e.admin);
    const addVia = (remoteAddress: string, name: string) =>
      q.app.inject({
        method: 'POST',
        url: `${projectBase}/add`,
        remoteAddress,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': '203.0.113.9',
          cookie: `${SESSION_COOKIE}=${caller.cookie(SESSION_COOKIE)}`,
        },
        payload: `name=${encodeURIComponent(name)}`,
      });
    await addVia('10.1.2.3', 'Through the proxy');
    await addVia('192.0.2.7', 'Straight in');
    const logged = await q.ctx.db.query<{ ip: string }>(
      "select ip from operation_log where org_id = $1 and action = 'project.add' order by id",
      [e.orgId],
    );
    expect(logged.map((r) => r.ip)).toEqual(['203.0.113.9', '192.0.2.7']);
  });

  it('uses SameSite=Lax when COOKIE_SAMESITE says so', async () => {
    const key = await q.app.inject({ method: 'POST', url: '/lfscada/user/showVcode' });
    expect(String(key.headers['set-cookie'])).toMatch(/SameSite=Lax/);
  });

  it('ignores X-Forwarded-For by default', async () => {
    await p.app.inject({
      method: 'POST',
      url: `${projectBase}/add`,
      remoteAddress: '10.1.2.3',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': '203.0.113.9',
        cookie: `${SESSION_COOKIE}=${admin.cookie(SESSION_COOKIE)}`,
      },
      payload: 'name=Forwarded',
    });
    const logged = await p.ctx.db.query<{ ip: string }>(
      "select ip from operation_log where org_id = $1 and action = 'project.add' and detail->>'name' = 'Forwarded'",
      [orgId],
    );
    expect(logged).toEqual([{ ip: '10.1.2.3' }]);
  });
});
