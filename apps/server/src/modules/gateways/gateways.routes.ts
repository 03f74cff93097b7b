import type { FastifyInstance } from 'fastify';
import { gatewaysCalls } from '@fieldhub/shared';
import type { AppContext } from '../../appContext';
import { handle } from '../../http/route';
import * as gateways from './gateways.service';

/** Gateway registry (platform), SN lookup for the wizard, the enterprise's gateways and their settings. */
export function gatewayRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  handle(app, gatewaysCalls.register, async ({ input, auth, req }) => {
    const issued = await gateways.registerGateways(db, auth, input, req.ip);
    // an external Mosquitto learns the new logins
    await ctx.link?.refreshBrokerAuth();
    return issued;
  });
  handle(app, gatewaysCalls.registry, ({ input }) => gateways.listRegisteredGateways(db, input));
  handle(app, gatewaysCalls.bySn, ({ input, auth }) => gateways.gatewayBySn(db, auth, input.sn));

  // gateway series and their capacities (template and device forms choose from these)
  handle(app, gatewaysCalls.series, () => gateways.listSeries(db));

  handle(app, gatewaysCalls.list, ({ input, auth }) => gateways.listGateways(db, auth, input));
  handle(app, gatewaysCalls.saveSettings, ({ input, auth, req }) =>
    gateways.saveGatewaySettings(db, auth, input, req.ip),
  );
}
