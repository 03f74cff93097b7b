import { z } from 'zod';
import { SN_PATTERN } from '../device/network';

/**
 * The credentials file of a simulated fleet (docs/requirements/gateway-link.md §9.4): what the
 * platform's provisioning step (apps/server/scripts/provisionFleet.ts) writes and the gateway's
 * fleet mode (`--fleet N --fleet-file …`) reads. Each gateway logs in with its own SN and MQTT
 * password and reports the listed variables by their platform ids.
 */
export const fleetFileSchema = z.object({
  v: z.literal(1),
  gateways: z
    .array(
      z.object({
        sn: z.string().regex(SN_PATTERN),
        password: z.string().min(1).max(100),
        /** the device's variable ids, in the order the fleet fills them */
        variables: z.array(z.number().int().positive()).min(1),
      }),
    )
    .min(1),
});

export type FleetFile = z.infer<typeof fleetFileSchema>;
