import type { CatalogueEntry } from './catalogue';

/**
 * Projects (operations centres) and the data center, 2601-2615 (docs/requirements/projects.md §2.2,
 * §10 and docs/requirements/data-views.md §3.3: 100 pages, 50 accounts, 100 fields per report, data
 * center disabled). The specification names only those meanings; the others are the refusals of the
 * /lfscada/project/* calls (issue 8). 2608-2610 are used by the intermediate variables
 * (/lfscada/project/mvar/*).
 */
export const projectEntries = [
  {
    code: 2601,
    name: 'projectPageLimit',
    zh: '每个项目最多 100 个页面',
    en: 'A project can have at most 100 pages',
  },
  {
    code: 2602,
    name: 'projectAccountLimit',
    zh: '每个项目最多授权 50 个账号',
    en: 'At most 50 accounts can be authorized on a project',
  },
  {
    code: 2603,
    name: 'reportFieldLimit',
    zh: '每个报表最多 100 个字段',
    en: 'A report can have at most 100 fields',
  },
  {
    code: 2604,
    name: 'projectNotFound',
    zh: '项目不存在或无权访问',
    en: 'The project does not exist or you have no access',
  },
  {
    code: 2605,
    name: 'projectNotAuthorized',
    zh: '您没有该项目页面的权限',
    en: 'You have no permission on this page of the project',
  },
  { code: 2606, name: 'projectExpired', zh: '项目已过期', en: 'The project has expired' },
  {
    code: 2607,
    name: 'projectEquipKeyExists',
    zh: '设备标识在该项目中已存在：{key}',
    en: 'This device key is already used in the project: {key}',
  },
  {
    code: 2608,
    name: 'intermediateVariableLimit',
    zh: '中间变量数量已达上限',
    en: 'The intermediate variable limit has been reached',
  },
  {
    code: 2609,
    name: 'intermediateFormulaError',
    zh: '中间变量公式错误',
    en: 'The intermediate variable formula is invalid',
  },
  {
    code: 2610,
    name: 'deviceNotInProject',
    zh: '设备未绑定到该项目',
    en: 'The device is not bound to this project',
  },
  {
    code: 2611,
    name: 'projectEquipBound',
    zh: '设备已绑定到该项目：{name}',
    en: 'The device is already bound to this project: {name}',
  },
  {
    code: 2612,
    name: 'pageNotInProject',
    zh: '页面不属于该项目',
    en: 'The page does not belong to this project',
  },
  {
    code: 2613,
    name: 'projectAccountExists',
    zh: '该账号已有此项目的权限：{name}',
    en: 'The account already has permissions on this project: {name}',
  },
  {
    code: 2614,
    name: 'projectAccountNotMember',
    zh: '该账号没有此项目的权限',
    en: 'The account has no permissions on this project',
  },
  { code: 2615, name: 'dataCenterDisabled', zh: '数据中心未启用', en: 'The data center is disabled' },
] as const satisfies readonly CatalogueEntry[];
