/**
 * What each data type occupies on the wire, and the shape of address problems shared by the
 * Modbus, S7 and OPC UA parsers (issue 3 item 3).
 */
import { DATA_TYPES, type DataType } from '../device/variable';

/** A variable's data type; `string` also needs a length. The list belongs to the variable schema. */
export type { DataType };

/**
 * Read/write mode of a variable: read/write, read-only, write-only
 * (docs/requirements/device-configuration.md §3.1).
 */
export type RwMode = 'rw' | 'r' | 'w';

/** The form field a problem belongs to, so a form can show it next to the right input. */
export type AddressField = 'registerType' | 'address' | 'dataType' | 'stringLength' | 'rw' | 'value';

/** Why an address, a type or a value was refused, in both languages. */
export interface AddressProblem {
  field: AddressField;
  zh: string;
  en: string;
}

export type AddressResult<T> = { ok: true; value: T } | { ok: false; error: AddressProblem };

export function addressProblem(field: AddressField, zh: string, en: string): AddressProblem {
  return { field, zh, en };
}

export function refuse(field: AddressField, zh: string, en: string): { ok: false; error: AddressProblem } {
  return { ok: false, error: addressProblem(field, zh, en) };
}

export function isDataType(value: unknown): value is DataType {
  return typeof value === 'string' && (DATA_TYPES as readonly string[]).includes(value);
}

/** Bytes a value occupies; a bit counts one byte and a string its length in bytes. */
export function byteLength(dataType: DataType, stringLength = 0): number {
  switch (dataType) {
    case 'bit':
      return 1;
    case 'int16':
    case 'uint16':
      return 2;
    case 'int32':
    case 'uint32':
    case 'float32':
      return 4;
    case 'int64':
    case 'uint64':
    case 'float64':
      return 8;
    case 'string':
      return stringLength;
  }
}

/**
 * 16-bit Modbus registers a value occupies: one coil or register for a bit, ceil(length / 2) for a
 * string of `stringLength` bytes (one character per byte in ASCII).
 */
export function registerCount(dataType: DataType, stringLength = 0): number {
  return dataType === 'bit' ? 1 : Math.ceil(byteLength(dataType, stringLength) / 2);
}

/** Refuses a data type that is not one of `DATA_TYPES` (forms send free text). */
export function checkDataType(dataType: string): AddressProblem | null {
  if (isDataType(dataType)) return null;
  return addressProblem(
    'dataType',
    `不支持的数据类型 '${dataType}'，可选：${DATA_TYPES.join('、')}`,
    `Unsupported data type '${dataType}'; use one of ${DATA_TYPES.join(', ')}`,
  );
}

/** A string's length must be a whole number of characters from 1 to `max`. */
export function checkStringLength(
  stringLength: number | null | undefined,
  max: number,
): AddressProblem | null {
  if (
    typeof stringLength === 'number' &&
    Number.isInteger(stringLength) &&
    stringLength >= 1 &&
    stringLength <= max
  ) {
    return null;
  }
  return addressProblem(
    'stringLength',
    `字符串长度须为 1-${max} 的整数`,
    `The string length must be a whole number from 1 to ${max}`,
  );
}

/** Refuses writing to an area the protocol only lets us read. */
export function readOnlyProblem(rw: RwMode, zhArea: string, enArea: string): AddressProblem | null {
  if (rw === 'r') return null;
  return addressProblem(
    'rw',
    `${zhArea}只读，读写方式须为只读`,
    `${enArea} can only be read; set the read/write mode to read-only`,
  );
}
