/**
 * Live latency (issue 5, benchmark b): time from a value's ingest (`monitor.ingest`, the call the
 * gateway link makes for every stored batch: value cache, alarm engine, live bus, per-socket
 * pacing) to its receipt by a browser socket, with 500 sockets subscribed (100 devices × 5), each
 * device ingesting a batch of 10 values at 1 Hz and then at 5 Hz. The sockets live in a separate
 * client process, as browsers would.
 *
 * Baseline, same run, same client process and schedule: a bare `ws` server that sends the same
 * JSON frame straight to the device's 5 sockets — the transport floor without the platform.
 * Reported: p50 / p99 / max per phase and the platform/baseline ratios (goal p99 ≤ 100 ms).
 *
 * DATABASE_URL and REDIS_URL, when set, are used (Redis: the bus goes through Redis pub/sub).
 * BENCH_DEVICES, BENCH_SOCKETS_PER_DEVICE, BENCH_SECONDS (per phase), BENCH_VARIABLES (values per
 * batch) and BENCH_RATES (batches per second and device, comma list) change the load: with
 * BENCH_VARIABLES=200 BENCH_RATES=5 the devices ingest 100,000 values/s, the ingest benchmark's rate.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import WebSocket, { WebSocketServer } from 'ws';
import type { LiveValue } from '@fieldhub/shared';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 100);
const PER_DEVICE = Number(process.env.BENCH_SOCKETS_PER_DEVICE ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const VARIABLES = Number(process.env.BENCH_VARIABLES ?? 10);
const RATES_HZ = (process.env.BENCH_RATES ?? '1,5').split(',').map(Number);

/** Epoch milliseconds with sub-millisecond precision, comparable across the two processes. */
const now = () => performance.timeOrigin + performance.now();

interface Stats {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

type ToClient =
  { cmd: 'connect'; urls: string[] } | { cmd: 'phase'; from: number } | { cmd: 'stats' } | { cmd: 'close' };
type FromClient = { ready: number } | { stats: Stats } | { phase: number };

// --- the client process: the browsers --------------------------------------------------------

function runClient(): void {
  let sockets: WebSocket[] = [];
  let latencies: number[] = [];
  let from = Infinity;
  const reply = (m: FromClient) => process.send!(m);
  process.on('message', async (m: ToClient) => {
    if (m.cmd === 'connect') {
      for (const s of sockets) s.terminate();
      sockets = await Promise.all(
        m.urls.map(
          (url) =>
            new Promise<WebSocket>((resolve, reject) => {
              const ws = new WebSocket(url);
              ws.on('message', (data) => {
                const received = now();
                const msg = JSON.parse(String(data)) as { type: string; values?: LiveValue[] };
                const sent = msg.type === 'signalVal' ? msg.values?.[0]?.value : undefined;
                if (typeof sent === 'number' && sent >= from) latencies.push(received - sent);
              });
              ws.once('open', () => resolve(ws));
              ws.once('error', reject);
            }),
        ),
      );
      reply({ ready: sockets.length });
    } else if (m.cmd === 'phase') {
      from = m.from;
      latencies = [];
      reply({ phase: from });
    } else if (m.cmd === 'stats') {
      const sorted = Float64Array.from(latencies).sort();
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
      reply({
        stats: { count: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1] ?? NaN },
      });
    } else {
      for (const s of sockets) s.terminate();
      process.exit(0);
    }
  });
}

// --- the server side -------------------------------------------------------------------------

function ask(child: ChildProcess, m: ToClient): Promise<FromClient> {
  return new Promise((resolve) => {
    child.once('message', (r: FromClient) => resolve(r));
    child.send(m);
  });
}

const sleepUntil = (t: number) => new Promise((r) => setTimeout(r, Math.max(0, t - now())));

/**
 * Runs one phase: every device publishes a batch at `hz`, devices evenly staggered, for SECONDS.
 * Returns the client's latency figures and how many frames were expected.
 */
async function phase(
  child: ChildProcess,
  hz: number,
  publish: (device: number, values: LiveValue[]) => Promise<void>,
  signalIds: number[][],
): Promise<Stats & { expected: number }> {
  const start = now() + 200;
  // a timer may fire a little early: the first batch counts from just before the start
  await ask(child, { cmd: 'phase', from: start - 50 });
  const gap = 1000 / hz / DEVICES;
  const total = Math.floor((SECONDS * 1000) / gap);
  const pending: Promise<void>[] = [];
  for (let k = 0; k < total; k++) {
    await sleepUntil(start + k * gap);
    const d = k % DEVICES;
    const sent = now();
    const ts = Math.floor(sent);
    pending.push(
      publish(
        d,
        signalIds[d]!.map((signalId) => ({ signalId, ts, value: sent, quality: 0 })),
      ),
    );
  }
  await Promise.all(pending);
  await new Promise((r) => setTimeout(r, 500)); // the last frames in flight
  const { stats } = (await ask(child, { cmd: 'stats' })) as { stats: Stats };
  return { ...stats, expected: total * PER_DEVICE };
}

function line(label: string, s: Stats & { expected: number }): void {
  console.log(
    `  ${label.padEnd(34)} p50 ${s.p50.toFixed(2).padStart(7)} ms  p99 ${s.p99.toFixed(2).padStart(7)} ms  max ${s.max
      .toFixed(1)
      .padStart(7)} ms  frames ${s.count}/${s.expected}`,
  );
}

async function runServer(): Promise<void> {
  // imported here: the client process needs none of the server
  const { loggedIn, makeEnterprise, startTestPlatform } = await import('../apps/server/test/harness');
  const { liveToken, socketUrl } = await import('../apps/server/test/liveClient');

  const env: Record<string, string> = { LOG_LEVEL: 'warn' };
  if (process.env.REDIS_URL) {
    env.REDIS_URL = process.env.REDIS_URL;
    env.REDIS_PREFIX = `fieldhub-bench:${randomUUID()}:`;
  }
  const p = await startTestPlatform(env);
  const child = fork(fileURLToPath(import.meta.url), ['client'], { execArgv: process.execArgv });
  const bare = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  try {
    await p.app.listen({ host: '127.0.0.1', port: 0 });
    const { db } = p.ctx;
    const { orgId, admin: adminName } = await makeEnterprise(db, 'Latency Bench Works');
    const admin = await loggedIn(p.app, adminName);
    const devices = (
      await db.query<{ id: number }>(
        `insert into equipment(org_id, name) select $1, 'Line ' || g from generate_series(1, $2::int) g returning id`,
        [orgId, DEVICES],
      )
    ).map((r) => r.id);
    const signalIds: number[][] = [];
    for (const id of devices) {
      const rows = await db.query<{ id: number }>(
        `insert into variables(org_id, equipment_id, name, data_type)
         select $1, $2, 'v' || g, 'float32' from generate_series(1, $3::int) g returning id`,
        [orgId, id, VARIABLES],
      );
      signalIds.push(rows.map((r) => r.id));
    }
    const urls: string[] = [];
    for (const id of devices)
      for (let s = 0; s < PER_DEVICE; s++) urls.push(socketUrl(p.app, await liveToken(admin, id)));

    const bus = p.ctx.config.REDIS_URL ? 'Redis' : 'in-process';
    console.log(
      `${DEVICES} devices × ${PER_DEVICE} sockets = ${urls.length} sockets, ${VARIABLES} values per batch, ${SECONDS} s per phase; database ${db.kind}, ${bus} bus`,
    );
    const platform: Record<number, Stats & { expected: number }> = {};
    await ask(child, { cmd: 'connect', urls });
    // warm-up, not measured: first batches load each device's alarm rules and warm the JIT
    for (let round = 0; round < 3; round++) {
      for (const [d, id] of devices.entries()) {
        const ts = Date.now();
        await p.ctx.monitor.ingest(
          id,
          signalIds[d]!.map((signalId) => ({ signalId, ts, value: 0, quality: 0 })),
          false,
        );
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    for (const hz of RATES_HZ) {
      platform[hz] = await phase(
        child,
        hz,
        (d, values) => p.ctx.monitor.ingest(devices[d]!, values, false),
        signalIds,
      );
      line(`platform, ${hz} Hz per device`, platform[hz]);
    }

    // baseline: the same frames straight from a bare ws server to the same number of sockets
    const byDevice = new Map<number, WebSocket[]>();
    bare.on('connection', (ws, req) => {
      const d = Number(req.url!.split('/').pop());
      if (!byDevice.has(d)) byDevice.set(d, []);
      byDevice.get(d)!.push(ws);
    });
    const port = (bare.address() as { port: number }).port;
    await ask(child, {
      cmd: 'connect',
      urls: devices.flatMap((_, d) =>
        Array.from({ length: PER_DEVICE }, () => `ws://127.0.0.1:${port}/d/${d}`),
      ),
    });
    for (const hz of RATES_HZ) {
      const base = await phase(
        child,
        hz,
        async (d, values) => {
          const frame = JSON.stringify({ type: 'signalVal', equipmentId: devices[d], values });
          for (const ws of byDevice.get(d) ?? []) ws.send(frame);
        },
        signalIds,
      );
      line(`bare ws baseline, ${hz} Hz per device`, base);
      const mine = platform[hz]!;
      console.log(
        `  ${hz} Hz: platform/baseline p50 = ${(mine.p50 / base.p50).toFixed(2)}, p99 = ${(mine.p99 / base.p99).toFixed(2)}; platform p99 ${mine.p99 <= 100 ? '≤' : '>'} 100 ms`,
      );
    }
  } finally {
    child.send({ cmd: 'close' } satisfies ToClient);
    bare.close();
    await p.stop();
  }
}

if (process.argv[2] === 'client') runClient();
else await runServer();
