import { DOWN, PROTOCOL_VERSION, statusSchema, UP, type GatewayStatusMessage } from '@fieldhub/shared';
import type { Clock } from '../../clock';
import { firstConfigTarget, pushConfig } from '../commands.service';
import { recordDriverStates } from '../driverLinkStates';
import { applyStatus, runsNoConfiguration, type StatusApplied } from '../gatewayPresence';
import { defineUplink } from './uplinkRouter';

/** A gateway whose status is dated further than this from the platform's time is sent the time. */
export const CLOCK_SYNC_THRESHOLD_MS = 2_000;
/**
 * A skewed status brings the time again only this long after the last time sent to that gateway:
 * a status that waited in a busy broker or link looks skewed by its wait, and answering each one
 * (10,000 gateways behind a lagging link: 20,000 time commands in 3 minutes) only adds to the load.
 * A new boot is always sent the time.
 */
export const CLOCK_RESYNC_MIN_MS = 300_000;

/**
 * `up/status`: a gateway's birth, heartbeat, sleep notice or last will (retained). The status,
 * boot, firmware, signal, location, the configuration it runs and its clock's skew are recorded
 * (gatewayPresence). An awake gateway is sent the platform's time on a new boot and when its
 * status is dated more than CLOCK_SYNC_THRESHOLD_MS off, at most once per CLOCK_RESYNC_MIN_MS
 * for a skew (docs/requirements/gateway-link.md §4.3);
 * a bound gateway whose status says it runs no configuration yet is sent its device's through the
 * first-configuration queue (firstConfigs.ts: a few at a time, once per boot, again after 5 minutes).
 */
export const statusUplink = defineUplink({
  suffix: UP.status,
  what: 'status',
  schema: statusSchema,
  async handle(deps, sn, status) {
    const skewMs = status.ts === undefined ? null : status.ts - deps.clock.now().getTime();
    const applied = await applyStatus(deps.db, deps.clock, deps.events, sn, status, skewMs);
    const now = deps.clock.now().getTime();
    if (applied && needsTime(status, applied, skewMs, deps.timeSentAt.get(sn), now)) {
      deps.timeSentAt.set(sn, now);
      deps.afterUplink('time command', () => deps.link.publishDown(sn, DOWN.cmd, timeCommand(deps.clock)));
    }
    // each driver's state and diagnostics, for the device's driver list (issue 17 item 3)
    if (status.drivers) await recordDriverStates(deps.db, deps.clock, sn, status.drivers);
    if (!applied || !runsNoConfiguration(status)) return;
    const equipmentId = await deps.deviceOf(sn);
    if (equipmentId === null) return;
    deps.firstConfigs.offer(sn, isNewBoot(status, applied), async () => {
      const gateway = await firstConfigTarget(deps.db, sn, equipmentId);
      if (gateway) await pushConfig({ db: deps.db, clock: deps.clock, link: deps.link }, gateway, null);
    });
  },
});

const isNewBoot = (status: GatewayStatusMessage, applied: StatusApplied) =>
  status.bootId !== undefined && status.bootId !== applied.previousBootId;

function needsTime(
  status: GatewayStatusMessage,
  applied: StatusApplied,
  skewMs: number | null,
  lastSent: number | undefined,
  now: number,
): boolean {
  if (!status.online || status.sleeping) return false;
  if (isNewBoot(status, applied)) return true;
  const skewed = skewMs !== null && Math.abs(skewMs) > CLOCK_SYNC_THRESHOLD_MS;
  return skewed && (lastSent === undefined || now - lastSent >= CLOCK_RESYNC_MIN_MS);
}

/**
 * The `time` command: the platform's time when it is sent. It is not a task (nothing waits for its
 * answer); a copy delivered late (queued while the gateway was away) is
 * corrected by the next one, sent when its next status shows the skew.
 */
export function timeCommand(clock: Clock) {
  return { v: PROTOCOL_VERSION, uuid: crypto.randomUUID(), type: 'time', serverTs: clock.now().getTime() };
}
