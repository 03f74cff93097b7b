/**
 * History curves (issue 5, benchmark c): the latest 200,000 points of 10 signals in a 7-day range
 * holding more than that, read and downsampled with M4 to 1,000 pixel columns — the curve call's
 * own work (`curveOf`), and the whole HTTP call (session, checks, JSON) — against the database
 * exporting the rows of exactly the same select with `COPY (select) TO STDOUT`, in the same run on
 * the same data. Reported as ratios (goal ≤ 1.5 × COPY). Both places of the M4 are timed too
 * (issue 22 item 2): M4 in the database (findCurveM4; goal ≤ 0.5 × COPY) and the points read packed
 * and downsampled here; `CURVE_M4_IN` takes the quicker one per database. And the curve from the
 * rollups (rollups.ts; goal ≤ 0.5 × COPY), with the time the rollup job took to build them.
 *
 * PostgreSQL: DATABASE_URL, else the machine's postgres://postgres@127.0.0.1:5432/postgres (a fresh
 * database is created and dropped); then PGlite, whose COPY writes to its /dev/blob device.
 * BENCH_POINTS_PER_SIGNAL (default 50,000) and BENCH_ROUNDS (default 7) change the load.
 */
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { PGlite } from '@electric-sql/pglite';
import { LIMITS } from '@fieldhub/shared';
import type { Db } from '../apps/server/src/db/db';
import { openPostgres, pgliteDbOf } from '../apps/server/src/db/db';
import { migrate } from '../apps/server/src/db/migrate';
import { ensureMonthPartitions } from '../apps/server/src/link/partitions';
import { curveSelect } from '../apps/server/src/monitor/history/history.repo';
import { CURVE_M4_IN, curveOf, deviceVariables } from '../apps/server/src/monitor/history/history.service';
import { loadConfig } from '../apps/server/src/config';
import { createPlatform } from '../apps/server/src/server';
import { loggedIn, makeEnterprise } from '../apps/server/test/harness';
import { send } from '../apps/server/test/deviceFixtures';
import { medianAfterWarmUp } from './timing';
import { curveFromRollups, runRollups } from '../apps/server/src/monitor/history/rollups';
import { findBuckets } from '../apps/server/src/modules/datacenter/dataCenter.repo';

const SIGNALS = LIMITS.historyCurveVariables;
const PER_SIGNAL = Number(process.env.BENCH_POINTS_PER_SIGNAL ?? 50_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const WIDTH = 1000;
const DAY = 86_400_000;
const END = Date.UTC(2024, 2, 8);
const START = END - 7 * DAY;

const median = (fn: () => Promise<unknown>) => medianAfterWarmUp(ROUNDS, fn);

/** The curve select with its parameters written in, for COPY (which takes none). */
function literalCurveSelect(ids: number[]): string {
  const params = [
    `'${new Date(START).toISOString()}'::timestamptz`,
    `'${new Date(END).toISOString()}'::timestamptz`,
    ...ids.map(String),
  ];
  return curveSelect(ids.length, LIMITS.historyCurvePoints + 1).replace(
    /\$(\d+)/g,
    (_, n: string) => params[Number(n) - 1]!,
  );
}

/** An enterprise, a device with SIGNALS variables and PER_SIGNAL values each spread over the range. */
async function seed(db: Db): Promise<{ orgId: number; admin: string; device: number; ids: number[] }> {
  const { orgId, admin } = await makeEnterprise(db, `Curve Bench ${randomBytes(3).toString('hex')}`);
  const [device] = await db.query<{ id: number }>(
    `insert into equipment(org_id, name) values ($1, 'Curve bench') returning id`,
    [orgId],
  );
  const ids = (
    await db.query<{ id: number }>(
      `insert into variables(org_id, equipment_id, name, data_type, store_history)
       select $1, $2, 'signal_' || g, 'float32', true from generate_series(1, $3::int) g returning id`,
      [orgId, device!.id, SIGNALS],
    )
  ).map((r) => r.id);
  await ensureMonthPartitions(db, 'signal_values', [START, END]);
  const step = (END - START) / PER_SIGNAL;
  // stored in time order, as gateways send them
  await db.query(
    `insert into signal_values(equipment_id, variable_id, ts, num, quality)
     select $1::int8, v, to_timestamp(($3::float8 + g * $4::float8) / 1000.0), sin(g / 300.0) * 50 + random(), 0
       from generate_series(0, $5::int - 1) g, unnest($2::int8[]) v order by g, v`,
    [device!.id, ids, START, step, PER_SIGNAL],
  );
  await db.exec('analyze signal_values');
  return { orgId, admin, device: device!.id, ids };
}

interface Figures {
  copyMs: number;
  rollupMs: number;
  curveMs: number;
  sqlM4Ms: number;
  serverM4Ms: number;
  httpMs: number;
  rawPoints: number;
  points: number;
}

/** Times the curve work, the HTTP call and the COPY baseline on one database. */
async function measure(db: Db, copy: () => Promise<number>): Promise<Figures> {
  const { admin, device, ids } = await seed(db);
  const variables = await deviceVariables(db, device, ids);
  // the data center's hourly buckets of the week (offset 8 h), from the values
  const week = { start: new Date(START), end: new Date(END) };
  const hourly = { intervalMs: 3_600_000, offsetMs: 8 * 3_600_000 };
  const page = { limit: 100_000, offset: 0, order: 'asc' as const };
  const bucketsFromValuesMs = await median(() => findBuckets(db, ids, week, hourly, page));
  // the rollup job's runs over the stored values (as a server a day later would have run them)
  const built = performance.now();
  for (let lo = Infinity; ;) {
    const run = await runRollups(db, END + DAY);
    if (run.lo === lo) break;
    lo = run.lo;
  }
  const buildMs = performance.now() - built;
  const range = { start: new Date(START), end: new Date(END) };
  const config = loadConfig({ LOG_LEVEL: 'silent', DEMO_SEED: 'false' });
  const platform = await createPlatform(config, { db, link: false, serveWeb: false });
  try {
    const caller = await loggedIn(platform.app, admin);
    let bytes = 0;
    const copyMs = await median(async () => (bytes = await copy()));
    const sample = await curveOf(db, variables, range, WIDTH);
    const curveMs = await median(() => curveOf(db, variables, range, WIDTH));
    const limit = LIMITS.historyCurvePoints;
    const rolled = await curveFromRollups(db, ids, range, limit, WIDTH);
    if (!rolled) throw new Error('the rollups did not serve the curve');
    const rollupMs = await median(() => curveOf(db, variables, range, WIDTH, limit, 'rollups'));
    const bucketsFromRollupsMs = await median(() => findBuckets(db, ids, week, hourly, page));
    const sqlM4Ms = await median(() => curveOf(db, variables, range, WIDTH, limit, 'database'));
    const serverM4Ms = await median(() => curveOf(db, variables, range, WIDTH, limit, 'server'));
    const httpMs = await median(async () => {
      const res = await send(caller, '/lfscada/monitor/multi/curve/query', {
        equipmentId: device,
        variableIds: ids,
        startTime: START,
        endTime: END,
        width: WIDTH,
      });
      if (res.code !== '200') throw new Error(`curve call failed: ${res.code} ${res.message}`);
    });
    const points = sample.series.reduce((n, s) => n + s.points.length, 0);
    console.log(
      `  COPY (same select) TO STDOUT ${copyMs.toFixed(1).padStart(8)} ms  (${(bytes / 1e6).toFixed(1)} MB)`,
    );
    console.log(
      `  curve (CURVE_M4_IN: ${CURVE_M4_IN[db.kind]})    ${curveMs.toFixed(1).padStart(8)} ms  (${sample.rawPoints} points → ${points}, truncated ${sample.truncated})`,
    );
    console.log(
      `    M4 from rollups            ${rollupMs.toFixed(1).padStart(8)} ms  (ratio to COPY ${(rollupMs / copyMs).toFixed(2)}, goal ≤ 0.5; ${rolled.series.reduce((n, s) => n + s.ts.length, 0)} points)`,
    );
    console.log(
      `  data center, hourly buckets of the week: from values ${bucketsFromValuesMs.toFixed(1)} ms, from rollups ${bucketsFromRollupsMs.toFixed(1)} ms (ratio ${(bucketsFromRollupsMs / bucketsFromValuesMs).toFixed(3)})`,
    );
    console.log(
      `    rollups built              ${buildMs.toFixed(0).padStart(8)} ms  (${SIGNALS * PER_SIGNAL} values, ${((buildMs * 1000) / (SIGNALS * PER_SIGNAL)).toFixed(2)} µs a value)`,
    );
    console.log(
      `    M4 of the points in SQL    ${sqlM4Ms.toFixed(1).padStart(8)} ms  (ratio to COPY ${(sqlM4Ms / copyMs).toFixed(2)}, goal ≤ 0.5)`,
    );
    console.log(
      `    points read, M4 here       ${serverM4Ms.toFixed(1).padStart(8)} ms  (ratio to COPY ${(serverM4Ms / copyMs).toFixed(2)})`,
    );
    console.log(`  curve HTTP call              ${httpMs.toFixed(1).padStart(8)} ms`);
    console.log(
      `  ratio curve/COPY = ${(curveMs / copyMs).toFixed(2)}; HTTP call/COPY = ${(httpMs / copyMs).toFixed(2)} (goal ≤ 1.5)`,
    );
    return { copyMs, rollupMs, curveMs, sqlM4Ms, serverM4Ms, httpMs, rawPoints: sample.rawPoints, points };
  } finally {
    await platform.app.close();
    await platform.ctx.monitor.close();
  }
}

async function onPostgres(): Promise<void> {
  const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: url });
  try {
    await admin.connect();
  } catch (err) {
    console.log(`PostgreSQL at ${url} not reachable (${(err as Error).message}); skipped`);
    return;
  }
  const name = `bench_curve_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const db = await openPostgres(target.toString());
  const client = new pg.Client({ connectionString: target.toString() });
  try {
    await migrate(db);
    await client.connect();
    console.log(
      `PostgreSQL (${SIGNALS} signals × ${PER_SIGNAL} points, latest ${LIMITS.historyCurvePoints} read)`,
    );
    let sql = '';
    await measure(db, async () => {
      if (!sql) {
        const ids = (await db.query<{ id: number }>('select id from variables order by id')).map((r) => r.id);
        sql = literalCurveSelect(ids);
      }
      let bytes = 0;
      await pipeline(
        client.query(copyTo(`COPY (${sql}) TO STDOUT`)),
        new Writable({
          write(chunk: Buffer, _enc, done) {
            bytes += chunk.length;
            done();
          },
        }),
      );
      return bytes;
    });
  } finally {
    await client.end();
    await db.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function onPglite(): Promise<void> {
  const lite = new PGlite(undefined, { parsers: { 20: (v: string) => Number(v) } });
  await lite.waitReady;
  const db = pgliteDbOf(lite);
  try {
    await migrate(db);
    console.log(
      `PGlite (${SIGNALS} signals × ${PER_SIGNAL} points, latest ${LIMITS.historyCurvePoints} read)`,
    );
    let sql = '';
    await measure(db, async () => {
      if (!sql) {
        const ids = (await db.query<{ id: number }>('select id from variables order by id')).map((r) => r.id);
        sql = literalCurveSelect(ids);
      }
      const res = await lite.query(`COPY (${sql}) TO '/dev/blob'`);
      return res.blob?.size ?? 0;
    });
  } finally {
    await lite.close();
  }
}

await onPostgres();
await onPglite();
