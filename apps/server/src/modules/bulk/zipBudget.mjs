/**
 * The zip checks of the workers that read uploaded .xlsx files (workbookWorker.mjs here and
 * modules/excel/reportWorker.mjs): before exceljs sees a file, every zip entry is inflated once
 * and counted, so a small file that unpacks to gigabytes (a zip bomb) is refused: inflated
 * buffers live outside the JS heap, where the worker's heap limit does not reach. Plain
 * JavaScript, like the workers that import it.
 */
import { createInflateRaw } from 'node:zlib';

export class Refusal extends Error {
  /** @param {'tooLarge' | 'format'} reason */
  constructor(reason, message) {
    super(message);
    this.reason = reason;
  }
}

/** Bytes of one deflated entry once inflated, counting without keeping; stops past `budget`. */
async function inflatedBytes(data, budget, inflatedMaxBytes) {
  const inflate = createInflateRaw();
  inflate.end(data);
  let bytes = 0;
  for await (const chunk of inflate) {
    bytes += chunk.length;
    if (bytes > budget) {
      inflate.destroy();
      throw new Refusal('tooLarge', `unpacks to more than ${inflatedMaxBytes} bytes`);
    }
  }
  return bytes;
}

/** Walks the zip's central directory (APPNOTE 4.3.12, 4.3.16) and inflates each entry once. */
export async function checkUnpackedSize(zip, inflatedMaxBytes) {
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Refusal('format', 'no zip directory');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  let total = 0;
  for (let n = 0; n < count; n++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== 0x02014b50)
      throw new Refusal('format', 'bad zip directory');
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const local = zip.readUInt32LE(at + 42);
    // zip64 (sizes or offsets beyond 4 GB) has no place in an import file
    if (compressed === 0xffffffff || local === 0xffffffff) throw new Refusal('tooLarge', 'zip64 entry');
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== 0x04034b50)
      throw new Refusal('format', 'bad zip entry');
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + compressed);
    if (method === 0) total += data.length;
    else if (method === 8) total += await inflatedBytes(data, inflatedMaxBytes - total, inflatedMaxBytes);
    else throw new Refusal('format', `zip compression method ${method}`);
    if (total > inflatedMaxBytes)
      throw new Refusal('tooLarge', `unpacks to more than ${inflatedMaxBytes} bytes`);
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
}
