// Runs every bench/*.bench.ts in turn (or those named on the command line) and prints their figures.
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const dir = path.resolve(import.meta.dirname, '../bench');
const wanted = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => !wanted.length || wanted.some((w) => f.includes(w)))
  .sort();
let failed = 0;
for (const file of files) {
  console.log(`\n--- ${file}`);
  const run = spawnSync('npx', ['tsx', path.join(dir, file)], { stdio: 'inherit', env: process.env });
  if (run.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
