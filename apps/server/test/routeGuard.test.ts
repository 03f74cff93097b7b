import http from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCRIPT_HOST_PATH } from '@fieldhub/shared';
import type { Db } from '../src/db/db';
import { startTestPlatform, type TestPlatform } from './harness';

/** The public routes, named one by one: a new public route is a deliberate change of this list. */
const PUBLIC_ROUTES = [
  'GET /',
  'GET /*',
  'GET /openapi.json',
  'GET /lfscada/firmware/download/:token',
  'GET /lfscada/ws/eg/signal/subscribe/:token',
  'GET /lfscada/ws/message/subscribe/:token',
  'GET /lfscada/ws/project/signal/subscribe/:token',
  // registering through an invitation link (docs/requirements/account-security.md §4.2)
  'POST /lfscada/enroll/info',
  'POST /lfscada/enroll/register',
  'POST /lfscada/mqtt/acl',
  'POST /lfscada/mqtt/auth',
  'POST /lfscada/style/loadStyle',
  'POST /lfscada/user/encryptLogin',
  'POST /lfscada/user/publicKey',
  'POST /lfscada/user/showVcode',
  // password retrieval (docs/requirements/account-security.md §3): the account is named, not logged in
  'POST /org/AccountInternalAction!saveNewPassword.action',
  'POST /org/EmailVerifycodeAction!getEmailCode.action',
  'POST /org/SMSVerifycodeAction!getSMSCode.action',
  'POST /org/SecurityMessageAction!getUserEmail.action',
  'POST /org/SecurityMessageAction!getUserSecurityQuestion.action',
  'POST /org/SecurityMessageAction!validateEmailForChangePwd.action',
  'POST /org/SecurityMessageAction!validateQuestionForChangePwd.action',
  'POST /org/SecurityMessageAction!validateSmsVerifycode.action',
];

/** Spellings of one path that a router might take for it (issue: encoded-path bypass). */
function spellings(url: string): string[] {
  const rest = url.slice('/lfscada'.length);
  return [
    url,
    `/%6cfscada${rest}`,
    `/l%66scada${rest}`,
    `/%6C%66%73%63%61%64%61${rest}`,
    `//lfscada${rest}`,
    `/./lfscada${rest}`,
    `/lfscada/.${rest}`,
    `/LFSCADA${rest}`,
    `/lfscada%2f${rest.slice(1)}`,
    `/lfscada${rest.replace(/\//g, '%2F')}`,
    `/lfscada${rest}/`,
    `/lfscada${rest}?x=1`,
  ];
}

/** Row counts of every table, to prove that refused calls changed nothing. */
async function tableCounts(db: Db): Promise<Record<string, number>> {
  const tables = await db.query<{ tablename: string }>(
    "select tablename from pg_tables where schemaname = 'public' order by tablename",
  );
  const counts: Record<string, number> = {};
  for (const { tablename } of tables) {
    const [row] = await db.query<{ n: number }>(`select count(*)::int as n from "${tablename}"`);
    counts[tablename] = row!.n;
  }
  return counts;
}

function rawRequest(
  port: number,
  method: string,
  rawPath: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const body = 'name=x&id=1';
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: rawPath,
        headers:
          method === 'GET'
            ? { accept: 'application/json' }
            : {
                'content-type': 'application/x-www-form-urlencoded',
                'content-length': Buffer.byteLength(body),
              },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    req.end(method === 'GET' ? undefined : body);
  });
}

describe('route table and the session guard', () => {
  let p: TestPlatform;
  let port: number;

  beforeAll(async () => {
    // a built app with one asset, so the static routes are in the table too
    const web = mkdtempSync(path.join(tmpdir(), 'fieldhub-web-'));
    writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>t</title><div id="root"></div>');
    writeFileSync(path.join(web, SCRIPT_HOST_PATH.slice(1)), '<!doctype html><title>host</title>');
    p = await startTestPlatform({ WEB_DIST: web });
    await p.app.listen({ port: 0, host: '127.0.0.1' });
    port = (p.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await p?.stop();
  });

  it('has every route declare public or guarded, and only the named routes are public', () => {
    const table = p.app.routeTable.filter((r) => r.method !== 'HEAD');
    expect(table.length).toBeGreaterThan(150);
    const undeclared = table.filter((r) => typeof r.access?.public !== 'boolean');
    expect(undeclared.map((r) => `${r.method} ${r.url}`)).toEqual([]);
    const publicOnes = table.filter((r) => r.access?.public).map((r) => `${r.method} ${r.url}`);
    expect(publicOnes.sort()).toEqual([...PUBLIC_ROUTES].sort());
  });

  it('answers 1006 (or 90005 for no route) to every guarded route under every spelling, and changes nothing', async () => {
    const before = await tableCounts(p.ctx.db);
    const guarded = p.app.routeTable.filter((r) => r.access && !r.access.public && r.method !== 'HEAD');
    const failures: string[] = [];
    for (const route of guarded) {
      const url = route.url.replace(/:[A-Za-z]+/g, 'x');
      for (const spelling of spellings(url)) {
        const res = await rawRequest(port, route.method, spelling);
        let code: string;
        try {
          code = (JSON.parse(res.body) as { code: string }).code;
        } catch {
          code = `not JSON (${res.status})`;
        }
        const allowed = spelling === url ? ['1006'] : ['1006', '90005'];
        if (!allowed.includes(code)) failures.push(`${route.method} ${spelling} -> ${code}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await tableCounts(p.ctx.db)).toEqual(before);
  });

  it('refuses the encoded-path firmware upload without storing the package', async () => {
    const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const boundary = 'b0undary';
      const body = [
        `--${boundary}`,
        'Content-Disposition: form-data; name="series"',
        '',
        'EG',
        `--${boundary}`,
        'Content-Disposition: form-data; name="file"; filename="fw.bin"',
        'Content-Type: application/octet-stream',
        '',
        'firmware bytes',
        `--${boundary}--`,
        '',
      ].join('\r\n');
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/%6cfscada/hardware/firmware/add',
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        },
        (r) => {
          let text = '';
          r.on('data', (c: Buffer) => (text += c.toString()));
          r.on('end', () => resolve({ status: r.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    expect(JSON.parse(res.body).code).toBe('1006');
    expect(await p.ctx.db.query('select id from firmware_packages')).toEqual([]);
  });

  it('serves the app with its security headers and the script host in a sandbox', async () => {
    const page = await p.app.inject({ url: '/monitor', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('same-origin');
    const api = await p.app.inject({ method: 'POST', url: '/lfscada/user/publicKey' });
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    const host = await p.app.inject({ url: SCRIPT_HOST_PATH });
    const hostPolicy = String(host.headers['content-security-policy']);
    expect(hostPolicy.startsWith('sandbox allow-scripts;')).toBe(true);
    expect(hostPolicy).toContain("connect-src 'none'");
    expect(hostPolicy).not.toContain('allow-same-origin');
  });
});
