/**
 * S7 values ↔ bytes. S7 is big-endian, so no byte order applies. A STRING is two header bytes
 * (declared maximum, current length) and then its characters in the driver's string encoding.
 */
import {
  type STRING_ENCODINGS,
  checkWriteValue,
  type DataType,
  NUMBER_WIDTH,
  readNumber,
  writeNumber,
} from '@fieldhub/shared';
import type { RawValue } from '../driver';

export type StringEncoding = (typeof STRING_ENCODINGS)[number];

let gbkTable: Map<string, number> | null = null;

/** Character → GBK double-byte code, built once from the platform's GBK decoder. */
function gbkCodes(): Map<string, number> {
  if (gbkTable) return gbkTable;
  const decoder = new TextDecoder('gbk');
  gbkTable = new Map();
  for (let lead = 0x81; lead <= 0xfe; lead++) {
    for (let trail = 0x40; trail <= 0xfe; trail++) {
      if (trail === 0x7f) continue;
      const char = decoder.decode(Uint8Array.of(lead, trail));
      if (char.length === 1 && char !== '\ufffd' && !gbkTable.has(char))
        gbkTable.set(char, (lead << 8) | trail);
    }
  }
  return gbkTable;
}

/** The bytes of `text` in an encoding, or null when it has a character the encoding lacks. */
export function encodeText(text: string, encoding: StringEncoding): Uint8Array | null {
  switch (encoding) {
    case 'utf8':
      return new Uint8Array(Buffer.from(text, 'utf8'));
    case 'utf16le':
      return new Uint8Array(Buffer.from(text, 'utf16le'));
    case 'utf16be':
      return new Uint8Array(Buffer.from(text, 'utf16le').swap16());
    case 'ascii': {
      // PLC text is single-byte; Latin-1 keeps the degree sign and friends
      const codes = Array.from(text, (char) => char.charCodeAt(0));
      return codes.every((code) => code <= 0xff) ? Uint8Array.from(codes) : null;
    }
    case 'gbk': {
      const bytes: number[] = [];
      for (const char of text) {
        const code = char.charCodeAt(0) < 0x80 ? char.charCodeAt(0) : gbkCodes().get(char);
        if (code === undefined) return null;
        if (code < 0x80) bytes.push(code);
        else bytes.push(code >> 8, code & 0xff);
      }
      return Uint8Array.from(bytes);
    }
  }
}

/** The text of bytes in an encoding; throws for GBK on a Node built without full ICU. */
export function decodeText(bytes: Uint8Array, encoding: StringEncoding): string {
  switch (encoding) {
    case 'utf8':
      return new TextDecoder('utf-8').decode(bytes);
    case 'utf16le':
      return new TextDecoder('utf-16le').decode(bytes);
    case 'utf16be':
      return new TextDecoder('utf-16be').decode(bytes);
    case 'ascii':
      return Buffer.from(bytes).toString('latin1');
    case 'gbk':
      return new TextDecoder('gbk').decode(bytes);
  }
}

/**
 * The value in the bytes read for a variable: a bit as 0/1, numbers as big-endian types, 64-bit
 * integers as the nearest double (as the Modbus driver), a STRING up to its current length.
 */
export function decodeS7(
  dataType: DataType,
  data: readonly number[] | boolean,
  stringLength: number,
  encoding: StringEncoding,
): RawValue | null {
  if (dataType === 'bit') return typeof data === 'boolean' ? Number(data) : null;
  if (typeof data === 'boolean') return null;
  const bytes = Uint8Array.from(data);
  const view = new DataView(bytes.buffer);
  const need = dataType === 'string' ? stringLength + 2 : NUMBER_WIDTH[dataType];
  if (bytes.length < need) return null;
  if (dataType !== 'string') return readNumber(view, dataType);
  const length = Math.min(bytes[1] ?? 0, stringLength);
  return decodeText(bytes.subarray(2, 2 + length), encoding);
}

/** A raw value as a number or bigint, or null when it is not numeric. */
function numericOf(value: RawValue): number | bigint | null {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number') return value;
  const text = value.trim();
  if (/^[+-]?\d{1,20}$/.test(text)) return BigInt(text);
  const number = Number(text);
  return text !== '' && Number.isFinite(number) ? number : null;
}

/** What a write puts on the wire: a bit's state, or the bytes from the variable's first byte. */
export type S7WritePayload = { kind: 'bit'; state: boolean } | { kind: 'bytes'; bytes: number[] };

/**
 * The payload of writing `value` to a variable, or null when the value does not fit its data
 * type (1722). A STRING write is its current-length byte and characters: the declared maximum
 * byte stays as the PLC program set it.
 */
export function encodeS7(
  dataType: DataType,
  value: RawValue,
  stringLength: number,
  encoding: StringEncoding,
): S7WritePayload | null {
  if (dataType === 'string') {
    const bytes = encodeText(typeof value === 'string' ? value : String(value), encoding);
    if (!bytes || bytes.length > stringLength) return null;
    return { kind: 'bytes', bytes: [bytes.length, ...bytes] };
  }
  const numeric = numericOf(value);
  if (numeric === null || checkWriteValue(dataType, numeric) !== null) return null;
  if (dataType === 'bit') return { kind: 'bit', state: Number(numeric) === 1 };
  const bytes = new Uint8Array(NUMBER_WIDTH[dataType]);
  const view = new DataView(bytes.buffer);
  writeNumber(view, dataType, numeric); // integers rounded half away from zero, as Modbus does
  return { kind: 'bytes', bytes: Array.from(bytes) };
}
