import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import {
  runScript,
  ScriptError,
  ScriptTimeoutError,
  WORKER_SOURCE,
  type SandboxHost,
  type SandboxWorker,
} from './scriptSandbox';

/**
 * The sandbox source in a Node worker thread, seen through the browser Worker's interface: the
 * prelude gives the thread `self`, `postMessage` and `addEventListener` as a dedicated worker
 * has them (plus Node's own fetch, require and process, which the sandbox must hide as well).
 */
function nodeWorker(): SandboxWorker {
  const prelude = `
    const { parentPort } = require('node:worker_threads');
    globalThis.self = globalThis;
    globalThis.postMessage = (m) => parentPort.postMessage(m);
    globalThis.addEventListener = (type, fn) => parentPort.on('message', (data) => fn({ data }));
    globalThis.XMLHttpRequest = function XMLHttpRequest() {};
    globalThis.importScripts = function importScripts() {};
  `;
  const thread = new Worker(prelude + WORKER_SOURCE, { eval: true });
  const adapter: SandboxWorker = {
    onmessage: null,
    onerror: null,
    postMessage: (m) => thread.postMessage(m),
    terminate: () => void thread.terminate(),
  };
  thread.on('message', (data: unknown) => adapter.onmessage?.({ data }));
  thread.on('error', (e: Error) => adapter.onerror?.({ message: e.message }));
  return adapter;
}

const noHost: SandboxHost = {
  history: () => Promise.reject(new Error('not asked')),
  values: () => Promise.reject(new Error('not asked')),
};
const run = (
  code: string,
  host = noHost,
  timeoutMs = 3000,
  param: unknown = { range: { start: 1, end: 2 } },
) => runScript({ code, param, host, timeoutMs, createWorker: nodeWorker });

describe('script sandbox', () => {
  it('runs main(api, param, callback) and resolves with what the callback got', async () => {
    const out = await run(
      'function main(api, param, callback) { callback({ sum: param.a + param.b, range: api.range() }); }',
      noHost,
      3000,
      {
        a: 2,
        b: 3,
        range: { start: 10, end: 20 },
      },
    );
    expect(out).toEqual({ sum: 5, range: { start: 10, end: 20 } });
  });

  it('answers api.history and api.values through the page', async () => {
    const host: SandboxHost = {
      history: async ({ start, end }) => [
        {
          name: 'T',
          points: [
            [start, 1],
            [end, 2],
          ],
        },
      ],
      values: async () => [{ name: 'P', value: 7 }],
    };
    const out = await run(
      `async function main(api, param, callback) {
         const h = await api.history([], 100, 200);
         const v = await api.values([]);
         callback({ last: h[0].points[1], value: v[0].value });
       }`,
      host,
    );
    expect(out).toEqual({ last: [200, 2], value: 7 });
  });

  it('ends a script that loops forever at the time limit', async () => {
    const started = Date.now();
    await expect(run('function main() { for (;;) {} }', noHost, 400)).rejects.toBeInstanceOf(
      ScriptTimeoutError,
    );
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it('ends a script that never calls back', async () => {
    await expect(run('function main() {}', noHost, 300)).rejects.toBeInstanceOf(ScriptTimeoutError);
  });

  it('hides network, messaging, workers and the host process from the script', async () => {
    const out = await run(`function main(api, param, callback) {
      const g = globalThis;
      callback(['fetch', 'XMLHttpRequest', 'WebSocket', 'importScripts', 'postMessage', 'addEventListener', 'Worker', 'require', 'process', 'Function', 'eval']
        .filter((n) => typeof g[n] !== 'undefined'));
    }`);
    expect(out).toEqual([]);
  });

  it('leaves no way to build code from strings (constructors, string timers, import())', async () => {
    const out = await run(`function main(api, param, callback) {
      const f = (function () {}).constructor;
      const af = (async function () {}).constructor;
      globalThis.__ran = false;
      setTimeout('globalThis.__ran = true', 0);
      setTimeout(() => callback({ f: typeof f, af: typeof af, ran: globalThis.__ran }), 20);
    }`);
    expect(out).toEqual({ f: 'undefined', af: 'undefined', ran: false });
    await expect(
      run('function main(api, p, cb) { import("data:text/javascript,1").then(cb); }'),
    ).rejects.toThrow(/import\(\)/);
  });

  it('reports a script that throws or defines no main', async () => {
    await expect(run('function main() { throw new Error("boom"); }')).rejects.toThrow(ScriptError);
    await expect(run('const x = 1;')).rejects.toThrow(/no function main/);
  });
});
