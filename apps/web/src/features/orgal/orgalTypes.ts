import type { CallOutput, orgCalls, RoleRow, RoleType } from '@fieldhub/shared';

export interface EnterpriseFormValues {
  name: string;
  contact?: string;
  tel?: string;
  address?: string;
  remark?: string;
  maxInternal?: number | null;
  maxExternal?: number | null;
  notifyDelayedAlarms?: boolean;
  dataCenterEnabled?: boolean;
  historyRetentionMonths?: number | null;
  adminLoginname?: string;
  adminPassword?: string;
  adminConfirm?: string;
  adminTel?: string;
}

export interface DepartmentFormValues {
  name: string;
  parentId?: number | null;
  seq?: number | null;
  remark?: string;
}

export type DataRange = RoleRow['dataRange'];
export const DATA_RANGES: readonly DataRange[] = ['org', 'dept', 'self'];
export const ROLE_TYPES: readonly RoleType[] = ['admin', 'operation'];

export interface RoleFormValues {
  name: string;
  roleType: RoleType;
  dataRange: DataRange;
  permissions: string[];
  remark?: string;
}

/** One permission key a role may be given (`orgCalls.rolePermissions`). */
export type PermissionEntry = CallOutput<typeof orgCalls.rolePermissions>[number];
