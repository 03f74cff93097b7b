/**
 * OPC UA values ↔ the gateway's raw values. A read value is converted to the variable's data type
 * and refused (1722) when the node's type does not fit it; a written value takes the node's own
 * DataType, so the server never sees a type mismatch it could have been spared.
 */
import { Err, type DataType as VariableType, type OpcUaNodeId } from '@fieldhub/shared';
import { DataType, NodeId, Variant, VariantArrayType } from 'node-opcua-client';

// node-opcua-client re-exports NodeId but not its identifier-type enum, which NodeId carries
const { NodeIdType } = NodeId;
import type { DriverVariable, RawValue } from '../driver';

export type Conversion = { ok: true; value: RawValue } | { ok: false; code: number };

const INTEGER_TYPES = new Set<DataType>([
  DataType.SByte,
  DataType.Byte,
  DataType.Int16,
  DataType.UInt16,
  DataType.Int32,
  DataType.UInt32,
  DataType.Int64,
  DataType.UInt64,
]);
const FLOAT_TYPES = new Set<DataType>([DataType.Float, DataType.Double]);

/** Inclusive ranges of the integer types, variable types and OPC UA built-in types alike. */
const RANGES: Record<string, readonly [bigint, bigint]> = {
  int16: [-(2n ** 15n), 2n ** 15n - 1n],
  uint16: [0n, 2n ** 16n - 1n],
  int32: [-(2n ** 31n), 2n ** 31n - 1n],
  uint32: [0n, 2n ** 32n - 1n],
  int64: [-(2n ** 63n), 2n ** 63n - 1n],
  uint64: [0n, 2n ** 64n - 1n],
  [DataType.SByte]: [-128n, 127n],
  [DataType.Byte]: [0n, 255n],
  [DataType.Int16]: [-(2n ** 15n), 2n ** 15n - 1n],
  [DataType.UInt16]: [0n, 2n ** 16n - 1n],
  [DataType.Int32]: [-(2n ** 31n), 2n ** 31n - 1n],
  [DataType.UInt32]: [0n, 2n ** 32n - 1n],
  [DataType.Int64]: [-(2n ** 63n), 2n ** 63n - 1n],
  [DataType.UInt64]: [0n, 2n ** 64n - 1n],
};

/** The node-opcua NodeId of a parsed address; `nsu=` needs the server's namespace array. */
export function toNodeId(parsed: OpcUaNodeId, namespaces: readonly string[] | null): NodeId | null {
  let namespace = parsed.namespaceIndex ?? 0;
  if (parsed.namespaceUri !== undefined) {
    const index = namespaces?.indexOf(parsed.namespaceUri) ?? -1;
    if (index < 0) return null;
    namespace = index;
  }
  switch (parsed.identifierType) {
    case 'numeric':
      return new NodeId(NodeIdType.NUMERIC, Number(parsed.identifier), namespace);
    case 'string':
      return new NodeId(NodeIdType.STRING, String(parsed.identifier), namespace);
    case 'guid':
      return new NodeId(NodeIdType.GUID, String(parsed.identifier), namespace);
    case 'opaque':
      return new NodeId(NodeIdType.BYTESTRING, Buffer.from(String(parsed.identifier), 'base64'), namespace);
  }
}

/** node-opcua carries 64-bit integers as [high, low] 32-bit words. */
function int64Of(value: unknown, signed: boolean): bigint | null {
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [high, low] = value as unknown[];
  if (typeof high !== 'number' || typeof low !== 'number') return null;
  const unsigned = (BigInt(high >>> 0) << 32n) | BigInt(low >>> 0);
  return signed ? BigInt.asIntN(64, unsigned) : unsigned;
}

function wordsOf(value: bigint): [number, number] {
  const unsigned = BigInt.asUintN(64, value);
  return [Number(unsigned >> 32n), Number(unsigned & 0xffffffffn)];
}

/** The whole number a scalar of an integer or Boolean type holds. */
function integerOf(variant: Variant): bigint | null {
  const { dataType, value } = variant;
  if (dataType === DataType.Boolean) return typeof value === 'boolean' ? (value ? 1n : 0n) : null;
  if (dataType === DataType.Int64 || dataType === DataType.UInt64) {
    return int64Of(value, dataType === DataType.Int64);
  }
  return typeof value === 'number' && Number.isInteger(value) ? BigInt(value) : null;
}

function inRange(value: bigint, range: readonly [bigint, bigint] | undefined): boolean {
  return range !== undefined && value >= range[0] && value <= range[1];
}

const misfit: Conversion = { ok: false, code: Err.dataTypeError };

/**
 * The value of a read scalar as the variable's data type: Boolean or 0/1 for a bit, integer (or
 * Boolean) types in range for the integer types, integer or floating types for the floats, String
 * or LocalizedText for a string (cut to the variable's string length). Anything else is 1722.
 */
export function variantToRaw(
  variant: Variant,
  variable: Pick<DriverVariable, 'dataType' | 'stringLength'>,
): Conversion {
  const type: VariableType = variable.dataType;
  if (variant.arrayType !== VariantArrayType.Scalar) return misfit;
  const { dataType, value } = variant;
  switch (type) {
    case 'bit': {
      const integer =
        INTEGER_TYPES.has(dataType) || dataType === DataType.Boolean ? integerOf(variant) : null;
      return integer === 0n || integer === 1n ? { ok: true, value: Number(integer) } : misfit;
    }
    case 'int16':
    case 'uint16':
    case 'int32':
    case 'uint32':
    case 'int64':
    case 'uint64': {
      const integer =
        INTEGER_TYPES.has(dataType) || dataType === DataType.Boolean ? integerOf(variant) : null;
      // 64-bit values arrive as the nearest double, as the Modbus driver decodes them
      return integer !== null && inRange(integer, RANGES[type])
        ? { ok: true, value: Number(integer) }
        : misfit;
    }
    case 'float32':
    case 'float64': {
      if (FLOAT_TYPES.has(dataType) && typeof value === 'number') return { ok: true, value };
      const integer = INTEGER_TYPES.has(dataType) ? integerOf(variant) : null;
      return integer === null ? misfit : { ok: true, value: Number(integer) };
    }
    case 'string': {
      let text: string | null = null;
      if (dataType === DataType.String) text = typeof value === 'string' ? value : '';
      else if (dataType === DataType.LocalizedText) text = String(value?.text ?? '');
      if (text === null) return misfit;
      // a telemetry string is at most 1024 characters (protocol schema)
      return { ok: true, value: text.slice(0, variable.stringLength || 1024) };
    }
  }
}

/**
 * The whole number a raw value to write stands for, or null when it is not one. Numbers are
 * rounded half away from zero, as checkWriteValue and the Modbus driver do for integer types.
 */
function integerToWrite(value: RawValue): bigint | null {
  if (typeof value === 'boolean') return value ? 1n : 0n;
  if (typeof value === 'number') {
    return Number.isFinite(value) ? BigInt(Math.sign(value) * Math.round(Math.abs(value))) : null;
  }
  const text = value.trim();
  return /^[+-]?\d{1,20}$/.test(text) ? BigInt(text) : null;
}

/** A raw value as a Variant of the node's built-in type, or null when it does not fit (1722). */
export function rawToVariant(value: RawValue, dataType: DataType): Variant | null {
  if (dataType === DataType.Boolean) {
    // exactly 0 or 1, as a bit variable takes: 0.6 is no Boolean
    const state =
      value === true || value === 1 || value === '1'
        ? true
        : value === false || value === 0 || value === '0'
          ? false
          : null;
    return state === null ? null : new Variant({ dataType, value: state });
  }
  if (INTEGER_TYPES.has(dataType)) {
    const integer = integerToWrite(value);
    if (integer === null || !inRange(integer, RANGES[dataType])) return null;
    if (dataType === DataType.Int64 || dataType === DataType.UInt64) {
      return new Variant({ dataType, arrayType: VariantArrayType.Scalar, value: wordsOf(integer) });
    }
    return new Variant({ dataType, value: Number(integer) });
  }
  if (FLOAT_TYPES.has(dataType)) {
    const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    if (typeof number !== 'number' || !Number.isFinite(number)) return null;
    if (dataType === DataType.Float && !Number.isFinite(Math.fround(number))) return null;
    return new Variant({ dataType, value: number });
  }
  if (dataType === DataType.String) {
    return new Variant({ dataType, value: typeof value === 'string' ? value : String(value) });
  }
  return null;
}

/** The built-in type a DataType attribute names, when it is one of those a gateway can write. */
export function builtInTypeOf(dataTypeNodeId: unknown): DataType | null {
  if (!(dataTypeNodeId instanceof NodeId) || dataTypeNodeId.namespace !== 0) return null;
  const id = dataTypeNodeId.value;
  return typeof id === 'number' && isWritableType(id) ? id : null;
}

/** Boolean, the integer and floating types and String: the built-in types `rawToVariant` writes. */
export function isWritableType(dataType: number): dataType is DataType {
  return dataType >= DataType.Boolean && dataType <= DataType.String;
}
