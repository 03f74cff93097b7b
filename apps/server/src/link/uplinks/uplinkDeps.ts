import type { Logger } from 'pino';
import type { Db } from '../../db/db';
import type { Clock } from '../../clock';
import { FIRST_CONFIG_BEHIND_MS, firstConfigQueue } from '../firstConfigs';
import { gatewayReads, lifeSigns } from '../gatewayPresence';
import type { LinkClient } from '../linkClient';
import type { LinkEvents } from '../linkEvents';
import type { SharedBatchSequence } from '../sharedBatchSequence';
import { createTelemetryIngestor, type ValuesListener } from '../telemetryIngestor';
import { createRefusalReporter } from '../uplinkRefusals';
import type { UplinkDeps } from './uplinkRouter';

export interface UplinkDepsOptions {
  db: Db;
  clock: Clock;
  log: Logger;
  events: LinkEvents;
  link: LinkClient;
  afterUplink: UplinkDeps['afterUplink'];
  /** stored values of a batch (the monitor); awaited before the broker's acknowledgement */
  onValues?: ValuesListener;
  /** CLOCK_SKEW_TOLERANCE_MS */
  clockSkewToleranceMs?: number;
  /** the resend check shared with other sessions and instances (a share group); absent, in memory */
  sharedSequence?: SharedBatchSequence;
}

/** What the uplink handlers of one link work with, wired from its parts. */
export function createUplinkDeps(o: UplinkDepsOptions): UplinkDeps {
  // sn → gateway, refreshed every few seconds so a new binding is seen quickly
  const gateways = gatewayReads(o.db, o.clock);
  const telemetry = createTelemetryIngestor(
    o.db,
    o.clock,
    o.events,
    o.onValues,
    o.clockSkewToleranceMs,
    o.sharedSequence,
  );
  return {
    db: o.db,
    clock: o.clock,
    log: o.log,
    events: o.events,
    link: o.link,
    deviceOf: async (sn) => (await gateways.recent(sn))?.equipmentId ?? null,
    gatewayOf: gateways.recent,
    currentGateway: gateways.now,
    noteLife: lifeSigns(o.db, o.clock),
    telemetry,
    refusals: createRefusalReporter(o.db, o.clock, o.link, o.log),
    timeSentAt: new Map(),
    firstConfigs: firstConfigQueue(o.afterUplink, o.clock, {
      behind: () => telemetry.lagMs() > FIRST_CONFIG_BEHIND_MS,
    }),
    afterUplink: o.afterUplink,
  };
}
