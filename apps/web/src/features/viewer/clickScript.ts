/**
 * The script of a click event (seed 001 §3: a script taking an API object, a parameter and a
 * callback) runs in a dedicated worker built from a blob: no access to the page, its cookies or
 * its DOM, stopped after SCRIPT_TIMEOUT_MS. What it may ask of the page goes back as messages:
 * `api.jump(pageId)`, `api.open(url)`, `api.message(text)`; `param` holds the widget id and the
 * values of the page's sources at the click.
 */
export const SCRIPT_TIMEOUT_MS = 5000;

export type ScriptRequest =
  { kind: 'jump'; pageId: string } | { kind: 'open'; url: string } | { kind: 'message'; text: string };

const HOST = `
self.onmessage = (event) => {
  const { script, param } = event.data;
  const send = (m) => self.postMessage(m);
  const api = {
    jump: (pageId) => send({ kind: 'jump', pageId: String(pageId) }),
    open: (url) => send({ kind: 'open', url: String(url) }),
    message: (text) => send({ kind: 'message', text: String(text) }),
  };
  const callback = () => send({ kind: 'done' });
  try {
    const run = new Function('api', 'param', 'callback', script);
    const result = run(api, param, callback);
    Promise.resolve(result).then(() => send({ kind: 'done' }), (e) => send({ kind: 'error', text: String(e) }));
  } catch (e) {
    send({ kind: 'error', text: String(e) });
  }
};`;

/** Parses one worker message into a request the page honours; anything else is ignored. */
export function scriptRequest(
  data: unknown,
): ScriptRequest | { kind: 'done' } | { kind: 'error'; text: string } | null {
  if (!data || typeof data !== 'object') return null;
  const m = data as Record<string, unknown>;
  if (m['kind'] === 'jump' && typeof m['pageId'] === 'string') return { kind: 'jump', pageId: m['pageId'] };
  if (m['kind'] === 'open' && typeof m['url'] === 'string') return { kind: 'open', url: m['url'] };
  if (m['kind'] === 'message' && typeof m['text'] === 'string')
    return { kind: 'message', text: m['text'].slice(0, 500) };
  if (m['kind'] === 'done') return { kind: 'done' };
  if (m['kind'] === 'error') return { kind: 'error', text: String(m['text']).slice(0, 500) };
  return null;
}

/** Runs a click script; `onRequest` receives what it asks for until it ends, fails or times out. */
export function runClickScript(
  script: string,
  param: unknown,
  onRequest: (r: ScriptRequest) => void,
  onError: (text: string) => void,
): () => void {
  const url = URL.createObjectURL(new Blob([HOST], { type: 'text/javascript' }));
  const worker = new Worker(url);
  URL.revokeObjectURL(url);
  const stop = () => {
    clearTimeout(timer);
    worker.terminate();
  };
  const timer = setTimeout(() => {
    stop();
    onError('timeout');
  }, SCRIPT_TIMEOUT_MS);
  worker.onmessage = (event) => {
    const r = scriptRequest(event.data);
    if (!r) return;
    if (r.kind === 'done') stop();
    else if (r.kind === 'error') {
      stop();
      onError(r.text);
    } else onRequest(r);
  };
  worker.onerror = (event) => {
    stop();
    onError(event.message);
  };
  worker.postMessage({ script, param });
  return stop;
}
