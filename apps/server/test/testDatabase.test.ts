import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { ensureMonthPartitions } from '../src/link/partitions';
import { freshDatabase } from './testDatabase';

// A test file's database starts migrated from the template, so the platform's own migrate step
// finds nothing to do (starting one empty and migrating it cost each file about two seconds).
it('starts each test file on a migrated database, with 64-bit integers read as numbers', async () => {
  const { db, drop } = await freshDatabase();
  try {
    const applied = await db.query<{ name: string }>('select name from schema_migrations order by name');
    const files = readdirSync(path.resolve(import.meta.dirname, '../src/db/migrations')).filter((f) =>
      f.endsWith('.sql'),
    );
    expect(applied).toHaveLength(files.length);
    const [row] = await db.query<{ n: unknown }>('select 9007199254740991::int8 as n');
    expect(row!.n).toBe(9007199254740991);
    // the template carries the login key pair, so platforms started on it make none
    expect(await db.query('select name from server_keys')).toEqual([{ name: 'login-rsa' }]);
  } finally {
    await drop();
  }
});

it('hands the next file a database with only the template rows, and refuses the given-back one', async () => {
  const first = await freshDatabase();
  const series = await first.db.query('select * from gateway_series order by name');
  const keys = await first.db.query('select * from server_keys');
  const org = async (db: typeof first.db) =>
    (
      await db.query<{ id: number }>(
        "insert into orgs(kind, name) values ('enterprise', 'Left Behind') returning id",
      )
    )[0]!.id;
  const firstId = await org(first.db);
  await first.db.query('update gateway_series set max_drivers = 1');
  await first.db.query("insert into server_keys(name, public_pem, private_pem) values ('extra', 'a', 'b')");
  const tables = async (db: typeof first.db) =>
    (
      await db.query<{ name: string }>(
        "select tablename as name from pg_tables where schemaname = 'public' order by 1",
      )
    ).map((t) => t.name);
  const templateTables = await tables(first.db);
  // a value of 1999 makes its month's partition
  await ensureMonthPartitions(first.db, 'signal_values', [Date.UTC(1999, 6, 1)]);
  expect((await tables(first.db)).length).toBe(templateTables.length + 1);
  await first.drop();
  await expect(first.db.query('select 1')).rejects.toThrow(/given back|after calling end/);

  const second = await freshDatabase();
  try {
    expect(await second.db.query('select id from orgs')).toEqual([]);
    expect(await second.db.query('select * from gateway_series order by name')).toEqual(series);
    expect(await second.db.query('select * from server_keys')).toEqual(keys);
    expect(await tables(second.db)).toEqual(templateTables);
    // identities start again where the template left them
    expect(await org(second.db)).toBe(firstId);
  } finally {
    await second.drop();
  }
});
