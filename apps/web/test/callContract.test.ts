import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The web app calls the platform only through the call contract (packages/shared/src/contract):
 * no platform path is written in apps/web/src, so a path cannot drift from the server's.
 */
const src = path.resolve(import.meta.dirname, '../src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

describe('call contract in the web app', () => {
  it('has no platform call path outside the contract', () => {
    const found: string[] = [];
    for (const file of sources(src)) {
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, i) => {
        // a string or template literal starting with the API prefix
        if (/['"`]\/lfscada\//.test(line)) found.push(`${path.relative(src, file)}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });
});
