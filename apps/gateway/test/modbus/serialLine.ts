/**
 * A serial line made by socat: a pair of pseudo-terminals joined back to back (a null-modem cable
 * in software), at fixed paths (symbolic links in a temporary folder) so that a line unplugged
 * (socat ended) and plugged in again (socat started anew) has the same paths, as a USB-RS485
 * adapter pulled out and put back does.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const SOCAT = '/usr/bin/socat';
const SETUP = 'run `node scripts/test-prerequisites.mjs` (npm test does) to install socat';

export interface SerialLine {
  /** The end the gateway's drivers open. */
  gatewayPath: string;
  /** The end the field devices (the pymodbus peer) sit on. */
  devicePath: string;
  /** Ends socat: both ends vanish, as when the adapter is pulled out. */
  unplug(): Promise<void>;
  /** Starts socat again on the same paths. */
  plugIn(): Promise<void>;
  /** Unplugs (if plugged in) and removes the folder. */
  remove(): Promise<void>;
}

export async function startSerialLine(): Promise<SerialLine> {
  const dir = mkdtempSync(path.join(tmpdir(), 'fieldhub-rs485-'));
  const gatewayPath = path.join(dir, 'gateway');
  const devicePath = path.join(dir, 'device');
  let socat: ChildProcess | undefined;

  const plugIn = () =>
    new Promise<void>((resolve, reject) => {
      const child = spawn(
        SOCAT,
        ['-d', '-d', `pty,raw,echo=0,link=${gatewayPath}`, `pty,raw,echo=0,link=${devicePath}`],
        { stdio: ['ignore', 'ignore', 'pipe'] },
      );
      socat = child;
      let stderr = '';
      child.once('error', (err) => reject(new Error(`${SOCAT} cannot start (${err.message}): ${SETUP}`)));
      child.once('exit', () => reject(new Error(`socat exited: ${stderr}`)));
      child.stderr!.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        // both links exist once socat announces its transfer loop
        if (stderr.includes('starting data transfer loop')) resolve();
      });
    });

  const unplug = async () => {
    const child = socat;
    socat = undefined;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    // SIGTERM: socat removes its links on the way out
    child.kill('SIGTERM');
    await exited;
  };

  await plugIn();
  return {
    gatewayPath,
    devicePath,
    unplug,
    plugIn,
    remove: async () => {
      await unplug();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
