import { otaProgressSchema, UP } from '@fieldhub/shared';
import { applyOtaProgress } from '../firmwareUpgrade';
import { defineUplink } from './uplinkRouter';

/**
 * `up/ota/progress`, the states of a firmware upgrade: recorded on the gateway; 'updated' and
 * 'failed' finish the upgrade task (firmwareUpgrade). A report on another gateway's task changes
 * nothing.
 */
export const otaProgressUplink = defineUplink({
  suffix: UP.otaProgress,
  what: 'upgrade progress',
  schema: otaProgressSchema,
  async handle(deps, sn, progress) {
    await applyOtaProgress(deps.db, deps.clock, sn, progress);
  },
});
