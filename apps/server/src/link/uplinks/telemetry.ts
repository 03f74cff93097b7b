import { DOWN, Err, telemetryEnvelopeSchema, UP } from '@fieldhub/shared';
import { resendCommand } from '../telemetryIngestor';
import { refusedMessage } from '../uplinkRefusals';
import { defineUplink, type UplinkDeps } from './uplinkRouter';

type TelemetryTopic = typeof UP.telemetry | typeof UP.telemetryHist;

/**
 * `up/telemetry` (live) and `up/telemetry/hist` (a replay of what was buffered offline). The router
 * checks the batch's envelope (version, boot, number, 1–5,000 items); the ingestor judges each item
 * and value alone, stores the good ones and hands them to the monitor (telemetryIngestor); after
 * the acknowledgement the gateway is told what was refused (`down/refused`) and, when a live batch
 * skipped batch numbers of its boot, asked to resend the missing ones. An unbound or unknown
 * gateway's values belong to nobody and are dropped.
 */
function telemetryUplink(suffix: TelemetryTopic, hist: boolean) {
  return defineUplink({
    suffix,
    what: 'telemetry',
    schema: telemetryEnvelopeSchema,
    async handle(deps, sn, batch) {
      // before any await: batch numbers are judged in the order the gateway sent them
      const gap = deps.telemetry.arrive(sn, batch.bootId, batch.seq, hist);
      const gateway = await deps.currentGateway(sn);
      if (gateway?.equipmentId == null) return;
      const outcome = await deps.telemetry.ingest(
        {
          sn,
          equipmentId: gateway.equipmentId,
          registeredAt: gateway.registeredAt,
          configVersion: gateway.configVersion ?? 0,
        },
        batch,
        hist,
      );
      if (outcome.refusedTotal > 0) {
        const message = refusedMessage(
          { topic: suffix, bootId: batch.bootId, seq: batch.seq },
          outcome.refusals,
          outcome.refusedTotal,
        );
        deps.afterUplink('refusal report', () => deps.refusals.report(sn, message));
      }
      if (gap) {
        const resend = resendCommand(batch.bootId, gap);
        deps.afterUplink('resend request', () => deps.link.publishDown(sn, DOWN.cmd, resend));
      }
    },
    refuseInvalid(deps, sn, body) {
      refuseBatch(deps, sn, suffix, body);
    },
  });
}

/**
 * A batch whose envelope is wrong (no items, more than 5,000, a bad version) is refused whole
 * (1363), when it names its boot and number so the gateway can tell which.
 */
function refuseBatch(deps: UplinkDeps, sn: string, topic: TelemetryTopic, body: unknown) {
  const head = body as { bootId?: unknown; seq?: unknown } | null;
  if (typeof head?.bootId !== 'string' || head.bootId.length > 64) return;
  if (typeof head.seq !== 'number' || !Number.isSafeInteger(head.seq) || head.seq < 0) return;
  const message = refusedMessage({ topic, bootId: head.bootId, seq: head.seq }, [
    { code: Err.uplinkItemMalformed },
  ]);
  deps.afterUplink('refusal report', async () => {
    if ((await deps.gatewayOf(sn)) !== null) await deps.refusals.report(sn, message);
  });
}

export const liveTelemetryUplink = telemetryUplink(UP.telemetry, false);
export const histTelemetryUplink = telemetryUplink(UP.telemetryHist, true);
