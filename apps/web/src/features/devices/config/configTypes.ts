import type {
  AlarmRuleInput,
  GatewayStatus,
  Protocol,
  ReportInput,
  ScriptInput,
  VariableInput,
} from '@fieldhub/shared';

/** Whose configuration a tab works on: every configuration call names a device or a template. */
export type ConfigOwner = { equipmentId: number } | { templateId: number };

/** The configuration areas of /lfscada/equipment/multi/<area>/... */
export type ConfigArea = 'driver' | 'variable' | 'alarm' | 'report' | 'script';

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

/** A device as /lfscada/equipment/multi/info returns it. */
export interface DeviceInfo {
  id: number;
  name: string;
  groupId: number | null;
  groupName: string | null;
  deviceNumber: string;
  address: string;
  lng: number | null;
  lat: number | null;
  factoryDate: string | null;
  installDate: string | null;
  warrantyMonths: number | null;
  manufacturer: string;
  iccid: string;
  remark: string;
  seq: number;
  image: string;
  defaultValueMode: 'custom' | 'last';
  menuBarVisible: boolean;
  templateId: number | null;
  templateName: string | null;
  /** the device's configuration differs from its template's */
  templateMismatch: boolean;
  sn: string | null;
  series: string | null;
  gatewayStatus: GatewayStatus | null;
  /** the gateway has not received the current configuration */
  syncNeeded: boolean;
}

export interface GroupRow {
  id: number;
  parentId: number | null;
  name: string;
  seq: number;
  deviceCount: number;
}

/** What /lfscada/hardware/queryBySn tells about a gateway before binding it. */
export interface GatewayLookup {
  sn: string;
  series: string;
  model: string;
  firmware: string;
  bound: boolean;
  status: GatewayStatus;
}
