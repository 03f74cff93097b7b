/**
 * Store-and-forward under a broker crash, the 60 s acceptance run of issue 4: the gateway
 * streams ~1,000 values/s (1,000 internal variables and a tick written every second by a script,
 * through the real runtime, buffer and MQTT link) while Mosquitto is killed (SIGKILL) for 10 s and
 * restarted on the same port. Prints values produced and stored (received by a subscriber,
 * de-duplicated by bootId and seq) and their ratio, which must be 1.000; then the crash run: the
 * gateway killed while the broker is down replays its buffer from the next process.
 *
 * BENCH_STREAM_SECONDS, BENCH_OUTAGE_AT_S and BENCH_OUTAGE_S change the run.
 */
import { brokerOutage, gatewayCrash } from '../apps/gateway/test/support/streamScenario';

const seconds = Number(process.env.BENCH_STREAM_SECONDS ?? 60);
const outageAtS = Number(process.env.BENCH_OUTAGE_AT_S ?? 20);
const outageS = Number(process.env.BENCH_OUTAGE_S ?? 10);
const log = (line: string) => console.log(`  ${line}`);

console.log(`stream: ${seconds} s at 1,000 values/s, broker killed at ${outageAtS} s for ${outageS} s`);
const stream = await brokerOutage({ sn: '900000000001', perSecond: 1000, seconds, outageAtS, outageS, log });
const rate = (n: number) => n.toLocaleString('en-US');
console.log(`values produced by the gateway        ${rate(stream.produced).padStart(10)}`);
console.log(`values stored (received, de-duplicated) ${rate(stream.received).padStart(8)}`);
console.log(
  `batches live / replayed as history    ${String(stream.liveBatches).padStart(5)} / ${stream.histBatches}`,
);
console.log(`variables with a gap in their series  ${String(stream.gappedVariables).padStart(5)}`);
console.log(`replay done after the broker came back ${String(stream.replayMs).padStart(4)} ms`);
console.log(`stored/produced = ${(stream.received / stream.produced).toFixed(3)}`);

console.log(`\ncrash: gateway killed (SIGKILL) after buffering ${outageS} s with the broker down`);
const crash = await gatewayCrash({ sn: '900000000002', perSecond: 1000, outageS, log });
console.log(`last live seq before the outage       ${String(crash.lastLiveSeq).padStart(5)}`);
console.log(`records pending when it restarted     ${String(crash.pendingAtRestart).padStart(5)}`);
console.log(`batches replayed by the next process  ${String(crash.replayedSeqs.length).padStart(5)}`);
console.log(
  `ticks stored before / after the crash ${String(crash.ticksBeforeOutage).padStart(5)} / ${crash.ticks.length}`,
);
const unbroken = crash.seqs.every((s, i) => s === i) && crash.ticks.every((t, i) => t === i + 1);
console.log(`killed boot's series unbroken: ${unbroken}`);

const ok = stream.received === stream.produced && stream.gappedVariables === 0 && unbroken;
process.exit(ok ? 0 : 1);
