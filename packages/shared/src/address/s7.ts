/**
 * Siemens S7 addressing: data blocks (`DB1.DBX0.0`, `DB1.DBB2`, `DB1.DBW4`, `DB1.DBD6`) and the
 * memory, input and output areas (`M0.0` or `MX0.0`, `MB1`, `MW2`, `MD4`; `I`/`E` and `Q`/`A` alike,
 * German letters accepted). Letters may be lower case. S7 is big-endian: no byte order applies.
 */
import {
  type AddressResult,
  type DataType,
  type RwMode,
  checkDataType,
  checkStringLength,
  readOnlyProblem,
  refuse,
} from './dataTypes';

export type S7Area = 'DB' | 'M' | 'I' | 'Q';
/** Bit, byte, word (2 bytes), double word (4 bytes). */
export type S7Size = 'X' | 'B' | 'W' | 'D';

export interface S7Address {
  area: S7Area;
  /** Data block number, only for `DB`. */
  db?: number;
  byte: number;
  /** Bit 0..7, only for size `X`. */
  bit?: number;
  size: S7Size;
}

/** A checked S7 variable: its address and how many bytes a driver reads from `byte`. */
export interface S7VariableAddress extends S7Address {
  dataType: DataType;
  byteCount: number;
  writable: boolean;
}

/** An S7 STRING holds at most 254 characters after its two header bytes. */
export const S7_STRING_MAX_LENGTH = 254;
const LAST_BYTE = 65535;

const DB_ADDRESS = /^DB(\d{1,5})\.DB([XBWD])(\d{1,5})(?:\.(\d{1,2}))?$/;
const AREA_ADDRESS = /^([MIEQA])([XBWD]?)(\d{1,5})(?:\.(\d{1,2}))?$/;
const AREA_OF: Record<string, S7Area> = { M: 'M', I: 'I', E: 'I', Q: 'Q', A: 'Q' };

const FORMAT_HINT = {
  zh: 'S7 地址格式如 DB1.DBX0.0、DB1.DBW2、M0.0、MW10、I0.1、QD4',
  en: 'An S7 address looks like DB1.DBX0.0, DB1.DBW2, M0.0, MW10, I0.1 or QD4',
};

/** Reads an S7 address into its area, data block, byte, bit and size. */
export function parseS7Address(address: string): AddressResult<S7Address> {
  const text = address.trim().toUpperCase();
  const db = DB_ADDRESS.exec(text);
  const other = db ? null : AREA_ADDRESS.exec(text);
  if (!db && !other) return refuse('address', FORMAT_HINT.zh, FORMAT_HINT.en);
  const area = db ? 'DB' : (AREA_OF[other?.[1] ?? ''] ?? 'M');
  const dbNumber = db ? Number(db[1]) : undefined;
  const sizeLetter = (db ? db[2] : other?.[2]) ?? '';
  const byte = Number((db ? db[3] : other?.[3]) ?? NaN);
  const bitText = db ? db[4] : other?.[4];

  if (dbNumber !== undefined && (dbNumber < 1 || dbNumber > 65535)) {
    return refuse('address', '数据块编号须为 1-65535', 'The data block number must be from 1 to 65535');
  }
  if (byte > LAST_BYTE)
    return refuse('address', '字节地址须为 0-65535', 'The byte address must be from 0 to 65535');
  // No size letter means a bit (M0.0); a size letter other than X takes no bit.
  const size: S7Size = sizeLetter === '' ? 'X' : (sizeLetter as S7Size); // the regex allows only X, B, W, D
  if (size === 'X' && bitText === undefined) {
    return refuse(
      'address',
      '位地址需要位号，如 M0.0 或 DB1.DBX0.0',
      'A bit address needs a bit number, such as M0.0 or DB1.DBX0.0',
    );
  }
  if (size !== 'X' && bitText !== undefined) {
    return refuse(
      'address',
      '字节、字、双字地址不能带位号',
      'A byte, word or double word address takes no bit number',
    );
  }
  const value: S7Address = { area, byte, size };
  if (dbNumber !== undefined) value.db = dbNumber;
  if (bitText !== undefined) {
    const bit = Number(bitText);
    if (bit > 7) return refuse('address', '位号须为 0-7', 'The bit number must be from 0 to 7');
    value.bit = bit;
  }
  return { ok: true, value };
}

/** The size letter each data type is addressed with; 64-bit values start at a byte (no S7 letter is 8 bytes wide). */
const SIZE_FOR: Record<DataType, S7Size> = {
  bit: 'X',
  int16: 'W',
  uint16: 'W',
  int32: 'D',
  uint32: 'D',
  float32: 'D',
  int64: 'B',
  uint64: 'B',
  float64: 'B',
  string: 'B',
};

const SIZE_NAME: Record<S7Size, { zh: string; en: string; bytes: number }> = {
  X: { zh: '位（X）', en: 'a bit (X)', bytes: 1 },
  B: { zh: '字节（B）', en: 'a byte (B)', bytes: 1 },
  W: { zh: '字（W）', en: 'a word (W)', bytes: 2 },
  D: { zh: '双字（D）', en: 'a double word (D)', bytes: 4 },
};

export interface S7VariableInput {
  address: string;
  dataType: string;
  stringLength?: number | null;
  rw: RwMode;
}

/**
 * Checks an S7 variable: the data type must fit the size (bit ↔ X, 16-bit ↔ W, 32-bit ↔ D, 64-bit
 * and string ↔ B); a string is an S7 STRING of 1..254 characters, read with its two header bytes;
 * the value must end by byte 65535; inputs (I/E) are read-only.
 */
export function resolveS7Variable(input: S7VariableInput): AddressResult<S7VariableAddress> {
  const parsed = parseS7Address(input.address);
  if (!parsed.ok) return parsed;
  const typeProblem = checkDataType(input.dataType);
  if (typeProblem) return { ok: false, error: typeProblem };
  const dataType = input.dataType as DataType; // checked by checkDataType above
  const { size, byte } = parsed.value;
  const wanted = SIZE_FOR[dataType];
  if (size !== wanted) {
    const need = SIZE_NAME[wanted];
    return refuse(
      'address',
      `${dataType} 类型须使用${need.zh}地址`,
      `The ${dataType} type needs ${need.en} address`,
    );
  }
  let byteCount = SIZE_NAME[size].bytes;
  if (dataType === 'string') {
    const problem = checkStringLength(input.stringLength, S7_STRING_MAX_LENGTH);
    if (problem) return { ok: false, error: problem };
    byteCount = (input.stringLength ?? 0) + 2;
  } else if (size === 'B') {
    byteCount = 8;
  }
  if (byte + byteCount - 1 > LAST_BYTE) {
    return refuse(
      'address',
      `从该地址起的 ${byteCount} 个字节超出了 65535`,
      `The ${byteCount} bytes from this address run past 65535`,
    );
  }
  const writable = parsed.value.area !== 'I';
  if (!writable) {
    const problem = readOnlyProblem(input.rw, '输入区（I）', 'The input area (I)');
    if (problem) return { ok: false, error: problem };
  }
  return { ok: true, value: { ...parsed.value, dataType, byteCount, writable } };
}
