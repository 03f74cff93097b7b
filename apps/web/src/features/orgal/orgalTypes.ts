import type { PermissionDef, RoleType } from '@fieldhub/shared';

/** An enterprise as /lfscada/org/query answers it. */
export interface EnterpriseRow {
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
  createdAt: string;
}

export interface EnterpriseFormValues {
  name: string;
  contact?: string;
  tel?: string;
  address?: string;
  remark?: string;
  maxInternal?: number | null;
  maxExternal?: number | null;
  adminLoginname?: string;
  adminPassword?: string;
  adminConfirm?: string;
  adminTel?: string;
}

export interface DepartmentRow {
  id: number;
  parentId: number | null;
  name: string;
  seq: number;
  remark: string;
  accountCount: number;
}

export interface DepartmentFormValues {
  name: string;
  parentId?: number | null;
  seq?: number | null;
  remark?: string;
}

export type DataRange = 'org' | 'dept' | 'self';
export const DATA_RANGES: readonly DataRange[] = ['org', 'dept', 'self'];
export const ROLE_TYPES: readonly RoleType[] = ['admin', 'operation'];

export interface RoleRow {
  id: number;
  name: string;
  roleType: RoleType;
  dataRange: DataRange;
  permissions: string[];
  remark: string;
  accountCount: number;
  createdAt: string;
}

export interface RoleFormValues {
  name: string;
  roleType: RoleType;
  dataRange: DataRange;
  permissions: string[];
  remark?: string;
}

/** One entry of /lfscada/role/permissions. */
export type PermissionEntry = Pick<PermissionDef, 'key' | 'level' | 'group'>;
