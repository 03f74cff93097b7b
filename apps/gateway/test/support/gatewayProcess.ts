/**
 * The gateway as the operator runs it, in a child process: a test can kill it like a crash
 * (SIGKILL) and read its JSON log lines. It runs from the prebuilt bundle of gatewayBundle.ts
 * (the same sources as `npm run gateway`, compiled once per run instead of at every start).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gatewayBundle } from './gatewayBundle';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

export interface GatewayArgs {
  sn: string;
  broker: string;
  /** the platform's topic prefix on a shared broker (`--topic-prefix`; none when absent or empty) */
  topicPrefix?: string;
  /** its config, results and buffer; when not given, a fresh temp dir that `dispose` removes */
  dataDir?: string;
  password?: string;
  /** runs the simulated plant on this port (`--simulate --plant-port`), or shares one there */
  plantPort?: number;
  extra?: string[];
  env?: NodeJS.ProcessEnv;
}

export type LogLine = { level: string; msg: string } & Record<string, unknown>;

export class GatewayProcess {
  readonly lines: LogLine[] = [];
  stderr = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  readonly dataDir: string;
  /** whether `dispose` removes the data dir (it made it, or took it over in `again`) */
  private ownDataDir: boolean;
  private readonly child: ChildProcess;
  private readonly waiters = new Set<() => void>();

  constructor(private readonly args: GatewayArgs) {
    this.ownDataDir = args.dataDir === undefined;
    this.dataDir = args.dataDir ?? mkdtempSync(path.join(tmpdir(), 'fh-gateway-'));
    const argv = [
      '--enable-source-maps',
      gatewayBundle(),
      '--sn',
      args.sn,
      // one argument: a password may start with '-'
      `--password=${args.password ?? 'secret-password'}`,
      '--broker',
      args.broker,
      ...(args.topicPrefix ? ['--topic-prefix', args.topicPrefix] : []),
      '--data-dir',
      this.dataDir,
      ...(args.plantPort === undefined ? [] : ['--simulate', '--plant-port', String(args.plantPort)]),
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

  /**
   * A new process with the same arguments and data dir, as an operator starts the gateway again
   * after it ended; the new one removes the data dir on `dispose` if this one would have.
   */
  again(): GatewayProcess {
    const next = new GatewayProcess({ ...this.args, dataDir: this.dataDir });
    next.ownDataDir = this.ownDataDir;
    this.ownDataDir = false;
    return next;
  }

  /** Kills the process (SIGKILL) if it still runs and removes the data dir it made itself. */
  async dispose(): Promise<void> {
    await this.kill('SIGKILL');
    if (this.ownDataDir) rmSync(this.dataDir, { recursive: true, force: true });
  }
}
