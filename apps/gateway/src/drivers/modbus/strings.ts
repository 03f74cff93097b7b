/**
 * String variables in the encodings a driver can be set to beyond UTF-8 and ASCII (which the
 * shared `encodeValue`/`decodeValue` carry): UTF-16 in either byte order, written out here, and
 * GBK through the runtime's WHATWG TextDecoder (Node's full ICU); GBK text is encoded with the
 * inverse of that decoder's two-byte table, built once on first use. A string's length is in bytes
 * and a string ends at its first NUL (one zero byte, or one zero code unit in UTF-16).
 */
import { TextDecoder } from 'node:util';
import { type ByteOrder16, type STRING_ENCODINGS } from '@fieldhub/shared';

export type StringEncoding = (typeof STRING_ENCODINGS)[number];

/** Encodings this module transcodes; the others go through the shared UTF-8 codec. */
export type TranscodedEncoding = 'utf16be' | 'utf16le' | 'gbk';

export function isTranscoded(encoding: StringEncoding): encoding is TranscodedEncoding {
  return encoding === 'utf16be' || encoding === 'utf16le' || encoding === 'gbk';
}

/** The bytes of `registers` in wire order: AB puts a register's high byte first, BA its low byte. */
export function registersToBytes(registers: readonly number[], order: ByteOrder16): number[] {
  return registers.flatMap((r) => (order === 'AB' ? [r >> 8, r & 0xff] : [r & 0xff, r >> 8]));
}

/** `count` registers carrying `bytes` (zero-padded), the inverse of `registersToBytes`. */
export function bytesToRegisters(bytes: readonly number[], order: ByteOrder16, count: number): number[] {
  return Array.from({ length: count }, (_, i) => {
    const first = bytes[2 * i] ?? 0;
    const second = bytes[2 * i + 1] ?? 0;
    return order === 'AB' ? (first << 8) | second : (second << 8) | first;
  });
}

let gbkDecoder: TextDecoder | null | undefined;

/** The GBK decoder, or null on a runtime built without full ICU. */
function gbk(): TextDecoder | null {
  if (gbkDecoder === undefined) {
    try {
      gbkDecoder = new TextDecoder('gbk');
    } catch {
      gbkDecoder = null;
    }
  }
  return gbkDecoder;
}

let gbkTable: Map<string, [number, number]> | undefined;

/** Character → its two GBK bytes, inverted from the decoder (lead 0x81-0xFE, trail 0x40-0xFE). */
function gbkEncodeTable(decoder: TextDecoder): Map<string, [number, number]> {
  if (gbkTable) return gbkTable;
  const table = new Map<string, [number, number]>();
  const pair = new Uint8Array(2);
  for (let lead = 0x81; lead <= 0xfe; lead++) {
    for (let trail = 0x40; trail <= 0xfe; trail++) {
      if (trail === 0x7f) continue;
      pair[0] = lead;
      pair[1] = trail;
      const char = decoder.decode(pair);
      if (char.length === 1 && char !== '\ufffd' && !table.has(char)) table.set(char, [lead, trail]);
    }
  }
  gbkTable = table;
  return table;
}

/** Whether this runtime can read and write `encoding`. */
export function encodingSupported(encoding: TranscodedEncoding): boolean {
  return encoding !== 'gbk' || gbk() !== null;
}

/** Text of `bytes` in `encoding`, up to the first NUL. */
export function decodeText(bytes: readonly number[], encoding: TranscodedEncoding): string {
  if (encoding === 'gbk') {
    const end = bytes.indexOf(0);
    const decoder = gbk();
    if (!decoder) throw new RangeError('GBK is not available on this runtime');
    return decoder.decode(Uint8Array.from(end < 0 ? bytes : bytes.slice(0, end)));
  }
  const units: number[] = [];
  for (let i = 0; i + 1 < bytes.length; i += 2) {
    const high = encoding === 'utf16be' ? bytes[i] : bytes[i + 1];
    const low = encoding === 'utf16be' ? bytes[i + 1] : bytes[i];
    const unit = ((high ?? 0) << 8) | (low ?? 0);
    if (unit === 0) break;
    units.push(unit);
  }
  return String.fromCharCode(...units.map((unit, i) => (loneSurrogate(units, i) ? 0xfffd : unit)));
}

/** A surrogate without its other half, which a lenient decoder shows as U+FFFD. */
function loneSurrogate(units: readonly number[], i: number): boolean {
  const unit = units[i] ?? 0;
  const isHigh = (u: number | undefined): boolean => u !== undefined && u >= 0xd800 && u <= 0xdbff;
  const isLow = (u: number | undefined): boolean => u !== undefined && u >= 0xdc00 && u <= 0xdfff;
  if (isHigh(unit)) return !isLow(units[i + 1]);
  if (isLow(unit)) return !isHigh(units[i - 1]);
  return false;
}

/** The bytes of `text` in `encoding`, or null when a character has no code in it. */
export function encodeText(text: string, encoding: TranscodedEncoding): number[] | null {
  if (encoding === 'gbk') {
    const decoder = gbk();
    if (!decoder) return null;
    const table = gbkEncodeTable(decoder);
    const bytes: number[] = [];
    for (const char of text) {
      const code = char.codePointAt(0) ?? 0;
      if (code < 0x80) bytes.push(code);
      else {
        const pair = table.get(char);
        if (!pair) return null;
        bytes.push(...pair);
      }
    }
    return bytes;
  }
  const units = Array.from({ length: text.length }, (_, i) => text.charCodeAt(i));
  if (units.some((_, i) => loneSurrogate(units, i))) return null;
  const bytes: number[] = [];
  for (const unit of units) {
    bytes.push(...(encoding === 'utf16be' ? [unit >> 8, unit & 0xff] : [unit & 0xff, unit >> 8]));
  }
  return bytes;
}
