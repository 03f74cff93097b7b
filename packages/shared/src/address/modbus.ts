/**
 * Modbus register addressing (TCP and RTU alike). The register type is its own field; the address
 * is the 0-based PDU offset 0..65535, with a bit index `.0`-`.15` for a bit inside an input or
 * holding register (`100.3`). Classic 5/6-digit numbers such as 40001 are not translated: 40001
 * is offset 40001.
 */
import {
  type AddressResult,
  type DataType,
  type RwMode,
  checkDataType,
  checkStringLength,
  readOnlyProblem,
  refuse,
  registerCount,
} from './dataTypes';

export const MODBUS_REGISTER_TYPES = ['0x', '1x', '3x', '4x'] as const;

/** 0x coil, 1x discrete input, 3x input register, 4x holding register. */
export type ModbusRegisterType = (typeof MODBUS_REGISTER_TYPES)[number];

/** Longest string one read can carry: 125 registers of 2 bytes. */
export const MODBUS_STRING_MAX_READ = 250;
/** Longest string one write (function 16, at most 123 registers) can carry. */
export const MODBUS_STRING_MAX_WRITE = 246;

const LAST_OFFSET = 65535;

const TYPE_NAMES: Record<ModbusRegisterType, { zh: string; en: string }> = {
  '0x': { zh: '线圈（0x）', en: 'Coils (0x)' },
  '1x': { zh: '离散输入（1x）', en: 'Discrete inputs (1x)' },
  '3x': { zh: '输入寄存器（3x）', en: 'Input registers (3x)' },
  '4x': { zh: '保持寄存器（4x）', en: 'Holding registers (4x)' },
};

/** Function code that reads each register type. */
const READ_FUNCTION: Record<ModbusRegisterType, 1 | 2 | 3 | 4> = { '0x': 1, '1x': 2, '3x': 4, '4x': 3 };

export interface ModbusAddress {
  registerType: ModbusRegisterType;
  /** 0-based PDU offset. */
  offset: number;
  /** Bit inside a 3x/4x register, 0 = least significant. */
  bit?: number;
}

/** A Modbus variable ready for a driver: where it is, how much it spans and how it is read. */
export interface ModbusVariableAddress extends ModbusAddress {
  dataType: DataType;
  /** Coils or 16-bit registers the value spans, starting at `offset`. */
  count: number;
  /** 1 read coils, 2 read discrete inputs, 3 read holding registers, 4 read input registers. */
  readFunction: 1 | 2 | 3 | 4;
  /** Coils and holding registers can be written; discrete inputs and input registers cannot. */
  writable: boolean;
}

/** Reads a register type (`0x`, `1X`, ...) and an address (`100`, `100.3`). */
export function parseModbusAddress(
  registerType: string | undefined,
  address: string,
): AddressResult<ModbusAddress> {
  const type = (registerType ?? '').trim().toLowerCase();
  if (!(MODBUS_REGISTER_TYPES as readonly string[]).includes(type)) {
    return refuse(
      'registerType',
      '寄存器类型须为 0x、1x、3x 或 4x',
      'The register type must be 0x, 1x, 3x or 4x',
    );
  }
  const registers = type as ModbusRegisterType; // checked against MODBUS_REGISTER_TYPES above
  const match = /^(\d{1,5})(?:\.(\d{1,2}))?$/.exec(address.trim());
  const offset = Number(match?.[1] ?? NaN);
  if (!match || offset > LAST_OFFSET) {
    return refuse(
      'address',
      '寄存器地址须为 0-65535 的整数',
      'The register address must be a whole number from 0 to 65535',
    );
  }
  if (match[2] === undefined) return { ok: true, value: { registerType: registers, offset } };
  if (registers === '0x' || registers === '1x') {
    const name = TYPE_NAMES[registers];
    return refuse('address', `${name.zh}没有位索引`, `${name.en} take no bit index`);
  }
  const bit = Number(match[2]);
  if (bit > 15) return refuse('address', '位索引须为 0-15', 'The bit index must be from 0 to 15');
  return { ok: true, value: { registerType: registers, offset, bit } };
}

export interface ModbusVariableInput {
  registerType?: string;
  address: string;
  dataType: string;
  stringLength?: number | null;
  rw: RwMode;
}

/**
 * Checks a Modbus variable and answers where it lives: coils and discrete inputs hold only bits;
 * a bit on a register needs a bit index and only bits take one; a string needs a length (at most
 * 250 bytes to read in one request, 246 when it is written); the value must end by offset 65535;
 * discrete inputs and input registers are read-only.
 */
export function resolveModbusVariable(input: ModbusVariableInput): AddressResult<ModbusVariableAddress> {
  const parsed = parseModbusAddress(input.registerType, input.address);
  if (!parsed.ok) return parsed;
  const { registerType, bit } = parsed.value;
  const typeProblem = checkDataType(input.dataType);
  if (typeProblem) return { ok: false, error: typeProblem };
  const dataType = input.dataType as DataType; // checked by checkDataType above
  const name = TYPE_NAMES[registerType];
  const bitArea = registerType === '0x' || registerType === '1x';

  if (bitArea && dataType !== 'bit') {
    return refuse('dataType', `${name.zh}只能使用 bit 类型`, `${name.en} only hold the bit type`);
  }
  if (!bitArea && dataType === 'bit' && bit === undefined) {
    return refuse(
      'address',
      '寄存器中的位变量需要位索引，如 100.3',
      'A bit in a register needs a bit index, such as 100.3',
    );
  }
  if (bit !== undefined && dataType !== 'bit') {
    return refuse('address', '只有 bit 类型可以带位索引', 'Only the bit type takes a bit index');
  }
  const writes = input.rw !== 'r';
  if (dataType === 'string') {
    const problem = checkStringLength(
      input.stringLength,
      writes ? MODBUS_STRING_MAX_WRITE : MODBUS_STRING_MAX_READ,
    );
    if (problem) return { ok: false, error: problem };
  }
  const count = registerCount(dataType, input.stringLength ?? 0);
  if (parsed.value.offset + count - 1 > LAST_OFFSET) {
    return refuse(
      'address',
      `从该地址起的 ${count} 个寄存器超出了 65535`,
      `The ${count} registers from this address run past 65535`,
    );
  }
  const writable = registerType === '0x' || registerType === '4x';
  if (!writable) {
    const problem = readOnlyProblem(input.rw, name.zh, name.en);
    if (problem) return { ok: false, error: problem };
  }
  return {
    ok: true,
    value: { ...parsed.value, dataType, count, readFunction: READ_FUNCTION[registerType], writable },
  };
}
