import type { z } from 'zod';
import type { groupRow } from '../contract/groups';
import type { alarmRuleRow, driverRow, reportRow, scriptRow, variableRow } from '../contract/deviceConfig';
import type { deviceRow } from '../contract/devices';
import type { templateRow } from '../contract/templates';

/**
 * Rows the device, group, template and configuration calls answer with, as both sides see them.
 * Timestamps follow the rule of auth/rows.ts: `Time` is ISO text on the wire (the default), the
 * server's rows hold Dates (`DeviceRow<Date>`).
 * Each is the output of its answer schema in packages/shared/src/contract.
 */

/** A row with its timestamp fields `K` held as `Time`. */
type Timed<R, K extends keyof R, Time> = Omit<R, K> & { [P in K]: Time };

/** A device as lists and forms see it (/lfscada/equipment/multi/query and /info), with its gateway, group and template state. */
export type DeviceRow<Time = string> = Timed<z.output<typeof deviceRow>, 'createdAt', Time>;

/** A device group of the enterprise's flat list (/lfscada/equipment/group/query, order: seq desc, id). */
export type GroupRow = z.output<typeof groupRow>;

/** A template with how many devices use it (/lfscada/template/queryForManage, query and detail). */
export type TemplateRow<Time = string> = Timed<z.output<typeof templateRow>, 'createdAt', Time>;

// --- configuration of a device or template (/lfscada/equipment/multi/<area>/query) -----------

export type DriverRow = z.output<typeof driverRow>;
export type VariableRow = z.output<typeof variableRow>;
export type AlarmRuleRow = z.output<typeof alarmRuleRow>;
export type ReportRow = z.output<typeof reportRow>;
export type ScriptRow = z.output<typeof scriptRow>;
