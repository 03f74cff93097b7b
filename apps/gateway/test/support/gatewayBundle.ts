/**
 * The gateway as one prebuilt bundle for the tests that spawn it: `node <bundle>` starts in about
 * a third of the time `node --import tsx src/main.ts` takes, since nothing is compiled or resolved
 * file by file at start. Built once per content of the sources (apps/gateway/src,
 * packages/shared/src, the lock file and the build script), into
 * node_modules/.cache/fieldhub-gateway/<hash>/ where the external packages still resolve; a
 * directory lock keeps parallel test workers from building it twice.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
const BUILD_SCRIPT = path.join(import.meta.dirname, 'buildGatewayBundle.mjs');
const CACHE = path.join(REPO_ROOT, 'node_modules/.cache/fieldhub-gateway');
/** a lock older than this is left over from a killed build */
const STALE_LOCK_MS = 120_000;
/** other builds are removed once unused for this long (a run elsewhere may still load their chunks) */
const KEEP_OLD_MS = 24 * 3600_000;

let built: string | undefined;

/** Files whose content makes the bundle: production sources (not tests) and what builds them. */
function inputs(): string[] {
  const sources = ['apps/gateway/src', 'packages/shared/src'].flatMap((dir) =>
    readdirSync(path.join(REPO_ROOT, dir), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && !/\.test\.tsx?$/.test(e.name))
      .map((e) => path.join(e.parentPath, e.name)),
  );
  const others = ['package-lock.json', 'apps/gateway/package.json', 'packages/shared/package.json'];
  return [...sources.sort(), ...others.map((f) => path.join(REPO_ROOT, f)), BUILD_SCRIPT];
}

function contentHash(): string {
  const hash = createHash('sha256');
  for (const file of inputs())
    hash.update(path.relative(REPO_ROOT, file)).update('\0').update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** The bundle's entry file for the sources as this process first saw them, built first if need be. */
export function gatewayBundle(): string {
  if (built && existsSync(built)) return built;
  const dir = path.join(CACHE, contentHash());
  const main = path.join(dir, 'main.js');
  const lock = `${dir}.lock`;
  mkdirSync(CACHE, { recursive: true });
  while (!existsSync(main)) {
    try {
      mkdirSync(lock);
    } catch {
      // another worker builds it: wait for the bundle, or take over a lock its builder left
      const since = statSync(lock, { throwIfNoEntry: false })?.mtimeMs;
      if (since !== undefined && Date.now() - since > STALE_LOCK_MS)
        rmSync(lock, { recursive: true, force: true });
      pause(100);
      continue;
    }
    try {
      if (!existsSync(main)) build(dir);
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  built = main;
  return main;
}

function build(dir: string): void {
  const part = `${dir}.${process.pid}.part`;
  rmSync(part, { recursive: true, force: true });
  execFileSync(process.execPath, [BUILD_SCRIPT, part], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  renameSync(part, dir);
  for (const old of readdirSync(CACHE)) {
    const other = path.join(CACHE, old);
    if (other !== dir && Date.now() - statSync(other).mtimeMs > KEEP_OLD_MS)
      rmSync(other, { recursive: true, force: true });
  }
}
