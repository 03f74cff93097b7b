import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export interface MosquittoProcess {
  port: number;
  dir: string;
  passwordFile: string;
  aclFile: string;
  pidFile: string;
  url: string;
  /** kills the broker (SIGKILL: no goodbye to clients) */
  kill(): Promise<void>;
  /** starts it again on the same port and files */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

const MOSQUITTO = existsSync('/usr/sbin/mosquitto') ? '/usr/sbin/mosquitto' : 'mosquitto';

/**
 * A real Mosquitto for one test file, on a free port, with password and ACL files (empty at first:
 * the platform writes them) and `use_username_as_clientid` so a gateway's client id is its SN.
 */
export async function startMosquitto(options: { auth: boolean } = { auth: true }): Promise<MosquittoProcess> {
  const dir = mkdtempSync(path.join(tmpdir(), 'fh-mosquitto-'));
  const port = await freePort();
  const passwordFile = path.join(dir, 'passwd');
  const aclFile = path.join(dir, 'acl');
  const pidFile = path.join(dir, 'mosquitto.pid');
  writeFileSync(passwordFile, '', { mode: 0o600 });
  writeFileSync(aclFile, '', { mode: 0o600 });
  const conf = path.join(dir, 'mosquitto.conf');
  writeFileSync(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      'persistence false',
      `pid_file ${pidFile}`,
      'log_dest none',
      // started as root, Mosquitto would switch to its own user and lose access to the temp files
      ...(process.getuid?.() === 0 ? ['user root'] : []),
      ...(options.auth
        ? [
            'allow_anonymous false',
            `password_file ${passwordFile}`,
            `acl_file ${aclFile}`,
            'use_username_as_clientid true',
          ]
        : ['allow_anonymous true']),
    ].join('\n'),
  );
  let child: ChildProcess | null = null;
  const launch = async () => {
    child = spawn(MOSQUITTO, ['-c', conf], { stdio: 'ignore' });
    // ready when the port accepts connections and the pid file names this process
    for (let i = 0; i < 100; i++) {
      const up = await new Promise<boolean>((resolve) => {
        const sock = net.connect(port, '127.0.0.1', () => {
          sock.destroy();
          resolve(true);
        });
        sock.once('error', () => resolve(false));
      });
      if (up && existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() === String(child.pid)) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('mosquitto did not start');
  };
  const exited = () =>
    new Promise<void>((resolve) => {
      if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
    });
  await launch();
  return {
    port,
    dir,
    passwordFile,
    aclFile,
    pidFile,
    url: `mqtt://127.0.0.1:${port}`,
    async kill() {
      child?.kill('SIGKILL');
      await exited();
    },
    async restart() {
      await launch();
    },
    async stop() {
      child?.kill('SIGTERM');
      await exited();
    },
  };
}
