/**
 * Catalogue entries for what users configure around a device: devices and their setup order,
 * groups, templates, configuration pages, inspection and smart reports
 * (docs/requirements/error-catalogue.md §3); projects are in catalogue.projects.ts.
 */
import type { CatalogueEntry } from './catalogue';

export const deviceEntries = [
  // Devices (1101-1127): setup order is basic info → gateway → drivers; a template owns the config.
  { code: 1101, name: 'deviceNotFound', zh: '设备不存在', en: 'Device not found' },
  { code: 1102, name: 'deviceWithoutGateway', zh: '设备未绑定网关', en: 'The device has no gateway bound' },
  {
    code: 1103,
    name: 'gatewaySnOrCodeWrong',
    zh: '网关 SN 或验证码错误',
    en: 'Incorrect gateway SN or verification code',
  },
  {
    code: 1104,
    name: 'gatewayBoundToOtherDevice',
    zh: '该网关已绑定其他设备',
    en: 'This gateway is already bound to another device',
  },
  {
    code: 1105,
    name: 'copySeriesMismatch',
    zh: '网关系列不一致，无法复制设备',
    en: 'The gateway series differs; the device cannot be copied',
  },
  {
    code: 1106,
    name: 'importSeriesMismatch',
    zh: '导入文件的网关系列与设备不一致',
    en: 'The import file is for a different gateway series',
  },
  { code: 1107, name: 'templateNotBound', zh: '设备未绑定模板', en: 'The device is not bound to a template' },
  {
    code: 1108,
    name: 'templateAlreadyConsistent',
    zh: '设备配置与模板一致，无需同步',
    en: 'The device already matches its template; nothing to sync',
  },
  {
    code: 1109,
    name: 'templateMismatch',
    zh: '设备配置与模板不一致，请先同步',
    en: 'The device differs from its template; sync it first',
  },
  {
    code: 1110,
    name: 'templateSeriesMismatch',
    zh: '模板的网关系列与设备不一致',
    en: 'The template is for a different gateway series',
  },
  {
    code: 1111,
    name: 'platformOnlyBind',
    zh: '该设备只能在平台上绑定',
    en: 'This device can only be bound on the platform',
  },
  {
    code: 1112,
    name: 'platformOnlyModify',
    zh: '该设备只能在平台上修改',
    en: 'This device can only be modified on the platform',
  },
  {
    code: 1113,
    name: 'platformOnlyDelete',
    zh: '该设备只能在平台上删除',
    en: 'This device can only be deleted on the platform',
  },
  {
    code: 1114,
    name: 'deviceAuthorizationFailed',
    zh: '设备授权失败',
    en: 'Could not authorize the account on this device',
  },
  {
    code: 1115,
    name: 'deviceRevokeFailed',
    zh: '取消设备授权失败',
    en: 'Could not revoke the account’s access to this device',
  },
  {
    code: 1116,
    name: 'deviceNotAuthorized',
    zh: '您没有该设备的权限',
    en: 'You are not authorized for this device',
  },
  {
    code: 1117,
    name: 'accountAlreadyAuthorized',
    zh: '该账号已获得此设备授权',
    en: 'This account is already authorized on the device',
  },
  {
    code: 1118,
    name: 'noGatewayCannotSync',
    zh: '设备未绑定网关，无法同步',
    en: 'The device has no gateway and cannot be synced',
  },
  {
    code: 1119,
    name: 'noGatewayCannotCopy',
    zh: '设备未绑定网关，无法复制',
    en: 'The device has no gateway and cannot be copied',
  },
  {
    code: 1120,
    name: 'basicInfoBeforeGateway',
    zh: '请先保存设备基本信息，再绑定网关',
    en: 'Save the basic information before binding a gateway',
  },
  {
    code: 1121,
    name: 'gatewayBeforeDriver',
    zh: '请先绑定网关，再添加驱动',
    en: 'Bind a gateway before adding drivers',
  },
  {
    code: 1122,
    name: 'templateOwnsDrivers',
    zh: '设备已绑定模板，不能单独修改驱动',
    en: 'The device uses a template; edit drivers in the template',
  },
  {
    code: 1123,
    name: 'templateOwnsVariables',
    zh: '设备已绑定模板，不能单独修改变量',
    en: 'The device uses a template; edit variables in the template',
  },
  {
    code: 1124,
    name: 'templateOwnsReports',
    zh: '设备已绑定模板，不能单独修改报表',
    en: 'The device uses a template; edit reports in the template',
  },
  {
    code: 1125,
    name: 'templateAlreadyBound',
    zh: '不能重复绑定同一模板',
    en: 'The same template cannot be bound twice',
  },
  {
    code: 1126,
    name: 'deviceJobInProgress',
    zh: '设备正在导入或复制，请稍后',
    en: 'An import or copy of this device is in progress',
  },
  {
    code: 1127,
    name: 'deviceAuthorizationLimit',
    zh: '每台设备最多授权 50 个账号',
    en: 'At most 50 accounts can be authorized on a device',
  },

  // Groups (1201-1203).
  {
    code: 1201,
    name: 'groupDepthLimit',
    zh: '分组最多 10 级',
    en: 'Groups can be nested at most 10 levels deep',
  },
  {
    code: 1202,
    name: 'groupChildLimit',
    zh: '每个上级分组最多 500 个子节点',
    en: 'A group can have at most 500 child nodes',
  },
  {
    code: 1203,
    name: 'parentGroupError',
    zh: '上级分组无效，不能是自身或其下级',
    en: 'Invalid parent group: not itself or one of its subgroups',
  },

  // Identifiers and templates (1401-1402, 3101-3109).
  { code: 1401, name: 'identifierExists', zh: '标识已存在', en: 'This identifier already exists' },
  {
    code: 1402,
    name: 'templateCreationUnsupported',
    zh: '该网关系列不支持创建模板',
    en: 'Templates cannot be created for this gateway series',
  },
  {
    code: 3101,
    name: 'templateDriverCapacity',
    zh: '驱动数量超出模板容量',
    en: 'The driver count exceeds the template capacity',
  },
  {
    code: 3102,
    name: 'templateVariableCapacity',
    zh: '变量数量超出模板容量',
    en: 'The variable count exceeds the template capacity',
  },
  {
    code: 3103,
    name: 'templateAlarmCapacity',
    zh: '报警规则数量超出模板容量',
    en: 'The alarm rule count exceeds the template capacity',
  },
  {
    code: 3104,
    name: 'templateReportCapacity',
    zh: '报表数量超出模板容量',
    en: 'The report count exceeds the template capacity',
  },
  {
    code: 3105,
    name: 'templateScriptCapacity',
    zh: '脚本数量超出模板容量',
    en: 'The script count exceeds the template capacity',
  },
  {
    code: 3106,
    name: 'templateStoredVariableCapacity',
    zh: '存储变量数量超出模板容量',
    en: 'The stored variable count exceeds the template capacity',
  },
  {
    code: 3107,
    name: 'templatePageCapacity',
    zh: '组态页面数量超出模板容量',
    en: 'The page count exceeds the template capacity',
  },
  {
    code: 3108,
    name: 'templateMappingCapacity',
    zh: '状态映射数量超出模板容量',
    en: 'The state mapping count exceeds the template capacity',
  },
  {
    code: 3109,
    name: 'templateInUse',
    zh: '模板正在使用中，不能删除',
    en: 'This template is in use and cannot be deleted',
  },

  // Configuration pages (1901-1904).
  {
    code: 1901,
    name: 'pageLimit',
    zh: '组态页面最多 100 个',
    en: 'At most 100 configuration pages are allowed',
  },
  {
    code: 1902,
    name: 'pagePermissionLimit',
    zh: '每个页面最多 10 个权限',
    en: 'A page can have at most 10 permissions',
  },
  {
    code: 1903,
    name: 'pageNotFound',
    zh: '组态页面不存在或无权访问',
    en: 'The page does not exist or you have no access',
  },
  { code: 1904, name: 'pagePasswordWrong', zh: '页面访问密码错误', en: 'Incorrect page password' },

  // Inspection (2701-2707), uploaded materials (2801), smart reports (3301).
  {
    code: 2701,
    name: 'inspectionDeviceLimit',
    zh: '每个巡检计划最多 30 台设备',
    en: 'An inspection plan can have at most 30 devices',
  },
  {
    code: 2702,
    name: 'inspectionItemLimit',
    zh: '巡检内容最多 50 项',
    en: 'At most 50 inspection items are allowed',
  },
  { code: 2703, name: 'inspectionPlanNotFound', zh: '巡检计划不存在', en: 'Inspection plan not found' },
  {
    code: 2704,
    name: 'inspectionAlreadyStarted',
    zh: '巡检已开始，不能修改',
    en: 'The inspection has started and cannot be changed',
  },
  { code: 2705, name: 'inspectionAborted', zh: '巡检已中止', en: 'The inspection has been aborted' },
  {
    code: 2706,
    name: 'notInspectionAssignee',
    zh: '您不是该巡检的执行人',
    en: 'You are not assigned to this inspection',
  },
  {
    code: 2707,
    name: 'inspectionDeviceNotAllowed',
    zh: '您没有巡检该设备的权限',
    en: 'You have no permission to inspect this device',
  },
  {
    code: 2801,
    name: 'materialUploadLimit',
    zh: '最多上传 10 个资料',
    en: 'At most 10 materials can be uploaded',
  },
  {
    code: 3301,
    name: 'smartReportManualStore',
    zh: '智能报表不支持手动存储记录',
    en: 'Smart reports do not support storing records by hand',
  },
] as const satisfies readonly CatalogueEntry[];
