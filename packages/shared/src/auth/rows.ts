import { z } from 'zod';
import { answerTime } from '../contract/define';
import { ACCOUNT_KINDS } from './account';

/**
 * Rows the account and organisation calls answer with, as both sides see them: each is one zod
 * schema, the answer's contract, and its type is read from it.
 *
 * Timestamps: a row type is generic in `Time`, how it holds one. On the wire and in the browser it is
 * the ISO 8601 text JSON makes of a Date (`string`, the default); the server reads Dates from
 * the database and types its rows `AccountRow<Date>`, which serialise to exactly that text.
 */
type Timed<S extends z.ZodType, Time> = Omit<z.output<S>, 'createdAt'> & { createdAt: Time };

const roleTypeSchema = z.enum(['admin', 'operation']);
const dataRangeSchema = z.enum(['org', 'dept', 'self']);

/** An account as the management screens see it (/lfscada/account/query and /info); no password hash. */
export const accountRowSchema = z.object({
  id: z.number().int(),
  orgId: z.number().int(),
  orgName: z.string(),
  kind: z.enum(ACCOUNT_KINDS),
  loginname: z.string(),
  tel: z.string(),
  email: z.string(),
  deptId: z.number().int().nullable(),
  deptName: z.string().nullable(),
  roleId: z.number().int().nullable(),
  roleName: z.string().nullable(),
  contact: z.string(),
  address: z.string(),
  company: z.string(),
  customerLevel: z.string(),
  securityZone: z.string(),
  remark: z.string(),
  landingPage: z.string(),
  authRegion: z.string(),
  disabled: z.boolean(),
  /** the lock check is on (account-security.md §5) */
  useLock: z.boolean(),
  /** a lock public key is registered */
  hasLockKey: z.boolean(),
  createdAt: answerTime,
});
export type AccountRow<Time = string> = Timed<typeof accountRowSchema, Time>;

/** An enterprise with its account count and first admin (/lfscada/org/query). */
export const enterpriseRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  contact: z.string(),
  tel: z.string(),
  address: z.string(),
  remark: z.string(),
  disabled: z.boolean(),
  maxInternal: z.number().int().nullable(),
  maxExternal: z.number().int().nullable(),
  notifyDelayedAlarms: z.boolean(),
  dataCenterEnabled: z.boolean(),
  historyRetentionMonths: z.number().int(),
  accountCount: z.number().int(),
  adminLoginname: z.string().nullable(),
  createdAt: answerTime,
});
export type EnterpriseRow<Time = string> = Timed<typeof enterpriseRowSchema, Time>;

/** A department of the enterprise's flat list (/lfscada/dept/query; the browser builds the tree). */
export const departmentRowSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  seq: z.number().int(),
  remark: z.string(),
  accountCount: z.number().int(),
});
export type DepartmentRow = z.output<typeof departmentRowSchema>;

/** A role with its permission keys and how many accounts hold it (/lfscada/role/query). */
export const roleRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  roleType: roleTypeSchema,
  dataRange: dataRangeSchema,
  permissions: z.array(z.string()),
  remark: z.string(),
  accountCount: z.number().int(),
  createdAt: answerTime,
});
export type RoleRow<Time = string> = Timed<typeof roleRowSchema, Time>;

/** One entry of the enterprise's operation log (/lfscada/user/operationlog/query). */
export const operationLogRowSchema = z.object({
  id: z.number().int(),
  loginname: z.string(),
  action: z.string(),
  objectType: z.string(),
  objectId: z.string(),
  detail: z.record(z.string(), z.unknown()),
  ip: z.string(),
  createdAt: answerTime,
});
export type OperationLogRow<Time = string> = Timed<typeof operationLogRowSchema, Time>;
