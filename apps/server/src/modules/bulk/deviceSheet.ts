import { DEVICE_NAME_MAX, GROUP_NAME_MAX, LIMITS, type LocalizedText } from '@fieldhub/shared';
import type { DeviceRow } from '../devices/devices.repo';
import { booleanCell } from './variableSheet';
import type { CellValue, SheetColumn, SheetSpec } from './workbook';

const t = (zh: string, en: string): LocalizedText => ({ 'zh-CN': zh, 'en-US': en });

/**
 * Basic information of a device (docs/requirements/devices-and-gateways.md §2.1), the group by path, the
 * template and the gateway.
 */
const columns: SheetColumn[] = [
  {
    key: 'name',
    label: t('设备名称', 'Name'),
    required: true,
    width: 22,
    help: t(
      `最多 ${DEVICE_NAME_MAX} 个字符，企业内不能重复`,
      `At most ${DEVICE_NAME_MAX} characters, unique`,
    ),
  },
  {
    key: 'group',
    label: t('分组', 'Group'),
    width: 24,
    help: t(
      `分组路径，如 华东/上海；不存在的分组会被创建；每级最多 ${GROUP_NAME_MAX} 个字符，最多 ${LIMITS.groupLevels} 级`,
      `Group path such as East/Shanghai; missing groups are created; each name at most ${GROUP_NAME_MAX} characters, at most ${LIMITS.groupLevels} levels`,
    ),
  },
  {
    key: 'deviceNumber',
    label: t('设备编号', 'Device number'),
    help: t('最多 50 个字符', 'At most 50 chars'),
  },
  { key: 'address', label: t('地址', 'Address'), width: 24, help: t('最多 200 个字符', 'At most 200 chars') },
  { key: 'lng', label: t('经度', 'Longitude'), help: t('-180 到 180', '-180 to 180') },
  { key: 'lat', label: t('纬度', 'Latitude'), help: t('-90 到 90', '-90 to 90') },
  { key: 'factoryDate', label: t('出厂日期', 'Factory date'), help: t('YYYY-MM-DD', 'YYYY-MM-DD') },
  { key: 'installDate', label: t('安装日期', 'Install date'), help: t('YYYY-MM-DD', 'YYYY-MM-DD') },
  {
    key: 'warrantyMonths',
    label: t('质保期（月）', 'Warranty (months)'),
    help: t('0 到 1200', '0 to 1200'),
  },
  { key: 'manufacturer', label: t('厂家', 'Manufacturer'), help: t('最多 100 个字符', 'At most 100 chars') },
  {
    key: 'iccid',
    label: t('ICCID', 'ICCID'),
    width: 24,
    help: t('19 或 20 位，请以文本格式填写', '19 or 20 characters; enter it as text'),
  },
  { key: 'remark', label: t('备注', 'Remark'), help: t('最多 20 个字符', 'At most 20 characters') },
  {
    key: 'seq',
    label: t('排序', 'Sort order'),
    help: t('整数，越大越靠前', 'Whole number; larger ranks first'),
  },
  {
    key: 'image',
    label: t('图片', 'Image'),
    help: t('图片地址，最多 500 个字符', 'Image URL, at most 500 chars'),
  },
  {
    key: 'defaultValueMode',
    label: t('默认值方式', 'Default value mode'),
    allowed: ['custom', 'last'],
    help: t(
      'custom 自定义，last 最后采集值；空为 custom',
      'custom or last (last collected value); blank is custom',
    ),
  },
  {
    key: 'menuBarVisible',
    label: t('显示菜单栏', 'Show menu bar'),
    allowed: ['true', 'false'],
    help: t('true 或 false；空为 true', 'true or false; blank is true'),
  },
  {
    key: 'template',
    label: t('模板', 'Template'),
    width: 20,
    help: t('绑定的模板名称，可空', 'Name of a template to bind; may be blank'),
  },
  {
    key: 'gatewaySn',
    label: t('网关 SN', 'Gateway SN'),
    width: 16,
    help: t(
      '12 位数字，可空；填写时须同时填写验证码',
      '12 digits, may be blank; needs the verification code',
    ),
  },
  {
    key: 'verifyCode',
    label: t('网关验证码', 'Verification code'),
    help: t('6 位数字；导出时不填写', '6 digits; never filled in by an export'),
  },
];

export const deviceSheet: SheetSpec = {
  kind: 'devices',
  version: 1,
  sheetName: t('设备', 'Devices'),
  columns,
};

const TEXT_KEYS = new Set([
  'name',
  'deviceNumber',
  'address',
  'factoryDate',
  'installDate',
  'manufacturer',
  'iccid',
  'remark',
  'image',
  'defaultValueMode',
]);

/** The raw form object of a row for equipmentSchema (group, template and gateway are kept apart). */
export function deviceRaw(cells: Record<string, CellValue>): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(cells)) {
    if (value === null || !columns.some((c) => c.key === key)) continue;
    if (key === 'group' || key === 'template' || key === 'gatewaySn' || key === 'verifyCode') continue;
    raw[key] = TEXT_KEYS.has(key) ? String(value) : value;
  }
  raw.menuBarVisible = booleanCell(cells.menuBarVisible ?? null);
  return raw;
}

/** A digit string Excel may have stored as a number, losing its leading zeros. */
export function digitsCell(value: CellValue, length: number): string | null {
  if (value === null) return null;
  return typeof value === 'number' ? String(value).padStart(length, '0') : String(value).trim();
}

/** The group path of a row: names from the root, or null for no group. */
export function groupPath(value: CellValue): string[] | null {
  if (value === null) return null;
  return String(value)
    .split('/')
    .map((s) => s.trim());
}

/** A device of the list as a sheet row; the verification code is never exported. */
export function deviceCells(d: DeviceRow, path: string | null): Record<string, CellValue> {
  return {
    name: d.name,
    group: path,
    deviceNumber: d.deviceNumber,
    address: d.address,
    lng: d.lng,
    lat: d.lat,
    factoryDate: d.factoryDate,
    installDate: d.installDate,
    warrantyMonths: d.warrantyMonths,
    manufacturer: d.manufacturer,
    iccid: d.iccid,
    remark: d.remark,
    seq: d.seq,
    image: d.image,
    defaultValueMode: d.defaultValueMode,
    menuBarVisible: d.menuBarVisible ? 'true' : 'false',
    template: d.templateName,
    gatewaySn: d.sn,
    verifyCode: null,
  };
}
