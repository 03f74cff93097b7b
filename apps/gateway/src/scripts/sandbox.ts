/**
 * A gateway script's sandbox: a worker thread with a memory limit (`resourceLimits`) running the
 * script in a node:vm context (sandboxWorker.mjs). Each run has a time limit; a run that
 * overruns it, or a worker that runs out of memory, is terminated and the next run starts a
 * fresh worker. The script sees `read(name)`, `write(name, value)` (a promise of `{ok, code}`),
 * `log(...)` and `console`; variables are read from a snapshot taken when the run starts.
 */
import { Worker } from 'node:worker_threads';
import type { Value } from '../runtime/variableModel';

export interface SandboxLimits {
  /** longest a run may take, ms */
  timeMs: number;
  /** old-generation heap of the worker, MiB */
  memoryMb: number;
}

export const DEFAULT_SANDBOX_LIMITS: SandboxLimits = { timeMs: 5000, memoryMb: 64 };

export interface SandboxHost {
  /** writes through the gateway's write path; answers 0 or the catalogue code of the failure */
  write(name: string, value: number | string | boolean): Promise<number>;
  log(level: 'info' | 'warn' | 'error', text: string): void;
}

export type RunOutcome =
  | { ok: true; ms: number }
  | { ok: false; reason: 'error' | 'compile' | 'timeout' | 'memory' | 'crash'; message: string };

type WorkerMessage =
  | { type: 'ready' }
  | { type: 'compileError'; message: string }
  | { type: 'write'; id: number; name: string; value: number | string | boolean }
  | { type: 'log'; level: 'info' | 'warn' | 'error'; text: string }
  | { type: 'done'; runId: number; error?: string };

const WORKER_URL = new URL('./sandboxWorker.mjs', import.meta.url);

export class ScriptSandbox {
  private worker: Worker | undefined;
  private compileError: string | undefined;
  private nextRun = 1;
  private current: { runId: number; finish: (outcome: RunOutcome) => void } | undefined;

  constructor(
    private readonly body: string,
    private readonly host: SandboxHost,
    private readonly limits: SandboxLimits = DEFAULT_SANDBOX_LIMITS,
  ) {}

  /** Runs the script once with a snapshot of the variables, by name. */
  run(values: Record<string, Value>): Promise<RunOutcome> {
    if (this.compileError)
      return Promise.resolve({ ok: false, reason: 'compile', message: this.compileError });
    if (this.current) return Promise.resolve({ ok: false, reason: 'error', message: 'a run is in progress' });
    const worker = (this.worker ??= this.spawn());
    const runId = this.nextRun++;
    const started = Date.now();
    return new Promise<RunOutcome>((resolve) => {
      // the vm timeout ends a synchronous loop at timeMs; the grace covers the worker's answer
      const timer = setTimeout(() => {
        this.kill();
        finish({ ok: false, reason: 'timeout', message: `ran longer than ${this.limits.timeMs} ms` });
      }, this.limits.timeMs + 250);
      const finish = (outcome: RunOutcome) => {
        clearTimeout(timer);
        if (this.current?.runId === runId) this.current = undefined;
        resolve(outcome.ok ? { ok: true, ms: Date.now() - started } : outcome);
      };
      this.current = { runId, finish };
      worker.postMessage({ type: 'run', runId, values });
    });
  }

  private spawn(): Worker {
    const worker = new Worker(WORKER_URL, {
      workerData: { body: this.body, timeMs: this.limits.timeMs },
      resourceLimits: {
        maxOldGenerationSizeMb: this.limits.memoryMb,
        maxYoungGenerationSizeMb: Math.max(4, Math.min(16, this.limits.memoryMb / 4)),
        stackSizeMb: 4,
      },
    });
    worker.on('message', (message: WorkerMessage) => this.onMessage(worker, message));
    worker.on('error', (error: Error & { code?: string }) => {
      const memory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      this.end(worker, { ok: false, reason: memory ? 'memory' : 'crash', message: error.message });
    });
    worker.on('exit', (code) =>
      this.end(worker, { ok: false, reason: 'crash', message: `worker exited (${code})` }),
    );
    return worker;
  }

  private onMessage(worker: Worker, message: WorkerMessage): void {
    switch (message.type) {
      case 'ready':
        return;
      case 'compileError':
        this.compileError = message.message;
        this.end(worker, { ok: false, reason: 'compile', message: message.message });
        void worker.terminate();
        return;
      case 'write':
        void this.host
          .write(message.name, message.value)
          .catch(() => 1340)
          .then((code) => {
            if (this.worker === worker) worker.postMessage({ type: 'writeResult', id: message.id, code });
          });
        return;
      case 'log':
        this.host.log(message.level, message.text);
        return;
      case 'done':
        if (this.current?.runId === message.runId) {
          this.current.finish(
            message.error === undefined
              ? { ok: true, ms: 0 }
              : { ok: false, reason: 'error', message: message.error },
          );
        }
        return;
    }
  }

  /** Ends the run in progress on a worker that failed, and forgets the worker. */
  private end(worker: Worker, outcome: RunOutcome): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    this.current?.finish(outcome);
  }

  private kill(): void {
    const worker = this.worker;
    this.worker = undefined;
    void worker?.terminate();
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.current?.finish({ ok: false, reason: 'crash', message: 'sandbox closed' });
    await worker?.terminate();
  }
}
