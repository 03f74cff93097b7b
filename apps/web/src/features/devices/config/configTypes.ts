import type { GatewayStatus } from '@fieldhub/shared';

/** Whose configuration a tab works on: every configuration call names a device or a template. */
export type ConfigOwner = { equipmentId: number } | { templateId: number };

/** The configuration areas of /lfscada/equipment/multi/<area>/... */
export type ConfigArea = 'driver' | 'variable' | 'alarm' | 'report' | 'script';

/** What /lfscada/hardware/queryBySn tells about a gateway before binding it. */
export interface GatewayLookup {
  sn: string;
  series: string;
  model: string;
  firmware: string;
  bound: boolean;
  status: GatewayStatus;
}
