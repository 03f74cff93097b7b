/**
 * Worker side of the script sandbox (see sandbox.ts). Plain JavaScript so the same file runs
 * under node, tsx and vitest without a loader in the worker.
 *
 * The script runs in a node:vm context whose global has no prototype from this realm and which
 * cannot compile code from strings, so `this.constructor.constructor('return process')` finds
 * nothing. The API functions are created inside the context and hand only primitives to and from
 * this side. node:vm is not a hard security boundary; the worker's resource limits and the time
 * limit enforced by the parent bound what a runaway script can cost.
 */
import { parentPort, workerData } from 'node:worker_threads';
import vm from 'node:vm';

const { body, timeMs } = workerData;
let values = Object.create(null);
let nextRequest = 1;
const pendingWrites = new Map();

const isPrimitive = (v) => typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean';

const bridge = Object.freeze({
  read(name) {
    const value = values[name];
    return isPrimitive(value) ? value : undefined;
  },
  write(name, value, done) {
    if (!isPrimitive(value)) {
      done(1722); // wrong data type: only numbers, texts and booleans can be written
      return;
    }
    const id = nextRequest++;
    pendingWrites.set(id, done);
    values[name] = value;
    parentPort.postMessage({ type: 'write', id, name, value });
  },
  log(level, text) {
    parentPort.postMessage({ type: 'log', level, text: String(text).slice(0, 2000) });
  },
});

const context = vm.createContext(Object.create(null), {
  name: 'gateway script',
  codeGeneration: { strings: false, wasm: false },
});

const install = vm.runInContext(
  `(function install(bridge) {
    'use strict';
    const text = (args) => args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' ');
    const api = {
      read: (name) => bridge.read(String(name)),
      write: (name, value) =>
        new Promise((resolve) =>
          bridge.write(String(name), value, (code) => resolve(code === 0 ? { ok: true } : { ok: false, code })),
        ),
      log: (...args) => bridge.log('info', text(args)),
    };
    for (const [key, value] of Object.entries(api)) Object.defineProperty(globalThis, key, { value });
    Object.defineProperty(globalThis, 'console', {
      value: Object.freeze({
        log: api.log,
        info: api.log,
        warn: (...args) => bridge.log('warn', text(args)),
        error: (...args) => bridge.log('error', text(args)),
      }),
    });
  })`,
  context,
);
install(bridge);

let script;
try {
  script = new vm.Script(`(async () => {\n${body}\n})()`, { filename: 'gateway-script.js' });
  parentPort.postMessage({ type: 'ready' });
} catch (error) {
  parentPort.postMessage({ type: 'compileError', message: String(error?.message ?? error) });
}

const describe = (error) => {
  try {
    return String(error?.message ?? error);
  } catch {
    return 'script error';
  }
};

parentPort.on('message', async (message) => {
  if (message.type === 'writeResult') {
    const done = pendingWrites.get(message.id);
    pendingWrites.delete(message.id);
    done?.(message.code);
    return;
  }
  if (message.type !== 'run' || !script) return;
  values = Object.assign(Object.create(null), message.values);
  let error;
  try {
    // the timeout stops a synchronous endless loop; the parent's timer covers awaited work
    await script.runInContext(context, { timeout: timeMs });
  } catch (caught) {
    error = describe(caught);
  }
  parentPort.postMessage({ type: 'done', runId: message.runId, error });
});
