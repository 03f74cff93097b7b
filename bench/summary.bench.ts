/**
 * Data summary computation (docs/requirements/data-views.md §2.1, §2.5, issue 18): a summary variable
 * summing 10 source variables per hour over 30 days at one value a minute (432,000 samples in
 * `signal_values`, 720 hours). Measured: the full recompute (`computeSummary`: the aggregate in SQL,
 * partitions, replacing the 720 stored results in one transaction) and one scheduler run after an
 * hour closed (`runSummaries`: the closed hour and the one before it again), against the bare
 * aggregate query over the same rows — same process, same run. Reported as ratios.
 *
 * The embedded PGlite, or PostgreSQL at DATABASE_URL (a fresh database created and dropped).
 * BENCH_DAYS (default 30) changes the load.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../apps/server/src/db/db';
import { ensureMonthPartitions } from '../apps/server/src/link/partitions';
import { aggregatePeriods, type SummaryDefinition } from '../apps/server/src/modules/summary/summary.repo';
import { computeSummary } from '../apps/server/src/modules/summary/summary.service';
import { runSummaries } from '../apps/server/src/modules/summary/summaryScheduler';
import { makeEnterprise } from '../apps/server/test/harness';
import { freshDatabase } from '../apps/server/test/testDatabase';

const SOURCES = 10;
const DAYS = Number(process.env.BENCH_DAYS ?? 30);
const PER_VARIABLE = DAYS * 24 * 60;
const END = Date.UTC(2024, 3, 1);
const START = END - PER_VARIABLE * 60_000;
const TZ = 'Asia/Shanghai';
const ROUNDS = 5;

async function seed(db: Db): Promise<SummaryDefinition> {
  const { orgId } = await makeEnterprise(db, `Summary Bench ${randomBytes(3).toString('hex')}`);
  const [device] = await db.query<{ id: number }>(
    `insert into equipment(org_id, name) values ($1, 'Summary bench') returning id`,
    [orgId],
  );
  const sources = (
    await db.query<{ id: number }>(
      `insert into variables(org_id, equipment_id, name, data_type)
       select $1, $2, 'meter_' || g, 'float32' from generate_series(1, $3::int) g returning id`,
      [orgId, device!.id, SOURCES],
    )
  ).map((r) => Number(r.id));
  const [summary] = await db.query<{ id: number }>(
    `insert into variables(org_id, equipment_id, name, data_type, kind, summary_sources, summary_aggregation, summary_period)
     values ($1, $2, 'meters_hourly', 'float64', 'summary', $3::bigint[], 'sum', 'hour') returning id`,
    [orgId, device!.id, sources],
  );
  await ensureMonthPartitions(db, 'signal_values', [START, END]);
  for (const id of sources)
    await db.query(
      `insert into signal_values(equipment_id, variable_id, ts, num, quality)
       select $1::int8, $2::int8, to_timestamp(($3::int8 + g * 60000::int8) / 1000.0), round((sin(g / 300.0) * 50 + random())::numeric, 3), 0
         from generate_series(0, $4::int - 1) g`,
      [device!.id, id, START, PER_VARIABLE],
    );
  await db.exec('analyze signal_values');
  return {
    id: Number(summary!.id),
    org_id: orgId,
    equipment_id: Number(device!.id),
    summary_sources: sources,
    summary_aggregation: 'sum',
    summary_period: 'hour',
    summary_done_until: null,
  };
}

/** The median of `rounds` timings of `run`, in ms. */
async function median(rounds: number, run: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    await run();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

async function measure(db: Db): Promise<void> {
  const d = await seed(db);
  const from = new Date(START);
  const to = new Date(END);
  let periods = 0;
  // warm both paths once (plans, partitions known)
  await aggregatePeriods(db, d, from, to, TZ);
  await computeSummary(db, TZ, d, from, to);
  const bareMs = await median(
    ROUNDS,
    async () => (periods = (await aggregatePeriods(db, d, from, to, TZ)).length),
  );
  const fullMs = await median(ROUNDS, () => computeSummary(db, TZ, d, from, to));
  // the scheduler after the last hour closed: marked done an hour before the end, run at the end
  const runMs = await median(ROUNDS, async () => {
    await db.query('update variables set summary_done_until = $2 where id = $1', [
      d.id,
      new Date(END - 3_600_000),
    ]);
    await runSummaries({ db, clock: { now: () => new Date(END + 60_000) }, tz: TZ });
  });
  const hourFrom = new Date(END - 2 * 3_600_000);
  const hourMs = await median(ROUNDS, () => aggregatePeriods(db, d, hourFrom, to, TZ));
  console.log(
    `  full recompute of ${periods} hours over ${(SOURCES * PER_VARIABLE).toLocaleString('en-US')} samples: ${fullMs.toFixed(0)} ms; bare aggregate query: ${bareMs.toFixed(0)} ms`,
  );
  console.log(`  ratio recompute / aggregate query = ${(fullMs / bareMs).toFixed(2)}`);
  console.log(
    `  scheduler run after an hour closed: ${runMs.toFixed(1)} ms; the two hours' aggregate query: ${hourMs.toFixed(1)} ms; ratio = ${(runMs / hourMs).toFixed(2)}`,
  );
}

async function main(): Promise<void> {
  // PGlite, or a fresh database on the PostgreSQL server at DATABASE_URL (dropped afterwards)
  const { db, drop } = await freshDatabase();
  try {
    console.log(
      `${db.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} (${SOURCES} sources × ${DAYS} days at 1 value/min, hourly sum)`,
    );
    await measure(db);
  } finally {
    await drop();
  }
}

await main();
