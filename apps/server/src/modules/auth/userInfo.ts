import {
  AppError,
  Err,
  type UserInfo,
  type AccountKind,
  type PromptType,
  type RoleType,
} from '@fieldhub/shared';
import { one, type Db } from '../../db/db';
import { authsOf, roleTypeOf } from './sessions';

interface Row {
  id: number;
  loginname: string;
  tel: string;
  style_id: number | null;
  org_id: number;
  org_name: string;
  org_style_id: number | null;
  dept_id: number | null;
  role_id: number | null;
  role_type: RoleType | null;
  data_range: 'org' | 'dept' | 'self' | null;
  permissions: string[] | null;
  kind: AccountKind;
  auth_region: string;
  prompt_type: PromptType[];
  scada_adaption: boolean;
  equip_display: 'card' | 'list';
  use_lock: boolean;
  landing_page: string;
}

/** The user info of docs/requirements/accounts-and-login.md §5.1 for one account. */
export async function userInfoOf(db: Db, accountId: number): Promise<UserInfo> {
  const r = await one<Row>(
    db,
    `select a.id, a.loginname, a.tel, a.style_id, a.org_id, o.name as org_name, o.style_id as org_style_id, a.dept_id,
            a.role_id, r.role_type, r.data_range, r.permissions, a.kind, a.auth_region, a.prompt_type,
            a.scada_adaption, a.equip_display, a.use_lock, a.landing_page
       from accounts a join orgs o on o.id = a.org_id left join roles r on r.id = a.role_id
      where a.id = $1`,
    [accountId],
  );
  if (!r) throw new AppError(Err.loginTimeout);
  return {
    loginname: r.loginname,
    tel: r.tel,
    userId: r.id,
    styleId: r.style_id ?? r.org_style_id,
    orgId: r.org_id,
    orgName: r.org_name,
    deptId: r.dept_id,
    roleId: r.role_id,
    roleType: roleTypeOf(r.kind, r.role_type),
    accountKind: r.kind,
    authRegion: r.auth_region,
    dataRange: r.kind === 'internal' || r.kind === 'external' ? (r.data_range ?? 'org') : 'org',
    prompType: r.prompt_type,
    scadaAdaption: r.scada_adaption,
    equipDisplay: r.equip_display,
    useLock: r.use_lock,
    auths: authsOf(r.kind, r.permissions),
    landingPage: r.landing_page,
  };
}
