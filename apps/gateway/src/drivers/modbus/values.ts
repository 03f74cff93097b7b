/**
 * A Modbus variable's value from the registers a read answered, and the registers (or coil) a
 * write sends: data type and byte order through the shared codec (`decodeValue`, `encodeValue`,
 * `byteOrderFor`), bits of coils and of registers, strings in the driver's encoding.
 */
import {
  Err,
  type DataType,
  type DriverByteOrders,
  type ModbusVariableAddress,
  byteOrderFor,
  checkWriteValue,
  decodeValue,
  encodeValue,
  registerCount,
} from '@fieldhub/shared';
import { DriverError, type RawValue } from '../driver';
import {
  type StringEncoding,
  bytesToRegisters,
  decodeText,
  encodeText,
  encodingSupported,
  isTranscoded,
  registersToBytes,
} from './strings';

/** How a driver lays values out: its byte orders and its string encoding. */
export interface ValueFormat {
  orders: DriverByteOrders;
  encoding: StringEncoding;
}

/** A variable resolved by `resolveModbusVariable`, with its string length (0 for other types). */
export interface ModbusPoint {
  id: number;
  at: ModbusVariableAddress;
  stringLength: number;
}

/** What a write puts on the wire. */
export type WritePlan =
  | { kind: 'coil'; offset: number; state: boolean }
  | { kind: 'registerBit'; offset: number; bit: number; state: boolean }
  | { kind: 'registers'; offset: number; values: number[] };

/**
 * The value of `point` from `data`, the registers (or coils as 0/1) starting at its offset.
 * Throws DriverError 1722 when the string encoding is not available on this runtime.
 */
export function decodePoint(point: ModbusPoint, data: readonly number[], format: ValueFormat): RawValue {
  const { at } = point;
  if (at.registerType === '0x' || at.registerType === '1x') return data[0] ? 1 : 0;
  if (at.bit !== undefined) return ((data[0] ?? 0) >> at.bit) & 1;
  const order = byteOrderFor(at.dataType, format.orders);
  if (at.dataType === 'string' && isTranscoded(format.encoding)) {
    if (!encodingSupported(format.encoding)) {
      throw new DriverError(Err.dataTypeError, `${format.encoding} is not available on this runtime`);
    }
    const order16 = format.orders.order16;
    return decodeText(registersToBytes(data, order16).slice(0, point.stringLength), format.encoding);
  }
  return decodeValue(at.dataType, order, data, at.dataType === 'string' ? point.stringLength : undefined);
}

const NUMBER_TEXT = /^\s*[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?\s*$/i;

/** The value as the type takes it: numbers for numeric types and bits, text for strings. */
function normalise(dataType: DataType, value: RawValue): number | string | null {
  if (dataType === 'string') return typeof value === 'string' ? value : String(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number') return value;
  if (dataType === 'bit' && /^(true|false)$/i.test(value.trim())) return /^true$/i.test(value.trim()) ? 1 : 0;
  return NUMBER_TEXT.test(value) ? Number(value) : null;
}

/** The registers of a string in a transcoded encoding, or the DriverError that refuses it. */
function transcodedRegisters(point: ModbusPoint, text: string, format: ValueFormat): number[] {
  if (!isTranscoded(format.encoding)) throw new RangeError('not a transcoded encoding');
  const bytes = encodeText(text, format.encoding);
  if (!bytes) {
    throw new DriverError(Err.dataTypeError, `The text cannot be written in ${format.encoding}`);
  }
  if (bytes.length > point.stringLength) {
    throw new DriverError(Err.valueOverLimit, `The text is longer than ${point.stringLength} bytes`);
  }
  return bytesToRegisters(bytes, format.orders.order16, registerCount('string', point.stringLength));
}

/**
 * What writing `value` to `point` sends. Throws DriverError 1722 for a value of the wrong kind (a
 * word for a number, a character the encoding lacks) and 99906 for one outside the type's range
 * or longer than the string (`checkWriteValue`). The caller has refused read-only types already.
 */
export function planWrite(point: ModbusPoint, value: RawValue, format: ValueFormat): WritePlan {
  const { at } = point;
  const normal = normalise(at.dataType, value);
  if (normal === null) throw new DriverError(Err.dataTypeError, `Not a value for ${at.dataType}`);
  if (at.dataType === 'string' && typeof normal === 'string') {
    if (format.encoding === 'ascii' && [...normal].some((char) => (char.codePointAt(0) ?? 0) > 0x7f)) {
      throw new DriverError(Err.dataTypeError, 'The text cannot be written in ascii');
    }
    if (isTranscoded(format.encoding)) {
      return { kind: 'registers', offset: at.offset, values: transcodedRegisters(point, normal, format) };
    }
  }
  const problem = checkWriteValue(at.dataType, normal, point.stringLength);
  if (problem) throw new DriverError(Err.valueOverLimit, problem.en);
  if (at.registerType === '0x') return { kind: 'coil', offset: at.offset, state: normal === 1 };
  if (at.bit !== undefined) {
    return { kind: 'registerBit', offset: at.offset, bit: at.bit, state: normal === 1 };
  }
  const order = byteOrderFor(at.dataType, format.orders);
  const length = at.dataType === 'string' ? point.stringLength : undefined;
  return { kind: 'registers', offset: at.offset, values: encodeValue(at.dataType, order, normal, length) };
}
