/**
 * The script widgets' sandbox: a user script (seed 001 §3: `main(api, param, callback)`) runs in
 * a dedicated Web Worker created for one run. Before the script is compiled the worker removes
 * its ways out (network, storage, nested workers, messaging), so the script sees no DOM (a worker
 * has none) and can reach data only through the `api` object, whose calls the page answers. A
 * run that has not called back within the time limit is ended by terminating the worker, which
 * also stops an endless loop.
 */

/** Names a script must not reach; read as undefined inside the worker. */
export const SHADOWED_GLOBALS = [
  'fetch',
  'XMLHttpRequest',
  'WebSocket',
  'WebSocketStream',
  'WebTransport',
  'EventSource',
  'importScripts',
  'indexedDB',
  'caches',
  'Worker',
  'SharedWorker',
  'BroadcastChannel',
  'MessageChannel',
  'RTCPeerConnection',
  'Request',
  'Response',
  'FileReader',
  'navigator',
  'location',
  'postMessage',
  'addEventListener',
  'removeEventListener',
  'onmessage',
  'close',
  'require',
  'process',
] as const;

/**
 * The worker's code. It keeps private references to `postMessage` and `addEventListener`, shadows
 * every name of SHADOWED_GLOBALS on the global object and its prototypes, then waits for one run.
 */
export const WORKER_SOURCE = `(() => {
  const post = self.postMessage.bind(self);
  const listen = self.addEventListener.bind(self);
  const names = ${JSON.stringify(SHADOWED_GLOBALS)};
  for (let o = self; o && o !== Object.prototype; o = Object.getPrototypeOf(o)) {
    for (const n of names) {
      if (Object.prototype.hasOwnProperty.call(o, n) || o === self) {
        try { Object.defineProperty(o, n, { value: undefined, writable: false, configurable: false }); } catch {}
      }
    }
  }
  // compile-time access to code: the script is compiled with this private Function; after that
  // no constructor of functions, eval, or string timer is left to build code from strings
  const compile = Function;
  for (const f of [function () {}, async function () {}, function* () {}, async function* () {}]) {
    try { Object.defineProperty(Object.getPrototypeOf(f), 'constructor', { value: undefined, writable: false, configurable: false }); } catch {}
  }
  for (const n of ['Function', 'eval']) {
    try { Object.defineProperty(self, n, { value: undefined, writable: false, configurable: false }); } catch {}
  }
  for (const n of ['setTimeout', 'setInterval']) {
    const timer = self[n].bind(self);
    try { Object.defineProperty(self, n, { value: (fn, ms, ...rest) => typeof fn === 'function' ? timer(fn, ms, ...rest) : undefined, writable: false, configurable: false }); } catch {}
  }
  const pending = new Map();
  let next = 0;
  const ask = (kind, args) => new Promise((resolve, reject) => {
    const id = ++next;
    pending.set(id, { resolve, reject });
    post({ type: 'ask', id, kind, args: JSON.parse(JSON.stringify(args ?? null)) });
  });
  const pad = (n) => String(n).padStart(2, '0');
  const format = (ts) => {
    const d = new Date(ts);
    return d.getFullYear() + '-' + pad(d.getMonth() + 1) + '-' + pad(d.getDate()) + ' ' + pad(d.getHours()) + ':' + pad(d.getMinutes()) + ':' + pad(d.getSeconds());
  };
  listen('message', (event) => {
    const m = event.data;
    if (m.type === 'answer') {
      const p = pending.get(m.id);
      pending.delete(m.id);
      if (p) m.error ? p.reject(new Error(m.error)) : p.resolve(m.value);
      return;
    }
    if (m.type !== 'run') return;
    const param = m.param;
    const api = Object.freeze({
      range: () => ({ ...param.range }),
      format,
      history: (signals, start, end) => ask('history', { signals, start, end }),
      values: (signals) => ask('values', { signals }),
      log: (...args) => post({ type: 'log', args: args.map(String) }),
    });
    const callback = (result) => {
      try { post({ type: 'result', result: JSON.parse(JSON.stringify(result ?? null)) }); }
      catch (e) { post({ type: 'error', message: 'callback: ' + String(e && e.message || e) }); }
    };
    try {
      // import() would load code from the network and cannot be shadowed: refused in the source
      if (/\\bimport\\s*\\(/.test(m.code)) throw new Error('import() is not available to scripts');
      const main = compile('"use strict";\\n' + m.code + '\\n;return typeof main === "function" ? main : undefined;')();
      if (typeof main !== 'function') throw new Error('the script defines no function main(api, param, callback)');
      const out = main(api, param, callback);
      if (out && typeof out.then === 'function') out.then(undefined, (e) => post({ type: 'error', message: String(e && e.message || e) }));
    } catch (e) {
      post({ type: 'error', message: String(e && e.message || e) });
    }
  });
})();`;

/** A worker as the runner needs it (the browser's Worker, or an adapter in tests). */
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

/** A browser worker on the sandbox source (a blob URL, revoked once the worker has it). */
export function browserWorker(): SandboxWorker {
  const url = URL.createObjectURL(new Blob([WORKER_SOURCE], { type: 'text/javascript' }));
  try {
    return new Worker(url) as unknown as SandboxWorker;
  } finally {
    URL.revokeObjectURL(url);
  }
}

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
  const worker = (options.createWorker ?? browserWorker)();
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
