/**
 * The page's side of the script host (apps/web/public/script-host.html): one hidden iframe with
 * `sandbox="allow-scripts"` and no `allow-same-origin`, so the host and the workers it starts
 * have an opaque origin and cannot reach this page, its cookies or its storage. Each run is a
 * SandboxWorker whose messages travel, tagged with the run's number, through postMessage; only
 * messages whose source is the host's window are read, and only in the protocol's shapes.
 */
import { SCRIPT_HOST_PATH, SCRIPT_HOST_SANDBOX } from '@fieldhub/shared';
import type { SandboxWorker } from './scriptSandbox';

/** A message of the host to the page, as the protocol of script-host.html defines it. */
export type HostMessage =
  | { type: 'ready' }
  | { type: 'ask'; run: number; id: number; kind: 'values' | 'history'; args: unknown }
  | { type: 'result'; run: number; result: unknown }
  | { type: 'error'; run: number; message: string };

interface HostFrame {
  iframe: HTMLIFrameElement;
  ready: boolean;
  /** messages posted before the host said it was ready */
  queue: object[];
  runs: Map<number, SandboxWorker>;
}

let frame: HostFrame | null = null;
let lastRun = 0;
let listening = false;

/** A message of the host as the protocol allows it, or null (anything else is ignored). */
export function readHostMessage(data: unknown): HostMessage | null {
  if (!data || typeof data !== 'object') return null;
  const m = data as Record<string, unknown>;
  if (m['type'] === 'ready') return { type: 'ready' };
  if (typeof m['run'] !== 'number') return null;
  const run = m['run'];
  switch (m['type']) {
    case 'ask':
      if (typeof m['id'] !== 'number' || (m['kind'] !== 'values' && m['kind'] !== 'history')) return null;
      return { type: 'ask', run, id: m['id'], kind: m['kind'], args: m['args'] };
    case 'result':
      return { type: 'result', run, result: m['result'] };
    case 'error':
      return { type: 'error', run, message: String(m['message']) };
    default:
      return null;
  }
}

function onHostMessage(event: MessageEvent) {
  if (!frame || event.source !== frame.iframe.contentWindow) return;
  const m = readHostMessage(event.data);
  if (!m) return;
  if (m.type === 'ready') {
    const host = frame;
    host.ready = true;
    for (const queued of host.queue.splice(0)) host.iframe.contentWindow?.postMessage(queued, '*');
    return;
  }
  const { type, run, ...rest } = m;
  frame.runs.get(run)?.onmessage?.({ data: { type, ...rest } });
}

function hostFrame(): HostFrame {
  if (frame?.iframe.isConnected) return frame;
  if (!listening) {
    window.addEventListener('message', onHostMessage);
    listening = true;
  }
  const iframe = document.createElement('iframe');
  iframe.setAttribute('sandbox', SCRIPT_HOST_SANDBOX);
  iframe.setAttribute('aria-hidden', 'true');
  iframe.dataset['testid'] = 'script-host';
  iframe.tabIndex = -1;
  iframe.title = 'script host';
  iframe.style.cssText = 'position:fixed;left:0;top:0;width:0;height:0;border:0;visibility:hidden';
  iframe.src = SCRIPT_HOST_PATH;
  frame = { iframe, ready: false, queue: [], runs: new Map() };
  document.body.appendChild(iframe);
  return frame;
}

function send(host: HostFrame, message: object) {
  if (host.ready && host.iframe.contentWindow) host.iframe.contentWindow.postMessage(message, '*');
  else host.queue.push(message);
}

/**
 * A worker of the script host for one run. Terminating it ends the host's worker; a host that
 * never became ready (it failed to load) is dropped then, so the next run loads a new one.
 */
export function hostedWorker(): SandboxWorker {
  const host = hostFrame();
  const run = ++lastRun;
  const worker: SandboxWorker = {
    onmessage: null,
    onerror: null,
    postMessage: (message) => send(host, { ...(message as object), run }),
    terminate: () => {
      if (!host.runs.delete(run)) return;
      send(host, { type: 'stop', run });
      if (!host.ready && !host.runs.size) {
        host.iframe.remove();
        if (frame === host) frame = null;
      }
    },
  };
  host.runs.set(run, worker);
  return worker;
}
