/**
 * Two server instances on one database, joined by Redis: what one instance publishes must reach
 * sockets held by the other. Only where REDIS_URL is set (CI's second pass sets it).
 */
import { randomUUID } from 'node:crypto';
import { loadConfig } from '../src/config';
import type { Db } from '../src/db/db';
import { createPlatform, type Platform } from '../src/server';
import { loggedIn, makeEnterprise, makePlatformOperator, type Caller } from './harness';
import { freshDatabase } from './testDatabase';

export const REDIS_URL = process.env.REDIS_URL;

export interface RedisTwins {
  db: Db;
  /** the instance the tests act on */
  a: Platform;
  /** the instance that listens on a port, for sockets */
  b: Platform;
  /** the platform operator, logged in on `a` */
  operator: Caller;
  /** the enterprise and its admin account */
  enterprise: { orgId: number; adminId: number; admin: string };
  adminOnA: Caller;
  adminOnB: Caller;
  /** closes both instances and drops the database */
  stop(): Promise<void>;
}

/** Both instances on a fresh database, an enterprise named `name` and its admin logged in on each. */
export async function startRedisTwins(redisUrl: string, name: string): Promise<RedisTwins> {
  const { db, drop } = await freshDatabase();
  // a channel of this run only: other runs on the same Redis are not heard
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DEMO_SEED: 'false',
    CHECK_ANSWERS: 'true',
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `fieldhub-test:${randomUUID()}:`,
  });
  const started: Platform[] = [];
  const stop = async () => {
    for (const p of started) {
      await p.app.close();
      await p.ctx.monitor.close();
    }
    await drop();
  };
  try {
    const a = await createPlatform(config, { db, link: false, serveWeb: false });
    started.push(a);
    const b = await createPlatform(config, { db, link: false, serveWeb: false });
    started.push(b);
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    const operator = await loggedIn(a.app, (await makePlatformOperator(db)).operator);
    const enterprise = await makeEnterprise(db, name);
    const adminOnA = await loggedIn(a.app, enterprise.admin);
    const adminOnB = await loggedIn(b.app, enterprise.admin);
    return { db, a, b, operator, enterprise, adminOnA, adminOnB, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
