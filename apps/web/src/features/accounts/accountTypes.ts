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

export type { AccountSegment };
