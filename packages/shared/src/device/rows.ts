import type { z } from 'zod';
import type { groupRow } from '../contract/groups';
import type { AlarmRuleInput } from './alarmRule';
import type { Protocol } from './driver';
import type { GatewayStatus } from './gateway';
import type { ReportInput } from './report';
import type { ScriptInput } from './script';
import type { VariableInput } from './variable';

/**
 * Rows the device, group, template and configuration calls answer with, as both sides see them.
 * Timestamps follow the rule of auth/rows.ts: `Time` is ISO text on the wire (the default), the
 * server's rows hold Dates (`DeviceRow<Date>`).
 */

/** A device as lists and forms see it (/lfscada/equipment/multi/query and /info), with its gateway, group and template state. */
export interface DeviceRow<Time = string> {
  id: number;
  name: string;
  groupId: number | null;
  groupName: string | null;
  deviceNumber: string;
  address: string;
  lng: number | null;
  lat: number | null;
  /** YYYY-MM-DD */
  factoryDate: string | null;
  /** YYYY-MM-DD */
  installDate: string | null;
  warrantyMonths: number | null;
  manufacturer: string;
  iccid: string;
  remark: string;
  seq: number;
  image: string;
  defaultValueMode: 'custom' | 'last';
  menuBarVisible: boolean;
  shared: boolean;
  ownerAccountId: number | null;
  ownerLoginname: string | null;
  templateId: number | null;
  templateName: string | null;
  /** the device's configuration differs from its template's */
  templateMismatch: boolean;
  sn: string | null;
  series: string | null;
  /** null: no gateway bound */
  gatewayStatus: GatewayStatus | null;
  /** the gateway has not acknowledged the current configuration */
  syncNeeded: boolean;
  configVersion: number;
  createdAt: Time;
}

/** A device group of the enterprise's flat list (/lfscada/equipment/group/query, order: seq desc, id). */
export type GroupRow = z.output<typeof groupRow>;

/** A template with how many devices use it (/lfscada/template/queryForManage, query and detail). */
export interface TemplateRow<Time = string> {
  id: number;
  name: string;
  series: string;
  type: 'public' | 'private';
  remark: string;
  ownerLoginname: string | null;
  configVersion: number;
  /** devices bound to the template */
  deviceCount: number;
  /** bound devices whose configuration differs from the template's */
  mismatchCount: number;
  variableCount: number;
  createdAt: Time;
}

// --- configuration of a device or template (/lfscada/equipment/multi/<area>/query) -----------

export interface DriverRow {
  id: number;
  name: string;
  protocol: Protocol;
  brand: string;
  model: string;
  /** protocol fields; secrets come back as '******' */
  settings: Record<string, unknown>;
  seq: number;
  variableCount: number;
}

export interface VariableRow extends Omit<VariableInput, 'driverId'> {
  id: number;
  driverId: number | null;
  driverName: string | null;
  pinned: 'top' | 'bottom' | null;
}

export interface AlarmRuleRow extends AlarmRuleInput {
  id: number;
  variableName: string;
}

export interface ReportRow extends Omit<ReportInput, 'items'> {
  id: number;
  items: {
    variableId: number;
    variableName: string;
    aggregation: ReportInput['items'][number]['aggregation'];
  }[];
}

export interface ScriptRow extends ScriptInput {
  id: number;
}
