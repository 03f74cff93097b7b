import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Db } from './db';

const migrationsDir = path.join(import.meta.dirname, 'migrations');
// Any constant shared by all instances: several servers starting together apply migrations once.
const MIGRATION_LOCK = 727_001;

/** Applies the numbered SQL files of db/migrations that this database has not seen yet. */
export async function migrate(db: Db): Promise<string[]> {
  const files = readdirSync(migrationsDir)
    .filter((f) => /^\d{4}_.+\.sql$/.test(f))
    .sort();
  await db.exec(
    'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
  );
  const applied: string[] = [];
  await db.tx(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    const done = new Set(
      (await tx.query<{ name: string }>('select name from schema_migrations')).map((r) => r.name),
    );
    for (const file of files) {
      if (done.has(file)) continue;
      await tx.exec(readFileSync(path.join(migrationsDir, file), 'utf8'));
      await tx.query('insert into schema_migrations(name) values ($1)', [file]);
      applied.push(file);
    }
  });
  return applied;
}
