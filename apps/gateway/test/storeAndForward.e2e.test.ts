/**
 * Acceptance of store-and-forward against a real Mosquitto: no value is lost when the broker is
 * killed and restarted mid-stream, and a gateway killed while offline replays its buffer after
 * its restart. The stream lasts STREAM_SECONDS (20 s by default); the acceptance criterion's 60 s
 * stream is the benchmark's: `npm run bench -- gateway-stream` runs it and prints its figures.
 */
import { describe, expect, it } from 'vitest';
import { brokerOutage, gatewayCrash } from './support/streamScenario';

const SECONDS = Number(process.env.STREAM_SECONDS ?? 20);

describe('store and forward', () => {
  it(
    `loses no value of a ${SECONDS} s stream at 1,000 values/s while the broker is killed and restarted`,
    async () => {
      const outcome = await brokerOutage({
        sn: '300000000001',
        perSecond: 1000,
        seconds: SECONDS,
        outageAtS: Math.max(3, Math.round(SECONDS / 5)),
        outageS: Math.min(10, Math.round(SECONDS / 2.5)),
      });
      expect(outcome.produced).toBe(1001 * SECONDS);
      expect(outcome.received).toBe(outcome.produced);
      expect(outcome.gappedVariables).toBe(0);
      expect(outcome.histBatches).toBeGreaterThan(0); // what was produced while down came as history
    },
    (SECONDS + 60) * 1000,
  );

  it('replays the buffer of a gateway killed while the broker was down', async () => {
    const outcome = await gatewayCrash({ sn: '300000000002', perSecond: 1000, outageS: 4 });
    // the new process runs the saved config without the cloud
    expect(outcome.newBootConfigHash).toBe('h1');
    // batches made while the broker was down came back, as history, from the new process
    const afterOutage = outcome.replayedSeqs.filter((seq) => seq > outcome.lastLiveSeq);
    expect(outcome.pendingAtRestart).toBeGreaterThanOrEqual(2);
    expect(afterOutage.length).toBeGreaterThanOrEqual(2);
    expect(afterOutage[0]).toBe(outcome.lastLiveSeq + 1);
    // and the killed boot's batches form an unbroken sequence
    expect(outcome.seqs).toEqual(outcome.seqs.map((_, i) => i));
    expect(outcome.ticks).toEqual(outcome.ticks.map((_, i) => i + 1));
    expect(outcome.ticks.length).toBeGreaterThan(outcome.ticksBeforeOutage + 1);
  }, 60_000);
});
