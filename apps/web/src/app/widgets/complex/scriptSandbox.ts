/**
 * The script widgets' and click scripts' sandbox: a user script (docs/requirements/widgets.md §6:
 * `main(api, param, callback)`) runs in a worker of the script host, a document the page loads in
 * an iframe with an opaque origin and a policy that lets nothing be loaded or sent
 * (apps/web/public/script-host.html, SCRIPT_HOST_CSP of packages/shared). So the script sees no
 * DOM, no cookie and no network, whatever globals it finds: it reaches data only through the
 * `api` object, whose calls the page answers. A run that has not called back within the time
 * limit is ended by terminating its worker, which also stops an endless loop.
 */
import { hostedWorker } from './scriptHostFrame';

/**
 * One run's worker as runScript needs it: a worker of the script host (hostedWorker), or in unit
 * tests the host's runner in a Node thread.
 */
export interface SandboxWorker {
  postMessage(message: unknown): void;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: { message?: string }) => void) | null;
  terminate(): void;
}

/** What the page answers to the script's api calls. */
export interface SandboxHost {
  history(args: { signals: unknown; start: number; end: number }): Promise<unknown>;
  values(args: { signals: unknown }): Promise<unknown>;
}

export class ScriptTimeoutError extends Error {
  constructor(readonly ms: number) {
    super(`script did not call back within ${ms} ms`);
  }
}
export class ScriptError extends Error {}

/** Default time limit of a run (the script's own time plus its api calls). */
export const SCRIPT_TIME_LIMIT_MS = 5000;

/**
 * Runs `code` once with `param`; resolves with the first value passed to the callback, rejects
 * with ScriptError (the script threw) or ScriptTimeoutError. The worker is always terminated.
 */
export function runScript(options: {
  code: string;
  param: unknown;
  host: SandboxHost;
  timeoutMs?: number;
  createWorker?: () => SandboxWorker;
}): Promise<unknown> {
  const limit = options.timeoutMs ?? SCRIPT_TIME_LIMIT_MS;
  const worker = (options.createWorker ?? hostedWorker)();
  return new Promise((resolve, reject) => {
    let done = false;
    const finish = (fn: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      worker.terminate();
      fn();
    };
    const timer = setTimeout(() => finish(() => reject(new ScriptTimeoutError(limit))), limit);
    worker.onerror = (e) => finish(() => reject(new ScriptError(e.message ?? 'script error')));
    worker.onmessage = ({ data }) => {
      const m = data as {
        type: string;
        id?: number;
        kind?: string;
        args?: never;
        result?: unknown;
        message?: string;
      };
      if (m.type === 'result') finish(() => resolve(m.result));
      else if (m.type === 'error') finish(() => reject(new ScriptError(m.message ?? 'script error')));
      else if (m.type === 'ask') {
        const call = m.kind === 'history' ? options.host.history(m.args!) : options.host.values(m.args!);
        call.then(
          (value) => !done && worker.postMessage({ type: 'answer', id: m.id, value }),
          (e: unknown) =>
            !done &&
            worker.postMessage({ type: 'answer', id: m.id, error: String((e as Error)?.message ?? e) }),
        );
      }
    };
    worker.postMessage({
      type: 'run',
      code: options.code,
      param: JSON.parse(JSON.stringify(options.param ?? null)),
    });
  });
}
