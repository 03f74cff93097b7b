/**
 * The resend check of several sessions and instances (docs/scale-out.md "Batch numbers"): two
 * checks on one database stand for two instances; a batch one of them stored is noted as the
 * value writer notes it (recordBatches, in the commit of its values).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loggedIn,
  makeEnterprise,
  startTestPlatform,
  type Caller,
  type TestPlatform,
} from '../../test/harness';
import { linkedDevice } from '../../test/gatewayFixtures';
import { loggedInOperator } from '../../test/platformFixtures';
import { recordBatches } from './batchRecord.repo';
import { RESEND_GRACE_MS, SharedBatchSequence } from './sharedBatchSequence';
import { RESEND_BATCHES_MAX, type SeqGap } from './telemetryIngestor';

let p: TestPlatform;
let admin: Caller;
let operator: Caller;
const checks: SharedBatchSequence[] = [];

beforeAll(async () => {
  p = await startTestPlatform();
  admin = await loggedIn(p.app, (await makeEnterprise(p.ctx.db, 'Shared Works')).admin);
  operator = await loggedInOperator(p);
});
afterAll(async () => {
  for (const c of checks) await c.stop();
  await p.stop();
});

/** Two instances' checks and the requests each sent, for a new bound gateway. */
async function twoInstances(name: string) {
  const { sn } = await linkedDevice(admin, operator, name);
  const asked: { by: string; bootId: string; gap: SeqGap }[] = [];
  const check = (by: string) => {
    const c = new SharedBatchSequence({
      db: p.ctx.db,
      clock: p.clock,
      log: { warn: () => {} },
      ask: async (_sn, bootId, gap) => void asked.push({ by, bootId, gap }),
    });
    checks.push(c);
    return c;
  };
  /** a batch instance `c` received and stored */
  const receive = async (c: SharedBatchSequence, seq: number, bootId = 'boot-1') => {
    c.arrive(sn, bootId, seq, false);
    await recordBatches(p.ctx.db, [{ sn, bootId, seq, at: p.clock.now() }]);
  };
  const afterGrace = async (...cs: SharedBatchSequence[]) => {
    p.clock.advanceMinutes((RESEND_GRACE_MS + 1) / 60_000);
    for (const c of cs) await c.check();
  };
  return { sn, a: check('a'), b: check('b'), asked, receive, afterGrace };
}

describe('a resend check shared by instances', () => {
  it('asks for nothing when the numbers one instance missed were stored by the other', async () => {
    const { a, b, asked, receive, afterGrace } = await twoInstances('Shared tank');
    for (let seq = 1; seq <= 20; seq++) await receive(seq % 2 ? a : b, seq);
    await afterGrace(a, b);
    expect(asked).toEqual([]);
    expect(a.counts.foundElsewhere + b.counts.foundElsewhere).toBeGreaterThanOrEqual(18);
  });

  it('asks for a number no instance received once, though both saw the gap', async () => {
    const { a, b, asked, receive, afterGrace } = await twoInstances('Gap tank');
    for (const seq of [1, 2, 3, 5, 6, 7]) await receive(seq % 2 ? a : b, seq);
    await afterGrace(a, b);
    expect(asked.map(({ bootId, gap }) => ({ bootId, gap }))).toEqual([
      { bootId: 'boot-1', gap: { fromSeq: 4, toSeq: 4 } },
    ]);
  });

  it('asks for a gap of a gateway reporting every 4 minutes, batches spread over both instances', async () => {
    const { a, b, asked, receive, afterGrace } = await twoInstances('Slow meter');
    // batch 4 never arrives; instance a sees the gateway only every 8 minutes
    for (const seq of [1, 2, 3, 5, 6]) {
      await receive(seq % 2 ? a : b, seq);
      p.clock.advanceMinutes(4);
    }
    await afterGrace(a, b);
    expect(asked.map(({ gap }) => gap)).toEqual([{ fromSeq: 4, toSeq: 4 }]);
  });

  it('asks for nothing that reaches the instance itself within the grace, late and out of order', async () => {
    const { sn, a, asked, receive, afterGrace } = await twoInstances('Late tank');
    await receive(a, 1);
    await receive(a, 3);
    p.clock.advanceMinutes((RESEND_GRACE_MS - 1000) / 60_000);
    a.arrive(sn, 'boot-1', 2, false);
    await afterGrace(a);
    expect(asked).toEqual([]);
  });

  it("waits twice the link's recent lag before asking, and the normal grace again once the lag is gone", async () => {
    const { sn, a, asked, receive } = await twoInstances('Lagging tank');
    const wait = async (ms: number) => {
      p.clock.advanceMinutes(ms / 60_000);
      await a.check();
    };
    // live values arrive 20 s after their sample time: a gap waits 40 s, not 5
    a.noteLag(20_000);
    expect(a.graceNow()).toBe(40_000);
    await receive(a, 1);
    await receive(a, 3);
    await wait(RESEND_GRACE_MS + 1000);
    expect(asked).toEqual([]);
    a.arrive(sn, 'boot-1', 2, false); // the queued batch comes 25 s late: nothing asked
    await wait(20_000);
    expect(asked).toEqual([]);
    // a real gap under the lag is still asked for, once its 40 s are over
    await receive(a, 5);
    await wait(41_000);
    expect(asked.map(({ gap }) => gap)).toEqual([{ fromSeq: 4, toSeq: 4 }]);
    // the lag decays by half every 30 s: some minutes on, the grace is the normal one
    await wait(5 * 60_000);
    expect(a.graceNow()).toBe(RESEND_GRACE_MS);
  });

  it('asks for at most the latest 1,000 of a huge jump, and a gateway at most once in 10 s whichever instance asks', async () => {
    const { a, b, asked, receive, afterGrace } = await twoInstances('Jumping shared tank');
    await receive(a, 5);
    await receive(a, 1_000_005);
    await receive(b, 7);
    await receive(b, 9);
    await afterGrace(a, b);
    expect(asked.map(({ gap }) => gap)).toEqual([
      { fromSeq: 1_000_005 - RESEND_BATCHES_MAX, toSeq: 1_000_004 },
    ]);
    // 5 s after A asked, B's new gap (10–11) falls due: within the 10 s, not asked
    await receive(b, 12);
    await afterGrace(a, b);
    expect(asked).toHaveLength(1);
    // past the 10 s: asked again
    await receive(b, 14);
    await afterGrace(a, b);
    expect(asked.map(({ by, gap }) => ({ by, gap }))).toEqual([
      { by: 'a', gap: { fromSeq: 1_000_005 - RESEND_BATCHES_MAX, toSeq: 1_000_004 } },
      { by: 'b', gap: { fromSeq: 13, toSeq: 13 } },
    ]);
  });
});
