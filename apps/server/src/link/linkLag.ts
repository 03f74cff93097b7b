import type { Clock } from '../clock';

/** The time over which the typical lag follows the live batches (an exponential average). */
export const TYPICAL_LAG_TAU_MS = 5_000;

/**
 * How late live values typically reach storage (their sample time → stored), over the last few
 * seconds: an exponential average weighted by time, so 1,000 batches a second and one a minute
 * both follow the link, and one gateway with a skewed clock among thousands moves it little.
 * With no live batch for three averaging times it reads 0: nothing waits. The first
 * configurations' pace follows it (firstConfigs.ts); the resend check's grace follows the worst
 * recent lag instead (sharedBatchSequence.ts), since a batch held that long is not lost.
 */
export function typicalLag(clock: Clock, tauMs = TYPICAL_LAG_TAU_MS) {
  let lag = 0;
  let at = -Infinity;
  return {
    note(ms: number): void {
      const now = clock.now().getTime();
      const keep = Math.exp(-Math.max(0, now - at) / tauMs);
      lag = keep * lag + (1 - keep) * Math.max(0, ms);
      at = now;
    },
    ms(): number {
      return clock.now().getTime() - at > 3 * tauMs ? 0 : lag;
    },
  };
}

export type TypicalLag = ReturnType<typeof typicalLag>;
