/**
 * Data-center export (docs/requirements/data-views.md §3.5, issue 18): 10 variables × 30 days at
 * one value a minute (432,000 values) in `signal_values`, exported to .xlsx by the export job
 * (`startExport` then the job to its end: checks, count, chunked reads, exceljs' streaming writer,
 * the workbook stored in pieces) against writing the same rows, already in memory, with exceljs'
 * streaming writer alone to a stream that discards them — same process, same run. Reported as a
 * ratio.
 *
 * The embedded PGlite, or PostgreSQL at DATABASE_URL (a fresh database created and dropped).
 * BENCH_DAYS (default 30) changes the load.
 */
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import { DATA_CENTER_EXPORT_MAX_ROWS } from '@fieldhub/shared';
import type { Db } from '../apps/server/src/db/db';
import type { AuthContext } from '../apps/server/src/http/context';
import { ensureMonthPartitions } from '../apps/server/src/link/partitions';
import { valuesAfter } from '../apps/server/src/monitor/history/history.repo';
import { ExportRunner, startExport } from '../apps/server/src/modules/datacenter/dataCenterExport';
import { makeEnterprise } from '../apps/server/test/harness';
import { freshDatabase } from '../apps/server/test/testDatabase';

const VARIABLES = 10;
const DAYS = Number(process.env.BENCH_DAYS ?? 30);
const PER_VARIABLE = DAYS * 24 * 60;
const END = Date.UTC(2024, 3, 1);
const START = END - PER_VARIABLE * 60_000;

const quietLog = {
  error: (...args: unknown[]) => console.error(...args),
} as unknown as ConstructorParameters<typeof ExportRunner>[1];

async function seed(db: Db) {
  const { orgId, adminId, admin } = await makeEnterprise(
    db,
    `Export Bench ${randomBytes(3).toString('hex')}`,
  );
  const [device] = await db.query<{ id: number }>(
    `insert into equipment(org_id, name) values ($1, 'Export bench') returning id`,
    [orgId],
  );
  const ids = (
    await db.query<{ id: number }>(
      `insert into variables(org_id, equipment_id, name, unit, data_type, store_history)
       select $1, $2, 'signal_' || g, 'm', 'float32', true from generate_series(1, $3::int) g returning id`,
      [orgId, device!.id, VARIABLES],
    )
  ).map((r) => r.id);
  await ensureMonthPartitions(db, 'signal_values', [START, END]);
  for (const id of ids)
    await db.query(
      `insert into signal_values(equipment_id, variable_id, ts, num, quality)
       select $1::int8, $2::int8, to_timestamp(($3::int8 + g * 60000::int8) / 1000.0), round((sin(g / 300.0) * 50 + random())::numeric, 3), 0
         from generate_series(0, $4::int - 1) g`,
      [device!.id, id, START, PER_VARIABLE],
    );
  await db.exec('analyze signal_values');
  const auth: AuthContext = {
    accountId: adminId,
    orgId,
    orgKind: 'enterprise',
    loginname: admin,
    kind: 'enterprise',
    roleType: 'admin',
    deptId: null,
    dataRange: 'org',
    auths: new Set(['data_center']),
    sessionHash: '',
  };
  return { auth, ids };
}

/** A stream that counts and drops what it is given. */
function sink(): Writable & { bytes: number } {
  const out = new Writable({
    write(chunk: Buffer, _enc, done) {
      out.bytes += chunk.length;
      done();
    },
  }) as Writable & { bytes: number };
  out.bytes = 0;
  return out;
}

/** The baseline: the same rows, in memory, through exceljs' streaming writer alone. */
async function exceljsAlone(rows: unknown[][]): Promise<number> {
  const out = sink();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = wb.addWorksheet('Data center');
  sheet.columns = [
    { width: 22, style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } },
    { width: 24 },
    { width: 24 },
    { width: 12 },
    { width: 12 },
    { width: 12 },
  ];
  sheet.addRow(['Time', 'Device', 'Variable', 'Value', 'Unit', 'Quality']).commit();
  for (const r of rows) sheet.addRow(r).commit();
  sheet.commit();
  await wb.commit();
  await finished(out);
  return out.bytes;
}

async function measure(db: Db): Promise<void> {
  const t0 = performance.now();
  const { auth, ids } = await seed(db);
  console.log(
    `  seeded ${VARIABLES} × ${PER_VARIABLE} = ${VARIABLES * PER_VARIABLE} values in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  // the rows as the export writes them, read beforehand (outside the baseline's time)
  const range = { start: new Date(START), end: new Date(END) };
  const rows: unknown[][] = [];
  let t = performance.now();
  for (const [i, id] of ids.entries()) {
    let after: number | null = null;
    for (;;) {
      const chunk = await valuesAfter(db, id, range, after, 50_000);
      for (const v of chunk)
        rows.push([new Date(v.ts + 480 * 60_000), 'Export bench', `signal_${i + 1}`, v.num, 'm', v.quality]);
      if (chunk.length < 50_000) break;
      after = chunk[chunk.length - 1]!.ts;
    }
  }

  const readMs = performance.now() - t;
  t = performance.now();
  const bytes = await exceljsAlone(rows);
  const aloneMs = performance.now() - t;

  const runner = new ExportRunner(db, quietLog);
  t = performance.now();
  const { jobId } = await startExport(
    db,
    runner,
    auth,
    { variableIds: ids, startTime: START, endTime: END, mode: 'raw', interval: 3600, utcOffsetMinutes: 480 },
    'en-US',
  );
  await runner.drain();
  const jobMs = performance.now() - t;
  const [job] = await db.query<{ state: string; done: number; size: number }>(
    `select e.state, e.done, (select sum(length(bytes))::int8 from datacenter_export_parts where export_id = e.id) as size
       from datacenter_exports e where e.id = $1`,
    [jobId],
  );
  if (job?.state !== 'completed' || job.done !== rows.length)
    throw new Error(`export ended ${job?.state} with ${job?.done} of ${rows.length} rows`);
  // the same cells make a workbook of about the same size (the time stamps in the zip differ)
  if (Math.abs(job.size - bytes) > bytes * 0.02)
    throw new Error(`the export wrote ${job.size} bytes, exceljs alone ${bytes}: not the same cells`);

  const rate = (ms: number) => `${Math.round(rows.length / (ms / 1000)).toLocaleString('en-US')} rows/s`;
  console.log(
    `  exceljs WorkbookWriter alone ${(aloneMs / 1000).toFixed(2).padStart(7)} s  ${rate(aloneMs)}  (${(bytes / 1e6).toFixed(1)} MB)`,
  );
  console.log(
    `  export job (start → stored)  ${(jobMs / 1000).toFixed(2).padStart(7)} s  ${rate(jobMs)}  (${(job.size / 1e6).toFixed(1)} MB, cap ${DATA_CENTER_EXPORT_MAX_ROWS} rows)`,
  );
  console.log(`  (reading the rows alone, in 50,000-row chunks: ${(readMs / 1000).toFixed(2)} s)`);
  console.log(`  ratio export job / exceljs alone = ${(jobMs / aloneMs).toFixed(2)}`);
}

async function main(): Promise<void> {
  // PGlite, or a fresh database on the PostgreSQL server at DATABASE_URL (dropped afterwards)
  const { db, drop } = await freshDatabase();
  try {
    console.log(
      `${db.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} (${VARIABLES} variables × ${DAYS} days at 1 value/min)`,
    );
    await measure(db);
  } finally {
    await drop();
  }
}

await main();
// On PGlite something of the export (not found yet) keeps the event loop alive after the figures
// are printed: the bench ends itself, as the browser benches do.
process.exit(0);
