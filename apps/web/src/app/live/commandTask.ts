import { COMMAND_POLL_ROUNDS, Err, pollCommand, type Lang, messageFor } from '@fieldhub/shared';

/**
 * A long-running device command as the browser follows it (docs/requirements/monitoring.md §6.1, §6.2): the
 * call answers a task uuid, then the callback (`linkCalls.callback`) is polled on the shared schedule
 * (180 rounds, 0.5 s growing to 30 s) until it succeeds or fails; running out of rounds is the
 * communication time-out 1301.
 */

/** What the callback answers: still waiting, or the outcome with a catalogue code. */
export interface TaskAnswer {
  status: 'wait' | 'success' | 'failure';
  code?: string;
  message?: string;
  data?: unknown;
}

export interface TaskProgress {
  /** rounds polled so far */
  round: number;
  rounds: number;
  /** seconds waited so far on the schedule */
  waitedS: number;
}

export class TaskFailed extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'TaskFailed';
  }
}

export interface FollowTaskDeps {
  poll(uuid: string): Promise<TaskAnswer>;
  onProgress?(progress: TaskProgress): void;
  /** aborts the wait (the screen was left); rejects with an AbortError */
  signal?: AbortSignal;
  lang: Lang;
  /** injectable for tests; the real timer otherwise */
  sleep?(ms: number): Promise<void>;
}

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('aborted', 'AbortError'));
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('aborted', 'AbortError'));
      },
      { once: true },
    );
  });
}

/**
 * Polls the task until it ends. Resolves the success data; rejects with TaskFailed carrying the
 * server's message, else the catalogue message of its code (1301 when the rounds run out).
 */
export async function followTask(uuid: string, deps: FollowTaskDeps): Promise<unknown> {
  let round = 0;
  let waitedS = 0;
  const sleep = deps.sleep ?? ((ms: number) => abortableSleep(ms, deps.signal));
  try {
    return await pollCommand<unknown>(
      async () => {
        const answer = await deps.poll(uuid);
        round++;
        deps.onProgress?.({ round, rounds: COMMAND_POLL_ROUNDS, waitedS });
        if (answer.status === 'wait') return { done: false };
        if (answer.status === 'success') return { done: true, result: answer.data };
        const code = answer.code ?? String(Err.unknownError);
        throw new TaskFailed(code, answer.message || messageFor(code, deps.lang));
      },
      async (ms) => {
        await sleep(ms);
        waitedS += ms / 1000;
      },
    );
  } catch (err) {
    if ((err as { code?: unknown }).code === Err.communicationTimeout)
      throw new TaskFailed(String(Err.communicationTimeout), messageFor(Err.communicationTimeout, deps.lang));
    throw err;
  }
}
