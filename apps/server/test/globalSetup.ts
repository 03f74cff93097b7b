import { ensureMigratedTemplate } from './harness';

/** Builds the migrated PGlite template once, before the test workers start. */
export default async function setup(): Promise<void> {
  if (!process.env.DATABASE_URL) await ensureMigratedTemplate();
}
