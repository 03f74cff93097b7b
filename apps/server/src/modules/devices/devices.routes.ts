import type { FastifyInstance } from 'fastify';
import { devicesCalls } from '@fieldhub/shared';
import type { AppContext } from '../../appContext';
import { handle } from '../../http/route';
import { bindGateway, unbindGateway } from '../gateways/gateways.service';
import { bindTemplate, syncTemplate, unbindTemplate } from '../templates/templates.service';
import * as devices from './devices.service';
import * as sharing from './sharing.service';

/**
 * The device calls of docs/requirements/devices-and-gateways.md §12 under /lfscada/equipment/multi (JSON
 * bodies).
 */
export function deviceRoutes(app: FastifyInstance, { db, clock }: AppContext): void {
  handle(app, devicesCalls.list, ({ input, auth }) => devices.listDevices(db, auth, input));
  handle(app, devicesCalls.listOfUser, ({ auth }) => devices.devicesOfUser(db, auth));
  handle(app, devicesCalls.info, ({ input, auth }) => devices.deviceInfo(db, auth, input.id));
  handle(app, devicesCalls.add, async ({ input, auth, req }) => ({
    id: await devices.addDevice(db, auth, input, req.ip),
  }));
  handle(app, devicesCalls.edit, ({ input, auth, req }) =>
    devices.editDevice(db, auth, input.id, input, req.ip),
  );
  handle(app, devicesCalls.remove, ({ input, auth, req }) =>
    devices.deleteDevice(db, auth, input.id, req.ip),
  );
  handle(app, devicesCalls.copy, async ({ input, auth, req }) => ({
    id: await devices.copyDevice(db, auth, input.id, input.name, req.ip),
  }));
  for (const def of [devicesCalls.manufacturers, devicesCalls.manufacturersShort]) {
    handle(app, def, ({ auth }) => devices.manufacturers(db, auth));
  }

  // gateway and template binding (setup order: basic info → gateway → drivers)
  handle(app, devicesCalls.bindGateway, ({ input, auth, req }) =>
    bindGateway(db, clock, auth, input, req.ip),
  );
  handle(app, devicesCalls.unbindGateway, ({ input, auth, req }) =>
    unbindGateway(db, auth, input.equipmentId, req.ip),
  );
  handle(app, devicesCalls.bindTemplate, ({ input, auth, req }) =>
    bindTemplate(db, auth, input.equipmentId, input.templateId, req.ip),
  );
  handle(app, devicesCalls.unbindTemplate, ({ input, auth, req }) =>
    unbindTemplate(db, auth, input.equipmentId, req.ip),
  );
  handle(app, devicesCalls.syncTemplate, ({ input, auth, req }) =>
    syncTemplate(db, auth, input.equipmentId, req.ip),
  );
  handle(app, devicesCalls.bindGatewayAndTemplate, ({ input, auth, req }) =>
    devices.bindGatewayAndTemplate(db, clock, auth, input, req.ip),
  );

  // sharing and per-account authorisation
  handle(app, devicesCalls.shareInfo, ({ input, auth }) => sharing.shareInfo(db, auth, input.equipId));
  handle(app, devicesCalls.sharePassword, ({ input, auth, req }) =>
    sharing.editSharePassword(db, auth, input.equipId, input.password, req.ip),
  );
  handle(app, devicesCalls.shareAuth, ({ input, auth, req }) =>
    sharing.editShareAuth(db, auth, input.equipId, input.shared, input.perms, req.ip),
  );
  handle(app, devicesCalls.authorizations, ({ input, auth }) =>
    sharing.deviceAuthorizations(db, auth, input.equipmentId),
  );
  handle(app, devicesCalls.authorize, ({ input, auth, req }) =>
    sharing.authorizeAccounts(db, auth, input.equipmentId, input.accountIds, req.ip),
  );
  handle(app, devicesCalls.revoke, ({ input, auth, req }) =>
    sharing.cancelAuthorization(db, auth, input.equipmentId, input.accountId, req.ip),
  );
}
