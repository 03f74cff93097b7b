/**
 * Catalogue entries for what a gateway collects and writes: capacity of variables, alarm rules and
 * reports, lower-device (field-bus) faults, variable rules, writes and the gateway's read/write
 * results (docs/requirements/error-catalogue.md §3).
 */
import type { CatalogueEntry } from './catalogue';

export const variableEntries = [
  // Gateway capacity, variables, alarm rules and reports (1701-1706, 1723-1729).
  {
    code: 1701,
    name: 'variableCapacity',
    zh: '变量数量超出网关容量',
    en: 'The variable count exceeds the gateway capacity',
  },
  {
    code: 1702,
    name: 'alarmRuleCapacity',
    zh: '报警规则数量超出网关容量',
    en: 'The alarm rule count exceeds the gateway capacity',
  },
  {
    code: 1703,
    name: 'reportCapacity',
    zh: '报表数量超出网关容量',
    en: 'The report count exceeds the gateway capacity',
  },
  {
    code: 1704,
    name: 'storedVariableCapacity',
    zh: '存储变量数量超出网关容量',
    en: 'The stored variable count exceeds the gateway capacity',
  },
  {
    code: 1705,
    name: 'reportVariableLimit',
    zh: '每个报表最多 100 个变量',
    en: 'A report can have at most 100 variables',
  },
  {
    code: 1706,
    name: 'scriptCapacity',
    zh: '脚本数量超出网关容量',
    en: 'The script count exceeds the gateway capacity',
  },

  // Lower-device (field-bus) faults (1707-1722); fieldbus.ts maps Modbus exceptions onto them.
  {
    code: 1707,
    name: 'illegalFunction',
    zh: '非法功能：下位机不支持该请求',
    en: 'Illegal function: the device does not support this request',
  },
  {
    code: 1708,
    name: 'illegalDataAddress',
    zh: '非法数据地址：下位机没有该地址',
    en: 'Illegal data address: the device has no such address',
  },
  {
    code: 1709,
    name: 'illegalDataValue',
    zh: '非法数据值：下位机拒绝该数值',
    en: 'Illegal data value: the device rejected the value',
  },
  {
    code: 1710,
    name: 'acknowledgeProcessing',
    zh: '下位机已确认，正在处理',
    en: 'The device acknowledged the request and is processing it',
  },
  { code: 1711, name: 'lowerDeviceFault', zh: '下位机故障', en: 'The device reported a failure' },
  {
    code: 1712,
    name: 'lowerDeviceBusy',
    zh: '下位机忙，请稍后重试',
    en: 'The device is busy; try again later',
  },
  {
    code: 1713,
    name: 'checksumError',
    zh: '校验错误（CRC 或奇偶校验）',
    en: 'Validation error (CRC or parity)',
  },
  { code: 1714, name: 'variableNotFound', zh: '变量不存在', en: 'The variable does not exist' },
  { code: 1715, name: 'lowerDeviceTimeout', zh: '下位机响应超时', en: 'The device did not respond in time' },
  { code: 1716, name: 'gatewayPathUnavailable', zh: '网关路径不可用', en: 'Gateway path unavailable' },
  {
    code: 1717,
    name: 'gatewayTargetNoResponse',
    zh: '网关目标设备无响应',
    en: 'The gateway’s target device did not respond',
  },
  {
    code: 1718,
    name: 'negativeAcknowledge',
    zh: '下位机拒绝执行（否定确认）',
    en: 'The device refused the request (negative acknowledge)',
  },
  {
    code: 1719,
    name: 'memoryParityError',
    zh: '下位机存储器奇偶校验错误',
    en: 'Memory parity error in the device',
  },
  { code: 1720, name: 'writeCancelled', zh: '写入已取消', en: 'The write was cancelled' },
  // {detail}: what is wrong with the address, for the protocol of the variable's driver
  { code: 1721, name: 'addressError', zh: '地址错误：{detail}', en: 'Invalid address: {detail}' },
  { code: 1722, name: 'dataTypeError', zh: '数据类型错误', en: 'Wrong data type' },

  {
    code: 1723,
    name: 'mappingLimit',
    zh: '状态映射最多 100 条',
    en: 'A state mapping can have at most 100 entries',
  },
  {
    code: 1724,
    name: 'importTemplateOutdated',
    zh: '导入模板已过期，请下载最新模板',
    en: 'The import template is outdated; download the latest one',
  },
  { code: 1725, name: 'summaryVariableDuplicate', zh: '汇总变量重复', en: 'Duplicate summary variable' },
  {
    code: 1726,
    name: 'mappingValueRepeated',
    zh: '状态映射的值不能重复',
    en: 'State mapping values must not repeat',
  },
  {
    code: 1727,
    name: 'mappingTextBlank',
    zh: '状态映射的文本不能为空',
    en: 'State mapping text must not be blank',
  },
  {
    code: 1728,
    name: 'onlyOnePinned',
    zh: '只能有一个变量置顶或置底',
    en: 'Only one variable can be pinned to the top or bottom',
  },
  {
    code: 1729,
    name: 'importDuplicateVariableName',
    zh: '导入文件中存在重复的变量名称',
    en: 'The import file contains duplicate variable names',
  },

  // Writes (2001-2007), checked before a command is sent.
  {
    code: 2001,
    name: 'gatewayUnavailableForWrite',
    zh: '设备网关不可用，无法写入',
    en: 'The device’s gateway is unavailable; cannot write',
  },
  { code: 2002, name: 'variableReadOnly', zh: '变量为只读，不能写入', en: 'This variable is read-only' },
  {
    code: 2003,
    name: 'writeAboveUpperLimit',
    zh: '写入值高于写入上限',
    en: 'The value is above the write upper limit',
  },
  {
    code: 2004,
    name: 'writeBelowLowerLimit',
    zh: '写入值低于写入下限',
    en: 'The value is below the write lower limit',
  },
  {
    code: 2005,
    name: 'writeFormulaError',
    zh: '写入公式错误：{detail}',
    en: 'The write formula is invalid: {detail}',
  },
  { code: 2006, name: 'noWritePermission', zh: '没有写入权限', en: 'You do not have write permission' },
  {
    code: 2007,
    name: 'writeChecksumOrCancelled',
    zh: '写入失败：校验错误或已取消',
    en: 'Write failed: checksum error or cancelled',
  },

  // Results the gateway reports for a read or write (99901-99907).
  {
    code: 99901,
    name: 'lowerDeviceCommFault',
    zh: '下位机通讯故障',
    en: 'Communication fault with the device',
  },
  { code: 99902, name: 'responseTimeout', zh: '响应超时', en: 'Response timed out' },
  {
    code: 99903,
    name: 'gatewayVariableMissing',
    zh: '网关上不存在该变量',
    en: 'The variable does not exist on the gateway',
  },
  {
    code: 99904,
    name: 'variableAddressInvalid',
    zh: '变量地址为空或格式错误',
    en: 'The variable address is empty or malformed',
  },
  {
    code: 99905,
    name: 'gatewayVariableReadOnly',
    zh: '网关拒绝写入：变量为只读',
    en: 'The gateway refused the write: the variable is read-only',
  },
  {
    code: 99906,
    name: 'valueOverLimit',
    zh: '数值超出变量限值',
    en: 'The value is outside the variable’s limits',
  },
  { code: 99907, name: 'incompleteRead', zh: '读取的数据不完整', en: 'The read returned incomplete data' },
] as const satisfies readonly CatalogueEntry[];
