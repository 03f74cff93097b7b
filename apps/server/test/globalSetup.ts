import { ensureMigratedTemplate } from './testDatabase';

/** Makes the migrated database template once, before the test workers start. */
export default async function setup(): Promise<void> {
  await ensureMigratedTemplate();
}
