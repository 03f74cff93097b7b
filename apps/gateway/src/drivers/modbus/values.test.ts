import { describe, expect, it } from 'vitest';
import { type DataType, type ModbusRegisterType, resolveModbusVariable } from '@fieldhub/shared';
import { DriverError } from '../driver';
import { type ModbusPoint, type ValueFormat, decodePoint, planWrite } from './values';
import { decodeText, encodeText, registersToBytes } from './strings';
import { LinkDown, RequestFault, connectFault, requestFault } from './faults';

const format = (patch: Partial<ValueFormat> = {}): ValueFormat => ({
  orders: { order16: 'AB', order32: 'ABCD', order64: 'ABCDEFGH' },
  encoding: 'ascii',
  ...patch,
});

function point(
  registerType: ModbusRegisterType,
  address: string,
  dataType: DataType,
  stringLength = 0,
): ModbusPoint {
  const resolved = resolveModbusVariable({ registerType, address, dataType, stringLength, rw: 'r' });
  if (!resolved.ok) throw new Error(resolved.error.en);
  return { id: 1, at: resolved.value, stringLength };
}

function codeOf(work: () => unknown): number | undefined {
  try {
    work();
  } catch (err) {
    return err instanceof DriverError ? err.code : -1;
  }
  return undefined;
}

describe('decodePoint', () => {
  it('reads 123456.0 from the four 32-bit layouts of libmodbus', () => {
    const layouts = {
      ABCD: [0x47f1, 0x2000],
      CDAB: [0x2000, 0x47f1],
      BADC: [0xf147, 0x0020],
      DCBA: [0x0020, 0xf147],
    };
    for (const [order32, words] of Object.entries(layouts)) {
      const f = format({ orders: { order16: 'AB', order32: order32 as 'ABCD', order64: 'ABCDEFGH' } });
      expect(decodePoint(point('4x', '0', 'float32'), words, f)).toBe(123456);
    }
  });

  it('reads coils and bits inside a register as 0 or 1', () => {
    expect(decodePoint(point('0x', '3', 'bit'), [1], format())).toBe(1);
    expect(decodePoint(point('4x', '7.5', 'bit'), [0x0020], format())).toBe(1);
    expect(decodePoint(point('4x', '7.4', 'bit'), [0x0020], format())).toBe(0);
  });

  it('reads strings in UTF-16 both ways and GBK, up to the first NUL', () => {
    const f = (encoding: ValueFormat['encoding']) => format({ encoding });
    expect(decodePoint(point('4x', '0', 'string', 6), [0x6e29, 0x5ea6, 0], f('utf16be'))).toBe('温度');
    expect(decodePoint(point('4x', '0', 'string', 4), [0x296e, 0xa65e], f('utf16le'))).toBe('温度');
    expect(decodePoint(point('4x', '0', 'string', 6), [0xcec2, 0xb6c8, 0x4100], f('gbk'))).toBe('温度A');
    expect(decodePoint(point('4x', '0', 'string', 4), [0x4142, 0x0043], f('ascii'))).toBe('AB');
  });

  it('swaps the bytes of a string register with the 16-bit order BA', () => {
    const f = format({ orders: { order16: 'BA', order32: 'ABCD', order64: 'ABCDEFGH' }, encoding: 'ascii' });
    expect(decodePoint(point('4x', '0', 'string', 4), [0x4241, 0x4443], f)).toBe('ABCD');
  });
});

describe('planWrite', () => {
  it('sends a coil, a bit of a register or the registers of the value', () => {
    expect(planWrite(point('0x', '4', 'bit'), true, format())).toEqual({
      kind: 'coil',
      offset: 4,
      state: true,
    });
    expect(planWrite(point('4x', '9.3', 'bit'), 0, format())).toEqual({
      kind: 'registerBit',
      offset: 9,
      bit: 3,
      state: false,
    });
    const cdab = format({ orders: { order16: 'AB', order32: 'CDAB', order64: 'ABCDEFGH' } });
    expect(planWrite(point('4x', '2', 'float32'), 123456, cdab)).toEqual({
      kind: 'registers',
      offset: 2,
      values: [0x2000, 0x47f1],
    });
    expect(planWrite(point('4x', '0', 'int16'), '-2', format())).toEqual({
      kind: 'registers',
      offset: 0,
      values: [0xfffe],
    });
  });

  it('encodes UTF-16 and GBK text zero-padded to the string length', () => {
    expect(planWrite(point('4x', '0', 'string', 6), '温度', format({ encoding: 'gbk' }))).toMatchObject({
      values: [0xcec2, 0xb6c8, 0],
    });
    expect(planWrite(point('4x', '0', 'string', 4), '温度', format({ encoding: 'utf16le' }))).toMatchObject({
      values: [0x296e, 0xa65e],
    });
  });

  it('refuses values of the wrong kind with 1722 and values out of range with 99906', () => {
    expect(codeOf(() => planWrite(point('4x', '0', 'int16'), 'warm', format()))).toBe(1722);
    expect(codeOf(() => planWrite(point('4x', '0', 'string', 4), 'Zürich', format()))).toBe(1722);
    expect(codeOf(() => planWrite(point('4x', '0', 'int16'), 40000, format()))).toBe(99906);
    expect(codeOf(() => planWrite(point('0x', '0', 'bit'), 2, format()))).toBe(99906);
    expect(
      codeOf(() => planWrite(point('4x', '0', 'string', 2), '温度', format({ encoding: 'utf16be' }))),
    ).toBe(99906);
  });
});

describe('strings', () => {
  it('round-trips text with a character outside the basic plane in UTF-16', () => {
    const bytes = encodeText('a😀', 'utf16be') ?? [];
    expect(bytes).toEqual([0, 0x61, 0xd8, 0x3d, 0xde, 0x00]);
    expect(decodeText(bytes, 'utf16be')).toBe('a😀');
    expect(decodeText([0x3d, 0xd8, 0x41, 0], 'utf16le')).toBe('\ufffdA');
  });

  it('knows no GBK code for a character outside GBK', () => {
    expect(encodeText('😀', 'gbk')).toBeNull();
    expect(registersToBytes([0x4142], 'BA')).toEqual([0x42, 0x41]);
  });
});

describe('faults', () => {
  it('maps what modbus-serial reports to catalogue codes', () => {
    const exception = (n: number) => Object.assign(new Error(`Modbus exception ${n}`), { modbusCode: n });
    expect(requestFault(exception(2)).code).toBe(1708);
    expect(requestFault(exception(3)).code).toBe(1709);
    expect(requestFault(exception(6)).code).toBe(1712);
    expect(requestFault(exception(0x0b)).code).toBe(1717);
    const timeout = requestFault({
      name: 'TransactionTimedOutError',
      message: 'Timed out',
      errno: 'ETIMEDOUT',
    });
    expect(timeout).toBeInstanceOf(RequestFault);
    expect([timeout.code, (timeout as RequestFault).timedOut]).toEqual([1715, true]);
    expect(requestFault(new Error('CRC error')).code).toBe(1713);
    expect(requestFault(new Error('Unexpected data error, expected address 7 got 8')).code).toBe(1502);
    expect(requestFault(new Error('Data length error, expected 9 got 7')).code).toBe(99901);
    expect(requestFault({ message: 'Port Not Open', errno: 'ECONNREFUSED' })).toBeInstanceOf(LinkDown);
    expect(connectFault(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }), false).code).toBe(
      1503,
    );
    // a serial port that cannot be opened: faults.test.ts
    expect(connectFault(new Error('No such file or directory'), true).code).toBe(1507);
  });
});
