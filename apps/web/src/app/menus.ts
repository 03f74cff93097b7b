import type { PermissionKey, UserInfo } from '@fieldhub/shared';
import { can } from './session';
import type { KeyIn } from './useT';

/** A menu entry: `key` is its i18n key under `menu:`, `to` where it leads. */
export interface MenuItem {
  key: KeyIn<'menu'>;
  to: string;
  perm?: PermissionKey;
  children?: MenuItem[];
}

/** Main menus of docs/requirements/client-rules.md §5.1, in the top bar. */
export const mainMenus: MenuItem[] = [
  { key: 'monitor', to: '/monitor/eg/list', perm: 'monitor_view' },
  { key: 'gm-list', to: '/monitor/gm/list', perm: 'gm_view' },
  { key: 'gm-group', to: '/monitor/gm/group', perm: 'gm_view' },
  { key: 'ops-center', to: '/monitor/gm/ocInfo', perm: 'ops_center' },
  { key: 'summary', to: '/monitor/summary', perm: 'summary_view' },
  { key: 'data-center', to: '/monitor/datacenter', perm: 'data_center' },
  { key: 'smart-report', to: '/monitor/excel', perm: 'smart_report' },
  { key: 'map', to: '/map', perm: 'map_view' },
  { key: 'manage', to: '/manage' },
  { key: 'help', to: '/help' },
];

/** The management area's side menu, grouped. */
export const manageMenus: MenuItem[] = [
  {
    key: 'devices',
    to: '',
    children: [
      { key: 'equipment', to: '/manage/eg/equipment/list', perm: 'equipment_manage' },
      { key: 'gateway', to: '/manage/eg/gateway', perm: 'gateway_manage' },
      { key: 'group', to: '/manage/eg/group', perm: 'equipment_manage' },
      { key: 'template', to: '/manage/eg/template/list', perm: 'template_manage' },
      { key: 'project', to: '/manage/eg/project/list', perm: 'project_manage' },
      { key: 'project-operation', to: '/manage/eg/project/list-operation', perm: 'ops_center' },
      { key: 'scene', to: '/manage/eg/scene', perm: 'equipment_manage' },
    ],
  },
  {
    key: 'operations',
    to: '',
    children: [
      { key: 'repairs', to: '/manage/ops/repairs', perm: 'ops_manage' },
      { key: 'inspection-plan', to: '/manage/ops/inspection_plan', perm: 'ops_manage' },
      { key: 'inspection-content', to: '/manage/ops/inspection_content', perm: 'ops_manage' },
      // the caller's own queue: no management key (operations.md §5)
      { key: 'worksheet', to: '/manage/ops/worksheet' },
      { key: 'excel', to: '/manage/excel/list', perm: 'excel_manage' },
    ],
  },
  {
    key: 'accounts',
    to: '',
    children: [
      { key: 'enterprise', to: '/manage/orgal/enterprise', perm: 'platform_enterprise' },
      { key: 'account-co', to: '/manage/account/co', perm: 'platform_account' },
      { key: 'account-op', to: '/manage/account/op', perm: 'platform_account' },
      { key: 'account-int', to: '/manage/account/int', perm: 'account_manage' },
      { key: 'account-ext', to: '/manage/account/ext', perm: 'account_manage' },
      { key: 'dept', to: '/manage/orgal/dept', perm: 'dept_manage' },
      { key: 'role', to: '/manage/orgal/role', perm: 'role_manage' },
    ],
  },
  {
    key: 'services',
    to: '',
    children: [
      { key: 'card', to: '/manage/card/list', perm: 'card_manage' },
      { key: 'sms', to: '/manage/sms/buy', perm: 'card_manage' },
      { key: 'wallet', to: '/manage/wallet', perm: 'card_manage' },
      { key: 'api', to: '/manage/api/list', perm: 'api_manage' },
      { key: 'style', to: '/manage/style/list', perm: 'style_manage' },
    ],
  },
  {
    key: 'system',
    to: '',
    children: [
      { key: 'hardware', to: '/manage/system/hardware', perm: 'platform_system' },
      { key: 'protocol', to: '/manage/system/protocol', perm: 'platform_system' },
      { key: 'model', to: '/manage/system/model', perm: 'platform_system' },
      { key: 'notice', to: '/manage/system/msg', perm: 'platform_system' },
      { key: 'market', to: '/manage/system/market', perm: 'platform_system' },
      { key: 'version', to: '/manage/system/version', perm: 'platform_system' },
      { key: 'product', to: '/manage/system/product', perm: 'platform_system' },
      { key: 'license', to: '/manage/system/license', perm: 'platform_system' },
    ],
  },
];

/** The user menu of docs/requirements/client-rules.md §5.2 (top right). */
export const userMenus: MenuItem[] = [
  { key: 'messages', to: '/msg/messageAll' },
  { key: 'security', to: '/account/security/sms' },
  { key: 'information', to: '/account/info/sms' },
  { key: 'order', to: '/account/order' },
  { key: 'invoice', to: '/account/invoice' },
  { key: 'settings', to: '/account/config' },
  { key: 'operation-log', to: '/account/log', perm: 'operation_log' },
  { key: 'feedback', to: '/account/feedback' },
];

/** The items the user may see: leaves by permission, groups when one child remains. */
export function visibleMenus(items: MenuItem[], user: UserInfo | null): MenuItem[] {
  return items.flatMap((item) => {
    if (!item.children) return can(user, item.perm) ? [item] : [];
    const children = visibleMenus(item.children, user);
    return children.length ? [{ ...item, children }] : [];
  });
}

/** Where a user lands after login: their landing page setting, else the first screen they may open. */
export function landingPath(user: UserInfo): string {
  // a saved landing page counts only while it is one of the app's own paths
  if (user.landingPage.startsWith('/') && !user.landingPage.startsWith('//')) return user.landingPage;
  const manage = visibleMenus(manageMenus, user).flatMap((g) => g.children ?? [g]);
  if (can(user, 'monitor_view')) return '/monitor/eg/list';
  return manage[0]?.to ?? '/account/config';
}

/** The /manage entry leads to the first management screen the user may open. */
export function firstManagePath(user: UserInfo | null): string | null {
  const manage = visibleMenus(manageMenus, user).flatMap((g) => g.children ?? [g]);
  return manage[0]?.to ?? null;
}
