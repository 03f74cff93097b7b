import { reportRecordSchema, UP } from '@fieldhub/shared';
import { storeReportRecord } from '../telemetryStore';
import { defineUplink } from './uplinkRouter';

/**
 * `up/report`: a record of one of the device's reports (periodic, conditional, change-based or
 * summary) is stored; a record of another device's report, one dated too far ahead, and any
 * record of an unbound or unknown gateway are dropped (telemetryStore).
 */
export const reportUplink = defineUplink({
  suffix: UP.report,
  what: 'report',
  schema: reportRecordSchema,
  async handle(deps, sn, record) {
    const equipmentId = await deps.deviceOf(sn);
    if (equipmentId !== null) await storeReportRecord(deps.db, deps.clock, equipmentId, record);
  },
});
