import { useCallback, useEffect, useRef, useState } from 'react';
import { linkCalls } from '@fieldhub/shared';
import { callApi } from '../request';
import { currentLang } from '../i18n';
import { followTask, type TaskProgress } from './commandTask';

/** What a command shows while it runs and after it ended. */
export type CommandState =
  | { phase: 'idle' }
  | { phase: 'sending'; label: string }
  | { phase: 'waiting'; label: string; progress: TaskProgress }
  | { phase: 'done'; label: string; data: unknown }
  | { phase: 'failed'; label: string; message: string; code: string };

/** Titles of a command while it runs, once it succeeded, once it failed. */
export interface CommandLabels {
  running: string;
  done: string;
  failed: string;
}

/**
 * Runs one long-running device command at a time: `send` makes the call that answers `{uuid}`,
 * then the callback is polled on the shared schedule, with its progress; leaving the screen stops
 * the polling.
 */
export function useCommand() {
  const [state, setState] = useState<CommandState>({ phase: 'idle' });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const run = useCallback(
    async (labels: CommandLabels, send: () => Promise<{ uuid: string }>): Promise<unknown> => {
      const label = labels.running;
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      setState({ phase: 'sending', label });
      try {
        // the request client shows a refusal (2003, 1304 …) as a toast
        const { uuid } = await send();
        setState({ phase: 'waiting', label, progress: { round: 0, rounds: 180, waitedS: 0 } });
        const data = await followTask(uuid, {
          poll: (id) => callApi(linkCalls.callback, { uuid: id }, { silent: true }),
          onProgress: (progress) => {
            if (!controller.signal.aborted) setState({ phase: 'waiting', label, progress });
          },
          signal: controller.signal,
          lang: currentLang(),
        });
        if (!controller.signal.aborted) setState({ phase: 'done', label: labels.done, data });
        return data;
      } catch (err) {
        if (controller.signal.aborted) throw err;
        const e = err as { code?: string; message?: string };
        setState({
          phase: 'failed',
          label: labels.failed,
          message: e.message ?? String(err),
          code: String(e.code ?? ''),
        });
        throw err;
      }
    },
    [],
  );

  const busy = state.phase === 'sending' || state.phase === 'waiting';
  return { state, run, busy, reset: () => setState({ phase: 'idle' }) };
}
