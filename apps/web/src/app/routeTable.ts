import type { PermissionKey } from '@fieldhub/shared';
import type { KeyIn, KeysUnder } from './useT';

/** Screens built so far; every other route shows the "not available yet" page. */
export type ScreenName =
  | 'login'
  | 'notFound'
  | 'accountList'
  | 'enterpriseList'
  | 'departmentList'
  | 'roleList'
  | 'operationLog'
  | 'feedback'
  | 'userConfig'
  | 'deviceList'
  | 'deviceWizard'
  | 'deviceEdit'
  | 'gatewayList'
  | 'groupList'
  | 'templateList'
  | 'templateAdd'
  | 'templateEdit'
  | 'hardwareList'
  | 'monitorList'
  | 'monitorDetail'
  | 'designer'
  | 'viewer'
  | 'projectList'
  | 'projectOperationList'
  | 'messageList'
  | 'messageDetail'
  | 'messageExpire'
  | 'messageNotice'
  | 'systemMessage'
  | 'summary'
  | 'opsCenter'
  | 'dataCenter'
  | 'map'
  | 'help'
  | 'excelList'
  | 'excelEdit'
  | 'excelRecords'
  | 'excelScan'
  | 'excelMonitor'
  | 'excelFill'
  | 'excelRead'
  | 'repairList'
  | 'worksheet'
  | 'inspectionPlans'
  | 'inspectionItems'
  | 'securityCenter'
  | 'securitySetup'
  | 'accountInfo'
  | 'findPwd'
  | 'register'
  | 'enrollManage'
  | 'license'
  | 'market';

/**
 * One route of the full table of docs/requirements/client-rules.md §4. `id` doubles as the i18n key of
 * the route's title (`routes:<id>`); `name` is the spec's named destination where it has one.
 */
export interface RouteDef {
  path: string;
  id: RouteId;
  name?: string;
  /** reachable without login (docs/requirements/client-rules.md §3.2 public routes) */
  public?: boolean;
  redirect?: string;
  screen?: ScreenName;
  /** permission needed to open the screen (also filters the menus) */
  perm?: PermissionKey;
  /** full-screen page outside the main layout (designers) */
  bare?: boolean;
  children?: RouteDef[];
}

/** A route's id: a key of the routes namespace, so every route has a title. */
export type RouteId = KeyIn<'routes'>;
/** The rest of the route ids that start with P: the paths `m` and `mon` take. */
type IdAfter<P extends string> = KeysUnder<'routes', P> extends `${P}${infer Rest}` ? Rest : never;

const r = (path: string, id: RouteId, extra: Partial<RouteDef> = {}): RouteDef => ({ path, id, ...extra });
const pub = (path: string, id: RouteId, extra: Partial<RouteDef> = {}): RouteDef =>
  r(path, id, { public: true, ...extra });

const findPwdSteps = (base: '/findpwd' | '/client/findpwd'): RouteDef[] => [
  pub(base, `${base}`, { redirect: `${base}/account` }),
  pub(`${base}/account`, `${base}/account`, { screen: 'findPwd' }),
  pub(`${base}/validate`, `${base}/validate`, { screen: 'findPwd' }),
  pub(`${base}/validate/tel`, `${base}/validate/tel`, { screen: 'findPwd' }),
  pub(`${base}/validate/email`, `${base}/validate/email`, { screen: 'findPwd' }),
  pub(`${base}/validate/question`, `${base}/validate/question`, { screen: 'findPwd' }),
  pub(`${base}/password`, `${base}/password`, { screen: 'findPwd' }),
  pub(`${base}/finish`, `${base}/finish`, { screen: 'findPwd' }),
];

/** Routes outside the main layout: login, public pages, password retrieval. */
export const publicRoutes: RouteDef[] = [
  pub('/login', 'login', { screen: 'login' }),
  pub('/login.jsp', 'login.jsp', { redirect: '/login' }),
  pub('/enroll/:code', 'enroll', { screen: 'register' }),
  pub('/register/:roleuuid', 'register', { screen: 'register' }),
  pub('/404', '404', { screen: 'notFound' }),
  pub('/map', 'map', { screen: 'map' }),
  pub('/system/msg/detail/:dataId/:msgType', 'system-msg-detail', { screen: 'systemMessage' }),
  pub('/style/edit/login/:id', 'style-edit-login'),
  pub('/style/edit/main/:id', 'style-edit-main'),
  pub('/style/edit/preview/:id', 'style-edit-preview'),
  pub('/order/pay/success/:orderId', 'order-pay-success'),
  pub('/order/pay/qrcode/:orderId', 'order-pay-qrcode'),
  pub('/order/pay/qrcode/:orderId/:payPlatform', 'order-pay-qrcode-platform'),
  pub('/card/recharge/:iccid', 'card-recharge'),
  ...findPwdSteps('/findpwd'),
  ...findPwdSteps('/client/findpwd'),
];

/** Designers run full screen, outside the main layout (docs/requirements/pages-and-designer.md §1.1). */
export const designerRoutes: RouteDef[] = [
  r('/manage/project/:projectId/designer/:pageId', 'designer-project', { bare: true, screen: 'designer' }),
  r('/manage/eg/:equipId/designer/:pageId', 'designer-equipment', { bare: true, screen: 'designer' }),
  r('/manage/template/:templateId/designer/:pageId', 'designer-template', { bare: true, screen: 'designer' }),
  r('/manage/scene/config/:sceneId', 'designer-scene', { bare: true }),
];

const m = (path: IdAfter<'manage/'>, extra: Partial<RouteDef> = {}) => r(path, `manage/${path}`, extra);
const mon = (path: IdAfter<'monitor/'>, extra: Partial<RouteDef> = {}) => r(path, `monitor/${path}`, extra);

/** Routes inside the main layout (login required). */
export const layoutRoutes: RouteDef[] = [
  r('/manage', 'manage', {
    redirect: '/manage/eg/equipment/list',
    children: [
      m('frame/:path'),
      m('frame/:path/:openFlag'),
      m('vas/custom-style'),
      m('vas/custom-platform'),
      m('eg/equipment/list', { perm: 'equipment_manage', screen: 'deviceList' }),
      m('eg/equipment/add', { perm: 'equipment_manage', screen: 'deviceWizard' }),
      m('eg/equipment/edit/:id', { perm: 'equipment_manage', screen: 'deviceEdit' }),
      m('eg/gateway', { perm: 'gateway_manage', screen: 'gatewayList' }),
      m('eg/group', { perm: 'equipment_manage', screen: 'groupList' }),
      m('eg/scene', { perm: 'equipment_manage' }),
      m('eg/template/list', { perm: 'template_manage', screen: 'templateList' }),
      m('eg/template/add', { perm: 'template_manage', screen: 'templateAdd' }),
      m('eg/template/edit/:id', { perm: 'template_manage', screen: 'templateEdit' }),
      m('eg/project/list', { perm: 'project_manage', screen: 'projectList' }),
      m('eg/project/list-operation', { perm: 'ops_center', screen: 'projectOperationList' }),
      m('system/hardware', { perm: 'platform_system', screen: 'hardwareList' }),
      m('system/protocol', { perm: 'platform_system' }),
      m('system/model', { perm: 'platform_system' }),
      m('system/msg', { perm: 'platform_system' }),
      m('system/market', { perm: 'platform_system', screen: 'market' }),
      m('system/version', { perm: 'platform_system' }),
      m('system/product', { perm: 'platform_system' }),
      m('system/license', { perm: 'platform_system', screen: 'license' }),
      m('ops/repairs', { perm: 'ops_manage', screen: 'repairList' }),
      m('ops/inspection_plan', { perm: 'ops_manage', screen: 'inspectionPlans' }),
      m('ops/inspection_content', { perm: 'ops_manage', screen: 'inspectionItems' }),
      // the caller's own queue (operations.md §5): the people doing the work need no management key
      m('ops/worksheet', { screen: 'worksheet' }),
      m('card/list', { perm: 'card_manage' }),
      m('card/order', { perm: 'card_manage' }),
      m('card/invoice', { perm: 'card_manage' }),
      m('wallet', { perm: 'card_manage' }),
      m('sms/buy', { perm: 'card_manage' }),
      m('sms/send', { perm: 'card_manage' }),
      m('sms/statistics', { perm: 'card_manage' }),
      m('account/co', { perm: 'platform_account', screen: 'accountList' }),
      m('account/int', { perm: 'account_manage', screen: 'accountList' }),
      m('account/ext', { perm: 'account_manage', screen: 'accountList' }),
      m('account/op', { perm: 'platform_account', screen: 'accountList' }),
      m('account/enroll', { perm: 'account_manage', screen: 'enrollManage' }),
      m('orgal/enterprise', { perm: 'platform_enterprise', screen: 'enterpriseList' }),
      m('orgal/dept', { perm: 'dept_manage', screen: 'departmentList' }),
      m('orgal/role', { perm: 'role_manage', screen: 'roleList' }),
      m('api/list', { perm: 'api_manage' }),
      m('style/list', { perm: 'style_manage' }),
      m('style/system', { perm: 'style_manage' }),
      m('openys', { perm: 'api_manage' }),
      m('excel/list', { perm: 'excel_manage', screen: 'excelList' }),
      m('excel/add', { perm: 'excel_manage', screen: 'excelEdit' }),
      m('excel/edit/:id', { perm: 'excel_manage', screen: 'excelEdit' }),
      m('excel/info/:id', { perm: 'excel_manage', screen: 'excelRecords' }),
      m('excel/info/scan/:recordId', { perm: 'excel_manage', screen: 'excelScan' }),
    ],
  }),
  r('/monitor', 'monitor', {
    redirect: '/monitor/eg/list',
    children: [
      mon('eg/list', { perm: 'monitor_view', screen: 'monitorList' }),
      mon('eg/detail/list/:id/:alarm', {
        name: 'MonitorEGDetail',
        perm: 'monitor_view',
        screen: 'monitorDetail',
      }),
      mon('eg/detail/list/:id/:orderType/:orderId', {
        name: 'MonitorEGDetailForOrder',
        perm: 'monitor_view',
        screen: 'monitorDetail',
      }),
      mon('eg/detail/page/:pageId/:alarm', {
        name: 'MonitorEgPageItem',
        perm: 'monitor_view',
        screen: 'viewer',
      }),
      mon('eg/detail/page/:pageId/:orderType/:orderId', {
        name: 'MonitorEgPageForOrderItem',
        perm: 'monitor_view',
        screen: 'viewer',
      }),
      mon('eg/group', {
        perm: 'monitor_view',
        screen: 'monitorList',
        children: [
          mon('eg/group/list/:groupId/:id', { perm: 'monitor_view', screen: 'monitorDetail' }),
          mon('eg/group/configuration/:groupId/:id', { perm: 'monitor_view', screen: 'viewer' }),
          mon('eg/group/configuration/:groupId/:id/:pageId', { perm: 'monitor_view', screen: 'viewer' }),
        ],
      }),
      mon('gm/list', { perm: 'gm_view' }),
      mon('gm/group', { perm: 'gm_view' }),
      mon('gm/ocInfo', { perm: 'ops_center', screen: 'opsCenter' }),
      mon('gm/ocInfo/:ocId', { perm: 'ops_center', screen: 'viewer' }),
      mon('gm/vuedetail/:equipId', { perm: 'gm_view' }),
      mon('gm/detail/:id/:ruleType/:openType', { name: 'gmDetail', perm: 'gm_view' }),
      mon('project/:projectId/page/:pageId', { perm: 'monitor_view', screen: 'viewer' }),
      mon('project/:projectId/preview/:pageId', { perm: 'monitor_view', screen: 'viewer' }),
      mon('excel', { perm: 'smart_report', screen: 'excelMonitor' }),
      mon('excel/:excelId', { perm: 'smart_report', screen: 'excelRecords' }),
      mon('excel/:excelId/page/fill/:recordId', { perm: 'smart_report', screen: 'excelFill' }),
      mon('excel/:excelId/page/read/:recordId', { perm: 'smart_report', screen: 'excelRead' }),
      // not in the spec's table, but the main menus of docs/requirements/client-rules.md §5.1 name these
      // screens
      mon('summary', { perm: 'summary_view', screen: 'summary' }),
      mon('datacenter', { perm: 'data_center', screen: 'dataCenter' }),
    ],
  }),
  r('/account', 'account', {
    redirect: '/account/security/sms',
    children: [
      r('security/sms', 'account/security/sms', { screen: 'securityCenter' }),
      r('security/nosms', 'account/security/nosms', { screen: 'securityCenter' }),
      r('info/sms', 'account/info/sms', { screen: 'accountInfo' }),
      r('info/nosms', 'account/info/nosms', { screen: 'accountInfo' }),
      r('config', 'account/config', { screen: 'userConfig' }),
      r('log', 'account/log', { screen: 'operationLog', perm: 'operation_log' }),
      r('order', 'account/order'),
      r('invoice', 'account/invoice'),
      r('feedback', 'account/feedback', { screen: 'feedback' }),
      r('security/sms/setup/validate', 'account/setup/validate', { screen: 'securitySetup' }),
      r('security/sms/setup/validate/tel/:type', 'account/setup/validate/tel', { screen: 'securitySetup' }),
      r('security/sms/setup/validate/email', 'account/setup/validate/email', { screen: 'securitySetup' }),
      r('security/sms/setup/validate/question', 'account/setup/validate/question', {
        screen: 'securitySetup',
      }),
      r('security/sms/setup/validate/password', 'account/setup/validate/password', {
        screen: 'securitySetup',
      }),
      r('security/sms/setup/password', 'account/setup/password', { screen: 'securitySetup' }),
      r('security/sms/setup/tel', 'account/setup/tel', { screen: 'securitySetup' }),
      r('security/sms/setup/tel/validate', 'account/setup/tel/validate', { screen: 'securitySetup' }),
      r('security/sms/setup/email', 'account/setup/email', { screen: 'securitySetup' }),
      r('security/sms/setup/email/validate', 'account/setup/email/validate', { screen: 'securitySetup' }),
      r('security/sms/setup/question', 'account/setup/question', { screen: 'securitySetup' }),
      r('security/sms/setup/question/validate', 'account/setup/question/validate', {
        screen: 'securitySetup',
      }),
      r('security/sms/setup/success/:type', 'account/setup/success', { screen: 'securitySetup' }),
    ],
  }),
  r('/msg', 'msg', {
    redirect: '/msg/messageAll',
    children: [
      r('messageAll', 'msg/messageAll', { screen: 'messageList' }),
      r('messageReaden', 'msg/messageReaden', { screen: 'messageList' }),
      r('messageUnReaden', 'msg/messageUnReaden', { screen: 'messageList' }),
      r('detail/:menuType/:msgType/:equipType/:dataId', 'msg/detail', { screen: 'messageDetail' }),
      r('detail/all/expire/api/:dataId', 'msg/expire-api', { screen: 'messageExpire' }),
      r('detail/all/expire/project/:dataId', 'msg/expire-project', { screen: 'messageExpire' }),
      r('detail/all/expire/card/:dataId', 'msg/expire-card', { screen: 'messageExpire' }),
      r('detail/all/notice/public/:dataId', 'msg/notice-public', { screen: 'messageNotice' }),
    ],
  }),
  r('/help', 'help', { screen: 'help' }),
];

/** Every route, flattened with absolute paths. */
export function flattenRoutes(defs: RouteDef[], base = ''): (RouteDef & { fullPath: string })[] {
  return defs.flatMap((d) => {
    const fullPath = d.path.startsWith('/') ? d.path : `${base}/${d.path}`;
    return [{ ...d, fullPath }, ...flattenRoutes(d.children ?? [], d.path.startsWith('/') ? d.path : base)];
  });
}

export const allRoutes = flattenRoutes([...publicRoutes, ...designerRoutes, ...layoutRoutes]);

const named = new Map(allRoutes.filter((d) => d.name).map((d) => [d.name!, d.fullPath]));

/** Path of a named destination, e.g. pathTo('MonitorEGDetail', {id: 3, alarm: 0}). */
export function pathTo(name: string, params: Record<string, string | number>): string {
  const pattern = named.get(name);
  if (!pattern) throw new Error(`unknown route name ${name}`);
  return pattern.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`route ${name} needs ${key}`);
    return encodeURIComponent(String(value));
  });
}

/** Path prefixes the app recognises for device detail navigation (docs/requirements/client-rules.md §3.5). */
export const DETAIL_PREFIXES = [
  '/monitor/eg/detail/list/',
  '/monitor/eg/detail/page/',
  '/monitor/eg/group/list/',
  '/monitor/eg/group/configuration/',
] as const;
