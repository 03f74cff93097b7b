/**
 * Pure S7 protocol facts the driver needs around nodes7: the connection TSAPs of each PLC family,
 * S7 item return codes as catalogue codes, the nodes7 address of a checked variable, and a repair
 * of read responses whose failed items carry a non-zero length.
 */
import { Err, type S7VariableAddress } from '@fieldhub/shared';
import type { DriverConfig } from '../driver';

/** An S7 driver's configuration as received in `down/config`. */
export type S7DriverConfig = Extract<DriverConfig, { protocol: 's7' }>;

/**
 * Local and remote TSAP of a connection. S7-200 (CP 243) has fixed TSAPs; the others take the
 * remote TSAP from connection type 3 (S7 basic) and rack and slot, as S7.Net and Snap7 do.
 */
export function tsapsFor(
  frameType: S7DriverConfig['frameType'],
  rack: number,
  slot: number,
): { localTSAP: number; remoteTSAP: number } {
  switch (frameType) {
    case 'S7-200':
      return { localTSAP: 0x1000, remoteTSAP: 0x1001 };
    case 'S7-200Smart':
    case 'S7-300':
    case 'S7-400':
    case 'S7-1200':
    case 'S7-1500':
      return { localTSAP: 0x0100, remoteTSAP: 0x0300 | ((rack & 0x07) << 5) | (slot & 0x1f) };
  }
}

/** S7 item return codes (S7 communication, data item "return code"). */
export const S7_RETURN = {
  success: 0xff,
  hardwareFault: 0x01,
  accessDenied: 0x03,
  addressOutOfRange: 0x05,
  transportSizeNotSupported: 0x06,
  dataSizeMismatch: 0x07,
  objectDoesNotExist: 0x0a,
} as const;

/** The catalogue code of a failed item's S7 return code. */
export function s7ReturnToCode(returnCode: number, operation: 'read' | 'write'): number {
  switch (returnCode) {
    // the data block (or area) is not in the PLC
    case S7_RETURN.objectDoesNotExist:
      return Err.variableNotFound;
    // the area exists but is shorter than the address asks: the device has no such address
    case S7_RETURN.addressOutOfRange:
      return Err.illegalDataAddress;
    case S7_RETURN.transportSizeNotSupported:
    case S7_RETURN.dataSizeMismatch:
      return Err.dataTypeError;
    case S7_RETURN.accessDenied:
      return operation === 'write' ? Err.variableReadOnly : Err.lowerDeviceFault;
    case S7_RETURN.hardwareFault:
      return Err.lowerDeviceFault;
    default:
      return Err.lowerDeviceCommFault;
  }
}

/** Whether a return code says the address itself is wrong (worth reading the item on its own). */
export function isAddressReturn(returnCode: number): boolean {
  return returnCode === S7_RETURN.addressOutOfRange || returnCode === S7_RETURN.objectDoesNotExist;
}

/** nodes7's text for an item address: `DB1,` then the rest, or the area letter. */
function prefix(address: Pick<S7VariableAddress, 'area' | 'db'>, bit: boolean): string {
  if (address.area === 'DB') return `DB${address.db ?? 0},${bit ? 'X' : 'BYTE'}`;
  return bit ? address.area : `${address.area}B`;
}

/** The nodes7 address of `count` bytes from `byte` (an array of numbers, or one number for 1). */
export function byteRangeAddress(
  address: Pick<S7VariableAddress, 'area' | 'db'>,
  byte: number,
  count: number,
) {
  return `${prefix(address, false)}${byte}.${count}`;
}

/** The nodes7 address a variable is read with: its bit, or all the bytes its value occupies. */
export function readAddressOf(address: S7VariableAddress): string {
  if (address.dataType === 'bit') return `${prefix(address, true)}${address.byte}.${address.bit ?? 0}`;
  return byteRangeAddress(address, address.byte, address.byteCount);
}

/**
 * Snap7 (and PLC emulators built on it) put 4 in the length field of a failed read item where S7
 * CPUs put 0. nodes7 0.3.18 then steps half a byte too far, and on the next item throws inside its
 * socket handler, which would end the gateway process. This returns the response with those
 * lengths set to 0; a response that is not a read response passes unchanged.
 */
export function repairReadResponse(data: Buffer): Buffer {
  // TPKT (4) + COTP data (3) + S7 ack-data header (12) + read parameters (2)
  if (data.length < 21 || data[0] !== 0x03 || data[7] !== 0x32 || data[8] !== 0x03) return data;
  const end = Math.min(data.readUInt16BE(2), data.length);
  const itemsAt = 19 + data.readUInt16BE(13);
  if (data[19] !== 0x04) return data;
  const count = data[20] ?? 0;
  let repaired: Buffer | null = null;
  let at = itemsAt;
  for (let item = 0; item < count && at + 4 <= end; item++) {
    const returnCode = data[at];
    const transportSize = data[at + 1];
    const length = data.readUInt16BE(at + 2);
    if (returnCode !== S7_RETURN.success) {
      if (length !== 0) {
        repaired ??= Buffer.from(data);
        repaired.writeUInt16BE(0, at + 2);
      }
      at += 4;
      continue;
    }
    // bit, byte/word/dword and integer transport sizes count their length in bits
    const bytes =
      transportSize === 0x03 || transportSize === 0x04 || transportSize === 0x05
        ? Math.ceil(length / 8)
        : length;
    at += 4 + bytes + (bytes % 2 === 1 && item < count - 1 ? 1 : 0);
  }
  return repaired ?? data;
}
