import type { Db } from '../db/db';

/** One telemetry batch of a gateway's boot. */
export interface BatchId {
  sn: string;
  bootId: string;
  seq: number;
}

/** A batch as an instance received it, `at` its arrival. */
export interface BatchReceipt extends BatchId {
  at: Date;
}

/**
 * Notes batches as received (telemetry_batches), in the transaction that stores their values; a
 * batch noted before (a redelivery, a batch published in parts) is left as it is.
 */
export async function recordBatches(tx: Db, batches: readonly BatchReceipt[]): Promise<void> {
  if (!batches.length) return;
  await tx.query(
    `insert into telemetry_batches (sn, boot_id, seq, received_at)
     select * from unnest($1::text[], $2::text[], $3::bigint[], $4::timestamptz[])
     on conflict do nothing`,
    [
      batches.map((b) => b.sn),
      batches.map((b) => b.bootId),
      batches.map((b) => b.seq),
      batches.map((b) => b.at),
    ],
  );
}

/** Which of `batches` some instance received (and stored), as `sn/bootId/seq` keys. */
export async function receivedBatches(db: Db, batches: readonly BatchId[]): Promise<Set<string>> {
  if (!batches.length) return new Set();
  const rows = await db.query<{ sn: string; boot_id: string; seq: number }>(
    `select t.sn, t.boot_id, t.seq from telemetry_batches t
       join unnest($1::text[], $2::text[], $3::bigint[]) as b(sn, boot_id, seq)
         on t.sn = b.sn and t.boot_id = b.boot_id and t.seq = b.seq`,
    [batches.map((b) => b.sn), batches.map((b) => b.bootId), batches.map((b) => b.seq)],
  );
  return new Set(rows.map((r) => batchKey({ sn: r.sn, bootId: r.boot_id, seq: Number(r.seq) })));
}

export const batchKey = (b: BatchId) => `${b.sn}/${b.bootId}/${b.seq}`;

/**
 * Takes the right to ask gateway `sn` to resend: true when no instance asked it in the last
 * `intervalMs` (then `now` is noted). Unknown and unbound gateways are never asked: what they
 * send is not stored.
 */
export async function takeResendTurn(db: Db, sn: string, now: Date, intervalMs: number): Promise<boolean> {
  const rows = await db.query(
    `update gateways set resend_asked_at = $2
      where sn = $1 and equipment_id is not null
        and (resend_asked_at is null or resend_asked_at <= $3)
      returning 1`,
    [sn, now, new Date(now.getTime() - intervalMs)],
  );
  return rows.length === 1;
}

/** Forgets batches received before `before`. */
export async function forgetBatches(db: Db, before: Date): Promise<void> {
  await db.query('delete from telemetry_batches where received_at < $1', [before]);
}
