import { constants, publicEncrypt } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { loadConfig } from '../src/config';
import type { Db } from '../src/db/db';
import { createPlatform, type Platform } from '../src/server';
import type { BuildOptions } from '../src/app';
import type { Clock } from '../src/clock';
import { hashPassword, type ScryptCost } from '../src/modules/auth/passwordHash';
import { blankAccountFields, insertAccount } from '../src/modules/accounts/accounts.repo';
import { insertOrg } from '../src/modules/org/org.repo';
import { freshDatabase, type DatabaseChoice } from './testDatabase';
import { forgetLinkState, linkAddress, sharedBrokerEnv, type LinkAddress } from './linkBroker';

/** Real time plus an offset that tests move forward by hand. */
export class TestClock implements Clock {
  private offset = 0;
  now(): Date {
    return new Date(Date.now() + this.offset);
  }
  advanceMinutes(minutes: number): void {
    this.offset += minutes * 60_000;
  }
}

export interface TestPlatform extends Platform, LinkAddress {
  clock: TestClock;
  /** a topic of the protocol (`iiot/v1/…`) under the platform's topic prefix */
  topic(path: string): string;
  /** closes the app and drops the database (unless kept) */
  stop(): Promise<void>;
}

export interface TestBuildOptions extends BuildOptions {
  /** start the gateway link (broker and MQTT sessions) */
  link?: boolean;
  /**
   * Keep the link on its embedded broker in the services pass too (linkBroker.ts), for tests of
   * what only that broker does: its packet and login limits, its login and topic checks.
   */
  embeddedBroker?: boolean;
  /** PostgreSQL only: copy another database, or keep this one (testDatabase.ts) */
  database?: DatabaseChoice;
}

export async function startTestPlatform(
  env: Record<string, string> = {},
  build: TestBuildOptions = {},
): Promise<TestPlatform> {
  const { embeddedBroker, database, ...options } = build;
  if (options.link && !embeddedBroker) env = { ...sharedBrokerEnv(env), ...env };
  const { db, drop } = await freshDatabase(database);
  const clock = new TestClock();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DEMO_SEED: 'false',
    CHECK_ANSWERS: 'true',
    // curves read their points unless a test builds the rollups itself (runRollups)
    ROLLUP_INTERVAL_MS: '0',
    ...env,
  });
  // the gateway link (broker and MQTT session) only for tests that ask for it
  const platform = await createPlatform(config, {
    db,
    clock,
    serveWeb: 'WEB_DIST' in env,
    link: false,
    ...options,
  });
  return {
    ...platform,
    ...linkAddress(config, platform.ctx.link),
    clock,
    async stop() {
      await platform.app.close();
      await platform.ctx.link?.close();
      await platform.ctx.monitor.close();
      if (platform.ctx.link) await forgetLinkState(config, db);
      await drop();
    },
  };
}

/**
 * A browser-like caller: keeps cookies between calls and sends form-encoded bodies, as the
 * web app does.
 */
export class Caller {
  private cookies = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    private readonly lang: 'zh-CN' | 'en-US' = 'en-US',
  ) {}

  async post<T = unknown>(url: string, body: Record<string, unknown> = {}, json = false) {
    return this.send<T>({ method: 'POST', url, body, json });
  }

  async get<T = unknown>(url: string) {
    return this.send<T>({ method: 'GET', url });
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  private async send<T>(r: {
    method: 'GET' | 'POST';
    url: string;
    body?: Record<string, unknown>;
    json?: boolean;
  }) {
    const headers: Record<string, string> = { 'accept-language': this.lang };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let payload: string | undefined;
    if (r.body) {
      if (r.json) {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(r.body);
      } else {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        payload = formEncode(r.body);
      }
    }
    const res = await this.app.inject({ method: r.method, url: r.url, headers, payload } as InjectOptions);
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now()) || c.value === '';
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return { status: res.statusCode, body: res.json() as { code: string; message: string; data: T } };
  }
}

/** Dotted-key form encoding (`a.b=1`, `list[0]=x`), as the browser's request client sends. */
export function formEncode(body: Record<string, unknown>, prefix = ''): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(body)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v === undefined) continue;
    if (Array.isArray(v))
      v.forEach((item, i) =>
        parts.push(`${encodeURIComponent(`${key}[${i}]`)}=${encodeURIComponent(String(item))}`),
      );
    else if (v !== null && typeof v === 'object') parts.push(formEncode(v as Record<string, unknown>, key));
    else parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(v === null ? '' : String(v))}`);
  }
  return parts.filter(Boolean).join('&');
}

/** Encrypts a login field the way the browser does (RSA-OAEP SHA-256, URL-safe base64). */
export function encryptField(publicPem: string, text: string): string {
  return publicEncrypt(
    { key: publicPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(text),
  )
    .toString('base64')
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
}

export async function login(caller: Caller, loginname: string, password: string, vcode = '') {
  const key = await caller.post<{ publicKey: string }>('/lfscada/user/publicKey');
  return caller.post<Record<string, unknown>>('/lfscada/user/encryptLogin', {
    loginname: encryptField(key.body.data.publicKey, loginname),
    password: encryptField(key.body.data.publicKey, password),
    vcode,
  });
}

export const TEST_PASSWORD = 'Test_pass1';

/**
 * The scrypt cost of the accounts the harness inserts: a sixteenth of the platform's, so that
 * making them and logging them in costs next to nothing. Login verifies at the cost the stored
 * hash names; accounts made through the API still get the platform's cost.
 */
const TEST_ACCOUNT_COST: ScryptCost = { N: 1024, r: 8, p: 1 };

/** An account with the test password and every optional field empty, straight in the database. */
async function insertTestAccount(db: Db, orgId: number, kind: 'enterprise' | 'operation', loginname: string) {
  return insertAccount(db, {
    ...blankAccountFields,
    orgId,
    kind,
    loginname,
    passwordHash: await hashPassword(TEST_PASSWORD, TEST_ACCOUNT_COST),
    createdBy: null,
  });
}

const noOrgDetails = { contact: '', tel: '', address: '', remark: '', maxInternal: null, maxExternal: null };

/** An enterprise with its admin account, created straight in the database. */
export async function makeEnterprise(
  db: Db,
  name: string,
): Promise<{ orgId: number; adminId: number; admin: string }> {
  const orgId = await insertOrg(db, 'enterprise', { name, ...noOrgDetails });
  const admin = `${name.toLowerCase().replace(/[^a-z0-9]/g, '')}-admin`;
  const adminId = await insertTestAccount(db, orgId, 'enterprise', admin);
  return { orgId, adminId, admin };
}

/**
 * An operation account of the platform's own organisation (created on first use): the staff who
 * run enterprises and their admins (seed 000 §6).
 */
export async function makePlatformOperator(
  db: Db,
  operator = 'platform-op',
): Promise<{ orgId: number; operatorId: number; operator: string }> {
  const [platform] = await db.query<{ id: number }>(
    "select id from orgs where kind = 'platform' order by id limit 1",
  );
  const orgId = platform?.id ?? (await insertOrg(db, 'platform', { name: 'Platform', ...noOrgDetails }));
  const operatorId = await insertTestAccount(db, orgId, 'operation', operator);
  return { orgId, operatorId, operator };
}

/** A caller already logged in as the given account. */
export async function loggedIn(app: FastifyInstance, loginname: string, lang: 'zh-CN' | 'en-US' = 'en-US') {
  const caller = new Caller(app, lang);
  const res = await login(caller, loginname, TEST_PASSWORD);
  if (res.body.code !== '200') throw new Error(`login of ${loginname} failed: ${res.body.message}`);
  return caller;
}
