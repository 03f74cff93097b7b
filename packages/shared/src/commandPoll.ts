import { z } from 'zod';

/**
 * Browser-side polling of a long-running command's result (docs/requirements/monitoring.md §6.2): at most 180
 * rounds; the wait is 0.5 s while the counter is 0, 1 s below 1, 2 s below 5, 5 s below 10, 10 s below 30,
 * else 30 s, and the counter advances by the wait (in seconds) each round. Running out of rounds
 * is a communication time-out (1301).
 */
export const COMMAND_POLL_ROUNDS = 180;

/** Seconds to wait before the round taken when the counter stands at `counter`. */
export function commandPollWait(counter: number): number {
  if (counter === 0) return 0.5;
  if (counter < 1) return 1;
  if (counter < 5) return 2;
  if (counter < 10) return 5;
  if (counter < 30) return 10;
  return 30;
}

/** The waits of every round, in seconds. */
export function commandPollSchedule(rounds = COMMAND_POLL_ROUNDS): number[] {
  const waits: number[] = [];
  let counter = 0;
  for (let i = 0; i < rounds; i++) {
    const wait = commandPollWait(counter);
    waits.push(wait);
    counter += wait;
  }
  return waits;
}

/**
 * What a command task's callback answers (/lfscada/equipment/multi/callback and the project
 * page's signal/callback): still waiting, or the outcome with its catalogue code, the code's
 * message in the caller's language and the task's result data.
 */
export const commandTaskAnswerSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('wait') }),
  z.object({
    status: z.enum(['success', 'failure']),
    code: z.string(),
    message: z.string(),
    data: z.unknown(),
  }),
]);
export type CommandTaskAnswer = z.output<typeof commandTaskAnswerSchema>;

export interface CommandPollOutcome<T> {
  done: boolean;
  result?: T;
}

/**
 * Polls `check` on the schedule until it reports done or the rounds run out; `sleep` is
 * injected so tests (and the browser) control time. Rejects with code 1301 on exhaustion.
 */
export async function pollCommand<T>(
  check: () => Promise<CommandPollOutcome<T>>,
  sleep: (ms: number) => Promise<void>,
  rounds = COMMAND_POLL_ROUNDS,
): Promise<T> {
  let counter = 0;
  for (let i = 0; i < rounds; i++) {
    const wait = commandPollWait(counter);
    await sleep(wait * 1000);
    counter += wait;
    const outcome = await check();
    if (outcome.done) return outcome.result as T;
  }
  throw Object.assign(new Error('communication time-out'), { code: 1301 });
}
