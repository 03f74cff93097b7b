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
import { loadLoginKeys } from '../src/modules/auth/loginKeys';

const MIGRATIONS = path.resolve(import.meta.dirname, '../src/db/migrations');
/** held while one test worker makes the PostgreSQL template; the others wait for it */
const TEMPLATE_LOCK = 727_002;
const TEMPLATE_PREFIX = 'fieldhub_template_';

/** What a template holds besides the migrations; changing it names new templates. */
const TEMPLATE_CONTENT = 'migrations + login keys';

/** Names the migrations as they are now: a template made from other ones is never used. */
function migrationsHash(): string {
  const hash = createHash('sha256').update(TEMPLATE_CONTENT);
  for (const f of readdirSync(MIGRATIONS).sort())
    hash.update(f).update(readFileSync(path.join(MIGRATIONS, f)));
  return hash.digest('hex').slice(0, 16);
}

/**
 * Migrates an empty database and gives it the login key pair, which every platform started on
 * it would otherwise make anew (an RSA key generation each).
 */
async function prepareTemplate(db: Db): Promise<void> {
  await migrate(db);
  await loadLoginKeys(db);
}

/**
 * A dump of an empty, migrated embedded database, kept in the temp folder: starting each test
 * file's database from it skips initdb and the migrations.
 */
async function ensurePgliteTemplate(): Promise<string> {
  const file = path.join(tmpdir(), `fieldhub-pglite-${migrationsHash()}.tar`);
  if (!existsSync(file)) {
    const db = await openPglite(undefined);
    await prepareTemplate(db);
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
        await prepareTemplate(db);
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
 * The embedded databases of this worker that test files gave back, each reset to the template's
 * contents (test files of a worker share its modules, so the next file takes one from here).
 * Loading the template dump cost every file over half a second of CPU; emptying the tables
 * costs a few milliseconds.
 */
const idlePglites: Db[] = [];

/** The template's own rows and sequence positions, to put back after emptying the tables. */
interface TemplateState {
  tables: string[];
  rows: { table: string; json: string }[];
  sequences: { name: string; last: number | null; start: number }[];
}
let templateState: Promise<TemplateState> | undefined;

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function readTemplateState(db: Db): Promise<TemplateState> {
  const tables = (
    await db.query<{ name: string }>(
      "select tablename as name from pg_tables where schemaname = 'public' and tablename <> 'schema_migrations' order by 1",
    )
  ).map((t) => t.name);
  const rows: TemplateState['rows'] = [];
  for (const table of tables) {
    const [data] = await db.query<{ json: string | null }>(
      `select json_agg(t)::text as json from ${quoted(table)} t`,
    );
    if (data?.json) rows.push({ table, json: data.json });
  }
  const sequences = await db.query<{ name: string; last: number | null; start: number }>(
    "select sequencename as name, last_value as last, start_value as start from pg_sequences where schemaname = 'public'",
  );
  return { tables, rows, sequences };
}

/**
 * Drops the tables the last file made (month partitions of its values' times), empties every
 * table and puts the template's rows and sequence positions back. A partition left behind made
 * the next file's database unlike a fresh one: the rollup job walks back to the oldest partition,
 * a day a run, and a partition of another file's years made one test run for minutes.
 */
async function resetToTemplate(db: Db, state: TemplateState): Promise<void> {
  await db.tx(async (tx) => {
    const made = await tx.query<{ name: string }>(
      "select tablename as name from pg_tables where schemaname = 'public' and tablename <> 'schema_migrations' and tablename <> all($1::text[])",
      [state.tables],
    );
    if (made.length) await tx.exec(`drop table ${made.map((t) => quoted(t.name)).join(', ')}`);
    await tx.exec(`truncate table ${state.tables.map(quoted).join(', ')} restart identity cascade`);
    for (const { table, json } of state.rows)
      await tx.query(
        `insert into ${quoted(table)} overriding system value select * from json_populate_recordset(null::${quoted(table)}, $1::json)`,
        [json],
      );
    for (const q of state.sequences)
      await tx.query('select setval($1::regclass, $2, $3)', [
        quoted(q.name),
        q.last ?? q.start,
        q.last !== null,
      ]);
  });
}

/**
 * A database for one file's use until `drop`: after that its queries fail, as on a closed
 * database, so a late query of a stopped platform never reaches the next file's data.
 */
function lease(db: Db, giveBack: () => Promise<void>): { db: Db; drop(): Promise<void> } {
  let returned: Promise<void> | undefined;
  const live = () => {
    if (returned) throw new Error('this test database was given back (drop)');
  };
  const drop = () => (returned ??= giveBack());
  return {
    db: {
      kind: db.kind,
      async query(sql, params) {
        live();
        return db.query(sql, params);
      },
      async exec(sql) {
        live();
        return db.exec(sql);
      },
      async tx(work) {
        live();
        return db.tx(work);
      },
      async copyFrom(target, data) {
        live();
        return db.copyFrom(target, data);
      },
      close: drop,
      dumpDataDir: db.dumpDataDir,
    },
    drop,
  };
}

async function embeddedDatabase(): Promise<{ db: Db; drop(): Promise<void> }> {
  const db =
    idlePglites.pop() ??
    (await openPglite(undefined, {
      loadDataDir: new Blob([readFileSync(await ensurePgliteTemplate())]),
    }));
  const state = await (templateState ??= readTemplateState(db));
  return lease(db, async () => {
    // kept for the next file of a test worker; a bench's process ends with it (an idle PGlite kept
    // the process of a finished bench alive)
    if (!process.env['VITEST']) return db.close();
    try {
      await resetToTemplate(db, state);
      idlePglites.push(db);
    } catch {
      await db.close(); // left in a state the reset cannot undo: the next file loads a new one
    }
  });
}

/**
 * Where a PostgreSQL test database comes from and whether it outlives its platform (benches that
 * keep a provisioned fleet between runs): `from`, a database to copy instead of the migrated
 * template (no one may be connected to it); `keep`, a name for a database that is not dropped.
 */
export interface DatabaseChoice {
  from?: string;
  keep?: string;
}

/** Whether the PostgreSQL server of DATABASE_URL has a database of this name. */
export async function databaseExists(name: string): Promise<boolean> {
  const url = process.env.DATABASE_URL;
  if (!url) return false;
  return withAdmin(
    url,
    async (admin) =>
      (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1,
  );
}

/** `name` as it may stand in a statement: the names made here are lower-case letters, digits and `_`. */
function databaseName(name: string): string {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`not a database name: ${name}`);
  return name;
}

/** Drops a database of the PostgreSQL server of DATABASE_URL, if there is one of this name. */
export async function dropDatabase(name: string): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error(`cannot drop database ${name} without DATABASE_URL`);
  await withAdmin(url, (admin) => admin.query(`drop database if exists ${databaseName(name)} with (force)`));
}

/** The migrations' hash in a name: a kept database made before a migration is not taken for a current one. */
export const keptDatabaseName = (base: string) => `${base}_${migrationsHash().slice(0, 12)}`;

/**
 * A fresh database for one test file, migrated already: in-memory PGlite from the template dump
 * (or one of this worker's, reset to it) by default, or a clone of the template on the
 * PostgreSQL server named by DATABASE_URL (dropped again by `drop`; see DatabaseChoice).
 */
export async function freshDatabase(choice: DatabaseChoice = {}): Promise<{ db: Db; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    if (choice.from || choice.keep) throw new Error('a kept or copied database needs DATABASE_URL');
    return embeddedDatabase();
  }
  const template = databaseName(choice.from ?? (await (postgresTemplate ??= ensurePostgresTemplate(url))));
  const name = databaseName(choice.keep ?? `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`);
  await withAdmin(url, (admin) => admin.query(`create database ${name} template ${template}`));
  const db = await openPostgres(databaseUrl(url, name));
  return {
    db,
    async drop() {
      await db.close();
      if (!choice.keep) await dropDatabase(name);
    },
  };
}
