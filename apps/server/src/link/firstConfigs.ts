import type { Clock } from '../clock';

/** Configurations built and sent at once to gateways whose status names none. */
export const FIRST_CONFIG_PARALLEL = 4;
/** At most this many of them start a second. */
export const FIRST_CONFIG_PER_SECOND = 50;
/** While the link is behind (live values stored later than FIRST_CONFIG_BEHIND_MS), this many. */
export const FIRST_CONFIG_PER_SECOND_BEHIND = 5;
export const FIRST_CONFIG_BEHIND_MS = 1_000;
/** A gateway whose status still names none on the same boot is sent its configuration again after this. */
export const FIRST_CONFIG_REPEAT_MS = 300_000;

/**
 * The configurations sent to gateways whose birth or heartbeat names none (status.ts,
 * docs/requirements/gateway-link.md §5, docs/gateway-protocol.md "Start-up sequence"). Building
 * one reads the device's drivers, variables, reports and scripts and records a sync task; a
 * fleet's births bring thousands within seconds, and built all at once they held the database
 * ahead of the telemetry's commits (10,000 gateways logging in within ten seconds: a minute of
 * telemetry waited). So at most
 * FIRST_CONFIG_PARALLEL are built at once and FIRST_CONFIG_PER_SECOND start a second (all 10,000
 * within the first minute left a backlog of telemetry that did not drain in three minutes; at about
 * 45 a second it drained within two), in the order they were asked for; a gateway with one
 * waiting or under way is not queued again, and its heartbeats on the same boot ask again only
 * FIRST_CONFIG_REPEAT_MS after the last one went out (a new boot always does). Telemetry comes
 * first: while `behind()` says the link stores live values late (gateways already running while
 * others get their first configurations), FIRST_CONFIG_PER_SECOND_BEHIND start a second.
 * `close` (the link closing) drops what waits: those gateways still name no configuration, and
 * ask the next process.
 */
export function firstConfigQueue(
  after: (what: string, work: () => Promise<unknown>) => void,
  clock: Clock,
  {
    parallel = FIRST_CONFIG_PARALLEL,
    perSecond = FIRST_CONFIG_PER_SECOND,
    behind = () => false,
  }: { parallel?: number; perSecond?: number; behind?: () => boolean } = {},
) {
  const queued = new Set<string>();
  const sentAt = new Map<string, number>();
  const waiting: (() => void)[] = [];
  let running = 0;
  let closed = false;
  // the earliest the next one may start (this process's own time: a pace, not a date)
  let nextStart = 0;
  const paced = async () => {
    const now = performance.now();
    const at = Math.max(now, nextStart);
    nextStart = at + 1000 / (behind() ? Math.min(perSecond, FIRST_CONFIG_PER_SECOND_BEHIND) : perSecond);
    if (at > now) await new Promise((r) => setTimeout(r, at - now));
  };
  const turn = async () => {
    await new Promise<void>((resolve) => {
      if (running < parallel) {
        running++;
        resolve();
      } else waiting.push(resolve);
    });
    if (!closed) await paced();
  };
  const done = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  return {
    /** Queues `push` for gateway `sn` unless the rules above hold it back; answers whether it did. */
    offer(sn: string, newBoot: boolean, push: () => Promise<unknown>): boolean {
      if (closed || queued.has(sn)) return false;
      const last = sentAt.get(sn);
      if (!newBoot && last !== undefined && clock.now().getTime() - last < FIRST_CONFIG_REPEAT_MS)
        return false;
      queued.add(sn);
      after('config push', async () => {
        await turn();
        try {
          if (closed) return;
          await push();
          sentAt.set(sn, clock.now().getTime());
        } finally {
          queued.delete(sn);
          done();
        }
      });
      return true;
    },
    /** Drops the waiting ones (each still takes its turn, and returns at once); offers no more. */
    close(): void {
      closed = true;
    },
  };
}

export type FirstConfigQueue = ReturnType<typeof firstConfigQueue>;
