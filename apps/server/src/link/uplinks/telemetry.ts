import { DOWN, telemetrySchema, UP, type UpTopic } from '@fieldhub/shared';
import { resendCommand } from '../telemetryIngestor';
import { defineUplink } from './uplinkRouter';

/*
 * Validation and storing are apart: the router checks a batch against `schema`, `handle` only
 * stores what passed. Per-item refusal (with an answer to the gateway) belongs in a validation
 * step between the two, not in the ingestor.
 */

/**
 * `up/telemetry` (live) and `up/telemetry/hist` (a replay of what was buffered offline): a batch
 * of the device's values is stored and handed to the monitor (telemetryIngestor); a live batch
 * that skips batch numbers of its boot asks the gateway, after the acknowledgement, to resend the
 * missing ones. An unbound or unknown gateway's values belong to nobody and are dropped.
 */
function telemetryUplink(suffix: UpTopic, hist: boolean) {
  return defineUplink({
    suffix,
    what: 'telemetry',
    schema: telemetrySchema,
    async handle(deps, sn, batch) {
      const equipmentId = await deps.deviceOf(sn);
      if (equipmentId === null) return;
      const gap = await deps.telemetry.ingest(sn, equipmentId, batch, hist);
      if (gap) {
        const resend = resendCommand(batch.bootId, gap);
        deps.afterUplink('resend request', () => deps.link.publishDown(sn, DOWN.cmd, resend));
      }
    },
  });
}

export const liveTelemetryUplink = telemetryUplink(UP.telemetry, false);
export const histTelemetryUplink = telemetryUplink(UP.telemetryHist, true);
