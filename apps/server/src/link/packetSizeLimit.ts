import type { Socket } from 'node:net';

/**
 * Where a scan of an MQTT byte stream stands: at a packet's first byte, inside its "remaining
 * length" (a variable-length integer of 1-4 bytes, 7 bits each, low bits first), or inside its
 * body with `skip` bytes of it still to come.
 */
export type PacketScan =
  { at: 'type' } | { at: 'length'; value: number; bytes: number } | { at: 'body'; skip: number };

export const SCAN_START: PacketScan = { at: 'type' };

/** The MQTT remaining length is at most 4 bytes; a fifth is a malformed packet. */
const LENGTH_BYTES_MAX = 4;

/**
 * Reads the fixed headers of the MQTT packets in `chunk` (the stream continues from `scan`) and
 * answers where the scan stands after it, or, as soon as a header is complete, the size of the
 * first packet bigger than `maxBytes` (fixed header included, as Mosquitto's max_packet_size
 * counts); a malformed remaining length counts as Infinity. Bodies are skipped, never kept.
 */
export function scanPackets(
  scan: PacketScan,
  chunk: Uint8Array,
  maxBytes: number,
): { scan: PacketScan; tooLarge: number | null } {
  let state = scan;
  let i = 0;
  while (i < chunk.length) {
    if (state.at === 'body') {
      const taken = Math.min(state.skip, chunk.length - i);
      i += taken;
      state = state.skip === taken ? { at: 'type' } : { at: 'body', skip: state.skip - taken };
      continue;
    }
    if (state.at === 'type') {
      i++; // packet type and flags: any value, the broker's parser judges them
      state = { at: 'length', value: 0, bytes: 0 };
      continue;
    }
    const byte = chunk[i++]!;
    const value = state.value + (byte & 0x7f) * 128 ** state.bytes;
    const bytes = state.bytes + 1;
    if (byte & 0x80) {
      if (bytes === LENGTH_BYTES_MAX) return { scan: state, tooLarge: Infinity };
      state = { at: 'length', value, bytes };
      continue;
    }
    const packetBytes = 1 + bytes + value;
    if (packetBytes > maxBytes) return { scan: state, tooLarge: packetBytes };
    state = value === 0 ? { at: 'type' } : { at: 'body', skip: value };
  }
  return { scan: state, tooLarge: null };
}

/**
 * Destroys `socket` once a packet arriving on it announces more than `maxBytes`, before its
 * body is read into memory. Attach it after the broker's own 'readable' listener: then, by the
 * stream rules, 'data' only shows the chunks the broker reads (a 'data' listener alone would
 * switch the socket to flowing mode), and the broker's parser never holds more than the chunk
 * that carried the header.
 */
export function limitPacketSize(socket: Socket, maxBytes: number, onTooLarge: (packetBytes: number) => void) {
  let scan = SCAN_START;
  const watch = (chunk: Buffer) => {
    const result = scanPackets(scan, chunk, maxBytes);
    scan = result.scan;
    if (result.tooLarge === null) return;
    socket.off('data', watch);
    onTooLarge(result.tooLarge);
    socket.destroy();
  };
  socket.on('data', watch);
}
