import { afterAll, describe, expect, it } from 'vitest';
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { LOCK_SIGN_PREFIX } from '@fieldhub/shared';
import { lockSignatureValid, parseLockKey } from './lockKey';

// The command-line dongle (apps/server/scripts/dongle.ts, docs/requirements/account-security.md
// §5.3) run as a user runs it, each command its own process; the server's verifier checks what
// it signs.

const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url));
const script = path.join(repoRoot, 'apps/server/scripts/dongle.ts');
const dir = mkdtempSync(path.join(tmpdir(), 'dongle-test-'));
const keyFile = path.join(dir, 'lock.key');
// tsx is resolved from the repository, so the processes start there
const nodeArgs = (...args: string[]) => ['--import', 'tsx', script, ...args];

const run = async (...args: string[]) =>
  (await promisify(execFile)(process.execPath, nodeArgs(...args), { cwd: repoRoot })).stdout;

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the dongle command line', () => {
  it('makes a key pair whose public half the server reads, and signs challenges it verifies', async () => {
    expect(await run('keygen', dir)).toContain('lock.pub');
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const key = parseLockKey(readFileSync(path.join(dir, 'lock.pub'), 'utf8'));
    expect(key).not.toBeNull();
    const signature = (await run('sign', '--key', keyFile, 'challenge-1')).trim();
    expect(lockSignatureValid(key!, 'challenge-1', signature)).toBe(true);
    expect(lockSignatureValid(key!, 'challenge-2', signature)).toBe(false);
  });

  it('serves signatures over HTTP until it is stopped, and signs nothing without the lock prefix', async () => {
    const key = parseLockKey(readFileSync(path.join(dir, 'lock.pub'), 'utf8'))!;
    const child = spawn(process.execPath, nodeArgs('serve', '--key', keyFile, '--port', '0'), {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const m = /listening at (\S+)/.exec(out);
          if (m) resolve(m[1]!);
        });
        child.once('exit', (code) => reject(new Error(`dongle exited with ${code} before listening`)));
      });
      const described = (await (await fetch(`${url}/control/slm_get_local_description`)).json()) as {
        code: number;
        desc: string;
      };
      expect(described.code).toBe(0);
      const sign = async (verifyData: string) =>
        (await (
          await fetch(`${url}/control/slm_ctrl_sign_by_device`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ desc: described.desc, verify_data: verifyData }),
          })
        ).json()) as { code: number; data?: string };
      const signed = await sign(`${LOCK_SIGN_PREFIX}challenge-3`);
      expect(signed.code).toBe(0);
      expect(lockSignatureValid(key, 'challenge-3', signed.data!)).toBe(true);
      expect(await sign('challenge-3')).toMatchObject({ code: 3 });
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });
});
