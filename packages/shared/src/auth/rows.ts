import type { AccountKind } from './account';
import type { RoleType } from './permissions';

/**
 * Rows the account and organisation calls answer with, as both sides see them.
 *
 * Timestamps: a row is generic in `Time`, how it holds one. On the wire and in the browser it is
 * the ISO 8601 text JSON makes of a Date (`string`, the default); the server reads Dates from
 * the database and types its rows `AccountRow<Date>`, which serialise to exactly that text.
 */

/** An account as the management screens see it (/lfscada/account/query and /info); no password hash. */
export interface AccountRow<Time = string> {
  id: number;
  orgId: number;
  orgName: string;
  kind: AccountKind;
  loginname: string;
  tel: string;
  email: string;
  deptId: number | null;
  deptName: string | null;
  roleId: number | null;
  roleName: string | null;
  contact: string;
  address: string;
  company: string;
  customerLevel: string;
  securityZone: string;
  remark: string;
  landingPage: string;
  authRegion: string;
  disabled: boolean;
  createdAt: Time;
}

/** An enterprise with its account count and first admin (/lfscada/org/query). */
export interface EnterpriseRow<Time = string> {
  id: number;
  name: string;
  contact: string;
  tel: string;
  address: string;
  remark: string;
  disabled: boolean;
  maxInternal: number | null;
  maxExternal: number | null;
  accountCount: number;
  adminLoginname: string | null;
  createdAt: Time;
}

/** A department of the enterprise's flat list (/lfscada/dept/query; the browser builds the tree). */
export interface DepartmentRow {
  id: number;
  parentId: number | null;
  name: string;
  seq: number;
  remark: string;
  accountCount: number;
}

/** A role with its permission keys and how many accounts hold it (/lfscada/role/query). */
export interface RoleRow<Time = string> {
  id: number;
  name: string;
  roleType: RoleType;
  dataRange: 'org' | 'dept' | 'self';
  permissions: string[];
  remark: string;
  accountCount: number;
  createdAt: Time;
}

/** One entry of the enterprise's operation log (/lfscada/user/operationlog/query). */
export interface OperationLogRow<Time = string> {
  id: number;
  loginname: string;
  action: string;
  objectType: string;
  objectId: string;
  detail: Record<string, unknown>;
  ip: string;
  createdAt: Time;
}
