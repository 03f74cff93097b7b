/**
 * A fresh database per test file, started from a migrated template made once per set of
 * migrations: an embedded PGlite by default, or a database on the PostgreSQL server named by
 * DATABASE_URL. Creating and migrating a database for every file is what the template saves.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres, type Db } from '../src/db/db';
import { migrate } from '../src/db/migrate';

const MIGRATIONS = path.resolve(import.meta.dirname, '../src/db/migrations');
/** held while one test worker makes the PostgreSQL template; the others wait for it */
const TEMPLATE_LOCK = 727_002;
const TEMPLATE_PREFIX = 'fieldhub_template_';

/** Names the migrations as they are now: a template made from other ones is never used. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const f of readdirSync(MIGRATIONS).sort())
    hash.update(f).update(readFileSync(path.join(MIGRATIONS, f)));
  return hash.digest('hex').slice(0, 16);
}

/**
 * A dump of an empty, migrated embedded database, kept in the temp folder: starting each test
 * file's database from it skips initdb and the migrations.
 */
async function ensurePgliteTemplate(): Promise<string> {
  const file = path.join(tmpdir(), `fieldhub-pglite-${migrationsHash()}.tar`);
  if (!existsSync(file)) {
    const db = await openPglite(undefined);
    await migrate(db);
    const dump = await db.dumpDataDir!();
    const part = `${file}.${process.pid}.part`;
    writeFileSync(part, Buffer.from(await dump.arrayBuffer()));
    renameSync(part, file); // atomic: parallel workers never read half a file
    await db.close();
  }
  return file;
}

const databaseUrl = (url: string, name: string) => {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
};

async function withAdmin<T>(url: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/**
 * A migrated template database on the PostgreSQL server, made by the first worker that needs it
 * (an advisory lock makes the others wait) and marked as a template only once complete, so a
 * run killed half-way leaves nothing that a later run would take. Templates of older migrations
 * are dropped then, unless a run still clones them.
 */
async function ensurePostgresTemplate(url: string): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${migrationsHash()}`;
  const ready = async (admin: pg.Client) =>
    (await admin.query('select 1 from pg_database where datname = $1 and datistemplate', [name])).rowCount ===
    1;
  return withAdmin(url, async (admin) => {
    if (await ready(admin)) return name;
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      if (await ready(admin)) return name;
      await admin.query(`drop database if exists ${name}`);
      await admin.query(`create database ${name}`);
      const db = await openPostgres(databaseUrl(url, name));
      try {
        await migrate(db);
      } finally {
        await db.close();
      }
      await admin.query(`alter database ${name} is_template true`);
      const older = await admin.query<{ datname: string }>(
        "select datname from pg_database where datistemplate and datname like $1 || '%' and datname <> $2",
        [TEMPLATE_PREFIX, name],
      );
      for (const { datname } of older.rows)
        await admin
          .query(`alter database ${datname} is_template false`)
          .then(() => admin.query(`drop database ${datname}`))
          .catch(() => undefined); // still cloned by a run of other migrations: a later run drops it
      return name;
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
}

/** this worker's template on the PostgreSQL server, once known */
let postgresTemplate: Promise<string> | undefined;

/** Makes the template for the database kind of this run; the tests' global setup calls it once. */
export async function ensureMigratedTemplate(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (url) await ensurePostgresTemplate(url);
  else await ensurePgliteTemplate();
}

/**
 * A fresh database for one test file, migrated already: in-memory PGlite from the template dump
 * by default, or a clone of the template on the PostgreSQL server named by DATABASE_URL (dropped
 * again by `drop`).
 */
export async function freshDatabase(): Promise<{ db: Db; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const template = new Blob([readFileSync(await ensurePgliteTemplate())]);
    const db = await openPglite(undefined, { loadDataDir: template });
    return { db, drop: () => db.close() };
  }
  const template = await (postgresTemplate ??= ensurePostgresTemplate(url));
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdmin(url, (admin) => admin.query(`create database ${name} template ${template}`));
  const db = await openPostgres(databaseUrl(url, name));
  return {
    db,
    async drop() {
      await db.close();
      await withAdmin(url, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}
