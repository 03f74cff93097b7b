/**
 * A fleet's ten minutes in the values' table, without the platform (docs/scale-out.md, "PostgreSQL
 * for a fleet"): BENCH_VARIABLES variables (default 500,000: 10,000 gateways × 50) each get one
 * value per round (a round is the fleet's 10 s), BENCH_ROUNDS rounds (default 60), written by
 * `insert … select` in statements of 5,000 rows into `signal_values` as migrated (its primary key
 * (variable_id, ts), its (equipment_id, ts) index and its BRIN index on ts). Measured per ten
 * rounds: the time a round takes and the WAL it writes.
 *
 * Run on the machine's PostgreSQL (DATABASE_URL, default 127.0.0.1:5432) and, same run, on
 * BENCH_FLEET_DATABASE_URL when given (`bench/postgres-for-fleet.sh` starts one with the settings
 * that section gives): the baseline is the first.
 */
import { spawnSync } from 'node:child_process';
import { freshDatabase } from '../apps/server/test/testDatabase';
import { ensureMonthPartitions } from '../apps/server/src/link/partitions';
import { walMark, walSince } from './processCpu';

const VARIABLES = Number(process.env.BENCH_VARIABLES ?? 500_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
const PER_STATEMENT = 5_000;
const START = Date.UTC(2026, 10, 2);

if (process.argv[2] === '--one') {
  const { db, drop } = await freshDatabase();
  try {
    const settings = await db.query<{ name: string; value: string }>(
      `select name, current_setting(name) as value from pg_settings
        where name in ('shared_buffers', 'max_wal_size', 'checkpoint_timeout', 'wal_compression') order by name`,
    );
    console.log(settings.map((s) => `${s.name} ${s.value}`).join(', '));
    await ensureMonthPartitions(db, 'signal_values', [START]);
    let tens = { ms: 0, bytes: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const from = await walMark(db);
      const t = performance.now();
      for (let first = 0; first < VARIABLES; first += PER_STATEMENT)
        await db.query(
          `insert into signal_values (equipment_id, variable_id, ts, num, quality)
           select v / 50, v, to_timestamp(($1::int8 + (v % 10000)) / 1000.0), random() * 100, 0
             from generate_series($2::int8, $3::int8) v`,
          [START + round * 10_000, first, Math.min(VARIABLES, first + PER_STATEMENT) - 1],
        );
      const ms = performance.now() - t;
      const { bytes } = await walSince(db, from);
      tens = { ms: tens.ms + ms, bytes: tens.bytes + bytes };
      if (round % 10 === 9 || round === ROUNDS - 1) {
        const n = (round % 10) + 1;
        console.log(
          `rounds ${round - n + 2}–${round + 1}: ${(tens.ms / n).toFixed(0)} ms a round ` +
            `(${((tens.ms / n / VARIABLES) * 1000).toFixed(2)} ms per 1,000 values), ` +
            `WAL ${(tens.bytes / n / 1048576).toFixed(0)} MB a round (${(tens.bytes / n / VARIABLES).toFixed(0)} bytes a value)`,
        );
        tens = { ms: 0, bytes: 0 };
      }
    }
  } finally {
    await drop();
  }
} else {
  const servers = [
    process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    ...(process.env.BENCH_FLEET_DATABASE_URL ? [process.env.BENCH_FLEET_DATABASE_URL] : []),
  ];
  console.log(`${VARIABLES.toLocaleString('en')} variables, one value each a round, ${ROUNDS} rounds`);
  for (const url of servers) {
    console.log(`\n${new URL(url).host}${url === servers[0] ? ' (baseline)' : ''}`);
    const run = spawnSync('npx', ['tsx', import.meta.filename, '--one'], {
      stdio: 'inherit',
      env: { ...process.env, DATABASE_URL: url },
    });
    if (run.status !== 0) process.exit(run.status ?? 1);
  }
}
