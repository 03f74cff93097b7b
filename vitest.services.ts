import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The server's test files that use none of the database, the broker link and Redis: those that
 * reach neither the test database (`test/testDatabase.ts`) nor the Redis set-up
 * (`test/redisTwins.ts`) through their relative imports. The project `server-services` leaves
 * them out: run against the machine's services, a file of pure logic would only repeat itself.
 */
export function serverFilesWithoutServices(serverRoot: string): string[] {
  const targets = new Set(
    ['test/testDatabase.ts', 'test/redisTwins.ts'].map((f) => path.join(serverRoot, f)),
  );
  const importsOf = new Map<string, string[]>(); // each module read once, whichever test reaches it
  const reaches = (file: string, seen: Set<string>): boolean => {
    if (targets.has(file)) return true;
    if (seen.has(file)) return false;
    seen.add(file);
    if (!importsOf.has(file)) importsOf.set(file, relativeImports(file));
    return importsOf.get(file)!.some((next) => reaches(next, seen));
  };
  return testFiles(serverRoot)
    .filter((file) => !reaches(file, new Set()))
    .map((file) => path.relative(serverRoot, file));
}

/** The files a module imports by relative path (`./x`, `../y/z`), resolved to .ts files. */
function relativeImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const [, spec] of source.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
    const base = path.resolve(path.dirname(file), spec!);
    const resolved = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find(
      (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
    );
    if (resolved && /\.tsx?$/.test(resolved)) found.push(resolved);
  }
  return found;
}

function testFiles(serverRoot: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.test.ts')) files.push(full);
    }
  };
  for (const dir of ['src', 'test']) walk(path.join(serverRoot, dir));
  return files.sort();
}
