import { PROTOCOL_VERSION, type LiveValue, type Refusal, type TelemetryEnvelope } from '@fieldhub/shared';
import type { Db } from '../db/db';
import type { Clock } from '../clock';
import type { LinkEvents } from './linkEvents';
import { typicalLag } from './linkLag';
import type { SharedBatchSequence } from './sharedBatchSequence';
import { judgeItems, type StoredValue } from './telemetryJudge';
import { deviceVariables, storeValues } from './telemetryStore';

/**
 * Stored values of a batch, handed on (to the monitor) with the device's configuration version
 * they were judged under; awaited before the broker's acknowledgement.
 */
export type ValuesListener = (
  equipmentId: number,
  values: LiveValue[],
  hist: boolean,
  configVersion: number,
) => Promise<void>;

/** Batches of one boot that never arrived: `fromSeq` to `toSeq`, both included. */
export interface SeqGap {
  fromSeq: number;
  toSeq: number;
}

/** Most batches one resend request asks for: the latest ones of a longer gap. */
export const RESEND_BATCHES_MAX = 1000;
/** A gateway is asked to resend at most once in this many ms; a gap found sooner is not asked for. */
export const RESEND_INTERVAL_MS = 10_000;
/** Default of CLOCK_SKEW_TOLERANCE_MS. */
export const CLOCK_SKEW_TOLERANCE_MS = 300_000;

/** The gateway a batch came from, as judging its items needs it. */
export interface IngestSource {
  sn: string;
  equipmentId: number;
  /** ms since the epoch; nothing dated before it is the gateway's */
  registeredAt: number;
  /** the device's configuration version read with the gateway: the variables judged against */
  configVersion: number;
}

/** What became of a batch: the values stored and what was refused (`refusedTotal` counts all). */
export interface IngestOutcome {
  stored: StoredValue[];
  refusals: Refusal[];
  refusedTotal: number;
}

export interface TelemetryIngestor {
  /**
   * Notes a batch as it arrives and answers the resend request its number calls for (null when
   * none). It must run before anything the handler awaits: the broker hands a gateway's publishes
   * over in the order they were sent, and only up to their first await do they stay in it. With a
   * shared sequence (several sessions or instances) it always answers null: a gap is checked
   * later against the batches every instance received, and asked for from there.
   */
  arrive(sn: string, bootId: string, seq: number, hist: boolean): SeqGap | null;
  /**
   * Judges the batch's items (telemetryJudge), stores the good values, tells the link's listeners
   * and the monitor, and answers what was stored and refused.
   */
  ingest(source: IngestSource, msg: TelemetryEnvelope, hist: boolean): Promise<IngestOutcome>;
  /** How late live values typically reach storage now, in ms (linkLag.ts). */
  lagMs(): number;
}

/**
 * The last batch number of each gateway's boot, noted as batches arrive. `seq` counts live and
 * replayed batches together; only a live batch reveals a gap. A gap is asked for in requests of at
 * most RESEND_BATCHES_MAX batches (the latest of it), at most one per gateway every
 * RESEND_INTERVAL_MS (docs/requirements/gateway-link.md §3.2). Kept in memory: after a server
 * restart the first batch of a gateway starts afresh. Right where one session receives every batch
 * (the embedded broker); several sessions use SharedBatchSequence.
 */
export class BatchSequence {
  private readonly last = new Map<string, { bootId: string; seq: number }>();
  private readonly askedAt = new Map<string, number>();

  constructor(private readonly clock: Clock) {}

  /** Notes the batch and answers the resend request for the gap before it, if one is due. */
  next(sn: string, bootId: string, seq: number, hist: boolean): SeqGap | null {
    const last = this.last.get(sn);
    const gap =
      !hist && last && last.bootId === bootId && seq > last.seq + 1
        ? { fromSeq: Math.max(last.seq + 1, seq - RESEND_BATCHES_MAX), toSeq: seq - 1 }
        : null;
    if (!last || last.bootId !== bootId || seq > last.seq) this.last.set(sn, { bootId, seq });
    if (!gap) return null;
    const now = this.clock.now().getTime();
    const asked = this.askedAt.get(sn);
    if (asked !== undefined && now - asked < RESEND_INTERVAL_MS) return null;
    this.askedAt.set(sn, now);
    return gap;
  }
}

/**
 * The ingest of telemetry batches for one link: judge and store (telemetryJudge, telemetryStore),
 * then `values` on the link events, then `onValues` (the monitor: cache, alarms, live bus). A
 * failure anywhere rejects, so the gateway sends the batch again (it is stored once: primary key).
 */
export function createTelemetryIngestor(
  db: Db,
  clock: Clock,
  events: LinkEvents,
  onValues?: ValuesListener,
  clockSkewToleranceMs = CLOCK_SKEW_TOLERANCE_MS,
  shared?: SharedBatchSequence,
): TelemetryIngestor {
  const sequence = new BatchSequence(clock);
  const lag = typicalLag(clock);
  return {
    lagMs: () => lag.ms(),
    arrive(sn, bootId, seq, hist) {
      if (!shared) return sequence.next(sn, bootId, seq, hist);
      shared.arrive(sn, bootId, seq, hist);
      return null;
    },
    async ingest({ sn, equipmentId, registeredAt, configVersion }, msg, hist) {
      const receipt = shared ? { sn, bootId: msg.bootId, seq: msg.seq, at: clock.now() } : undefined;
      const variables = await deviceVariables(db, equipmentId, configVersion);
      const judged = judgeItems(msg.items, variables, {
        notBefore: registeredAt,
        notAfter: clock.now().getTime() + clockSkewToleranceMs,
      });
      const stored = judged.rows;
      await storeValues(db, equipmentId, stored, receipt);
      if (!hist && stored.length) {
        let newest = stored[0]!.ts;
        for (const v of stored) if (v.ts > newest) newest = v.ts;
        const late = clock.now().getTime() - newest;
        lag.note(late);
        shared?.noteLag(late);
      }
      if (stored.length) {
        events.emit('values', { equipmentId, items: stored, hist });
        await onValues?.(
          equipmentId,
          stored.map((v) => ({ signalId: v.variableId, ts: v.ts, value: v.value, quality: v.quality })),
          hist,
          configVersion,
        );
      }
      return { stored, refusals: judged.refusals, refusedTotal: judged.refusedTotal };
    },
  };
}

/** The `down/cmd` asking a gateway for the batches of a gap (it keeps those not acknowledged). */
export function resendCommand(bootId: string, gap: SeqGap) {
  return {
    v: PROTOCOL_VERSION,
    uuid: crypto.randomUUID(),
    type: 'resend',
    bootId,
    fromSeq: gap.fromSeq,
    toSeq: gap.toSeq,
  };
}
