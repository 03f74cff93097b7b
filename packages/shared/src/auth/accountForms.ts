import { z } from 'zod';
import { formBool, formId, optionalId } from '../validation/form';
import { REMARK_MAX } from './account';

/**
 * Account, department, role and enterprise forms: the browser's forms and the server's calls
 * validate with these same schemas.
 */
export const loginnameSchema = z
  .string()
  .trim()
  .min(3)
  .max(30)
  .regex(/^[A-Za-z0-9_.@-]+$/, 'letters, digits, _ . @ -');
export const telSchema = z
  .string()
  .trim()
  .max(20)
  .regex(/^(\+?[0-9][0-9-]{4,19})?$/, 'phone number');
export const emailSchema = z.union([z.literal(''), z.email().max(100)]);
export const accountSegmentSchema = z.enum(['co', 'int', 'ext', 'op']);

const text = (max: number) => z.string().trim().max(max).optional().default('');

export const accountFieldsSchema = z.object({
  tel: telSchema.optional().default(''),
  email: emailSchema.optional().default(''),
  deptId: optionalId.optional().default(null),
  roleId: optionalId.optional().default(null),
  contact: text(50),
  address: text(100),
  company: text(100),
  customerLevel: text(30),
  securityZone: text(30),
  remark: text(REMARK_MAX),
  landingPage: text(200),
  authRegion: text(500),
});
/** The fields of an account its managers edit (every kind has them; the forms show some). */
export type AccountFields = z.infer<typeof accountFieldsSchema>;

export const accountCreateSchema = accountFieldsSchema.extend({
  segment: accountSegmentSchema,
  loginname: loginnameSchema,
  password: z.string().max(100),
  /** the enterprise of a new enterprise admin ('co'); other kinds join the caller's enterprise */
  orgId: optionalId.optional().default(null),
});
export type AccountCreate = z.infer<typeof accountCreateSchema>;

export const accountEditSchema = accountFieldsSchema.extend({ id: formId });
export type AccountEdit = z.infer<typeof accountEditSchema>;

export const accountQuerySchema = z.object({
  segment: accountSegmentSchema,
  keyword: z.string().trim().max(50).optional(),
  deptId: optionalId.optional(),
  orgId: optionalId.optional(),
  disabled: formBool.optional(),
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(10),
});
export type AccountQuery = z.infer<typeof accountQuerySchema>;

export const departmentSchema = z.object({
  name: z.string().trim().min(1).max(30),
  parentId: optionalId.optional().default(null),
  seq: z.coerce.number().int().min(0).max(1_000_000).optional().default(0),
  remark: text(REMARK_MAX),
});

export const roleSchema = z.object({
  name: z.string().trim().min(1).max(30),
  roleType: z.enum(['admin', 'operation']),
  dataRange: z.enum(['org', 'dept', 'self']).optional().default('org'),
  permissions: z
    .union([z.array(z.string().max(60)).max(200), z.string().max(5000)])
    .optional()
    .default([])
    .transform((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v)),
  remark: text(REMARK_MAX),
});

/** The months an enterprise's history may be kept (docs/requirements/gateway-link.md §10.3), and the default. */
export const HISTORY_RETENTION_MONTHS = { min: 1, max: 120, default: 36 } as const;

export const enterpriseSchema = z.object({
  name: z.string().trim().min(1).max(50),
  contact: text(50),
  tel: telSchema.optional().default(''),
  address: text(100),
  remark: text(REMARK_MAX),
  maxInternal: optionalId.optional().default(null),
  maxExternal: optionalId.optional().default(null),
  /** whether alarms learnt late and already over are told, in one summary (monitoring.md §9); kept when left out */
  notifyDelayedAlarms: formBool.optional(),
  /** whether the data center is on (docs/requirements/data-views.md §3.3: off, its calls answer 2615); kept when left out */
  dataCenterEnabled: formBool.optional(),
  /** months the history of the enterprise's devices is kept (docs/requirements/gateway-link.md §10.3); kept when left out */
  historyRetentionMonths: z.coerce
    .number()
    .int()
    .min(HISTORY_RETENTION_MONTHS.min)
    .max(HISTORY_RETENTION_MONTHS.max)
    .optional(),
});
