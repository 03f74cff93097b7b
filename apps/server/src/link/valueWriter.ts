/**
 * The writer of telemetry values into `signal_values` (docs/requirements/gateway-link.md §10.2):
 * the values of many uplinks (of any gateways) go into one binary COPY in one transaction, and each
 * uplink's promise settles when its rows are committed, so the broker's acknowledgement still
 * means "stored".
 *
 * Batching is group commit: while a COPY is in flight, arriving uplinks queue; when it ends the
 * queue goes as the next COPY (at most COPY_ROWS_MAX rows), so the batch grows with the load and
 * a lone uplink waits for nothing. A COPY fails whole on a value already stored (a redelivered
 * batch, another instance) or on any bad row; then each of its uplinks is stored alone with
 * `insert … on conflict do nothing`, so a duplicate is stored once and one uplink's failure is
 * only its own (not acknowledged, so delivered again). PGlite batches the same way but stores a
 * batch with that statement: its COPY from /dev/blob measured slower (bench/ingest.bench.ts).
 * An uplink may carry the receipt of its batch (external broker: sharedBatchSequence.ts), noted in
 * telemetry_batches in the commit of its values; values stored late mark the curve rollups they
 * change in that commit too (rollups.ts).
 */
import type { Db } from '../db/db';
import { BinaryCopyWriter } from '../db/binaryCopy';
import { recordBatches, type BatchReceipt } from './batchRecord.repo';
import { ensureMonthPartitions } from './partitions';
import { markRollups } from '../monitor/history/rollups.repo';
import { rollupMarksOf } from '../monitor/history/rollups';
import type { StoredValue } from './telemetryJudge';

/** Most rows of one COPY; an uplink is never split. */
export const COPY_ROWS_MAX = 50_000;

const TARGET = 'signal_values (equipment_id, variable_id, ts, num, txt, quality)';

/** One uplink's judged values of one device. */
export interface Uplink {
  equipmentId: number;
  rows: readonly StoredValue[];
}

interface Pending extends Uplink {
  batch: BatchReceipt | undefined;
  resolve(): void;
  reject(err: unknown): void;
}

/** The binary COPY input of the uplinks' rows. */
export function encodeValues(
  uplinks: readonly { equipmentId: number; rows: readonly StoredValue[] }[],
): Buffer {
  let count = 0;
  for (const u of uplinks) count += u.rows.length;
  const out = new BinaryCopyWriter(64 + count * 62);
  for (const { equipmentId, rows } of uplinks)
    for (const r of rows) {
      out.row(6).int8(equipmentId).int8(r.variableId).timestamptz(r.ts);
      if (typeof r.value === 'number') out.float8(r.value).null();
      else if (typeof r.value === 'string') out.null().text(r.value);
      else out.null().null();
      out.int4(r.quality);
    }
  return out.finish();
}

/**
 * The uplinks' values in one statement; a value stored before is left as it is. PGlite stores
 * this way (its COPY from /dev/blob measured slower than this statement), and PostgreSQL when a
 * COPY failed.
 */
export async function insertValues(db: Db, uplinks: readonly Uplink[]): Promise<void> {
  const e: number[] = [];
  const v: number[] = [];
  const t: Date[] = [];
  const n: (number | null)[] = [];
  const x: (string | null)[] = [];
  const q: number[] = [];
  for (const { equipmentId, rows } of uplinks)
    for (const r of rows) {
      e.push(equipmentId);
      v.push(r.variableId);
      t.push(new Date(r.ts));
      n.push(typeof r.value === 'number' ? r.value : null);
      x.push(typeof r.value === 'string' ? r.value : null);
      q.push(r.quality);
    }
  await db.query(
    `insert into signal_values (equipment_id, variable_id, ts, num, txt, quality)
     select * from unnest($1::bigint[], $2::bigint[], $3::timestamptz[], $4::float8[], $5::text[], $6::int[])
     on conflict do nothing`,
    [e, v, t, n, x, q],
  );
}

/** What a database's writer did since the process started: for diagnostics and tests. */
export interface WriterCounts {
  /** batches committed whole (PostgreSQL: COPYs; PGlite: statements) */
  copies: number;
  /** rows they held */
  copiedRows: number;
  /** uplinks stored alone after their batch failed */
  storedAlone: number;
  /** the rows those uplinks held (a value stored before among them is left out by the database) */
  aloneRows: number;
}

class ValueWriter {
  readonly counts: WriterCounts = { copies: 0, copiedRows: 0, storedAlone: 0, aloneRows: 0 };
  private queue: Pending[] = [];
  private inFlight = 0;
  private kicked = false;

  constructor(
    private readonly db: Db,
    private readonly parallel: number,
  ) {}

  write(equipmentId: number, rows: readonly StoredValue[], batch?: BatchReceipt): Promise<void> {
    if (!rows.length && !batch) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ equipmentId, rows, batch, resolve, reject });
      this.kick();
    });
  }

  // the uplinks of the current turn of the event loop's microtasks join before the COPY starts
  private kick(): void {
    if (this.kicked || this.inFlight >= this.parallel) return;
    this.kicked = true;
    queueMicrotask(() => {
      this.kicked = false;
      while (this.inFlight < this.parallel && this.queue.length) {
        const group = this.take();
        this.inFlight++;
        void this.store(group).finally(() => {
          this.inFlight--;
          if (this.queue.length) this.kick();
        });
      }
    });
  }

  private take(): Pending[] {
    let rows = 0;
    let n = 0;
    while (n < this.queue.length && (n === 0 || rows + this.queue[n]!.rows.length <= COPY_ROWS_MAX))
      rows += this.queue[n++]!.rows.length;
    return this.queue.splice(0, n);
  }

  private async store(group: Pending[]): Promise<void> {
    try {
      await ensureMonthPartitions(this.db, 'signal_values', timestamps(group));
      if (this.db.kind === 'postgres') {
        const data = encodeValues(group);
        await this.db.tx(async (tx) => {
          await tx.copyFrom(TARGET, data);
          await recordReceipts(tx, group);
          await markRollups(tx, rollupMarksOf(valuesOf(group), Date.now()));
        });
      } else await insertWithReceipts(this.db, group);
      this.counts.copies++;
      for (const p of group) {
        this.counts.copiedRows += p.rows.length;
        p.resolve();
      }
    } catch {
      // a duplicate or a bad row somewhere: each uplink alone, on its own
      for (const p of group) {
        await insertWithReceipts(this.db, [p]).then(() => {
          this.counts.storedAlone++;
          this.counts.aloneRows += p.rows.length;
          p.resolve();
        }, p.reject);
      }
    }
  }
}

const receiptsOf = (group: readonly Pending[]) => group.flatMap((p) => (p.batch ? [p.batch] : []));

async function recordReceipts(tx: Db, group: readonly Pending[]): Promise<void> {
  await recordBatches(tx, receiptsOf(group));
}

/**
 * The uplinks by `insert … on conflict do nothing`, with their batch receipts and the marks of
 * late values on the curve rollups in the same commit.
 */
async function insertWithReceipts(db: Db, group: readonly Pending[]): Promise<void> {
  const marks = rollupMarksOf(valuesOf(group), Date.now());
  if (!receiptsOf(group).length && !marks.length) return insertValues(db, group);
  await db.tx(async (tx) => {
    await insertValues(tx, group);
    await recordReceipts(tx, group);
    await markRollups(tx, marks);
  });
}

function* valuesOf(group: readonly Pending[]): Iterable<StoredValue> {
  for (const p of group) yield* p.rows;
}

function* timestamps(group: readonly Pending[]): Iterable<number> {
  for (const p of group) for (const r of p.rows) yield r.ts;
}

// one writer per database (a process may hold several, as tests and benches do)
const writers = new WeakMap<Db, ValueWriter>();

/**
 * Stores judged values of a device; resolves when they are committed. A value delivered twice is
 * stored once (primary key), the first kept. With `batch`, the batch is noted as received in the
 * same commit (also when it has no value to store).
 */
export function writeValues(
  db: Db,
  equipmentId: number,
  rows: readonly StoredValue[],
  batch?: BatchReceipt,
): Promise<void> {
  return writerOf(db).write(equipmentId, rows, batch);
}

/** What the writer of `db` did so far (a copy). */
export function writerCounts(db: Db): WriterCounts {
  return { ...writerOf(db).counts };
}

function writerOf(db: Db): ValueWriter {
  let writer = writers.get(db);
  // PostgreSQL: one COPY encoding while another is in the database; PGlite runs one at a time
  if (!writer) writers.set(db, (writer = new ValueWriter(db, db.kind === 'postgres' ? 2 : 1)));
  return writer;
}
