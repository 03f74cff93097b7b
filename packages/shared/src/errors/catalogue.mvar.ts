import type { CatalogueEntry } from './catalogue';

/**
 * Intermediate variables and project monitoring beyond the specification's codes
 * (docs/requirements/projects.md §5.6, issue 8): the spec names 2608 (mvar limit) and 2609 (formula error)
 * without detail; the calls need the formula problem with its position, the reference that is not the
 * project's, a missing mvar, a taken title and the page-password lock.
 */
export const mvarEntries = [
  {
    code: 2650,
    name: 'mvarFormulaInvalid',
    zh: '中间变量公式错误：{detail}',
    en: 'The intermediate variable formula is invalid: {detail}',
  },
  {
    code: 2651,
    name: 'mvarReferenceNotInProject',
    zh: '公式引用的 {ref} 不是本项目绑定设备的变量',
    en: 'The formula reference {ref} is not a signal of a device bound to this project',
  },
  { code: 2652, name: 'mvarNotFound', zh: '中间变量不存在', en: 'Intermediate variable not found' },
  {
    code: 2653,
    name: 'mvarTitleExists',
    zh: '中间变量名称已存在',
    en: 'An intermediate variable with this title already exists',
  },
  {
    code: 2654,
    name: 'pagePasswordLocked',
    zh: '页面密码错误次数过多，请 {minutes} 分钟后再试',
    en: 'Too many wrong page passwords; try again in {minutes} minutes',
  },
] as const satisfies readonly CatalogueEntry[];
