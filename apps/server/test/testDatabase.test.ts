import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
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
  } finally {
    await drop();
  }
});
