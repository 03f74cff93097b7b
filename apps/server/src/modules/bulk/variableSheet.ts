import {
  DATA_TYPES,
  MODBUS_REGISTER_TYPES,
  RW_MODES,
  VARIABLE_KINDS,
  type LocalizedText,
  type VariableInput,
} from '@fieldhub/shared';
import type { CellValue, SheetColumn, SheetSpec } from './workbook';

const t = (zh: string, en: string): LocalizedText => ({ 'zh-CN': zh, 'en-US': en });
const BOOLEANS = ['true', 'false'] as const;

/** One column per field of variableSchema; the driver is named, not numbered. */
const columns: SheetColumn[] = [
  {
    key: 'kind',
    label: t('变量类型', 'Kind'),
    allowed: VARIABLE_KINDS,
    help: t(
      'device 设备变量，intermediate 中间变量，internal 内部变量，summary 数据汇总；空为 device',
      'device, intermediate, internal or summary (data summary); blank means device',
    ),
  },
  {
    key: 'driver',
    label: t('驱动名称', 'Driver'),
    help: t('设备变量所属驱动的名称，须已在设备或模板中添加', 'Name of a driver of the device or template'),
  },
  {
    key: 'name',
    label: t('变量名称', 'Name'),
    required: true,
    width: 20,
    help: t(
      '字母、数字、下划线，不以数字开头，最多 50 个字符，不能重复',
      'Letters, digits and _, not starting with a digit, at most 50 characters, unique',
    ),
  },
  { key: 'key', label: t('标识', 'Key'), help: t('最多 50 个字符', 'At most 50 characters') },
  { key: 'unit', label: t('单位', 'Unit'), help: t('最多 20 个字符', 'At most 20 characters') },
  { key: 'decimals', label: t('小数位', 'Decimals'), help: t('0 到 10，空为 2', '0 to 10; blank means 2') },
  {
    key: 'dataType',
    label: t('数据类型', 'Data type'),
    required: true,
    allowed: DATA_TYPES,
    help: t('string 须填写字符串长度', 'A string needs a string length'),
  },
  {
    key: 'stringLength',
    label: t('字符串长度', 'String length'),
    help: t('1 到 256，仅 string', '1 to 256, string only'),
  },
  {
    key: 'registerType',
    label: t('寄存器类型', 'Register type'),
    allowed: MODBUS_REGISTER_TYPES,
    help: t('仅 Modbus：0x 线圈，1x 离散输入，3x 输入寄存器，4x 保持寄存器', 'Modbus only: 0x, 1x, 3x or 4x'),
  },
  {
    key: 'address',
    label: t('寄存器地址', 'Address'),
    width: 18,
    help: t(
      'Modbus 为寄存器序号，S7 如 DB1.DBW0、MW2，OPC UA 为节点 ID',
      'Modbus: register number; S7: e.g. DB1.DBW0, MW2; OPC UA: node id',
    ),
  },
  {
    key: 'rw',
    label: t('读写方式', 'Read/write'),
    allowed: RW_MODES,
    help: t('rw 读写，r 只读，w 只写；空为 r', 'rw read/write, r read-only, w write-only; blank means r'),
  },
  { key: 'deadband', label: t('死区', 'Deadband'), help: t('数字，可空', 'A number, may be blank') },
  {
    key: 'collectFormula',
    label: t('采集公式', 'Collection formula'),
    help: t('以 x 表示采集值，最多 200 个字符', 'x is the collected value; at most 200 characters'),
  },
  {
    key: 'writeFormula',
    label: t('写入公式', 'Write formula'),
    help: t('以 x 表示写入值，最多 200 个字符', 'x is the written value; at most 200 characters'),
  },
  {
    key: 'collectUpper',
    label: t('采集上限', 'Collection upper limit'),
    help: t('须大于采集下限', 'Must exceed the collection lower limit'),
  },
  { key: 'collectLower', label: t('采集下限', 'Collection lower limit'), help: t('数字，可空', 'A number') },
  {
    key: 'writeUpper',
    label: t('写入上限', 'Write upper limit'),
    help: t('须大于写入下限', 'Must exceed the write lower limit'),
  },
  { key: 'writeLower', label: t('写入下限', 'Write lower limit'), help: t('数字，可空', 'A number') },
  {
    key: 'mapping',
    label: t('状态映射', 'State mapping'),
    width: 24,
    help: t(
      '值:文本;值:文本，最多 100 条，值不能重复；文本中的 ; 和 : 写作 \\; 和 \\:',
      'value:text;value:text, at most 100 entries, values unique; write ; and : inside a text as \\; and \\:',
    ),
  },
  {
    key: 'formula',
    label: t('公式', 'Formula'),
    help: t('中间变量和内部变量必填，可引用其他变量名', 'Required for intermediate and internal variables'),
  },
  {
    key: 'initialValue',
    label: t('初始值', 'Initial value'),
    help: t('最多 100 个字符', 'At most 100 chars'),
  },
  {
    key: 'storeHistory',
    label: t('存储历史', 'Store history'),
    allowed: BOOLEANS,
    help: t('true 或 false（也可填 是/否）', 'true or false (yes/no also work)'),
  },
  {
    key: 'seq',
    label: t('排序', 'Sort order'),
    help: t('整数，越大越靠前', 'Whole number; larger ranks first'),
  },
];

export const variableSheet: SheetSpec = {
  kind: 'variables',
  // 2: the driver column holds the driver's name (version 1 held its id)
  version: 2,
  sheetName: t('变量', 'Variables'),
  columns,
};

/** Columns that hold text even when Excel stored a number (an address typed as 40001). */
const TEXT_KEYS = new Set([
  'kind',
  'name',
  'key',
  'unit',
  'dataType',
  'registerType',
  'address',
  'rw',
  'collectFormula',
  'writeFormula',
  'formula',
  'initialValue',
]);

const YES = new Set(['是', 'y', 'yes', 'true', '1']);
const NO = new Set(['否', 'n', 'no', 'false', '0']);

/** A yes/no cell as the form's boolean text ('true'/'false'), left as typed when unclear. */
export function booleanCell(value: CellValue): string | boolean | undefined {
  if (value === null) return undefined;
  if (typeof value === 'boolean') return value;
  const text = String(value).trim().toLowerCase();
  return YES.has(text) ? 'true' : NO.has(text) ? 'false' : text;
}

/**
 * The raw form object of a row, ready for variableSchema: empty cells are absent (defaults
 * apply), text columns become text, the driver stays a name for the caller to resolve.
 */
export function variableRaw(cells: Record<string, CellValue>): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(cells)) {
    if (value === null || key === 'driver' || key === 'mapping') continue;
    raw[key] = TEXT_KEYS.has(key) ? String(value) : value;
  }
  raw.storeHistory = booleanCell(cells.storeHistory ?? null);
  return raw;
}

/** A stored variable as a sheet row. */
export function variableCells(v: VariableInput & { driverName: string | null }): Record<string, CellValue> {
  return {
    kind: v.kind,
    driver: v.driverName,
    name: v.name,
    key: v.key,
    unit: v.unit,
    decimals: v.decimals,
    dataType: v.dataType,
    stringLength: v.stringLength,
    registerType: v.registerType,
    address: v.address,
    rw: v.rw,
    deadband: v.deadband,
    collectFormula: v.collectFormula,
    writeFormula: v.writeFormula,
    collectUpper: v.collectUpper,
    collectLower: v.collectLower,
    writeUpper: v.writeUpper,
    writeLower: v.writeLower,
    mapping: formatMapping(v.mapping),
    formula: v.formula,
    initialValue: v.initialValue,
    storeHistory: v.storeHistory ? 'true' : 'false',
    seq: v.seq,
  };
}

type MappingEntry = VariableInput['mapping'][number];

const escape = (text: string) => text.replace(/[\\;:]/g, (c) => `\\${c}`);

/** `value:text;value:text`, with `\`, `;` and `:` escaped by a backslash. */
export function formatMapping(mapping: readonly MappingEntry[]): string {
  return mapping.map((m) => `${escape(String(m.value))}:${escape(m.text)}`).join(';');
}

/** Splits on unescaped separators and removes the escapes; null when an entry has no `:`. */
export function parseMapping(text: string): MappingEntry[] | null {
  const entries: MappingEntry[] = [];
  for (const entry of splitEscaped(text, ';')) {
    if (entry.trim() === '') continue;
    const [value, label, ...rest] = splitEscaped(entry, ':');
    if (value === undefined || label === undefined || rest.length) return null;
    const v = unescape(value).trim();
    // numbers stay numbers so a mapping of 0/1 states matches what the form stores
    entries.push({ value: /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v, text: unescape(label) });
  }
  return entries;
}

function splitEscaped(text: string, separator: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\' && i + 1 < text.length) {
      current += c + text[++i];
    } else if (c === separator) {
      parts.push(current);
      current = '';
    } else current += c;
  }
  parts.push(current);
  return parts;
}

const unescape = (text: string) => text.replace(/\\(.)/g, '$1');
