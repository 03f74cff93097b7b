/**
 * The script of a click event (docs/requirements/pages-and-designer.md §8.1, docs/requirements/widgets.md §6:
 * `main(api, param, callback)`) runs in the script widgets' sandbox (a one-run worker of the opaque-origin
 * script host, without network, cookies or the page's DOM, ended after 5 s).
 * The script reads values through `api.values(signals)` and tells the page what to do through
 * its callback: `{jump: pageId}`, `{open: url}` or `{message: text}`; anything else does nothing.
 */
import { runScript, type SandboxHost } from '../../app/widgets/complex/scriptSandbox';

export type ScriptRequest =
  { kind: 'jump'; pageId: string } | { kind: 'open'; url: string } | { kind: 'message'; text: string };

/** What a script's callback value asks of the page, or null. */
export function scriptRequest(result: unknown): ScriptRequest | null {
  if (!result || typeof result !== 'object') return null;
  const r = result as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
  if (text(r['jump'])) return { kind: 'jump', pageId: text(r['jump']) };
  if (text(r['open'])) return { kind: 'open', url: text(r['open']) };
  if (text(r['message'])) return { kind: 'message', text: text(r['message']).slice(0, 500) };
  return null;
}

/** Runs a click script; resolves what it asks for (null for nothing), rejects when it fails. */
export async function runClickScript(
  code: string,
  param: unknown,
  valueOf: (ref: { equipId: string; signalId: string }) => unknown,
): Promise<ScriptRequest | null> {
  const host: SandboxHost = {
    values: async ({ signals }) =>
      (Array.isArray(signals) ? signals : []).map((s: { equipId?: unknown; signalId?: unknown }) =>
        valueOf({ equipId: String(s?.equipId ?? ''), signalId: String(s?.signalId ?? '') }),
      ),
    history: () => Promise.reject(new Error('history is not available to click scripts')),
  };
  return scriptRequest(await runScript({ code, param, host }));
}
