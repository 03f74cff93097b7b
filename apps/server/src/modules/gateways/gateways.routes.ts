import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { gatewaySettingsSchema, pagingSchema, registerGatewaysSchema } from '@fieldhub/shared';
import type { AppContext } from '../../appContext';
import { call } from '../../http/route';
import * as gateways from './gateways.service';

/** Gateway registry (platform), SN lookup for the wizard, the enterprise's gateways and their settings. */
export function gatewayRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const platform = { perm: 'platform_system' } as const;
  call(
    app,
    '/lfscada/hardware/register',
    { input: registerGatewaysSchema, access: platform },
    async ({ input, auth, req }) => {
      const issued = await gateways.registerGateways(db, auth, input, req.ip);
      // an external Mosquitto learns the new logins
      await ctx.link?.refreshBrokerAuth();
      return issued;
    },
  );
  call(
    app,
    '/lfscada/hardware/query',
    { input: pagingSchema.extend({ sn: z.string().trim().max(12).optional() }), access: platform },
    ({ input }) => gateways.listRegisteredGateways(db, input),
  );
  call(
    app,
    '/lfscada/hardware/queryBySn',
    { input: z.object({ sn: z.string().trim().max(20) }), access: { perm: 'equipment_manage' } },
    ({ input, auth }) => gateways.gatewayBySn(db, auth, input.sn),
  );

  // gateway series and their capacities (template and device forms choose from these)
  call(app, '/lfscada/hardware/series', {}, () => gateways.listSeries(db));

  const manage = { perm: 'gateway_manage' } as const;
  call(
    app,
    '/lfscada/gateway/query',
    {
      input: pagingSchema.extend({
        keyword: z.string().trim().max(50).optional(),
        status: z.enum(['online', 'offline', 'sleeping']).optional(),
      }),
      access: manage,
    },
    ({ input, auth }) => gateways.listGateways(db, auth, input),
  );
  call(
    app,
    '/lfscada/gateway/settings/save',
    // three certificate or key files of up to 1 MB each travel as base64 (4/3 larger)
    { input: gatewaySettingsSchema, access: manage, bodyLimit: 5 * 1024 * 1024 },
    ({ input, auth, req }) => gateways.saveGatewaySettings(db, auth, input, req.ip),
  );
}
