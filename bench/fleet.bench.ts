/**
 * A simulated fleet against one server on PostgreSQL (issue 22 item 3, docs/scale-out.md):
 * BENCH_GATEWAYS gateways × BENCH_VARIABLES variables, one value per variable every
 * BENCH_INTERVAL (default 10,000 × 50 at 10s: 50,000 values/s) for BENCH_SECONDS (default 600),
 * counted from the end of the fleet's boot: the gateways log in naming no configuration, the
 * platform sends their first configurations (a few at a time, FIRST_CONFIG_PER_SECOND a second),
 * and each gateway samples once it holds one, as the software gateway does; the boot's length and
 * the lag of the values sampled during it are reported on their own. BENCH_FLEET_SAMPLE_BEFORE_CONFIG=1
 * has the gateways sample from their login on (`--sample-before-config`): the whole telemetry and
 * the first configurations at once, as when gateways join a fleet that already runs.
 * The gateways are the gateway's own fleet mode in a child process (`npm run gateway -- --fleet`),
 * each a real MQTT client with its own login on a Mosquitto with the platform's password and ACL
 * files; the platform (this process) provisions them through its services first.
 *
 * Measured: values stored against values the broker acknowledged to the gateways (must be 1.000),
 * ingest lag (sample time → live frame on a socket, sent after the value is stored) p50/p99 on
 * BENCH_SOCKETS devices (over the run, by minute, and of the values sampled in its last minute),
 * server RSS every 30 s, and the monitor list (`monitor/equipment/query`)
 * and device detail (`monitor/multi/signal/query`) calls p50/p95 under the load.
 * Baseline, same run: the same calls on the same server and data before the fleet starts.
 *
 * Every 30 s it prints the server's RSS, the values written (the writer's count of committed rows;
 * the table is counted once, at the end) and the WAL the PostgreSQL wrote per 1,000 of them.
 *
 * DATABASE_URL names the PostgreSQL (a fresh database is made and dropped), else the machine's;
 * `bench/postgres-for-fleet.sh` starts one with the settings docs/scale-out.md gives for a fleet;
 * with BENCH_FLEET_KEEP=1 the provisioned fleet is kept (a database `bench_fleet_<G>x<V>_<migrations>`
 * and its credentials file in the temporary directory) and each run works on a copy of it:
 * provisioning 10,000 gateways takes about nine minutes;
 * BENCH_SESSIONS sets the server's MQTT_SESSIONS (its default, 48); BENCH_ROLLUP_INTERVAL_MS its
 * ROLLUP_INTERVAL_MS (default 60000, as in production; the curve rollups' job runs during the run).
 *
 * CPU: the seconds the server (this process), the fleet, Mosquitto and PostgreSQL spent from the
 * fleet's start until every value was stored, per 1,000 values stored (/proc; PostgreSQL's total
 * counts whatever else ran on it meanwhile, its backends serving this database do not), and over
 * the steady part (from the first 30 s to the fleet's stop). BENCH_PROFILE=<file> writes a CPU
 * profile of the server over the steady part (.cpuprofile, for Chrome's DevTools; its times are
 * wall-clock samples, so on a loaded machine a system call may show the time the process waited
 * for a core after it); BENCH_SQL=1 counts the statements the server ran per uplink (the calls
 * and this bench's counts included).
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { Mosquitto, until } from '@fieldhub/testkit';
import type { LiveValue } from '@fieldhub/shared';
import {
  backendsCpu,
  countStatements,
  cpuOfPid,
  endedChildrenCpu,
  postgresCpu,
  statementLines,
  walMark,
  walSince,
} from './processCpu';

process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const { loggedIn, makeEnterprise, makePlatformOperator, startTestPlatform } =
  await import('../apps/server/test/harness');
const { openSocket, liveToken } = await import('../apps/server/test/liveClient');
const { asCaller } = await import('../apps/server/src/seed/demoDevices');
const { provisionFleet } = await import('../apps/server/src/seed/fleetSeed');
const { databaseExists, dropDatabase, keptDatabaseName } = await import('../apps/server/test/testDatabase');
const { startPlatformOnBroker } = await import('../apps/server/test/gatewayFixtures');
const { writerCounts } = await import('../apps/server/src/link/valueWriter');

const GATEWAYS = Number(process.env.BENCH_GATEWAYS ?? 10_000);
const VARIABLES = Number(process.env.BENCH_VARIABLES ?? 50);
const INTERVAL = process.env.BENCH_INTERVAL ?? '10s';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 600);
const SOCKETS = Math.min(GATEWAYS, Number(process.env.BENCH_SOCKETS ?? 20));
const CALLS = 40;
// gateways sampling from their login on while the platform sends their first configurations
const SAMPLE_BEFORE_CONFIG = process.env.BENCH_FLEET_SAMPLE_BEFORE_CONFIG === '1';
const REPO = path.resolve(import.meta.dirname, '..');

const mb = (bytes: number) => `${Math.round(bytes / 1048576)} MB`;
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;

/** The fleet's gateways and devices in the platform's database, through its services. */
async function provision(platform: Platform) {
  platform.ctx.clock = { now: () => new Date() };
  const { db } = platform.ctx;
  const op = await makePlatformOperator(db);
  const ent = await makeEnterprise(db, 'Fleet Bench Works');
  const provisionStarted = Date.now();
  const file = await provisionFleet(
    db,
    platform.ctx.clock,
    {
      operator: asCaller({ accountId: op.operatorId, orgId: op.orgId, loginname: op.operator }, 'operation'),
      admin: asCaller({ accountId: ent.adminId, orgId: ent.orgId, loginname: ent.admin }, 'enterprise'),
    },
    {
      gateways: GATEWAYS,
      variables: VARIABLES,
      firstSn: 700_000_000_000,
      name: 'Fleet',
      progress: (n) => n % 1000 === 0 && console.log(`provisioned ${n} devices`),
    },
  );
  console.log(
    `provisioned ${GATEWAYS} gateways × ${VARIABLES} variables in ${((Date.now() - provisionStarted) / 1000).toFixed(0)} s`,
  );
  return { file, admin: ent.admin };
}

const KEEP = process.env.BENCH_FLEET_KEEP === '1';
const kept = keptDatabaseName(`bench_fleet_${GATEWAYS}x${VARIABLES}`);
// the credentials of the fleet kept in that database: one file per PostgreSQL server
const server = createHash('sha256').update(new URL(process.env.DATABASE_URL).host).digest('hex').slice(0, 8);
const keptFile = path.join(tmpdir(), `${kept}-${server}.json`);
if (KEEP && !((await databaseExists(kept)) && existsSync(keptFile))) {
  // an interrupted provisioning leaves a database without its file: made again
  await dropDatabase(kept);
  const prep = await startTestPlatform({ LOG_LEVEL: 'warn' }, { database: { keep: kept } });
  try {
    writeFileSync(keptFile, JSON.stringify(await provision(prep)));
  } finally {
    await prep.stop();
  }
}

const broker = await Mosquitto.start({ auth: true });
const p = await startPlatformOnBroker(
  broker,
  {
    LOG_LEVEL: 'warn',
    MQTT_SESSIONS: process.env.BENCH_SESSIONS ?? '48',
    // the curve rollup job runs as in production (the test platforms turn it off)
    ROLLUP_INTERVAL_MS: process.env.BENCH_ROLLUP_INTERVAL_MS ?? '60000',
  },
  KEEP ? { database: { from: kept } } : {},
);
const dir = mkdtempSync(path.join(tmpdir(), 'fh-fleet-'));
let child: ReturnType<typeof spawn> | undefined;
const sockets: Awaited<ReturnType<typeof openSocket>>[] = [];
try {
  p.ctx.clock = { now: () => new Date() };
  const { db } = p.ctx;
  const { file, admin: adminName } = KEEP
    ? (JSON.parse(readFileSync(keptFile, 'utf8')) as Awaited<ReturnType<typeof provision>>)
    : await provision(p);
  await p.ctx.link!.refreshBrokerAuth();
  const fleetFile = path.join(dir, 'fleet.json');
  writeFileSync(fleetFile, JSON.stringify(file));
  const devices = (
    await db.query<{ id: number }>('select equipment_id as id from gateways where sn = any($1) order by sn', [
      file.gateways.map((g) => g.sn),
    ])
  ).map((r) => Number(r.id));
  const admin = await loggedIn(p.app, adminName);
  await p.app.listen({ port: 0, host: '127.0.0.1' });

  // the two calls, timed one after the other
  const timeCalls = async () => {
    const list: number[] = [];
    const detail: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      let t = performance.now();
      const a = await admin.post('/lfscada/monitor/equipment/query', { pageNum: 1, pageSize: 20 }, true);
      list.push(performance.now() - t);
      t = performance.now();
      const b = await admin.post(
        '/lfscada/monitor/multi/signal/query',
        { equipmentId: devices[(i * 7919) % devices.length] },
        true,
      );
      detail.push(performance.now() - t);
      if (a.body.code !== '200' || b.body.code !== '200')
        throw new Error(`call refused: ${a.body.code} ${b.body.code}`);
    }
    return { list: list.sort((x, y) => x - y), detail: detail.sort((x, y) => x - y) };
  };
  const idle = await timeCalls();

  // sockets on some devices: sample time → frame receipt
  // every value's sample time and lag; the boot's and the measured run's are told apart at the end
  const samples: { ts: number; lag: number }[] = [];
  for (const id of devices.slice(0, SOCKETS)) {
    const s = await openSocket(p.app, await liveToken(admin, id));
    s.ws.on('message', (data: Buffer) => {
      const at = Date.now();
      const frame = JSON.parse(data.toString()) as { type: string; values?: LiveValue[] };
      if (frame.type === 'signalVal')
        for (const v of frame.values ?? []) {
          samples.push({ ts: v.ts, lag: at - v.ts });
        }
    });
    sockets.push(s);
  }

  // the rows in the table: read once at the end (a count of millions of rows every 30 s took
  // PostgreSQL's CPU from the run); meanwhile the writer's own count of the rows it committed
  const count = async () =>
    Number((await db.query<{ n: string }>('select count(*) as n from signal_values'))[0]!.n);
  const written = () => {
    const w = writerCounts(db);
    return w.copiedRows + w.aloneRows;
  };
  let acked = -1;
  let commands = 0;
  let lastCounters = '';
  const statements = process.env.BENCH_SQL ? countStatements(db) : undefined;
  const profiler = process.env.BENCH_PROFILE ? new Session() : undefined;
  const brokerPid = Number(readFileSync(broker.pidFile, 'utf8').trim());
  const cpuAtStart = {
    server: process.cpuUsage(),
    children: endedChildrenCpu(),
    broker: cpuOfPid(brokerPid),
    postgres: postgresCpu(),
    backends: await backendsCpu(db),
  };
  // CPU seconds so far of each part, the fleet running: for the steady part of the run
  const cpuNow = async () => {
    const server = process.cpuUsage();
    return {
      server: (server.user + server.system) / 1e6,
      serverSystem: server.system / 1e6,
      fleet: cpuOfPid(child?.pid),
      broker: cpuOfPid(brokerPid),
      postgres: postgresCpu(),
      backends: await backendsCpu(db),
      stored: written(),
    };
  };
  const steady: Awaited<ReturnType<typeof cpuNow>>[] = [];
  child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/gateway/src/main.ts',
      '--fleet',
      String(GATEWAYS),
      '--fleet-file',
      fleetFile,
      '--broker',
      broker.url,
      '--variables',
      String(VARIABLES),
      '--interval',
      INTERVAL,
      '--data-dir',
      path.join(dir, 'gw'),
      ...(SAMPLE_BEFORE_CONFIG ? ['--sample-before-config'] : []),
    ],
    { cwd: REPO, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let partial = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop()!;
    for (const line of lines) {
      const entry = JSON.parse(line) as { msg: string; valuesAcked?: number; commands?: number };
      if (entry.msg === 'fleet') lastCounters = line;
      if (entry.msg === 'fleet stopped') [acked, commands] = [entry.valuesAcked!, entry.commands!];
    }
  });
  // The fleet's boot: every gateway logs in naming no configuration, the platform sends the first
  // configurations (FIRST_CONFIG_PER_SECOND a second), and each gateway samples once it holds one,
  // as the software gateway does. The measured run starts when every gateway is configured.
  const booting = Date.now();
  console.log(`boot: t=0 s rss ${mb(process.memoryUsage().rss)} (fleet starting)`);
  const sns = file.gateways.slice(0, GATEWAYS).map((g) => g.sn);
  const configured = async () =>
    Number(
      (
        await db.query<{ n: string }>(
          `select count(*) filter (where applied_hash is not null) as n from gateways where sn = any($1)`,
          [sns],
        )
      )[0]!.n,
    );
  for (let n = 0, mark = booting; n < GATEWAYS; await new Promise((r) => setTimeout(r, 1000))) {
    n = await configured();
    if (Date.now() - mark >= 30_000) {
      mark = Date.now();
      const t = Math.round((mark - booting) / 1000);
      console.log(`boot: t=${t} s configured ${fmt(n)}, written ${fmt(written())}`);
      if (n === 0 && t >= 90) throw new Error('no gateway configured in 90 s: does the fleet log in?');
    }
  }
  const bootS = (Date.now() - booting) / 1000;
  console.log(`boot: every gateway configured ${bootS.toFixed(1)} s after the fleet started`);
  const started = Date.now();
  console.log(
    `t=0 s rss ${mb(process.memoryUsage().rss)} written ${fmt(written())} (the measured run starts)`,
  );
  const loaded: { list: number[]; detail: number[] } = { list: [], detail: [] };
  const rss: number[] = [];
  let mark = { wal: await walMark(db), written: written() };
  while (Date.now() - started < SECONDS * 1000) {
    const next = Math.min(started + SECONDS * 1000, Date.now() + 30_000);
    // the calls under load, spread over the run
    const timed = await timeCalls();
    loaded.list.push(...timed.list);
    loaded.detail.push(...timed.detail);
    await new Promise((r) => setTimeout(r, Math.max(0, next - Date.now())));
    rss.push(process.memoryUsage().rss);
    // from the first 30 s (births, configurations, first batches) to the fleet's stop
    if (steady.length < 2) steady.push(await cpuNow());
    else steady[1] = await cpuNow();
    if (profiler && steady.length === 1) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    }
    const c = lastCounters
      ? (JSON.parse(lastCounters) as { connected: number; valuesAcked: number })
      : undefined;
    const wal = await walSince(db, mark.wal);
    const now = { wal: wal.mark, written: written() };
    const walPer1000 = wal.bytes / Math.max(1, (now.written - mark.written) / 1000);
    mark = now;
    console.log(
      `t=${Math.round((Date.now() - started) / 1000)} s rss ${mb(rss.at(-1)!)} written ${fmt(now.written)}, ` +
        `WAL ${(walPer1000 / 1024).toFixed(0)} KB per 1,000` +
        (c
          ? ` (fleet at its last report: ${c.connected} connected, ${fmt(c.valuesAcked)} acknowledged)`
          : ''),
    );
  }
  const fleetStopAt = Date.now();
  const profile = profiler && steady.length ? (await profiler.post('Profiler.stop')).profile : undefined;
  child.kill('SIGINT');
  const exited = new Promise((resolve) => child!.once('exit', resolve));
  await Promise.race([until('the fleet stopped', () => acked >= 0, 120_000), exited]);
  if (acked < 0) throw new Error('the fleet exited without its totals');
  const stopped = Date.now();
  await until('every acknowledged value written', () => written() >= acked, 300_000, 100).catch(
    () => undefined,
  );
  const stored = await count();
  const drainS = (Date.now() - stopped) / 1000;
  // the fleet's CPU is counted once it ended
  await Promise.race([exited, new Promise((r) => setTimeout(r, 30_000))]);
  const serverCpu = process.cpuUsage(cpuAtStart.server);
  const cpu = {
    server: (serverCpu.user + serverCpu.system) / 1e6,
    serverSystem: serverCpu.system / 1e6,
    // the fleet ended and was waited for
    fleet: endedChildrenCpu() - cpuAtStart.children,
    broker: cpuOfPid(brokerPid) - cpuAtStart.broker,
    postgres: postgresCpu() - cpuAtStart.postgres,
    backends: [...(await backendsCpu(db))].reduce(
      (sum, [pid, s]) => sum + s - (cpuAtStart.backends.get(pid) ?? 0),
      0,
    ),
  };
  if (profiler && profile) {
    writeFileSync(process.env.BENCH_PROFILE!, JSON.stringify(profile));
    profiler.disconnect();
  }
  loaded.list.sort((x, y) => x - y);
  loaded.detail.sort((x, y) => x - y);
  const lagsOf = (from: number, to: number) =>
    samples
      .filter((l) => l.ts >= from && l.ts < to)
      .map((l) => l.lag)
      .sort((x, y) => x - y);
  const bootLags = lagsOf(0, started);
  const lags = lagsOf(started, Infinity);
  const lastMinute = lagsOf(fleetStopAt - 60_000, Infinity);

  const rate =
    (GATEWAYS * VARIABLES) /
    (Number.parseFloat(INTERVAL) * (INTERVAL.endsWith('ms') ? 0.001 : INTERVAL.endsWith('m') ? 60 : 1));
  console.log(
    `\n${GATEWAYS} gateways × ${VARIABLES} variables every ${INTERVAL} (${fmt(rate)} values/s) for ${SECONDS} s on ${db.kind}; ` +
      `MQTT_SESSIONS ${p.ctx.config.MQTT_SESSIONS}; load average at the end ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} on ${cpus().length} cores`,
  );
  console.log(
    `stored ${fmt(stored)} of ${fmt(acked)} acknowledged by the broker: ${(stored / acked).toFixed(3)} (drained ${drainS.toFixed(1)} s after the fleet stopped)`,
  );
  console.log(
    `boot: every gateway configured ${bootS.toFixed(1)} s after the fleet started; ` +
      (bootLags.length
        ? `ingest lag of the ${fmt(bootLags.length)} values sampled meanwhile: p50 ${pct(bootLags, 0.5)} ms, p99 ${pct(bootLags, 0.99)} ms`
        : 'no value sampled meanwhile on the devices watched'),
  );
  // resend requests: a batch number judged out of order (docs/scale-out.md, "Batch numbers")
  console.log(`commands the gateways received (time, resend): ${fmt(commands)}`);
  console.log(
    `ingest lag (sample → live frame) over ${fmt(lags.length)} values: p50 ${pct(lags, 0.5)} ms, p99 ${pct(lags, 0.99)} ms, max ${lags.at(-1)} ms; ` +
      `of the ${fmt(lastMinute.length)} sampled in the run's last minute: p50 ${pct(lastMinute, 0.5)} ms, p99 ${pct(lastMinute, 0.99)} ms`,
  );
  // per minute of sample time: whether a backlog drains while the fleet runs
  const minutes = new Map<number, number[]>();
  for (const l of samples) {
    const m = Math.floor((l.ts - started) / 60_000);
    if (m >= 0) (minutes.get(m) ?? minutes.set(m, []).get(m)!).push(l.lag);
  }
  console.log(
    `ingest lag p50/p99 (ms) by minute of sample time: ${[...minutes.entries()]
      .sort(([a], [b]) => a - b)
      .map(([m, ls]) => {
        ls.sort((x, y) => x - y);
        return `${m}: ${pct(ls, 0.5)}/${pct(ls, 0.99)}`;
      })
      .join(', ')}`,
  );
  const perK = (s: number) => ((s / stored) * 1000 * 1000).toFixed(2);
  console.log(
    `CPU from the fleet's start to the last value stored, ms per 1,000 values: server ${perK(cpu.server)} (${cpu.server.toFixed(1)} s, of which the kernel ${cpu.serverSystem.toFixed(1)} s), ` +
      `fleet ${perK(cpu.fleet)} (${cpu.fleet.toFixed(1)} s), Mosquitto ${perK(cpu.broker)} (${cpu.broker.toFixed(1)} s), ` +
      `PostgreSQL backends of this database ${perK(cpu.backends)} (${cpu.backends.toFixed(1)} s), all PostgreSQL ${perK(cpu.postgres)} (${cpu.postgres.toFixed(1)} s)`,
  );
  if (steady.length === 2) {
    const [a, b] = steady as [(typeof steady)[0], (typeof steady)[0]];
    const values = b.stored - a.stored;
    const per = (x: number) => ((x / values) * 1e6).toFixed(2);
    let backends = 0;
    for (const [pid, s] of b.backends) backends += s - (a.backends.get(pid) ?? 0);
    console.log(
      `CPU in the steady part (${fmt(values)} values stored between the first and the last 30-s mark), ms per 1,000 values: ` +
        `server ${per(b.server - a.server)} (the kernel ${per(b.serverSystem - a.serverSystem)}), fleet ${per(b.fleet - a.fleet)}, Mosquitto ${per(b.broker - a.broker)}, ` +
        `PostgreSQL backends of this database ${per(backends)}, all PostgreSQL ${per(b.postgres - a.postgres)}`,
    );
  }
  if (statements)
    console.log(
      `statements per uplink (${fmt(stored / VARIABLES)} uplinks):\n${statementLines(
        statements,
        stored / VARIABLES,
        'uplink',
      )
        .slice(0, 25)
        .join('\n')}`,
    );
  console.log(
    `server rss: first ${mb(rss[0] ?? 0)}, last ${mb(rss.at(-1) ?? 0)}, max ${mb(Math.max(...rss))}`,
  );
  for (const name of ['list', 'detail'] as const) {
    const [i50, i95, l50, l95] = [
      pct(idle[name], 0.5),
      pct(idle[name], 0.95),
      pct(loaded[name], 0.5),
      pct(loaded[name], 0.95),
    ];
    console.log(
      `${name === 'list' ? 'monitor list ' : 'device detail'}  idle p50 ${i50.toFixed(1)} p95 ${i95.toFixed(1)} ms; ` +
        `under load p50 ${l50.toFixed(1)} p95 ${l95.toFixed(1)} ms (p95 ${(l95 / i95).toFixed(1)}× idle)`,
    );
  }
} finally {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  for (const s of sockets) s.close();
  await p.stop();
  await broker.stop();
  rmSync(dir, { recursive: true, force: true });
}
