import { expect, it } from 'vitest';
import {
  firstConfigQueue,
  FIRST_CONFIG_PARALLEL,
  FIRST_CONFIG_PER_SECOND,
  FIRST_CONFIG_PER_SECOND_BEHIND,
} from './firstConfigs';

/** afterUplink's way of running work: after the handler, all of it awaitable. */
function afterUplink() {
  const pending: Promise<unknown>[] = [];
  return {
    after: (_what: string, work: () => Promise<unknown>) =>
      void pending.push(new Promise((r) => setImmediate(r)).then(work).catch(() => undefined)),
    settled: () => Promise.all(pending),
  };
}

const clock = { now: () => new Date() };

it('builds at most FIRST_CONFIG_PARALLEL configurations at once, in the order asked, a failure freeing its turn', async () => {
  const { after, settled } = afterUplink();
  // unpaced, so that several are under way at once
  const queue = firstConfigQueue(after, clock, { perSecond: Infinity });
  let running = 0;
  let most = 0;
  const started: number[] = [];
  const count = 3 * FIRST_CONFIG_PARALLEL;
  for (let i = 0; i < count; i++)
    queue.offer(`3100000000${String(i).padStart(2, '0')}`, true, async () => {
      started.push(i);
      most = Math.max(most, ++running);
      await new Promise((r) => setImmediate(r));
      running--;
      if (i % 3 === 0) throw new Error('broker gone');
    });
  await settled();
  expect(most).toBe(FIRST_CONFIG_PARALLEL);
  expect(started).toEqual([...Array(count).keys()]);
});

it('starts at most FIRST_CONFIG_PER_SECOND a second', async () => {
  const { after, settled } = afterUplink();
  const queue = firstConfigQueue(after, clock);
  const startedAt: number[] = [];
  const t0 = performance.now();
  for (let i = 0; i < 10; i++)
    queue.offer(
      `3100000001${String(i).padStart(2, '0')}`,
      true,
      async () => void startedAt.push(performance.now()),
    );
  await settled();
  // the k-th starts no earlier than k steps after the offers (a start the loop delayed may be
  // followed closely by the next, on time: the pace is of the schedule, not of each gap)
  startedAt.forEach((t, k) =>
    expect(t - t0).toBeGreaterThanOrEqual((k * 1000) / FIRST_CONFIG_PER_SECOND - 2),
  );
});

it('does not queue a gateway again while its configuration waits or is built, even on a new boot', async () => {
  const { after, settled } = afterUplink();
  const queue = firstConfigQueue(after, clock);
  let built = 0;
  const push = async () => void built++;
  expect(queue.offer('310000000001', true, push)).toBe(true);
  expect(queue.offer('310000000001', true, push)).toBe(false);
  expect(queue.offer('310000000001', false, push)).toBe(false);
  await settled();
  expect(built).toBe(1);
  // once sent, a new boot asks at once; the same boot waits (status.test.ts)
  expect(queue.offer('310000000001', false, push)).toBe(false);
  expect(queue.offer('310000000001', true, push)).toBe(true);
  await settled();
  expect(built).toBe(2);
});

it('drops what waits when closed, at once, and takes no more', async () => {
  const { after, settled } = afterUplink();
  const queue = firstConfigQueue(after, clock);
  const built: number[] = [];
  const offered = 200;
  for (let i = 0; i < offered; i++)
    queue.offer(`3100000002${String(i).padStart(2, '0')}`, true, async () => void built.push(i));
  // paced at FIRST_CONFIG_PER_SECOND, all would take seconds; the link closes meanwhile
  await new Promise((r) => setTimeout(r, 100));
  queue.close();
  const closedAt = performance.now();
  await settled();
  expect(performance.now() - closedAt).toBeLessThan((offered / FIRST_CONFIG_PER_SECOND) * 1000 - 1000);
  expect(built.length).toBeGreaterThan(0);
  expect(built.length).toBeLessThan(offered / 2);
  expect(queue.offer('310000000300', true, async () => void built.push(-1))).toBe(false);
  await settled();
  expect(built).not.toContain(-1);
});

it('starts FIRST_CONFIG_PER_SECOND_BEHIND a second while the link is behind, the full pace after', async () => {
  const { after, settled } = afterUplink();
  let behind = true;
  const queue = firstConfigQueue(after, clock, { behind: () => behind });
  const startedAt: number[] = [];
  const push = async () => {
    startedAt.push(performance.now());
    // the link caught up after the third
    if (startedAt.length === 3) behind = false;
  };
  const t0 = performance.now();
  for (let i = 0; i < 12; i++) queue.offer(`3100000003${String(i).padStart(2, '0')}`, true, push);
  await settled();
  // each start's step is set when its turn is taken, FIRST_CONFIG_PARALLEL ahead at most: the
  // first seven are a step of the slow pace apart (slots at 0, 200 … 1,200 ms)
  const slow = 1000 / FIRST_CONFIG_PER_SECOND_BEHIND;
  for (let k = 0; k <= 6; k++) expect(startedAt[k]! - t0).toBeGreaterThanOrEqual(k * slow - 2);
  // then the full pace: the twelfth at about 1,300 ms, not 2,200 as at the slow pace throughout
  expect(startedAt[11]! - t0).toBeLessThan(11 * slow - 300);
});
