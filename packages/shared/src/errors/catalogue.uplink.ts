import type { CatalogueEntry } from './catalogue';

/**
 * Why the platform refused part of an uplink (docs/requirements/gateway-link.md §4.2–§4.4, §5.2),
 * beyond the specification's codes: sent to the gateway on `down/refused`. A value of the wrong
 * type is refused with 1722, one of an unknown variable with 1714, an integer outside its type's
 * range with 99906.
 */
export const uplinkRefusalEntries = [
  {
    code: 1360,
    name: 'sampleBeforeEpoch',
    zh: '采样时间早于 1970 年',
    en: 'The sample is dated before 1970',
  },
  {
    code: 1361,
    name: 'sampleBeforeRegistration',
    zh: '采样时间早于网关注册时间',
    en: 'The sample is dated before the gateway was registered',
  },
  {
    code: 1362,
    name: 'sampleInFuture',
    zh: '采样时间超前平台时间，超出允许的时钟偏差',
    en: 'The sample is dated further ahead of the platform clock than the skew tolerance',
  },
  { code: 1363, name: 'uplinkItemMalformed', zh: '上报数据格式错误', en: 'The uplink item is malformed' },
  {
    code: 1364,
    name: 'variableKeyInvalid',
    zh: '变量键必须是十进制的变量编号',
    en: 'A variable key must be the variable id in decimal digits',
  },
  {
    code: 1365,
    name: 'textTooLong',
    zh: '文本超过变量允许的长度',
    en: 'The text is longer than the variable allows',
  },
  {
    code: 1366,
    name: 'configAckNotSent',
    zh: '该配置版本从未下发给此网关',
    en: 'This configuration version was never sent to this gateway',
  },
] as const satisfies readonly CatalogueEntry[];
