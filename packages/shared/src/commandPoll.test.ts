import { describe, expect, it } from 'vitest';
import { COMMAND_POLL_ROUNDS, commandPollSchedule, commandPollWait, pollCommand } from './commandPoll';

describe('command polling schedule of docs/requirements/monitoring.md §6.2', () => {
  it('waits 0.5 s first, then 1, 2 until 5, 5 until 10, 10 until 30, then 30 s', () => {
    expect(commandPollSchedule(12)).toEqual([0.5, 1, 2, 2, 5, 10, 10, 30, 30, 30, 30, 30]);
  });

  it('follows the thresholds on the counter', () => {
    expect([0, 0.5, 1, 4.9, 5, 9.9, 10, 29.9, 30, 1000].map(commandPollWait)).toEqual([
      0.5, 1, 2, 2, 5, 5, 10, 10, 30, 30,
    ]);
  });

  it('has 180 rounds', () => {
    const all = commandPollSchedule();
    expect(all).toHaveLength(COMMAND_POLL_ROUNDS);
    expect(all.reduce((a, b) => a + b, 0)).toBe(0.5 + 1 + 2 + 2 + 5 + 10 + 10 + 173 * 30);
  });

  it('resolves with the result as soon as the task is done', async () => {
    const slept: number[] = [];
    let calls = 0;
    const result = await pollCommand(
      async () => (++calls === 3 ? { done: true, result: 'ok' } : { done: false }),
      async (ms) => void slept.push(ms),
    );
    expect(result).toBe('ok');
    expect(slept).toEqual([500, 1000, 2000]);
  });

  it('fails with 1301 after the last round', async () => {
    let calls = 0;
    await expect(
      pollCommand(
        async () => (calls++, { done: false }),
        async () => undefined,
      ),
    ).rejects.toMatchObject({ code: 1301 });
    expect(calls).toBe(COMMAND_POLL_ROUNDS);
  });
});
