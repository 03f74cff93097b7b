/**
 * The store-and-forward acceptance runs, shared by the test suite (short) and the benchmark
 * (bench/gateway-stream.bench.ts, 60 s):
 * - brokerOutage: a stream of ~1,000 values/s while the broker is killed (SIGKILL) and restarted
 *   on the same port; afterwards every value the gateway produced has reached the subscriber.
 * - gatewayCrash: the broker goes away, the gateway buffers, is killed (SIGKILL) while the broker
 *   is down, and once both are back the new process replays the old process's batches.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Mosquitto, TcpGate, sleep } from '@fieldhub/testkit';
import { Cloud } from './cloud';
import { STREAM_TICK_ID, streamConfig } from './configs';
import { GatewayProcess } from './gatewayProcess';

export interface StreamOptions {
  sn: string;
  /** variables written per second (plus the tick itself) */
  perSecond: number;
  seconds: number;
  /** when the broker is killed, seconds into the stream */
  outageAtS: number;
  /** how long it stays down */
  outageS: number;
  log?: (line: string) => void;
}

export interface StreamOutcome {
  produced: number;
  received: number;
  /** batches that arrived as history (replayed from the buffer) */
  histBatches: number;
  liveBatches: number;
  /** variables whose received values are not exactly 1..seconds in order */
  gappedVariables: number;
  /** time from the broker's restart until the last replayed (history) batch arrived, ms */
  replayMs: number;
  bootId: string;
}

/** The harness of one run: broker, gate, subscriber, data dir; `close` removes everything. */
async function harness(sn: string) {
  const broker = await Mosquitto.start();
  const gate = await TcpGate.start(broker.port);
  const cloud = await Cloud.connect(broker.url, sn);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gw-stream-'));
  const gateways: GatewayProcess[] = [];
  const startGateway = () => {
    const gateway = new GatewayProcess({ sn, broker: gate.url, dataDir });
    gateways.push(gateway);
    return gateway;
  };
  /** Kills the broker like a crash and keeps the gateway out until it may reconnect. */
  const brokerDown = async () => {
    gate.setOpen(false);
    await broker.kill('SIGKILL');
  };
  const brokerUp = async () => {
    await broker.restart();
    await cloud.ready(); // the subscriber is back before the gateway may replay
    gate.setOpen(true);
  };
  const close = async () => {
    for (const gateway of gateways) await gateway.kill('SIGKILL');
    await cloud.close();
    await gate.stop();
    await broker.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { broker, gate, cloud, startGateway, brokerDown, brokerUp, close };
}

const ticksOf = (cloud: Cloud, bootId: string) =>
  (cloud.valuesOf(bootId).get(String(STREAM_TICK_ID)) ?? []) as number[];

export async function brokerOutage(options: StreamOptions): Promise<StreamOutcome> {
  const log = options.log ?? (() => {});
  const h = await harness(options.sn);
  try {
    const gateway = h.startGateway();
    const birth = await h.cloud.waitFor('up/status', (p) => p.online === true);
    const bootId = String(birth.bootId);
    await h.cloud.sendConfig(1, streamConfig(options.perSecond, options.seconds));
    await h.cloud.until(
      () => ticksOf(h.cloud, bootId).includes(options.outageAtS),
      (options.outageAtS + 10) * 1000,
    );
    log(`tick ${options.outageAtS}: killing the broker (SIGKILL) for ${options.outageS} s`);
    await h.brokerDown();
    await sleep(options.outageS * 1000);
    await h.brokerUp();
    const restartedAt = Date.now();
    log('broker restarted on the same port');
    const expected = (options.perSecond + 1) * options.seconds;
    const leftS = Math.max(0, options.seconds - options.outageAtS - options.outageS);
    await h.cloud.until(() => h.cloud.valueCount(bootId) >= expected, (leftS + 30) * 1000);
    const histArrivals = h.cloud.received.filter((m) => m.suffix === 'up/telemetry/hist').map((m) => m.at);
    await gateway.kill('SIGTERM');
    const stopped = await gateway.waitForLog((l) => l.msg === 'gateway stopped', 1000).catch(() => undefined);
    const values = h.cloud.valuesOf(bootId);
    const series = Array.from({ length: options.seconds }, (_, i) => i + 1);
    let gappedVariables = 0;
    for (const received of values.values())
      if (JSON.stringify(received) !== JSON.stringify(series)) gappedVariables++;
    const batches = [...h.cloud.batches.values()].filter((b) => b.bootId === bootId);
    return {
      produced: Number(stopped?.valuesProduced ?? NaN),
      received: h.cloud.valueCount(bootId),
      histBatches: batches.filter((b) => b.hist).length,
      liveBatches: batches.filter((b) => !b.hist).length,
      gappedVariables,
      replayMs: histArrivals.length > 0 ? Math.max(...histArrivals) - restartedAt : 0,
      bootId,
    };
  } finally {
    await h.close();
  }
}

export interface CrashOutcome {
  /** last seq of the killed boot received before the broker went down */
  lastLiveSeq: number;
  /** records the new process found unacknowledged in the buffer */
  pendingAtRestart: number;
  /** seqs of the killed boot received after the new process started, as history */
  replayedSeqs: number[];
  /** all seqs of the killed boot, in order, de-duplicated */
  seqs: number[];
  /** ticks of the killed boot that reached the subscriber, in order */
  ticks: number[];
  /** ticks that had arrived before the broker went down */
  ticksBeforeOutage: number;
  newBootConfigHash: unknown;
}

export async function gatewayCrash(
  options: Omit<StreamOptions, 'seconds' | 'outageAtS'>,
): Promise<CrashOutcome> {
  const log = options.log ?? (() => {});
  const h = await harness(options.sn);
  try {
    const first = h.startGateway();
    const birth = await h.cloud.waitFor('up/status', (p) => p.online === true);
    const bootId = String(birth.bootId);
    await h.cloud.sendConfig(1, streamConfig(options.perSecond, 3600));
    await h.cloud.until(() => ticksOf(h.cloud, bootId).includes(3), 20_000);
    await h.brokerDown();
    const seqsOf = () =>
      [...h.cloud.batches.values()]
        .filter((b) => b.bootId === bootId)
        .map((b) => b.seq)
        .sort((a, b) => a - b);
    const lastLiveSeq = Math.max(...seqsOf());
    const ticksBeforeOutage = ticksOf(h.cloud, bootId).length;
    log(`broker down after seq ${lastLiveSeq}; the gateway buffers for ${options.outageS} s`);
    await sleep(options.outageS * 1000);
    await first.kill('SIGKILL');
    log('gateway killed (SIGKILL) while the broker is down');
    await h.brokerUp();
    const restartedAt = Date.now();
    const second = h.startGateway();
    const rebirth = await h.cloud.waitFor('up/status', (p) => p.online === true && p.bootId !== bootId);
    // the new process says how many records it found unacknowledged (the killed boot's, and its
    // own first batch should it be made before the connection): wait for all of them
    const replay = await second.waitForLog((l) => l.msg === 'replaying buffered uplinks', 20_000);
    const pending = Number(replay.pending);
    const replayedCount = () => [...h.cloud.batches.values()].filter((b) => b.hist).length;
    await h.cloud.until(() => replayedCount() >= pending, 30_000);
    const replayedSeqs = [...h.cloud.batches.values()]
      .filter((b) => b.bootId === bootId && b.hist)
      .map((b) => b.seq)
      .sort((a, b) => a - b);
    log(
      `replayed ${replayedSeqs.length} batches within ${Date.now() - restartedAt} ms of the broker's return`,
    );
    return {
      lastLiveSeq,
      pendingAtRestart: pending,
      replayedSeqs,
      seqs: seqsOf(),
      ticks: ticksOf(h.cloud, bootId),
      ticksBeforeOutage,
      newBootConfigHash: rebirth.configHash,
    };
  } finally {
    await h.close();
  }
}
