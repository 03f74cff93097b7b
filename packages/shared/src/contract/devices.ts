import { z } from 'zod';
import {
  copyEquipmentSchema,
  equipmentQuerySchema,
  equipmentSchema,
  SHARE_PERMS,
  sharePasswordSchema,
} from '../device/equipment';
import { bindGatewaySchema, GATEWAY_STATUSES } from '../device/gateway';
import { formBool, formId, idListSchema, listPageOf } from '../validation/form';
import { answerTime, createdId, defineCalls, noData } from './define';

/** A device as lists and forms see it, with its gateway, group and template state. */
export const deviceRow = z.object({
  id: z.number().int(),
  name: z.string(),
  groupId: z.number().int().nullable(),
  groupName: z.string().nullable(),
  deviceNumber: z.string(),
  address: z.string(),
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  /** YYYY-MM-DD */
  factoryDate: z.string().nullable(),
  /** YYYY-MM-DD */
  installDate: z.string().nullable(),
  warrantyMonths: z.number().int().nullable(),
  manufacturer: z.string(),
  iccid: z.string(),
  remark: z.string(),
  seq: z.number().int(),
  image: z.string(),
  defaultValueMode: z.enum(['custom', 'last']),
  menuBarVisible: z.boolean(),
  shared: z.boolean(),
  ownerAccountId: z.number().int().nullable(),
  ownerLoginname: z.string().nullable(),
  templateId: z.number().int().nullable(),
  templateName: z.string().nullable(),
  /** the device's configuration differs from its template's */
  templateMismatch: z.boolean(),
  sn: z.string().nullable(),
  series: z.string().nullable(),
  /** null: no gateway bound */
  gatewayStatus: z.enum(GATEWAY_STATUSES).nullable(),
  /** the gateway has not acknowledged the current configuration */
  syncNeeded: z.boolean(),
  configVersion: z.number().int(),
  createdAt: answerTime,
});

/** A device in short form (selectors, authorisation, monitoring). */
export const deviceOfUserRow = z.object({
  id: z.number().int(),
  name: z.string(),
  groupId: z.number().int().nullable(),
  sn: z.string().nullable(),
  // the server reads the status as text; it is one of the gateway states
  gatewayStatus: z.string().pipe(z.enum(GATEWAY_STATUSES)).nullable(),
});

/** A device's share link: on/off, its token (made on the first switch-on), password set, what it may show. */
export const shareInfoAnswer = z.object({
  shared: z.boolean(),
  token: z.string().nullable(),
  hasPassword: z.boolean(),
  perms: z.array(z.enum(SHARE_PERMS)),
});

/** An account in the device's authorisation dialog. */
export const authAccountRow = z.object({
  id: z.number().int(),
  loginname: z.string(),
  // the server reads the kind as text; only these two kinds can be authorised
  kind: z.string().pipe(z.enum(['internal', 'external'])),
  contact: z.string(),
  /** whether the account is authorised on the device (the list it is in says the same) */
  authorized: z.boolean(),
});

const byId = z.object({ id: formId });
const byEquipment = z.object({ equipmentId: formId });
const manage = { perm: 'equipment_manage' } as const;
const base = '/lfscada/equipment/multi';

/**
 * Devices (docs/requirements/devices-and-gateways.md §12): basic information, gateway and template
 * binding, sharing and per-account authorisation.
 */
export const devicesCalls = defineCalls('devices', {
  list: {
    path: `${base}/query`,
    input: equipmentQuerySchema,
    output: listPageOf(deviceRow),
    access: manage,
    summary: 'A page of the devices the caller may see, filtered by keyword, group, status, template…',
  },
  listOfUser: {
    path: `${base}/queryByUser`,
    output: z.array(deviceOfUserRow),
    summary: 'Every device the caller may see, in short form',
  },
  info: {
    path: `${base}/info`,
    input: byId,
    output: deviceRow,
    summary: 'One device with its gateway, group and template state',
  },
  add: {
    path: `${base}/add`,
    input: equipmentSchema,
    output: createdId,
    access: manage,
    summary: "Adds a device (the setup wizard's first step)",
  },
  edit: {
    path: `${base}/edit`,
    input: equipmentSchema.extend({ id: formId }),
    output: noData,
    access: manage,
    summary: "Edits a device's basic information",
  },
  remove: {
    path: `${base}/delete`,
    input: byId,
    output: noData,
    access: manage,
    summary: 'Deletes a device with its configuration and frees its gateway',
  },
  copy: {
    path: `${base}/copy`,
    input: copyEquipmentSchema,
    output: createdId,
    access: manage,
    summary: 'Copies a device with its configuration under a new name, without a gateway',
  },
  manufacturers: {
    path: `${base}/extra/queryAllManufacturer`,
    output: z.array(z.string()),
    summary: "Manufacturers named by the enterprise's devices",
  },
  manufacturersShort: {
    path: '/lfscada/equipment/extra/queryAllManufacturer',
    output: z.array(z.string()),
    body: 'form',
    summary: "Manufacturers named by the enterprise's devices (the same list under the shorter path)",
  },
  bindGateway: {
    path: `${base}/bindGateway`,
    input: bindGatewaySchema,
    output: noData,
    access: manage,
    summary: 'Binds a gateway to a device by its SN and verification code',
  },
  unbindGateway: {
    path: `${base}/unbindGateway`,
    input: byEquipment,
    output: noData,
    access: manage,
    summary: "Unbinds the device's gateway",
  },
  bindTemplate: {
    path: `${base}/bindTemplate`,
    input: byEquipment.extend({ templateId: formId }),
    output: noData,
    access: manage,
    summary: "Binds a template: the device's drivers, variables and reports become the template's",
  },
  unbindTemplate: {
    path: `${base}/unbindTemplate`,
    input: byEquipment,
    output: noData,
    access: manage,
    summary: "Unbinds the template, keeping its configuration as the device's own",
  },
  syncTemplate: {
    path: `${base}/syncTemplate`,
    input: byEquipment,
    output: noData,
    access: manage,
    summary: "Brings a template-bound device up to the template's current configuration",
  },
  bindGatewayAndTemplate: {
    path: `${base}/bindGatewayAndTemplate`,
    input: bindGatewaySchema.extend({ templateId: formId }),
    output: noData,
    access: manage,
    summary: 'Binds a template and a gateway to a device in one step',
  },
  shareInfo: {
    path: `${base}/share/info`,
    input: z.object({ equipId: formId }),
    output: shareInfoAnswer,
    access: manage,
    summary: "The device's share link state",
  },
  sharePassword: {
    path: `${base}/share/editPwd`,
    input: z.object({ equipId: formId, password: z.union([sharePasswordSchema, z.literal('')]) }),
    output: noData,
    access: manage,
    summary: "Sets the share link's password; an empty one removes it",
  },
  shareAuth: {
    path: `${base}/share/editAuth`,
    input: z.object({
      equipId: formId,
      shared: formBool,
      perms: z
        .union([z.array(z.enum(SHARE_PERMS)), z.enum(SHARE_PERMS).transform((p) => [p])])
        .optional()
        .default([]),
    }),
    output: noData,
    access: manage,
    summary: 'Turns sharing on or off and sets what the link may show',
  },
  authorizations: {
    path: `${base}/auth/query`,
    input: byEquipment,
    output: z.object({ authorized: z.array(authAccountRow), candidates: z.array(authAccountRow) }),
    access: manage,
    summary: "Accounts authorised on the device and the enterprise's other sub-accounts",
  },
  authorize: {
    path: `${base}/auth/add`,
    input: byEquipment.extend({ accountIds: idListSchema(50) }),
    output: noData,
    access: manage,
    summary: 'Authorises accounts of the enterprise on the device (at most 50 in all)',
  },
  revoke: {
    path: `${base}/auth/cancel`,
    input: byEquipment.extend({ accountId: formId }),
    output: noData,
    access: manage,
    summary: "Cancels an account's authorisation (its alarm messages for the device stop too)",
  },
});
