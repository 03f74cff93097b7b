/**
 * The resend check of a server among several in a share group (docs/scale-out.md "Batch
 * numbers", docs/requirements/gateway-link.md §3.2). The broker spreads one gateway's batches
 * over every session of every instance, so a gap that one instance sees is mostly batches another
 * session took. A gap seen here is therefore only noted; after RESEND_GRACE_MS the batches still
 * not seen here are looked up in the shared record of received batches (telemetry_batches, written
 * in the commit of their values by whichever instance stored them), and only those no instance
 * received are asked for: at most RESEND_BATCHES_MAX (the latest), and a gateway at most once every
 * RESEND_INTERVAL_MS whichever instance asks (gateways.resend_asked_at). When the link runs behind
 * (live values arrive long after their sample time, the broker's queues full), a batch another
 * session holds may take that long too: the grace is then twice the link's recent lag, so a busy
 * link is not asked to resend what is only queued (which would add to its load).
 */
import type { Db } from '../db/db';
import type { Clock } from '../clock';
import { batchKey, forgetBatches, receivedBatches, takeResendTurn, type BatchId } from './batchRecord.repo';
import { RESEND_BATCHES_MAX, RESEND_INTERVAL_MS, type SeqGap } from './telemetryIngestor';

/** How long a batch missing here may take to be stored by another session before it is looked up. */
export const RESEND_GRACE_MS = 5_000;
/**
 * Received batches are kept this long in the shared record: longer than LOCAL_MEMORY_MS and the
 * longest grace, so a gap across a gateway's silence here is looked up while the record still
 * holds what other instances received meanwhile.
 */
export const RECORD_KEEP_MS = 12 * 60_000;
/** The lag remembered is the highest of about the last LAG_WINDOW_MS (it halves each window). */
const LAG_WINDOW_MS = 30_000;
/**
 * A gateway silent here this long starts afresh (the batches before may be gone from the record):
 * a gateway whose batches reach this instance at least this often has its gaps looked up.
 */
export const LOCAL_MEMORY_MS = 10 * 60_000;
const FORGET_EVERY_MS = 30_000;

export interface SharedSequenceOptions {
  db: Db;
  clock: Clock;
  /** sends the resend request (`down/cmd`) */
  ask(sn: string, bootId: string, gap: SeqGap): Promise<void>;
  log: { warn(obj: object, msg: string): void };
  graceMs?: number;
}

/** What a shared sequence did since it started: for diagnostics and tests. */
export interface SharedSequenceCounts {
  /** batches missing here whose grace ended and that another session or instance had received */
  foundElsewhere: number;
  /** resend requests sent */
  asked: number;
}

export class SharedBatchSequence {
  readonly counts: SharedSequenceCounts = { foundElsewhere: 0, asked: 0 };
  private readonly last = new Map<string, { bootId: string; seq: number; at: number }>();
  /** per gateway: the numbers of its boot not seen here, each with when it is looked up */
  private readonly missing = new Map<string, { bootId: string; due: Map<number, number> }>();
  private readonly timer: NodeJS.Timeout;
  private running: Promise<void> | null = null;
  private forgotAt = 0;
  private readonly graceMs: number;
  /** the link's recent lag (sample time → stored here), decaying by half every LAG_WINDOW_MS */
  private lag = { ms: 0, at: 0 };

  constructor(private readonly o: SharedSequenceOptions) {
    this.graceMs = o.graceMs ?? RESEND_GRACE_MS;
    this.timer = setInterval(() => void this.check(), Math.min(1000, this.graceMs));
    this.timer.unref();
  }

  /**
   * Notes how late a live batch's newest value was when it was stored here (`now` less its sample
   * time): the lag the grace of a gap follows.
   */
  noteLag(ms: number): void {
    const now = this.o.clock.now().getTime();
    const kept = this.currentLag(now);
    this.lag = { ms: Math.max(kept, ms), at: now };
  }

  /** The grace a gap seen now gets: RESEND_GRACE_MS, or twice the link's recent lag if longer. */
  graceNow(): number {
    return Math.max(this.graceMs, 2 * this.currentLag(this.o.clock.now().getTime()));
  }

  private currentLag(now: number): number {
    const windows = Math.floor((now - this.lag.at) / LAG_WINDOW_MS);
    return windows > 0 ? this.lag.ms / 2 ** windows : this.lag.ms;
  }

  /** Notes a batch as it arrives here; a gap it reveals is looked up later (`check`). */
  arrive(sn: string, bootId: string, seq: number, hist: boolean): void {
    const now = this.o.clock.now().getTime();
    const missing = this.missing.get(sn);
    if (missing?.bootId === bootId) missing.due.delete(seq);
    const last = this.last.get(sn);
    if (!last || last.bootId !== bootId || now - last.at > LOCAL_MEMORY_MS) {
      if (missing && missing.bootId !== bootId) this.missing.delete(sn);
      this.last.set(sn, { bootId, seq, at: now });
      return;
    }
    last.at = now;
    if (!hist && seq > last.seq + 1) {
      let gap = this.missing.get(sn);
      if (!gap) this.missing.set(sn, (gap = { bootId, due: new Map() }));
      const due = now + this.graceNow();
      for (let s = Math.max(last.seq + 1, seq - RESEND_BATCHES_MAX); s < seq; s++) gap.due.set(s, due);
      // numbers come in rising order: the oldest are dropped first
      for (const s of gap.due.keys()) {
        if (gap.due.size <= RESEND_BATCHES_MAX) break;
        gap.due.delete(s);
      }
    }
    if (seq > last.seq) last.seq = seq;
  }

  /** Batch numbers of gateway `sn` missing here that are not looked up yet. */
  pending(sn: string): number {
    return this.missing.get(sn)?.due.size ?? 0;
  }

  /** Looks up the numbers whose grace ended and asks for those no instance received. */
  check(): Promise<void> {
    this.running ??= this.lookUp()
      .catch((err: unknown) => this.o.log.warn({ err }, 'resend check failed'))
      .finally(() => (this.running = null));
    return this.running;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private async lookUp(): Promise<void> {
    const now = this.o.clock.now().getTime();
    const due: BatchId[] = [];
    for (const [sn, { bootId, due: numbers }] of this.missing) {
      for (const [seq, at] of numbers)
        if (at <= now) {
          due.push({ sn, bootId, seq });
          numbers.delete(seq);
        }
      if (!numbers.size) this.missing.delete(sn);
    }
    if (due.length) {
      const received = await receivedBatches(this.o.db, due);
      const gaps = new Map<string, { bootId: string } & SeqGap>();
      for (const b of due) {
        if (received.has(batchKey(b))) {
          this.counts.foundElsewhere++;
          continue;
        }
        const gap = gaps.get(b.sn);
        if (!gap || gap.bootId !== b.bootId)
          gaps.set(b.sn, { bootId: b.bootId, fromSeq: b.seq, toSeq: b.seq });
        else {
          gap.fromSeq = Math.min(gap.fromSeq, b.seq);
          gap.toSeq = Math.max(gap.toSeq, b.seq);
        }
      }
      for (const [sn, { bootId, fromSeq, toSeq }] of gaps) {
        if (!(await takeResendTurn(this.o.db, sn, new Date(now), RESEND_INTERVAL_MS))) continue;
        this.counts.asked++;
        await this.o.ask(sn, bootId, { fromSeq: Math.max(fromSeq, toSeq - RESEND_BATCHES_MAX + 1), toSeq });
      }
    }
    if (now - this.forgotAt >= FORGET_EVERY_MS) {
      this.forgotAt = now;
      await forgetBatches(this.o.db, new Date(now - RECORD_KEEP_MS));
    }
  }
}
