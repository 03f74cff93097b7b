/**
 * History on a partitioned year (docs/requirements/gateway-link.md §10.3; issue 22 item 5): a fleet of
 * BENCH_FLEET_DEVICES devices (default 1,000), one variable each, one value every
 * BENCH_STEP_MINUTES (default 60) for a year, generated with generate_series straight in SQL into
 * the monthly partitions of `signal_values`. Measured: a device's curve over one month (the M4
 * statement of findCurveM4), with EXPLAIN naming the partitions it touches (must be one), against
 * the same statement on a table holding only that month's rows, same run. Then one retention run
 * (`runRetention`) at a 6-month retention: the months it drops and its time.
 *
 * PostgreSQL at DATABASE_URL (a fresh database, dropped after), else PGlite (set a small
 * BENCH_FLEET_DEVICES there).
 */
import { randomBytes } from 'node:crypto';
import { ensureMonthPartitions } from '../apps/server/src/link/partitions';
import { runRetention } from '../apps/server/src/link/historyRetention';
import { curveM4Sql } from '../apps/server/src/monitor/history/history.repo';
import { makeEnterprise } from '../apps/server/test/harness';
import { freshDatabase } from '../apps/server/test/testDatabase';
import { medianAfterWarmUp } from './timing';

const DEVICES = Number(process.env.BENCH_FLEET_DEVICES ?? 1000);
const STEP_MIN = Number(process.env.BENCH_STEP_MINUTES ?? 60);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const WIDTH = 1000;
const YEAR_END = Date.UTC(2026, 0, 1);
// the month measured: March (31 days), its first 30 days (a curve's longest range)
const MONTH_START = Date.UTC(2025, 2, 1);
const MONTH_END = MONTH_START + 30 * 86_400_000 - 1;

const median = (fn: () => Promise<unknown>) => medianAfterWarmUp(ROUNDS, fn);

const { db, drop } = await freshDatabase();
try {
  const { orgId } = await makeEnterprise(db, `Fleet Year ${randomBytes(3).toString('hex')}`);
  await db.query(
    `insert into equipment(org_id, name) select $1, 'Fleet ' || g from generate_series(1, $2::int) g`,
    [orgId, DEVICES],
  );
  const ids = (
    await db.query<{ id: number }>(
      `insert into variables(org_id, equipment_id, name, data_type, store_history)
       select org_id, id, 'flow', 'float32', true from equipment where org_id = $1 order by id returning id`,
      [orgId],
    )
  ).map((r) => Number(r.id));
  const months = Array.from({ length: 12 }, (_, m) => Date.UTC(2025, m, 1));
  await ensureMonthPartitions(db, 'signal_values', months);
  const seeded = process.hrtime.bigint();
  for (const [m, from] of months.entries()) {
    const to = m < 11 ? months[m + 1]! : YEAR_END;
    await db.query(
      `insert into signal_values(equipment_id, variable_id, ts, num, quality)
       select v.equipment_id, v.id, to_timestamp(($2::int8 + g * $3::int8) / 1000.0), sin(g / 50.0) * 40 + v.id % 7, 0
         from variables v, generate_series(0, ($4::int8 - $2::int8) / $3::int8 - 1) g
        where v.org_id = $1`,
      [orgId, from, STEP_MIN * 60_000, to],
    );
  }
  await db.exec('analyze signal_values');
  const [{ n } = { n: 0 }] = await db.query<{ n: number }>('select count(*)::int8 as n from signal_values');
  const seedS = Number(process.hrtime.bigint() - seeded) / 1e9;

  // the same month alone, with the same primary key
  await db.exec(`create table month_alone (like signal_values including defaults including constraints);
    alter table month_alone add primary key (variable_id, ts);
    insert into month_alone select * from signal_values_y2025m03;
    analyze month_alone`);

  const sql = curveM4Sql(db.kind, 1, 200_000, WIDTH);
  const device = ids[Math.floor(ids.length / 2)]!;
  const params = [new Date(MONTH_START), new Date(MONTH_END), device];
  const run = (text: string) =>
    db.tx(async (tx) => {
      await tx.query('set local jit = off');
      await tx.query("set local work_mem = '64MB'");
      // as findCurveM4 runs it
      await tx.query('set local max_parallel_workers_per_gather = 0');
      await tx.query('set local enable_sort = off');
      return tx.query(text, params);
    });
  const plan = await db.query<Record<string, unknown>>(`explain (format json) ${sql}`, params);
  const touched = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (node && typeof node === 'object') {
      const rel = (node as Record<string, unknown>)['Relation Name'];
      if (typeof rel === 'string') touched.add(rel);
      Object.values(node).forEach(walk);
    }
  };
  walk(plan);
  const partitionedMs = await median(() => run(sql));
  const aloneMs = await median(() => run(sql.replaceAll('from signal_values', 'from month_alone')));

  await db.query('update orgs set history_retention_months = 6 where id = $1', [orgId]);
  await db.query(`update orgs set history_retention_months = 1 where kind = 'enterprise' and id <> $1`, [
    orgId,
  ]);
  const clock = { now: () => new Date(Date.UTC(2026, 0, 15)) };
  const t = process.hrtime.bigint();
  const retention = await runRetention(db, clock);
  const retentionMs = Number(process.hrtime.bigint() - t) / 1e6;

  const fmt = (x: number) => Math.round(x).toLocaleString('en-US');
  console.log(
    `database: ${db.kind}; ${fmt(DEVICES)} devices × 1 variable × a year at one value per ${STEP_MIN} min = ${fmt(Number(n))} rows in 12 monthly partitions (seeded in ${seedS.toFixed(1)} s)`,
  );
  console.log(`one device's curve over 30 days of March: touches ${[...touched].join(', ')}`);
  console.log(
    `  on the partitioned year          ${partitionedMs.toFixed(2).padStart(8)} ms (median of ${ROUNDS})`,
  );
  console.log(`  on a table of that month alone   ${aloneMs.toFixed(2).padStart(8)} ms`);
  console.log(`  partitioned/alone = ${(partitionedMs / aloneMs).toFixed(2)}`);
  console.log(
    `retention run at 6 months (2026-01-15): dropped ${retention.dropped.length} partitions (${retention.dropped.join(', ')}) in ${retentionMs.toFixed(0)} ms`,
  );
} finally {
  await drop();
}
