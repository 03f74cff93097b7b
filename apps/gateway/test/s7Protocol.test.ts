/**
 * The pure parts of the S7 driver: TSAPs per PLC family, return codes, nodes7 addresses, the
 * repair of Snap7's failed-item lengths, and values ↔ bytes including STRING encodings.
 */
import { Err, resolveS7Variable, type S7VariableAddress } from '@fieldhub/shared';
import { describe, expect, it } from 'vitest';
import { decodeS7, decodeText, encodeS7, encodeText } from '../src/drivers/s7/s7Codec';
import { readAddressOf, repairReadResponse, s7ReturnToCode, tsapsFor } from '../src/drivers/s7/s7Protocol';

function address(text: string, dataType: string, stringLength: number | null = null): S7VariableAddress {
  const resolved = resolveS7Variable({ address: text, dataType, stringLength, rw: 'r' });
  if (!resolved.ok) throw new Error(resolved.error.en);
  return resolved.value;
}

describe('tsapsFor', () => {
  it('uses the fixed CP 243 TSAPs for an S7-200', () => {
    expect(tsapsFor('S7-200', 0, 1)).toEqual({ localTSAP: 0x1000, remoteTSAP: 0x1001 });
  });

  it('builds the remote TSAP from rack and slot for the other families', () => {
    expect(tsapsFor('S7-300', 0, 2)).toEqual({ localTSAP: 0x0100, remoteTSAP: 0x0302 });
    expect(tsapsFor('S7-1500', 1, 3)).toEqual({ localTSAP: 0x0100, remoteTSAP: 0x0323 });
    expect(tsapsFor('S7-200Smart', 0, 1).remoteTSAP).toBe(0x0301);
  });
});

describe('s7ReturnToCode', () => {
  it('maps S7 item return codes to catalogue codes', () => {
    expect(s7ReturnToCode(0x0a, 'read')).toBe(Err.variableNotFound);
    expect(s7ReturnToCode(0x05, 'read')).toBe(Err.illegalDataAddress);
    expect(s7ReturnToCode(0x07, 'write')).toBe(Err.dataTypeError);
    expect(s7ReturnToCode(0x03, 'write')).toBe(Err.variableReadOnly);
    expect(s7ReturnToCode(0x03, 'read')).toBe(Err.lowerDeviceFault);
    expect(s7ReturnToCode(0x42, 'read')).toBe(Err.lowerDeviceCommFault);
  });
});

describe('readAddressOf', () => {
  it('reads bits as bits and every other type as its bytes', () => {
    expect(readAddressOf(address('DB1.DBX0.3', 'bit'))).toBe('DB1,X0.3');
    expect(readAddressOf(address('M2.5', 'bit'))).toBe('M2.5');
    expect(readAddressOf(address('DB2.DBW4', 'int16'))).toBe('DB2,BYTE4.2');
    expect(readAddressOf(address('MD8', 'float32'))).toBe('MB8.4');
    expect(readAddressOf(address('IW2', 'uint16'))).toBe('IB2.2');
    expect(readAddressOf(address('QB0', 'uint64'))).toBe('QB0.8');
    expect(readAddressOf(address('DB1.DBB42', 'string', 20))).toBe('DB1,BYTE42.22');
  });
});

describe('repairReadResponse', () => {
  // Snap7's answer to a read of DB1.DBW254..257 (out of range) followed by DB1.DBW0 (fine)
  const snap7Reply = Buffer.from(
    '0300001f02f0803203000000020002000a00000402' + '05000004' + 'ff0400100102',
    'hex',
  );

  it('sets the length of failed items to 0 as S7 CPUs send it', () => {
    const repaired = repairReadResponse(snap7Reply);
    expect(repaired.subarray(21, 25).toString('hex')).toBe('05000000');
    expect(repaired.subarray(25).toString('hex')).toBe('ff0400100102');
    expect(snap7Reply.subarray(21, 25).toString('hex')).toBe('05000004');
  });

  it('leaves good replies and other PDUs alone', () => {
    const good = Buffer.from('0300001d02f0803203000000020002000800000402ff04001001020000', 'hex');
    expect(repairReadResponse(good)).toBe(good);
    const writeReply = Buffer.from('0300001602f0803203000000030002000100000501ff', 'hex');
    expect(repairReadResponse(writeReply)).toBe(writeReply);
  });
});

describe('S7 values', () => {
  it('decodes big-endian numbers and bits', () => {
    expect(decodeS7('int16', [0xfb, 0x2e], 0, 'ascii')).toBe(-1234);
    expect(decodeS7('uint32', [0xee, 0x6b, 0x28, 0x00], 0, 'ascii')).toBe(4_000_000_000);
    expect(decodeS7('float32', [0x3f, 0xc0, 0, 0], 0, 'ascii')).toBe(1.5);
    expect(decodeS7('int64', [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe], 0, 'ascii')).toBe(-2);
    expect(decodeS7('bit', true, 0, 'ascii')).toBe(1);
    expect(decodeS7('int16', [1], 0, 'ascii')).toBeNull();
  });

  it('reads an S7 STRING up to its current length, never past the configured one', () => {
    expect(decodeS7('string', [10, 3, 0x61, 0x62, 0x63, 0x78, 0, 0, 0, 0, 0, 0], 10, 'ascii')).toBe('abc');
    expect(decodeS7('string', [10, 9, 0x61, 0x62, 0x63, 0x78], 4, 'ascii')).toBe('abcx');
  });

  it('encodes writes and refuses values their type cannot hold', () => {
    expect(encodeS7('int16', -2, 0, 'ascii')).toEqual({ kind: 'bytes', bytes: [0xff, 0xfe] });
    expect(encodeS7('uint64', '18446744073709551615', 0, 'ascii')).toEqual({
      kind: 'bytes',
      bytes: [255, 255, 255, 255, 255, 255, 255, 255],
    });
    expect(encodeS7('bit', true, 0, 'ascii')).toEqual({ kind: 'bit', state: true });
    expect(encodeS7('string', 'ab', 5, 'ascii')).toEqual({ kind: 'bytes', bytes: [2, 0x61, 0x62] });
    expect(encodeS7('int16', 32768, 0, 'ascii')).toBeNull();
    // integers are rounded half away from zero, as the platform's checkWriteValue does
    expect(encodeS7('uint16', 1.5, 0, 'ascii')).toEqual({ kind: 'bytes', bytes: [0, 2] });
    expect(encodeS7('int16', -1.5, 0, 'ascii')).toEqual({ kind: 'bytes', bytes: [0xff, 0xfe] });
    expect(encodeS7('bit', 0.6, 0, 'ascii')).toBeNull();
    expect(encodeS7('float32', 'warm', 0, 'ascii')).toBeNull();
    expect(encodeS7('string', '泵运行', 5, 'gbk')).toBeNull();
  });

  it('round-trips text in every string encoding', () => {
    for (const encoding of ['ascii', 'utf8', 'gbk', 'utf16be', 'utf16le'] as const) {
      const text = encoding === 'ascii' ? 'Temp 25°C' : '泵 Pump 1';
      expect(decodeText(encodeText(text, encoding) ?? new Uint8Array(), encoding)).toBe(text);
    }
    expect([...(encodeText('泵', 'gbk') ?? [])]).toEqual([0xb1, 0xc3]);
    expect([...(encodeText('A', 'utf16be') ?? [])]).toEqual([0, 0x41]);
  });

  it('refuses text with a character the encoding lacks rather than writing something else', () => {
    expect(encodeText('泵', 'ascii')).toBeNull();
    expect(encodeText('pump 😀', 'gbk')).toBeNull();
    expect(encodeS7('string', '泵', 10, 'ascii')).toBeNull();
  });
});
