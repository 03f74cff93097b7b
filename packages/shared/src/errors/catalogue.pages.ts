import type { CatalogueEntry } from './catalogue';

/**
 * Configuration-page storage codes beyond the specification's (docs/requirements/pages-and-designer.md §2.6,
 * §14; it names 1901-1904 only): the calls of issue 7 refuse a stale save, an invalid document and an
 * oversized one with their own code, next to the spec's page codes.
 */
export const pageStorageEntries = [
  {
    code: 1905,
    name: 'pageVersionConflict',
    zh: '页面已被他人保存为更新的版本，请重新加载后再保存',
    en: 'Someone saved a newer version of this page; reload it before saving',
  },
  {
    code: 1906,
    name: 'pageDocumentInvalid',
    zh: '页面内容无效：{detail}',
    en: 'The page content is invalid: {detail}',
  },
  {
    code: 1907,
    name: 'pageDocumentTooLarge',
    zh: '页面内容超过 {max} MB',
    en: 'The page content is larger than {max} MB',
  },
  {
    code: 1908,
    name: 'pageWidgetLimit',
    zh: '每个页面最多 {max} 个组件',
    en: 'A page can have at most {max} widgets',
  },
  // the weather widget's provider (docs/requirements/widgets.md §4.6)
  {
    code: 1909,
    name: 'weatherUnavailable',
    zh: '天气服务暂不可用：{detail}',
    en: 'The weather service is not available: {detail}',
  },
  {
    code: 1910,
    name: 'weatherTimeout',
    zh: '天气服务 {seconds} 秒内未响应',
    en: 'The weather service did not answer within {seconds} s',
  },
  {
    code: 1911,
    name: 'weatherPlaceNotFound',
    zh: '未找到地点：{name}',
    en: 'No place named {name} was found',
  },
] as const satisfies readonly CatalogueEntry[];
