/**
 * Values to and from 16-bit registers in the byte orders a Modbus driver can be set to. A byte
 * order names, for each byte on the wire, which byte of the big-endian value goes there: `A` is the
 * most significant. So the float 123456.0 (0x47F12000) is [0x47F1, 0x2000] in ABCD, [0x2000,
 * 0x47F1] in CDAB, [0xF147, 0x0020] in BADC and [0x0020, 0xF147] in DCBA, as in libmodbus' tests.
 */
import { type BYTE_ORDERS_16, type BYTE_ORDERS_32, type BYTE_ORDERS_64 } from '../device/driver';
import { type AddressProblem, type DataType, addressProblem, byteLength, registerCount } from './dataTypes';
import { utf8Decode, utf8Encode } from './utf8';

export type ByteOrder16 = (typeof BYTE_ORDERS_16)[number];
export type ByteOrder32 = (typeof BYTE_ORDERS_32)[number];
export type ByteOrder64 = (typeof BYTE_ORDERS_64)[number];
export type ByteOrder = ByteOrder16 | ByteOrder32 | ByteOrder64;

/**
 * The three byte-order settings of a driver (docs/requirements/device-configuration.md §2.1: 16/32/64-bit
 * types).
 */
export interface DriverByteOrders {
  order16: ByteOrder16;
  order32: ByteOrder32;
  order64: ByteOrder64;
}

/** The setting that applies to a type: strings and bits follow the 16-bit order. */
export function byteOrderFor(dataType: DataType, orders: DriverByteOrders): ByteOrder {
  const bytes = byteLength(dataType, 2);
  return bytes === 8 ? orders.order64 : bytes === 4 ? orders.order32 : orders.order16;
}

const INT_RANGES: Partial<Record<DataType, readonly [bigint, bigint]>> = {
  int16: [-(2n ** 15n), 2n ** 15n - 1n],
  uint16: [0n, 2n ** 16n - 1n],
  int32: [-(2n ** 31n), 2n ** 31n - 1n],
  uint32: [0n, 2n ** 32n - 1n],
  int64: [-(2n ** 63n), 2n ** 63n - 1n],
  uint64: [0n, 2n ** 64n - 1n],
};

/** The fixed-width numeric types, and the bytes each takes on the wire. */
export type NumberType = Exclude<DataType, 'bit' | 'string'>;
export const NUMBER_WIDTH: Record<NumberType, number> = {
  int16: 2,
  uint16: 2,
  int32: 4,
  uint32: 4,
  float32: 4,
  int64: 8,
  uint64: 8,
  float64: 8,
};

/**
 * The big-endian `type` at the start of `view`; int64 and uint64 as the nearest double (exact up
 * to 2^53).
 */
export function readNumber(view: DataView, type: NumberType): number {
  switch (type) {
    case 'int16':
      return view.getInt16(0);
    case 'uint16':
      return view.getUint16(0);
    case 'int32':
      return view.getInt32(0);
    case 'uint32':
      return view.getUint32(0);
    case 'int64':
      return Number(view.getBigInt64(0));
    case 'uint64':
      return Number(view.getBigUint64(0));
    case 'float32':
      return view.getFloat32(0);
    case 'float64':
      return view.getFloat64(0);
  }
}

/**
 * Writes `value` big-endian as `type` at the start of `view`; integer types round numbers half away
 * from zero. The caller has checked the range (checkWriteValue).
 */
export function writeNumber(view: DataView, type: NumberType, value: number | bigint): void {
  if (type === 'float32') return view.setFloat32(0, Number(value));
  if (type === 'float64') return view.setFloat64(0, Number(value));
  const integer = toInteger(value) ?? 0n;
  if (type === 'int16') view.setInt16(0, Number(integer));
  else if (type === 'uint16') view.setUint16(0, Number(integer));
  else if (type === 'int32') view.setInt32(0, Number(integer));
  else if (type === 'uint32') view.setUint32(0, Number(integer));
  else if (type === 'int64') view.setBigInt64(0, integer);
  else view.setBigUint64(0, integer);
}

/** An integer value: numbers are rounded half away from zero (12.5 → 13), bigints kept. */
function toInteger(value: number | bigint): bigint | null {
  if (typeof value === 'bigint') return value;
  if (!Number.isFinite(value)) return null;
  return BigInt(Math.sign(value) * Math.round(Math.abs(value)));
}

/**
 * Why `value` cannot be written as `dataType`, or null. Integer types take numbers (rounded) or
 * bigints within their range; float types take finite numbers (float32 within its range); a bit
 * takes 0 or 1; a string takes text of at most `stringLength` UTF-8 bytes.
 */
export function checkWriteValue(
  dataType: DataType,
  value: number | bigint | string,
  stringLength = 0,
): AddressProblem | null {
  if (dataType === 'string') {
    if (typeof value !== 'string') return addressProblem('value', '请输入文本', 'Enter a text');
    if (utf8Encode(value).length <= stringLength) return null;
    return addressProblem(
      'value',
      `文本超过${stringLength}个字节`,
      `The text is longer than ${stringLength} bytes`,
    );
  }
  if (typeof value === 'string') return addressProblem('value', '请输入数值', 'Enter a number');
  if (dataType === 'bit') {
    return value === 0 || value === 1 || value === 0n || value === 1n
      ? null
      : addressProblem('value', '位变量只能写入 0 或 1', 'A bit can only be written 0 or 1');
  }
  if (dataType === 'float32' || dataType === 'float64') {
    const n = Number(value);
    if (Number.isFinite(n) && (dataType === 'float64' || Number.isFinite(Math.fround(n)))) return null;
    return addressProblem(
      'value',
      `数值超出 ${dataType} 的范围`,
      `The value is outside the range of ${dataType}`,
    );
  }
  const range = INT_RANGES[dataType];
  const integer = toInteger(value);
  if (range && integer !== null && integer >= range[0] && integer <= range[1]) return null;
  return addressProblem(
    'value',
    `数值超出 ${dataType} 的范围（${range?.[0]} ~ ${range?.[1]}）`,
    `The value is outside the range of ${dataType} (${range?.[0]} to ${range?.[1]})`,
  );
}

function checkOrder(dataType: DataType, order: ByteOrder): void {
  const width = dataType === 'string' || dataType === 'bit' ? 2 : byteLength(dataType);
  if (order.length !== width) throw new RangeError(`Byte order ${order} does not fit ${dataType}`);
}

function checkLength(dataType: DataType, stringLength: number | undefined): number {
  if (dataType !== 'string') return 0;
  if (stringLength === undefined || !Number.isInteger(stringLength) || stringLength < 1) {
    throw new RangeError('A string needs a length of at least 1');
  }
  return stringLength;
}

/** Big-endian bytes in, registers out, placing each byte where the order says. */
function toRegisters(bytes: Uint8Array, order: string): number[] {
  const width = order.length;
  const registers: number[] = [];
  for (let group = 0; group < bytes.length; group += width) {
    const wire = Array.from(order, (letter) => bytes[group + letter.charCodeAt(0) - 65] ?? 0);
    for (let i = 0; i < width; i += 2) registers.push(((wire[i] ?? 0) << 8) | (wire[i + 1] ?? 0));
  }
  return registers;
}

/** Registers in, big-endian bytes out: the inverse of `toRegisters`. */
function fromRegisters(registers: readonly number[], order: string): Uint8Array {
  const width = order.length;
  const bytes = new Uint8Array(registers.length * 2);
  for (let group = 0; group < bytes.length; group += width) {
    order.split('').forEach((letter, i) => {
      const register = registers[(group + i) >> 1] ?? 0;
      bytes[group + letter.charCodeAt(0) - 65] = i % 2 === 0 ? register >> 8 : register & 0xff;
    });
  }
  return bytes;
}

/**
 * The registers that carry `value` as `dataType` in `byteOrder` (a bit is one register or coil,
 * 0 or 1). Throws RangeError exactly when `checkWriteValue` reports a problem, or when the byte
 * order's width does not fit the type (a 32-bit order for an int16) or a string has no length.
 */
export function encodeValue(
  dataType: DataType,
  byteOrder: ByteOrder,
  value: number | bigint | string,
  stringLength?: number,
): number[] {
  checkOrder(dataType, byteOrder);
  const length = checkLength(dataType, stringLength);
  const problem = checkWriteValue(dataType, value, length);
  if (problem) throw new RangeError(problem.en);
  if (dataType === 'bit') return [Number(value)];
  const bytes = new Uint8Array(registerCount(dataType, length) * 2);
  const view = new DataView(bytes.buffer);
  if (dataType === 'string')
    bytes.set(utf8Encode(String(value), length)); // the rest stays 0, which ends the text
  else writeNumber(view, dataType, value as number | bigint);
  return toRegisters(bytes, byteOrder);
}

/**
 * The value carried by `registers`. int64 and uint64 come back as the nearest double: exact up to
 * 2^53 (9,007,199,254,740,992), rounded beyond, which is precise enough for counters and meters.
 * A string ends at its first NUL byte and is read as UTF-8 (plain ASCII is the usual case).
 * Throws RangeError when the register count does not fit the type or a register is not 0..65535.
 */
export function decodeValue(
  dataType: DataType,
  byteOrder: ByteOrder,
  registers: readonly number[],
  stringLength?: number,
): number | string {
  checkOrder(dataType, byteOrder);
  const length = checkLength(dataType, stringLength);
  const expected = registerCount(dataType, length);
  if (registers.length !== expected) {
    throw new RangeError(`${dataType} takes ${expected} registers, got ${registers.length}`);
  }
  if (!registers.every((r) => Number.isInteger(r) && r >= 0 && r <= 0xffff)) {
    throw new RangeError('Registers must be whole numbers from 0 to 65535');
  }
  if (dataType === 'bit') return registers[0] ? 1 : 0;
  const bytes = fromRegisters(registers, byteOrder);
  const view = new DataView(bytes.buffer);
  switch (dataType) {
    case 'string': {
      const text = bytes.subarray(0, length);
      const end = text.indexOf(0);
      return utf8Decode(end < 0 ? text : text.subarray(0, end));
    }
    default:
      return readNumber(view, dataType);
  }
}
