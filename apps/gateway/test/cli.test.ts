/**
 * The gateway's command line as an operator meets it (docs/requirements/gateway-link.md §9.2):
 * `npm run gateway -- --help` from the repository's root.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

function gateway(...args: string[]) {
  return spawnSync('npm', ['run', '--silent', 'gateway', '--', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 30_000,
    // no option may come from the environment of whoever runs the tests
    env: Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('GATEWAY_'))),
  });
}

describe('npm run gateway', () => {
  it('prints its usage and every option with --help, and exits 0 without starting', () => {
    const run = gateway('--help');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^Usage: npm run gateway -- --sn <12 digits>/m);
    for (const flag of [
      '--sn',
      '--password',
      '--broker',
      '--data-dir',
      '--simulate',
      '--log-level',
      '--help',
    ]) {
      expect(run.stdout).toContain(`  ${flag}`);
    }
    expect(run.stdout).not.toContain('gateway starting');
    expect(run.stderr).toBe('');
  });

  it('takes -h as --help, whatever else is given', () => {
    const run = gateway('--sn', 'not-an-sn', '-h');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Usage: npm run gateway');
  });
});
