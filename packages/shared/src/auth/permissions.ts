/**
 * Permission keys (docs/requirements/organisations-roles-permissions.md §4.2–§4.5). A check passes only when
 * the user's `auths` list contains the key. Each key has a level: `operation` keys may be granted to roles of
 * type operation or admin, `admin` keys to admin roles only; `platform` keys belong to the platform's
 * operation accounts.
 */
export type RoleType = 'admin' | 'operation';
export type PermissionLevel = 'operation' | 'admin' | 'platform';

export interface PermissionDef {
  key: string;
  level: PermissionLevel;
  /** group shown in the role editor */
  group: 'monitor' | 'operations' | 'manage' | 'organisation' | 'platform';
}

const def = (key: string, level: PermissionLevel, group: PermissionDef['group']): PermissionDef => ({
  key,
  level,
  group,
});

export const PERMISSIONS = [
  def('monitor_view', 'operation', 'monitor'),
  def('monitor_write', 'operation', 'monitor'),
  def('monitor_multi_designer_alarm', 'operation', 'monitor'),
  def('monitor_multi_designer_repair', 'operation', 'monitor'),
  def('monitor_equipinfo_menu_alarm', 'operation', 'monitor'),
  def('monitor_designer_menu_alarm', 'operation', 'monitor'),
  def('gm_view', 'operation', 'monitor'),
  def('ops_center', 'operation', 'operations'),
  def('summary_view', 'operation', 'operations'),
  def('data_center', 'operation', 'operations'),
  def('smart_report', 'operation', 'operations'),
  def('map_view', 'operation', 'operations'),
  def('workorder_accept', 'operation', 'operations'),
  def('workorder_end', 'operation', 'operations'),
  def('operation_log', 'operation', 'operations'),
  def('equipment_manage', 'admin', 'manage'),
  def('gateway_manage', 'admin', 'manage'),
  def('template_manage', 'admin', 'manage'),
  def('project_manage', 'admin', 'manage'),
  def('ops_manage', 'admin', 'manage'),
  def('card_manage', 'admin', 'manage'),
  def('style_manage', 'admin', 'manage'),
  def('api_manage', 'admin', 'manage'),
  def('excel_manage', 'admin', 'manage'),
  def('account_manage', 'admin', 'organisation'),
  def('dept_manage', 'admin', 'organisation'),
  def('role_manage', 'admin', 'organisation'),
  def('platform_enterprise', 'platform', 'platform'),
  def('platform_account', 'platform', 'platform'),
  def('platform_system', 'platform', 'platform'),
] as const satisfies readonly PermissionDef[];

export type PermissionKey = (typeof PERMISSIONS)[number]['key'];

const byKey = new Map<string, PermissionDef>(PERMISSIONS.map((p) => [p.key, p]));

export function isPermissionKey(key: string): key is PermissionKey {
  return byKey.has(key);
}

/** Whether a role of the given type may hold the key (1017 otherwise). */
export function roleTypeMayHold(roleType: RoleType, key: string): boolean {
  const p = byKey.get(key);
  if (!p) return false;
  if (p.level === 'platform') return false;
  return p.level === 'operation' || roleType === 'admin';
}

/** Every key an enterprise admin holds. */
export const ENTERPRISE_ADMIN_KEYS: readonly PermissionKey[] = PERMISSIONS.filter(
  (p) => p.level !== 'platform',
).map((p) => p.key);

/** Every key a platform operation account holds. */
export const PLATFORM_OPERATOR_KEYS: readonly PermissionKey[] = [
  ...PERMISSIONS.filter((p) => p.level === 'platform').map((p) => p.key),
  'operation_log',
];

export function hasPermission(auths: readonly string[] | undefined, key: PermissionKey): boolean {
  return !!auths && auths.includes(key);
}
