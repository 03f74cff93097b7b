import { PROTOCOL_VERSION, type LiveValue, type TelemetryMessage } from '@fieldhub/shared';
import type { Db } from '../db/db';
import type { Clock } from '../clock';
import type { LinkEvents } from './linkEvents';
import { storeTelemetry } from './telemetryStore';

/** Stored values of a batch, handed on (to the monitor); awaited before the broker's acknowledgement. */
export type ValuesListener = (equipmentId: number, values: LiveValue[], hist: boolean) => Promise<void>;

/** Batches of one boot that never arrived: `fromSeq` to `toSeq`, both included. */
export interface SeqGap {
  fromSeq: number;
  toSeq: number;
}

export interface TelemetryIngestor {
  /**
   * Stores a validated batch of the device's values, tells the link's listeners and the monitor,
   * and answers the batches of this boot a live batch reveals missing (null when none are).
   */
  ingest(sn: string, equipmentId: number, msg: TelemetryMessage, hist: boolean): Promise<SeqGap | null>;
}

/**
 * The last batch number of each gateway's boot. `seq` counts live and replayed batches together;
 * only a live batch reveals a gap. Kept in memory: after a server restart the first batch of a
 * gateway starts afresh.
 */
export class BatchSequence {
  private readonly last = new Map<string, { bootId: string; seq: number }>();

  /** Notes the batch and answers the gap before it, if a live batch of the same boot skipped some. */
  next(sn: string, bootId: string, seq: number, hist: boolean): SeqGap | null {
    const last = this.last.get(sn);
    const gap =
      !hist && last && last.bootId === bootId && seq > last.seq + 1
        ? { fromSeq: last.seq + 1, toSeq: seq - 1 }
        : null;
    if (!last || last.bootId !== bootId || seq > last.seq) this.last.set(sn, { bootId, seq });
    return gap;
  }
}

/**
 * The ingest of telemetry batches for one link: store (telemetryStore), then `values` on the link
 * events, then `onValues` (the monitor: cache, alarms, live bus), then the gap check. A failure
 * anywhere rejects, so the gateway sends the batch again (it is stored once: primary key).
 */
export function createTelemetryIngestor(
  db: Db,
  clock: Clock,
  events: LinkEvents,
  onValues?: ValuesListener,
): TelemetryIngestor {
  const sequence = new BatchSequence();
  return {
    async ingest(sn, equipmentId, msg, hist) {
      const stored = await storeTelemetry(db, clock, equipmentId, msg);
      if (stored.length) {
        events.emit('values', { equipmentId, items: stored, hist });
        await onValues?.(
          equipmentId,
          stored.map((v) => ({ signalId: v.variableId, ts: v.ts, value: v.value, quality: v.quality })),
          hist,
        );
      }
      return sequence.next(sn, msg.bootId, msg.seq, hist);
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
