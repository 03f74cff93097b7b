import type { AccountFields, AccountSegment } from '@fieldhub/shared';

export interface AccountFilters {
  keyword?: string;
  deptId?: number;
  orgId?: number;
  status?: 'enabled' | 'disabled';
}

/** Form values of the create / edit dialog. */
export interface AccountFormValues extends Partial<AccountFields> {
  loginname?: string;
  password?: string;
  confirm?: string;
  orgId?: number;
}

/** Choices of the account form from /lfscada/org/options. */
export interface AccountOptions {
  departments: { id: number; parentId: number | null; name: string }[];
  roles: { id: number; name: string; roleType: 'admin' | 'operation' }[];
}

export type { AccountSegment };
