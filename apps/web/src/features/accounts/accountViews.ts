import { accountSegmentSchema, type AccountSegment } from '@fieldhub/shared';

/** Columns of the account table beyond loginname, status, created time and actions. */
export type AccountColumn = 'enterprise' | 'company' | 'contact' | 'tel' | 'email' | 'department' | 'role';

/** Fields of the account form beyond loginname and password. */
export type AccountField =
  | 'enterprise'
  | 'tel'
  | 'email'
  | 'department'
  | 'role'
  | 'contact'
  | 'company'
  | 'customerLevel'
  | 'securityZone'
  | 'address'
  | 'landingPage'
  | 'remark';

/** How each account kind is shown: which columns, filters and form fields fit it. */
export interface AccountView {
  columns: AccountColumn[];
  fields: AccountField[];
  /** filter by department (enterprise sub-accounts) */
  deptFilter: boolean;
  /** filter by enterprise (enterprise admins, listed across enterprises) */
  enterpriseFilter: boolean;
  /**
   * only internal accounts can be deleted (docs/requirements/organisations-roles-permissions.md §6.2, code
   * 1019)
   */
  deletable: boolean;
}

export const ACCOUNT_VIEWS: Record<AccountSegment, AccountView> = {
  co: {
    columns: ['enterprise', 'contact', 'tel', 'email'],
    fields: ['enterprise', 'tel', 'email', 'contact', 'address', 'landingPage', 'remark'],
    deptFilter: false,
    enterpriseFilter: true,
    deletable: false,
  },
  int: {
    columns: ['contact', 'tel', 'email', 'department', 'role'],
    fields: [
      'tel',
      'email',
      'department',
      'role',
      'contact',
      'securityZone',
      'address',
      'landingPage',
      'remark',
    ],
    deptFilter: true,
    enterpriseFilter: false,
    deletable: true,
  },
  ext: {
    columns: ['company', 'contact', 'tel', 'email', 'department', 'role'],
    fields: [
      'company',
      'tel',
      'email',
      'department',
      'role',
      'contact',
      'customerLevel',
      'securityZone',
      'address',
      'landingPage',
      'remark',
    ],
    deptFilter: true,
    enterpriseFilter: false,
    deletable: false,
  },
  op: {
    columns: ['contact', 'tel', 'email'],
    fields: ['tel', 'email', 'contact', 'address', 'landingPage', 'remark'],
    deptFilter: false,
    enterpriseFilter: false,
    deletable: false,
  },
};

/** The segment of /manage/account/{co|int|ext|op}: the last part of the path. */
export function segmentOf(pathname: string): AccountSegment | null {
  const last = pathname.replace(/\/+$/, '').split('/').pop();
  const parsed = accountSegmentSchema.safeParse(last);
  return parsed.success ? parsed.data : null;
}
