import type { AccountKind, AccountSegment } from '@fieldhub/shared';

/** An account as /lfscada/account/query and /info answer it. */
export interface AccountRow {
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
  createdAt: string;
}

/** The editable fields of an account (the shared accountFieldsSchema). */
export type AccountFields = Pick<
  AccountRow,
  | 'tel'
  | 'email'
  | 'deptId'
  | 'roleId'
  | 'contact'
  | 'address'
  | 'company'
  | 'customerLevel'
  | 'securityZone'
  | 'remark'
  | 'landingPage'
  | 'authRegion'
>;

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
