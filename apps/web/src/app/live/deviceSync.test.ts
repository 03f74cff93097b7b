import { describe, expect, it } from 'vitest';
import { messageFor } from '@fieldhub/shared';
import { syncDevices, syncSummary, type SyncState } from './deviceSync';
import type { TaskAnswer } from './commandTask';

/** A platform in memory: each device's task answers `wait` twice, then its outcome. */
function fakePlatform(outcomes: Record<number, 'ok' | 'refused' | 'failed'>) {
  let running = 0;
  let most = 0;
  const polls = new Map<string, number>();
  return {
    get most() {
      return most;
    },
    async send(equipmentId: number) {
      await Promise.resolve();
      if (outcomes[equipmentId] === 'refused')
        throw Object.assign(new Error(messageFor(1304, 'en-US')), { code: '1304' });
      running++;
      most = Math.max(most, running);
      return { uuid: `task-${equipmentId}` };
    },
    async poll(uuid: string): Promise<TaskAnswer> {
      await Promise.resolve();
      const n = (polls.get(uuid) ?? 0) + 1;
      polls.set(uuid, n);
      if (n < 3) return { status: 'wait' };
      running--;
      const id = Number(uuid.slice(5));
      return outcomes[id] === 'failed'
        ? { status: 'failure', code: '1303' }
        : { status: 'success', data: null };
    },
  };
}

describe('syncing devices', () => {
  it('syncs each device a few at a time and tells every state, a failure failing that device only', async () => {
    const platform = fakePlatform({ 1: 'ok', 2: 'refused', 3: 'failed', 4: 'ok', 5: 'ok', 6: 'ok' });
    const seen = new Map<number, string[]>();
    const states = await syncDevices(
      [1, 2, 3, 4, 5, 6].map((id) => ({ equipmentId: id, name: `Device ${id}` })),
      {
        send: (id) => platform.send(id),
        poll: (uuid) => platform.poll(uuid),
        onChange: (id, s) => seen.set(id, [...(seen.get(id) ?? []), s.phase]),
        lang: 'en-US',
        sleep: () => Promise.resolve(),
      },
      3,
    );
    expect(platform.most).toBeLessThanOrEqual(3);
    expect(seen.get(1)).toEqual(['queued', 'sending', 'waiting', 'waiting', 'waiting', 'done']);
    expect(states.get(2)).toEqual({ phase: 'failed', code: '1304', message: messageFor(1304, 'en-US') });
    expect(states.get(3)).toEqual({ phase: 'failed', code: '1303', message: messageFor(1303, 'en-US') });
    expect([4, 5, 6].map((id) => states.get(id)?.phase)).toEqual(['done', 'done', 'done']);
    expect(syncSummary(states.values())).toEqual({ done: 4, failed: 2, ended: true });
  });

  it('leaves devices not started queued once the screen is closed', async () => {
    const stop = new AbortController();
    const platform = fakePlatform({ 1: 'ok', 2: 'ok' });
    const states = await syncDevices(
      [1, 2].map((id) => ({ equipmentId: id, name: `Device ${id}` })),
      {
        send: async (id) => {
          const task = await platform.send(id);
          stop.abort();
          return task;
        },
        poll: (uuid) => platform.poll(uuid),
        onChange: () => undefined,
        lang: 'en-US',
        signal: stop.signal,
      },
      1,
    );
    expect([...states.values()].map((s: SyncState) => s.phase)).toEqual(['sending', 'queued']);
    expect(syncSummary(states.values()).ended).toBe(false);
  });
});
