import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  bindGatewaySchema,
  copyEquipmentSchema,
  equipmentQuerySchema,
  equipmentSchema,
  formBool,
  formId,
  idListSchema,
  SHARE_PERMS,
  sharePasswordSchema,
} from '@fieldhub/shared';
import type { AppContext } from '../../appContext';
import { call } from '../../http/route';
import { bindGateway, unbindGateway } from '../gateways/gateways.service';
import { bindTemplate, syncTemplate, unbindTemplate } from '../templates/templates.service';
import * as devices from './devices.service';
import * as sharing from './sharing.service';

const byId = z.object({ id: formId });
const byEquipment = z.object({ equipmentId: formId });
const idList = idListSchema(50);

/**
 * The device calls of docs/requirements/devices-and-gateways.md §12 under /lfscada/equipment/multi (JSON
 * bodies).
 */
export function deviceRoutes(app: FastifyInstance, { db, clock }: AppContext): void {
  const base = '/lfscada/equipment/multi';
  const manage = { perm: 'equipment_manage' } as const;

  call(app, `${base}/query`, { input: equipmentQuerySchema, access: manage }, ({ input, auth }) =>
    devices.listDevices(db, auth, input),
  );
  call(app, `${base}/queryByUser`, {}, ({ auth }) => devices.devicesOfUser(db, auth));
  call(app, `${base}/info`, { input: byId }, ({ input, auth }) => devices.deviceInfo(db, auth, input.id));
  call(app, `${base}/add`, { input: equipmentSchema, access: manage }, async ({ input, auth, req }) => ({
    id: await devices.addDevice(db, auth, input, req.ip),
  }));
  call(
    app,
    `${base}/edit`,
    { input: equipmentSchema.extend({ id: formId }), access: manage },
    ({ input, auth, req }) => devices.editDevice(db, auth, input.id, input, req.ip),
  );
  call(app, `${base}/delete`, { input: byId, access: manage }, ({ input, auth, req }) =>
    devices.deleteDevice(db, auth, input.id, req.ip),
  );
  call(app, `${base}/copy`, { input: copyEquipmentSchema, access: manage }, async ({ input, auth, req }) => ({
    id: await devices.copyDevice(db, auth, input.id, input.name, req.ip),
  }));
  for (const path of [
    `${base}/extra/queryAllManufacturer`,
    '/lfscada/equipment/extra/queryAllManufacturer',
  ]) {
    call(app, path, {}, ({ auth }) => devices.manufacturers(db, auth));
  }

  // gateway and template binding (setup order: basic info → gateway → drivers)
  call(app, `${base}/bindGateway`, { input: bindGatewaySchema, access: manage }, ({ input, auth, req }) =>
    bindGateway(db, clock, auth, input, req.ip),
  );
  call(app, `${base}/unbindGateway`, { input: byEquipment, access: manage }, ({ input, auth, req }) =>
    unbindGateway(db, auth, input.equipmentId, req.ip),
  );
  call(
    app,
    `${base}/bindTemplate`,
    { input: byEquipment.extend({ templateId: formId }), access: manage },
    ({ input, auth, req }) => bindTemplate(db, auth, input.equipmentId, input.templateId, req.ip),
  );
  call(app, `${base}/unbindTemplate`, { input: byEquipment, access: manage }, ({ input, auth, req }) =>
    unbindTemplate(db, auth, input.equipmentId, req.ip),
  );
  call(app, `${base}/syncTemplate`, { input: byEquipment, access: manage }, ({ input, auth, req }) =>
    syncTemplate(db, auth, input.equipmentId, req.ip),
  );
  call(
    app,
    `${base}/bindGatewayAndTemplate`,
    { input: bindGatewaySchema.extend({ templateId: formId }), access: manage },
    ({ input, auth, req }) => devices.bindGatewayAndTemplate(db, clock, auth, input, req.ip),
  );

  // sharing and per-account authorisation
  call(
    app,
    `${base}/share/info`,
    { input: z.object({ equipId: formId }), access: manage },
    ({ input, auth }) => sharing.shareInfo(db, auth, input.equipId),
  );
  call(
    app,
    `${base}/share/editPwd`,
    {
      input: z.object({ equipId: formId, password: z.union([sharePasswordSchema, z.literal('')]) }),
      access: manage,
    },
    ({ input, auth, req }) => sharing.editSharePassword(db, auth, input.equipId, input.password, req.ip),
  );
  call(
    app,
    `${base}/share/editAuth`,
    {
      input: z.object({
        equipId: formId,
        shared: formBool,
        perms: z
          .union([z.array(z.enum(SHARE_PERMS)), z.enum(SHARE_PERMS).transform((p) => [p])])
          .optional()
          .default([]),
      }),
      access: manage,
    },
    ({ input, auth, req }) =>
      sharing.editShareAuth(db, auth, input.equipId, input.shared, input.perms, req.ip),
  );
  call(app, `${base}/auth/query`, { input: byEquipment, access: manage }, ({ input, auth }) =>
    sharing.deviceAuthorizations(db, auth, input.equipmentId),
  );
  call(
    app,
    `${base}/auth/add`,
    { input: byEquipment.extend({ accountIds: idList }), access: manage },
    ({ input, auth, req }) =>
      sharing.authorizeAccounts(db, auth, input.equipmentId, input.accountIds, req.ip),
  );
  call(
    app,
    `${base}/auth/cancel`,
    { input: byEquipment.extend({ accountId: formId }), access: manage },
    ({ input, auth, req }) =>
      sharing.cancelAuthorization(db, auth, input.equipmentId, input.accountId, req.ip),
  );
}
