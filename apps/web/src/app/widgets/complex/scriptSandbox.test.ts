import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { SCRIPT_HOST_CSP } from '@fieldhub/shared';
import {
  runScript,
  ScriptError,
  ScriptTimeoutError,
  type SandboxHost,
  type SandboxWorker,
} from './scriptSandbox';

/** The script host as the built app serves it: the single source of the runner and its policy. */
const hostDocument = readFileSync(
  path.resolve(import.meta.dirname, '../../../../public/script-host.html'),
  'utf8',
);
const runnerSource = /<script type="text\/plain" id="script-runner">([\s\S]*?)<\/script>/.exec(
  hostDocument,
)?.[1];
const metaPolicy = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(hostDocument)?.[1];

/**
 * The host's runner in a Node worker thread, seen through the browser Worker's interface: the
 * prelude gives the thread `self`, `postMessage` and `addEventListener` as a dedicated worker has
 * them. (The isolation itself, opaque origin and policy, only a browser shows:
 * test/scriptSandbox.e2e.test.ts.)
 */
function nodeWorker(): SandboxWorker {
  const prelude = `
    const { parentPort } = require('node:worker_threads');
    globalThis.self = globalThis;
    globalThis.postMessage = (m) => parentPort.postMessage(m);
    globalThis.addEventListener = (type, fn) => parentPort.on('message', (data) => fn({ data }));
  `;
  const thread = new Worker(prelude + runnerSource!, { eval: true });
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

/** The policy's directives: name → sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('script host document', () => {
  it('carries the runner and exactly the policy the server sends for it (SCRIPT_HOST_CSP)', () => {
    expect(runnerSource).toContain('function main(api, param, callback)');
    expect(metaPolicy).toBe(SCRIPT_HOST_CSP);
  });

  it('lets a script load nothing and send nothing: every fetch directive is none but running code and blob workers', () => {
    const policy = directives(SCRIPT_HOST_CSP);
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('connect-src')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    // inline host code and compiled user code run; no script comes from any address or scheme
    expect(policy.get('script-src')).toEqual(["'unsafe-inline'", "'unsafe-eval'"]);
    expect(policy.get('worker-src')).toEqual(['blob:']);
    expect([...policy.keys()].sort()).toEqual(
      ['base-uri', 'connect-src', 'default-src', 'form-action', 'script-src', 'worker-src'].sort(),
    );
  });
});

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

describe('script sandbox runner', () => {
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

  it('gives the callback only JSON: functions and cycles do not cross', async () => {
    expect(await run('function main(api, p, cb) { cb({ f: () => 1, n: 2, d: new Date(0) }); }')).toEqual({
      n: 2,
      d: '1970-01-01T00:00:00.000Z',
    });
    await expect(run('function main(api, p, cb) { const o = {}; o.o = o; cb(o); }')).rejects.toThrow(
      /callback/,
    );
  });

  it('reports a script that throws or defines no main', async () => {
    await expect(run('function main() { throw new Error("boom"); }')).rejects.toThrow(ScriptError);
    await expect(run('const x = 1;')).rejects.toThrow(/no function main/);
  });
});
