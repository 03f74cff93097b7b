import { commandResultUplink } from './commandResult';
import { configAckUplink } from './configAck';
import { otaProgressUplink } from './otaProgress';
import { reportUplink } from './report';
import { statusUplink } from './status';
import { histTelemetryUplink, liveTelemetryUplink } from './telemetry';
import type { UplinkHandler } from './uplinkRouter';

/** Every uplink topic of the protocol (DESIGN.md §4) and its handler. */
export const uplinkHandlers: readonly UplinkHandler[] = [
  statusUplink,
  liveTelemetryUplink,
  histTelemetryUplink,
  reportUplink,
  configAckUplink,
  commandResultUplink,
  otaProgressUplink,
];

export { routeUplinks, workAfterUplink, type UplinkDeps, type UplinkHandler } from './uplinkRouter';
export { createUplinkDeps } from './uplinkDeps';
