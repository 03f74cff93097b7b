import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from './app';
import type { AppContext } from './appContext';
import { systemClock, type Clock } from './clock';
import type { Config } from './config';
import { openPglite, openPostgres, type Db } from './db/db';
import { migrate } from './db/migrate';
import { loadLoginKeys } from './modules/auth/loginKeys';
import path from 'node:path';

export interface Platform {
  ctx: AppContext;
  app: FastifyInstance;
  close(): Promise<void>;
}

export async function openDatabase(config: Config): Promise<Db> {
  return config.DATABASE_URL
    ? openPostgres(config.DATABASE_URL)
    : openPglite(path.resolve(config.DATA_DIR, 'pglite'));
}

/** Opens the database, applies migrations and builds the HTTP app; does not listen. */
export async function createPlatform(
  config: Config,
  options: BuildOptions & { db?: Db; clock?: Clock } = {},
): Promise<Platform> {
  const db = options.db ?? (await openDatabase(config));
  await migrate(db);
  const ctx: AppContext = {
    config,
    db,
    clock: options.clock ?? systemClock,
    loginKeys: await loadLoginKeys(db),
  };
  const app = await buildApp(ctx, options);
  return {
    ctx,
    app,
    async close() {
      await app.close();
      await db.close();
    },
  };
}
