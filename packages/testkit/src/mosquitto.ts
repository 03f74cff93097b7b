/**
 * A real Mosquitto broker for one test file (MOSQUITTO_BIN, else /usr/sbin/mosquitto), on a free
 * loopback port, without persistence. With `auth` it takes logins from a password file and an
 * ACL file (both empty at first: the platform under test writes them and signals the pid in
 * `pidFile`), and a client's id must be its user name; otherwise it is anonymous.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { accepts, freePort } from './ports';
import { sleep } from './waiting';

export const MOSQUITTO_BIN =
  process.env.MOSQUITTO_BIN ?? (existsSync('/usr/sbin/mosquitto') ? '/usr/sbin/mosquitto' : 'mosquitto');

export interface MosquittoOptions {
  /** logins from `passwordFile` and `aclFile`, client id = user name (default: anonymous) */
  auth?: boolean;
}

export class Mosquitto {
  readonly dir: string;
  readonly passwordFile: string;
  readonly aclFile: string;
  readonly pidFile: string;
  private readonly conf: string;
  private child: ChildProcess | undefined;

  private constructor(
    readonly port: number,
    options: MosquittoOptions,
  ) {
    this.dir = mkdtempSync(path.join(tmpdir(), 'fh-mosquitto-'));
    this.passwordFile = path.join(this.dir, 'passwd');
    this.aclFile = path.join(this.dir, 'acl');
    this.pidFile = path.join(this.dir, 'mosquitto.pid');
    this.conf = path.join(this.dir, 'mosquitto.conf');
    writeFileSync(this.passwordFile, '', { mode: 0o600 });
    writeFileSync(this.aclFile, '', { mode: 0o600 });
    const lines = [
      `listener ${port} 127.0.0.1`,
      'persistence false',
      `pid_file ${this.pidFile}`,
      // a test's burst to a slow subscriber must not overflow the default queue of 1000
      'max_queued_messages 100000',
      'log_dest stderr',
      'log_type error',
      'log_type warning',
      // started as root, Mosquitto would switch to its own user and lose access to the temp files
      ...(process.getuid?.() === 0 ? ['user root'] : []),
      ...(options.auth
        ? [
            'allow_anonymous false',
            `password_file ${this.passwordFile}`,
            `acl_file ${this.aclFile}`,
            'use_username_as_clientid true',
          ]
        : ['allow_anonymous true']),
    ];
    writeFileSync(this.conf, lines.join('\n') + '\n');
  }

  static async start(options: MosquittoOptions = {}): Promise<Mosquitto> {
    const broker = new Mosquitto(await freePort(), options);
    await broker.launch();
    return broker;
  }

  get url(): string {
    return `mqtt://127.0.0.1:${this.port}`;
  }

  /** Ready when the port accepts connections and the pid file names this process (SIGHUP goes there). */
  private async launch(): Promise<void> {
    const child = spawn(MOSQUITTO_BIN, ['-c', this.conf], { stdio: ['ignore', 'ignore', 'pipe'] });
    this.child = child;
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const started = new Promise<void>((resolve, reject) => {
      child.once('error', (error) => reject(new Error(`${MOSQUITTO_BIN} cannot start: ${error.message}`)));
      child.once('exit', (code) => reject(new Error(`mosquitto exited (${code}): ${stderr}`)));
    });
    const ready = async () => {
      for (let i = 0; i < 200; i++) {
        if ((await accepts(this.port)) && this.pidFileNames(child.pid)) return;
        await sleep(50);
      }
      throw new Error(`mosquitto did not start on port ${this.port}: ${stderr}`);
    };
    await Promise.race([ready(), started]);
  }

  private pidFileNames(pid: number | undefined): boolean {
    return existsSync(this.pidFile) && readFileSync(this.pidFile, 'utf8').trim() === String(pid);
  }

  /** Ends the broker as a crash would (SIGKILL: no goodbye to clients); resolves once it is gone. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  }

  /** Starts it again (ending it first if it runs) on the same port and files. */
  async restart(): Promise<void> {
    await this.kill();
    await this.launch();
  }

  async stop(): Promise<void> {
    await this.kill('SIGTERM');
    rmSync(this.dir, { recursive: true, force: true });
  }
}
