/**
 * The gateway as the operator runs it: `node --import tsx apps/gateway/src/main.ts ...` in a
 * child process, so a test can kill it like a crash (SIGKILL) and read its JSON log lines.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
const MAIN = path.join(REPO_ROOT, 'apps/gateway/src/main.ts');

export interface GatewayArgs {
  sn: string;
  broker: string;
  dataDir: string;
  password?: string;
  extra?: string[];
  env?: NodeJS.ProcessEnv;
}

export type LogLine = { level: string; msg: string } & Record<string, unknown>;

export class GatewayProcess {
  readonly lines: LogLine[] = [];
  stderr = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private readonly child: ChildProcess;
  private readonly waiters = new Set<() => void>();

  constructor(args: GatewayArgs) {
    const argv = [
      '--import',
      'tsx',
      MAIN,
      '--sn',
      args.sn,
      // one argument: a password may start with '-'
      `--password=${args.password ?? 'secret-password'}`,
      '--broker',
      args.broker,
      '--data-dir',
      args.dataDir,
      ...(args.extra ?? []),
    ];
    this.child = spawn(process.execPath, argv, {
      cwd: REPO_ROOT,
      env: { ...process.env, ...args.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let partial = '';
    this.child.stdout!.on('data', (chunk: Buffer) => {
      partial += chunk.toString();
      const complete = partial.split('\n');
      partial = complete.pop()!;
      for (const text of complete) {
        try {
          this.lines.push(JSON.parse(text) as LogLine);
        } catch {
          this.lines.push({ level: 'raw', msg: text });
        }
      }
      for (const wake of this.waiters) wake();
    });
    this.child.stderr!.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    this.exited = new Promise((resolve) =>
      this.child.once('exit', (code, signal) => {
        for (const wake of this.waiters) wake();
        resolve({ code, signal });
      }),
    );
  }

  get pid(): number {
    return this.child.pid!;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** The first log line matching `match`, waiting for it. */
  async waitForLog(match: (line: LogLine) => boolean, timeoutMs = 20_000): Promise<LogLine> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const found = this.lines.find(match);
      if (found) return found;
      if (!this.running) throw new Error(`gateway exited; stderr: ${this.stderr}`);
      if (Date.now() > end)
        throw new Error(`no such log line; last: ${JSON.stringify(this.lines.slice(-5))}`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.waiters.delete(wake);
          resolve();
        };
        this.waiters.add(wake);
        setTimeout(wake, 200);
      });
    }
  }

  /** Sends a signal and waits for the process to end. */
  async kill(
    signal: NodeJS.Signals = 'SIGTERM',
  ): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    if (this.running) this.child.kill(signal);
    return this.exited;
  }
}
