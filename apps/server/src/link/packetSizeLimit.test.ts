import { describe, expect, it } from 'vitest';
import { SCAN_START, scanPackets, type PacketScan } from './packetSizeLimit';

/** An MQTT packet as the spec lays it out: type byte, remaining length (7 bits a byte), body. */
function packet(type: number, body: Buffer): Buffer {
  const length: number[] = [];
  let rest = body.length;
  do {
    const digit = rest % 128;
    rest = Math.floor(rest / 128);
    length.push(rest > 0 ? digit | 0x80 : digit);
  } while (rest > 0);
  return Buffer.concat([Buffer.from([type, ...length]), body]);
}

const connect = packet(0x10, Buffer.from('\x00\x04MQTT\x04\x02\x00\x1e\x00\x0c300000000001', 'latin1'));
const publish = (bytes: number) => packet(0x32, Buffer.alloc(bytes, 0x61));
const pingreq = packet(0xc0, Buffer.alloc(0));

/** Feeds the stream in pieces of `size` bytes; answers the first verdict and the final scan. */
function scanInPieces(stream: Buffer, size: number, maxBytes: number) {
  let scan: PacketScan = SCAN_START;
  for (let i = 0; i < stream.length; i += size) {
    const result = scanPackets(scan, stream.subarray(i, i + size), maxBytes);
    if (result.tooLarge !== null) return { tooLarge: result.tooLarge, at: i, scan: result.scan };
    scan = result.scan;
  }
  return { tooLarge: null, at: stream.length, scan };
}

describe('scanPackets', () => {
  it('passes a stream of packets under the cap, whole or split at every byte', () => {
    const stream = Buffer.concat([connect, publish(300), pingreq, publish(200_000), pingreq]);
    for (const size of [1, 2, 3, 7, 64, 65_536, stream.length]) {
      expect(scanInPieces(stream, size, 1024 * 1024)).toEqual({
        tooLarge: null,
        at: stream.length,
        scan: SCAN_START,
      });
    }
  });

  it('names the size of the first packet above the cap, counting its fixed header', () => {
    const big = publish(2000);
    const stream = Buffer.concat([connect, publish(100), big, pingreq]);
    expect(scanInPieces(stream, stream.length, 2000).tooLarge).toBe(big.length);
    expect(scanInPieces(stream, stream.length, big.length).tooLarge).toBeNull();
    expect(scanInPieces(stream, 1, big.length - 1).tooLarge).toBe(big.length);
  });

  it('decides on the header alone: 250 MB announced in five bytes', () => {
    // CONNECT with remaining length 250,000,000 and no body at all
    const header = Buffer.from([0x10, 0x80, 0xe5, 0x9a, 0x77]);
    expect(scanPackets(SCAN_START, header, 1024 * 1024).tooLarge).toBe(1 + 4 + 250_000_000);
    // split between two chunks: the first part alone gives no verdict yet
    const first = scanPackets(SCAN_START, header.subarray(0, 3), 1024 * 1024);
    expect(first.tooLarge).toBeNull();
    expect(scanPackets(first.scan, header.subarray(3), 1024 * 1024).tooLarge).toBe(250_000_005);
  });

  it('refuses a remaining length longer than four bytes as malformed', () => {
    expect(scanPackets(SCAN_START, Buffer.from([0x30, 0xff, 0xff, 0xff, 0xff, 0x01]), 1e9).tooLarge).toBe(
      Infinity,
    );
  });

  it('treats a packet of zero remaining length as complete', () => {
    expect(scanPackets(SCAN_START, Buffer.from([0xc0, 0x00, 0xd0, 0x00]), 10)).toEqual({
      scan: SCAN_START,
      tooLarge: null,
    });
  });
});
