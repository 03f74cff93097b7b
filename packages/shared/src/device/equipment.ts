import { z } from 'zod';
import { formBool, optionalId } from '../validation/form';
import { REMARK_MAX } from '../auth/account';

const text = (max: number) => z.string().trim().max(max).optional().default('');
const optionalDate = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? null : v),
  z.iso.date().nullable(),
);
const optionalNumber = (min: number, max: number) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? null : v),
    z.coerce.number().min(min).max(max).nullable(),
  );

export const DEVICE_NAME_MAX = 50;
export const COPY_NAME_MAX = 25;

/**
 * Basic information of a device (docs/requirements/devices-and-gateways.md §2.1), the first step of the setup
 * wizard.
 */
export const equipmentSchema = z.object({
  name: z.string().trim().min(1).max(DEVICE_NAME_MAX),
  groupId: optionalId.optional().default(null),
  deviceNumber: text(50),
  address: text(200),
  lng: optionalNumber(-180, 180).optional().default(null),
  lat: optionalNumber(-90, 90).optional().default(null),
  factoryDate: optionalDate.optional().default(null),
  installDate: optionalDate.optional().default(null),
  warrantyMonths: optionalNumber(0, 1200).optional().default(null),
  manufacturer: text(100),
  iccid: z
    .string()
    .trim()
    .regex(/^([0-9A-Fa-f]{19,20})?$/, 'ICCID')
    .optional()
    .default(''),
  remark: text(REMARK_MAX),
  /** sort order: positive integer, larger ranks first */
  seq: z.coerce.number().int().min(0).max(1_000_000).optional().default(0),
  image: text(500),
  defaultValueMode: z.enum(['custom', 'last']).optional().default('custom'),
  menuBarVisible: formBool.optional().default(true),
});
export type EquipmentInput = z.infer<typeof equipmentSchema>;

export const equipmentQuerySchema = z.object({
  keyword: z.string().trim().max(50).optional(),
  groupId: optionalId.optional(),
  /** include devices of sub-groups of groupId */
  withSubgroups: formBool.optional().default(true),
  status: z.enum(['online', 'offline', 'sleeping', 'unbound']).optional(),
  templateId: optionalId.optional(),
  manufacturer: z.string().trim().max(100).optional(),
  sn: z.string().trim().max(12).optional(),
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(10),
});
export type EquipmentQuery = z.infer<typeof equipmentQuerySchema>;

export const copyEquipmentSchema = z.object({
  id: z.coerce.number().int().positive(),
  name: z.string().trim().min(1).max(COPY_NAME_MAX),
});

/**
 * Share password: at least 4 letters or digits, no special characters
 * (docs/requirements/devices-and-gateways.md §9.1).
 */
export const sharePasswordSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{4,20}$/, 'share password');

/** Sharing toggles of docs/requirements/devices-and-gateways.md §9.2. */
export const SHARE_PERMS = [
  'topMenu',
  'deviceInfo',
  'alarms',
  'historyReports',
  'curves',
  'repair',
  'inspection',
  'log',
  'writeData',
] as const;
export type SharePerm = (typeof SHARE_PERMS)[number];
