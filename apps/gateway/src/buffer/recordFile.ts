/**
 * Framing of the buffer's segment files: each record is a 16-byte header (payload length u32,
 * CRC-32 of id and payload u32, record id u64, all big-endian) followed by the payload. A crash
 * can leave the last record half written; `scanSegment` finds where the valid records end so
 * the torn tail is skipped and cut off.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { crc32 } from 'node:zlib';

export const HEADER_BYTES = 16;
/** Largest payload accepted; a larger length in a header means the header itself is garbage. */
export const MAX_RECORD_BYTES = 16 * 1024 * 1024;

/** Header and payload of one record, ready to be appended in one write. */
export function encodeRecord(id: number, payload: Buffer): Buffer {
  if (payload.length > MAX_RECORD_BYTES)
    throw new RangeError(`record of ${payload.length} bytes is too large`);
  const out = Buffer.allocUnsafe(HEADER_BYTES + payload.length);
  out.writeUInt32BE(payload.length, 0);
  out.writeBigUInt64BE(BigInt(id), 8);
  payload.copy(out, HEADER_BYTES);
  out.writeUInt32BE(checksum(out.subarray(8, 16), payload), 4);
  return out;
}

function checksum(idBytes: Buffer, payload: Buffer): number {
  return crc32(payload, crc32(idBytes));
}

/** Where a valid record sits in its segment. */
export interface RecordLocation {
  id: number;
  /** offset of the payload in the file */
  offset: number;
  length: number;
}

export interface SegmentScan {
  records: RecordLocation[];
  /** bytes of valid records from the start of the file; anything after is torn or corrupt */
  validBytes: number;
  fileBytes: number;
}

/**
 * Reads a segment's headers and checks every record's CRC. Stops at the first record that is
 * short or does not match its checksum: appends are sequential, so only the tail can be torn.
 */
export function scanSegment(path: string): SegmentScan {
  const fd = openSync(path, 'r');
  try {
    const fileBytes = fstatSync(fd).size;
    const records: RecordLocation[] = [];
    const header = Buffer.alloc(HEADER_BYTES);
    let position = 0;
    while (position + HEADER_BYTES <= fileBytes) {
      readSync(fd, header, 0, HEADER_BYTES, position);
      const length = header.readUInt32BE(0);
      if (length > MAX_RECORD_BYTES || position + HEADER_BYTES + length > fileBytes) break;
      const payload = Buffer.alloc(length);
      readSync(fd, payload, 0, length, position + HEADER_BYTES);
      if (checksum(header.subarray(8, 16), payload) !== header.readUInt32BE(4)) break;
      records.push({ id: Number(header.readBigUInt64BE(8)), offset: position + HEADER_BYTES, length });
      position += HEADER_BYTES + length;
    }
    return { records, validBytes: position, fileBytes };
  } finally {
    closeSync(fd);
  }
}

/** Reads one payload at a known location. */
export function readPayload(fd: number, location: RecordLocation): Buffer {
  const payload = Buffer.alloc(location.length);
  const read = readSync(fd, payload, 0, location.length, location.offset);
  if (read !== location.length) throw new Error(`short read of buffer record ${location.id}`);
  return payload;
}

/** `seg-<first id, 16 digits>.log`, so names sort in append order. */
export function segmentName(firstId: number): string {
  return `seg-${String(firstId).padStart(16, '0')}.log`;
}

export function isSegmentName(name: string): boolean {
  return /^seg-\d{16}\.log$/.test(name);
}
