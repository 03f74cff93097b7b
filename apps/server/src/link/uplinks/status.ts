import { statusSchema, UP } from '@fieldhub/shared';
import { firstConfigTarget, pushConfig } from '../commands.service';
import { applyStatus, runsNoConfiguration } from '../gatewayPresence';
import { defineUplink } from './uplinkRouter';

/**
 * `up/status`: a gateway's birth, heartbeat, sleep notice or last will (retained). The status,
 * boot, firmware, signal, location and the configuration it runs are recorded (gatewayPresence);
 * a bound gateway whose birth says it runs no configuration yet is sent its device's at once.
 */
export const statusUplink = defineUplink({
  suffix: UP.status,
  what: 'status',
  schema: statusSchema,
  async handle(deps, sn, status) {
    await applyStatus(deps.db, deps.clock, deps.events, sn, status);
    if (!runsNoConfiguration(status)) return;
    const equipmentId = await deps.deviceOf(sn);
    if (equipmentId === null) return;
    const gateway = await firstConfigTarget(deps.db, sn, equipmentId);
    if (gateway)
      deps.afterUplink('config push', () =>
        pushConfig({ db: deps.db, clock: deps.clock, link: deps.link }, gateway, null),
      );
  },
});
