import { mkdirSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import pg from 'pg';
import { from as copyFromStdin } from 'pg-copy-streams';

/** Parameters of a SQL statement ($1, $2, ...). */
export type SqlParams = readonly unknown[];

/**
 * The database as the repositories see it: the same SQL runs on PGlite and PostgreSQL.
 * Inside `tx` every statement runs in one transaction; a thrown error rolls it back.
 */
export interface Db {
  readonly kind: 'pglite' | 'postgres';
  query<T = Record<string, unknown>>(sql: string, params?: SqlParams): Promise<T[]>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  tx<T>(work: (db: Db) => Promise<T>): Promise<T>;
  /**
   * Runs `copy <table> (<columns>) from stdin (format binary)` with `data` (binaryCopy.ts) as its
   * input; `target` is `<table> (<columns>)`. PGlite reads the bytes from its /dev/blob device.
   */
  copyFrom(target: string, data: Uint8Array): Promise<void>;
  close(): Promise<void>;
  /** the whole embedded database as a tar (PGlite only) */
  dumpDataDir?(): Promise<Blob>;
}

export async function one<T>(db: Db, sql: string, params?: SqlParams): Promise<T | undefined> {
  const rows = await db.query<T>(sql, params);
  return rows[0];
}

/**
 * Whether `err` is a unique violation of the index or constraint `name` (SQLSTATE 23505), as both
 * PostgreSQL and PGlite report it: for a check made before writing that a concurrent write beat.
 */
export function isUniqueViolation(err: unknown, name: string): boolean {
  if (!err || typeof err !== 'object') return false;
  const { code, constraint } = err as { code?: unknown; constraint?: unknown };
  return code === '23505' && constraint === name;
}

// bigint ids and counts fit in a double for this platform's sizes; both drivers return numbers.
const INT8 = 20;

/**
 * The embedded database: stored under `dataDir`, or in memory without one. `loadDataDir` starts
 * an in-memory database from a dump (tests start from a migrated template this way).
 */
export async function openPglite(
  dataDir: string | undefined,
  options: { loadDataDir?: Blob } = {},
): Promise<Db> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // one options object: PGlite reads its second argument only when the first is a path, so
  // `new PGlite(undefined, options)` would drop the dump and start an empty database
  const lite = new PGlite({
    ...(dataDir ? { dataDir } : {}),
    parsers: { [INT8]: (v: string) => Number(v) },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  await lite.waitReady;
  return pgliteDb(lite, lite);
}

type LiteLike = Pick<PGlite, 'query' | 'exec'>;

/** The Db of a PGlite (or of one of its transactions) whose root is `root`. */
export function pgliteDbOf(root: PGlite): Db {
  return pgliteDb(root, root);
}

function pgliteDb(lite: LiteLike, root: PGlite, inTx = false): Db {
  return {
    kind: 'pglite',
    async query<T>(sql: string, params?: SqlParams) {
      const res = await lite.query<T>(sql, params as unknown[] | undefined);
      return res.rows;
    },
    async exec(sql: string) {
      await lite.exec(sql);
    },
    async tx<T>(work: (db: Db) => Promise<T>) {
      if (inTx) return work(this);
      return root.transaction((t) => work(pgliteDb(t, root, true)));
    },
    async copyFrom(target: string, data: Uint8Array) {
      await lite.query(`copy ${target} from '/dev/blob' (format binary)`, [], {
        blob: new Blob([data as Uint8Array<ArrayBuffer>]),
      });
    },
    async close() {
      if (!inTx) await root.close();
    },
    dumpDataDir: () => root.dumpDataDir('none'),
  };
}

export async function openPostgres(url: string): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8
          ? (v: string) => Number(v)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  pool.on('error', () => {
    // an idle client lost its connection; the pool replaces it on the next query
  });
  await pool.query('select 1');
  return postgresDb(pool);
}

function postgresDb(conn: pg.Pool | pg.PoolClient, inTx = false): Db {
  return {
    kind: 'postgres',
    async query<T>(sql: string, params?: SqlParams) {
      const res = await conn.query(sql, params as unknown[] | undefined);
      return res.rows as T[];
    },
    async exec(sql: string) {
      await conn.query(sql);
    },
    async tx<T>(work: (db: Db) => Promise<T>) {
      if (inTx) return work(this);
      const client = await (conn as pg.Pool).connect();
      try {
        await client.query('begin');
        const result = await work(postgresDb(client, true));
        await client.query('commit');
        return result;
      } catch (err) {
        await client.query('rollback').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    async copyFrom(target: string, data: Uint8Array) {
      const client = inTx ? (conn as pg.PoolClient) : await (conn as pg.Pool).connect();
      try {
        await pipeline(
          Readable.from([data]),
          client.query(copyFromStdin(`copy ${target} from stdin (format binary)`)),
        );
      } finally {
        if (!inTx) client.release();
      }
    },
    async close() {
      if (!inTx) await (conn as pg.Pool).end();
    },
  };
}

export { pgliteTypes };
