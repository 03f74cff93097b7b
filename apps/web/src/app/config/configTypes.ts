import type { CallOutput, gatewaysCalls } from '@fieldhub/shared';

/** Whose configuration a tab works on: every configuration call names a device or a template. */
export type ConfigOwner = { equipmentId: number } | { templateId: number };

/** The configuration areas of /lfscada/equipment/multi/<area>/... */
export type ConfigArea = 'driver' | 'variable' | 'alarm' | 'report' | 'script';

/** What the SN lookup (`gatewaysCalls.bySn`) tells about a gateway before binding it. */
export type GatewayLookup = CallOutput<typeof gatewaysCalls.bySn>;
