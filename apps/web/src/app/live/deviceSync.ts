/**
 * Syncing devices' configuration to their gateways (docs/requirements/devices-and-gateways.md §3.4): each
 * device's sync is a command task (its call answers a uuid, then the callback is polled on the shared
 * schedule, commandTask.ts). Several devices run a few at a time; each one's state is told as it
 * changes, so a screen can show every device's progress and outcome. Pure of React: the calls and
 * the clock come in.
 */
import { Err, type Lang } from '@fieldhub/shared';
import { followTask, type TaskAnswer, type TaskProgress } from './commandTask';

/** A device to sync, named as the screen shows it. */
export interface SyncTarget {
  equipmentId: number;
  name: string;
}

/** Where one device's sync stands. */
export type SyncState =
  | { phase: 'queued' }
  | { phase: 'sending' }
  | { phase: 'waiting'; progress: TaskProgress }
  | { phase: 'done' }
  | { phase: 'failed'; code: string; message: string };

export interface SyncDeps {
  /** the sync call: answers the task's uuid, or rejects with the refusal's code (1118, 1304, 1308 …) */
  send(equipmentId: number): Promise<{ uuid: string }>;
  poll(uuid: string): Promise<TaskAnswer>;
  onChange(equipmentId: number, state: SyncState): void;
  lang: Lang;
  /** stops waiting (the screen was closed); devices not started stay queued */
  signal?: AbortSignal;
  /** injectable for tests; the real timer otherwise */
  sleep?(ms: number): Promise<void>;
}

/** How many devices sync at the same time. */
export const SYNC_CONCURRENCY = 3;

const failure = (err: unknown): SyncState => {
  const e = err as { code?: unknown; message?: unknown };
  return {
    phase: 'failed',
    code: String(e.code ?? Err.unknownError),
    message: typeof e.message === 'string' ? e.message : String(err),
  };
};

/**
 * Syncs the devices, `concurrency` at a time, in the order given; answers each one's last state.
 * A refused call or a failed task fails that device only.
 */
export async function syncDevices(
  targets: readonly SyncTarget[],
  deps: SyncDeps,
  concurrency = SYNC_CONCURRENCY,
): Promise<Map<number, SyncState>> {
  const states = new Map<number, SyncState>();
  const set = (id: number, state: SyncState) => {
    states.set(id, state);
    deps.onChange(id, state);
  };
  for (const t of targets) set(t.equipmentId, { phase: 'queued' });
  const queue = [...targets];
  const worker = async () => {
    for (let next = queue.shift(); next && !deps.signal?.aborted; next = queue.shift()) {
      const id = next.equipmentId;
      set(id, { phase: 'sending' });
      try {
        const { uuid } = await deps.send(id);
        await followTask(uuid, {
          poll: deps.poll,
          lang: deps.lang,
          signal: deps.signal,
          sleep: deps.sleep,
          onProgress: (progress) => set(id, { phase: 'waiting', progress }),
        });
        set(id, { phase: 'done' });
      } catch (err) {
        if (deps.signal?.aborted) return;
        set(id, failure(err));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return states;
}

/** How many ended well and how many failed, and whether all have ended. */
export function syncSummary(states: Iterable<SyncState>): { done: number; failed: number; ended: boolean } {
  let done = 0;
  let failed = 0;
  let open = 0;
  for (const s of states) {
    if (s.phase === 'done') done++;
    else if (s.phase === 'failed') failed++;
    else open++;
  }
  return { done, failed, ended: open === 0 };
}
