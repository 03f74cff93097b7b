import { describe, expect, it } from 'vitest';
import { BYTE_ORDERS_16, BYTE_ORDERS_32, BYTE_ORDERS_64 } from '../device/driver';
import { DATA_TYPES } from '../device/variable';
import { type ByteOrder, byteOrderFor, checkWriteValue, decodeValue, encodeValue } from './byteOrder';
import { type DataType, registerCount } from './dataTypes';
import { utf8Decode, utf8Encode } from './utf8';
import { seededRandom as random } from '../seededRandom';

describe("libmodbus' float convention", () => {
  it.each([
    ['ABCD', [0x47f1, 0x2000]],
    ['CDAB', [0x2000, 0x47f1]],
    ['BADC', [0xf147, 0x0020]],
    ['DCBA', [0x0020, 0xf147]],
  ] as const)('encodes 123456.0 in %s as its test registers', (order, registers) => {
    expect(encodeValue('float32', order, 123456.0)).toEqual(registers);
    expect(decodeValue('float32', order, registers)).toBe(123456.0);
  });
});

describe('byte orders', () => {
  it.each([
    ['AB', 0x1234, [0x1234]],
    ['BA', 0x1234, [0x3412]],
    ['AB', -2, [0xfffe]],
  ] as const)('int16 in %s: %i → %j', (order, value, registers) => {
    expect(encodeValue('int16', order, value)).toEqual(registers);
    expect(decodeValue('int16', order, registers)).toBe(value);
  });

  it.each([
    ['ABCD', [0x1234, 0x5678]],
    ['CDAB', [0x5678, 0x1234]],
    ['BADC', [0x3412, 0x7856]],
    ['DCBA', [0x7856, 0x3412]],
  ] as const)('uint32 0x12345678 in %s', (order, registers) => {
    expect(encodeValue('uint32', order, 0x12345678)).toEqual(registers);
    expect(decodeValue('uint32', order, registers)).toBe(0x12345678);
  });

  it.each([
    ['ABCDEFGH', [0x0102, 0x0304, 0x0506, 0x0708]],
    ['GHEFCDAB', [0x0708, 0x0506, 0x0304, 0x0102]],
    ['BADCFEHG', [0x0201, 0x0403, 0x0605, 0x0807]],
    ['HGFEDCBA', [0x0807, 0x0605, 0x0403, 0x0201]],
  ] as const)('int64 0x0102030405060708 in %s', (order, registers) => {
    expect(encodeValue('int64', order, 0x0102030405060708n)).toEqual(registers);
    expect(decodeValue('int64', order, registers)).toBe(Number(0x0102030405060708n));
  });

  it('encodes float64 1.0 as 0x3FF0000000000000', () => {
    expect(encodeValue('float64', 'ABCDEFGH', 1)).toEqual([0x3ff0, 0, 0, 0]);
    expect(encodeValue('float64', 'HGFEDCBA', 1)).toEqual([0, 0, 0, 0xf03f]);
  });

  it('covers the full width of unsigned and negative integers', () => {
    expect(encodeValue('uint32', 'ABCD', 4294967295)).toEqual([0xffff, 0xffff]);
    expect(encodeValue('int32', 'ABCD', -2147483648)).toEqual([0x8000, 0]);
    expect(encodeValue('int64', 'ABCDEFGH', -1)).toEqual([0xffff, 0xffff, 0xffff, 0xffff]);
    expect(decodeValue('uint64', 'ABCDEFGH', [0xffff, 0xffff, 0xffff, 0xffff])).toBe(2 ** 64);
  });

  it('decodes 64-bit integers beyond 2^53 to the nearest double', () => {
    const registers = encodeValue('int64', 'ABCDEFGH', 2n ** 60n + 1n);
    expect(registers).toEqual([0x1000, 0, 0, 1]);
    expect(decodeValue('int64', 'ABCDEFGH', registers)).toBe(2 ** 60);
  });

  it('picks the driver setting that fits the type', () => {
    const orders = { order16: 'BA', order32: 'CDAB', order64: 'HGFEDCBA' } as const;
    expect(byteOrderFor('uint16', orders)).toBe('BA');
    expect(byteOrderFor('string', orders)).toBe('BA');
    expect(byteOrderFor('bit', orders)).toBe('BA');
    expect(byteOrderFor('float32', orders)).toBe('CDAB');
    expect(byteOrderFor('uint64', orders)).toBe('HGFEDCBA');
  });
});

describe('round trips for every type and order', () => {
  const rnd = random(42);
  const samples: Record<Exclude<DataType, 'string' | 'bit'>, () => number> = {
    int16: () => Math.floor(rnd() * 65536) - 32768,
    uint16: () => Math.floor(rnd() * 65536),
    int32: () => Math.floor(rnd() * 2 ** 32) - 2 ** 31,
    uint32: () => Math.floor(rnd() * 2 ** 32),
    int64: () => Math.floor((rnd() - 0.5) * 2 ** 54), // within ±2^53: exact both ways
    uint64: () => Math.floor(rnd() * 2 ** 53),
    float32: () => Math.fround((rnd() - 0.5) * 10 ** Math.floor(rnd() * 60 - 30)),
    float64: () => (rnd() - 0.5) * 10 ** Math.floor(rnd() * 600 - 300),
  };
  const ordersFor = (type: DataType): readonly ByteOrder[] =>
    registerCount(type) === 4 ? BYTE_ORDERS_64 : registerCount(type) === 2 ? BYTE_ORDERS_32 : BYTE_ORDERS_16;

  for (const [type, sample] of Object.entries(samples) as [keyof typeof samples, () => number][]) {
    it.each(ordersFor(type))(`${type} in %s`, (order) => {
      for (let n = 0; n < 500; n++) {
        const value = sample();
        const registers = encodeValue(type, order, value);
        expect(registers).toHaveLength(registerCount(type));
        expect(registers.every((r) => Number.isInteger(r) && r >= 0 && r <= 0xffff)).toBe(true);
        expect(decodeValue(type, order, registers)).toBe(value);
      }
    });
  }

  it('keeps the extremes of float32', () => {
    for (const order of BYTE_ORDERS_32) {
      for (const v of [0, -0, 3.4028234663852886e38, -3.4028234663852886e38, 1.401298464324817e-45]) {
        expect(decodeValue('float32', order, encodeValue('float32', order, v))).toBe(v);
      }
    }
  });

  it('reads NaN and infinity from a device but refuses to write them', () => {
    expect(decodeValue('float32', 'ABCD', [0x7fc0, 0])).toBeNaN();
    expect(decodeValue('float32', 'ABCD', [0x7f80, 0])).toBe(Infinity);
    expect(decodeValue('float64', 'ABCDEFGH', [0xfff0, 0, 0, 0])).toBe(-Infinity);
    expect(() => encodeValue('float32', 'ABCD', NaN)).toThrow(RangeError);
    expect(() => encodeValue('float64', 'ABCDEFGH', Infinity)).toThrow(RangeError);
  });

  it('covers every data type', () => {
    expect(new Set([...Object.keys(samples), 'string', 'bit'])).toEqual(new Set(DATA_TYPES));
  });
});

describe('strings and bits', () => {
  it('puts the first character in the high byte with AB and in the low byte with BA', () => {
    expect(encodeValue('string', 'AB', 'HELLO', 6)).toEqual([0x4845, 0x4c4c, 0x4f00]);
    expect(encodeValue('string', 'BA', 'HELLO', 6)).toEqual([0x4548, 0x4c4c, 0x004f]);
    expect(decodeValue('string', 'AB', [0x4845, 0x4c4c, 0x4f00], 6)).toBe('HELLO');
    expect(decodeValue('string', 'BA', [0x4548, 0x4c4c, 0x004f], 6)).toBe('HELLO');
  });

  it('uses ceil(length / 2) registers and ignores the pad byte of an odd length', () => {
    expect(encodeValue('string', 'AB', 'ABC', 3)).toEqual([0x4142, 0x4300]);
    expect(decodeValue('string', 'AB', [0x4142, 0x4344], 3)).toBe('ABC');
  });

  it('round-trips UTF-8 text for both 16-bit orders', () => {
    for (const order of BYTE_ORDERS_16) {
      expect(decodeValue('string', order, encodeValue('string', order, '温度°C', 10), 10)).toBe('温度°C');
      expect(decodeValue('string', order, encodeValue('string', order, '', 4), 4)).toBe('');
    }
  });

  it('refuses a text longer than the length', () => {
    expect(() => encodeValue('string', 'AB', 'TOO LONG', 4)).toThrow(RangeError);
    expect(checkWriteValue('string', '温度', 5)).toEqual({
      field: 'value',
      zh: '文本超过5个字节',
      en: 'The text is longer than 5 bytes',
    });
  });

  it('needs a string length', () => {
    expect(() => encodeValue('string', 'AB', 'A')).toThrow(RangeError);
    expect(() => decodeValue('string', 'AB', [0x4100], 0)).toThrow(RangeError);
  });

  it('writes a bit as 0 or 1 and reads any non-zero as 1', () => {
    expect(encodeValue('bit', 'AB', 1)).toEqual([1]);
    expect(encodeValue('bit', 'AB', 0)).toEqual([0]);
    expect(decodeValue('bit', 'AB', [0])).toBe(0);
    expect(decodeValue('bit', 'AB', [0xff00])).toBe(1);
    expect(() => encodeValue('bit', 'AB', 2)).toThrow(RangeError);
  });
});

describe('values that do not fit', () => {
  it('rounds integers half away from zero', () => {
    expect(encodeValue('int16', 'AB', 12.5)).toEqual([13]);
    expect(decodeValue('int16', 'AB', encodeValue('int16', 'AB', -12.5))).toBe(-13);
  });

  it.each([
    ['int16', 32768],
    ['int16', -32769],
    ['uint16', -1],
    ['uint16', 65536],
    ['int32', 2 ** 31],
    ['uint32', 2 ** 32],
    ['uint64', -1],
    ['float32', 1e39],
    ['float64', NaN],
    ['int32', Infinity],
  ] as const)('refuses %s %d', (type, value) => {
    expect(checkWriteValue(type, value)?.field).toBe('value');
    expect(() =>
      encodeValue(
        type,
        registerCount(type) === 1 ? 'AB' : registerCount(type) === 2 ? 'ABCD' : 'ABCDEFGH',
        value,
      ),
    ).toThrow(RangeError);
  });

  it('explains a range problem in both languages', () => {
    expect(checkWriteValue('int16', 40000)).toEqual({
      field: 'value',
      zh: '数值超出 int16 的范围（-32768 ~ 32767）',
      en: 'The value is outside the range of int16 (-32768 to 32767)',
    });
    expect(checkWriteValue('float32', 'abc')).toEqual({
      field: 'value',
      zh: '请输入数值',
      en: 'Enter a number',
    });
  });

  it('accepts the exact limits of 64-bit integers as bigints', () => {
    expect(checkWriteValue('int64', -(2n ** 63n))).toBeNull();
    expect(checkWriteValue('uint64', 2n ** 64n - 1n)).toBeNull();
    expect(checkWriteValue('uint64', 2n ** 64n)).not.toBeNull();
  });

  it('refuses a byte order of the wrong width, a wrong register count and out-of-range registers', () => {
    expect(() => encodeValue('int16', 'ABCD', 1)).toThrow(RangeError);
    expect(() => encodeValue('float32', 'AB', 1)).toThrow(RangeError);
    expect(() => decodeValue('float64', 'ABCD', [0, 0])).toThrow(RangeError);
    expect(() => decodeValue('float32', 'ABCD', [0])).toThrow(RangeError);
    expect(() => decodeValue('uint16', 'AB', [65536])).toThrow(RangeError);
    expect(() => decodeValue('uint16', 'AB', [1.5])).toThrow(RangeError);
  });
});

describe('utf8', () => {
  it('encodes one to four bytes a character', () => {
    expect(utf8Encode('A')).toEqual([0x41]);
    expect(utf8Encode('°')).toEqual([0xc2, 0xb0]);
    expect(utf8Encode('温')).toEqual([0xe6, 0xb8, 0xa9]);
    expect(utf8Encode('😀')).toEqual([0xf0, 0x9f, 0x98, 0x80]);
  });

  it('never splits a character when cutting', () => {
    expect(utf8Encode('A温', 3)).toEqual([0x41]);
  });

  it('decodes what it encodes and replaces malformed bytes', () => {
    expect(utf8Decode(utf8Encode('A°温😀'))).toBe('A°温😀');
    expect(utf8Decode([0x41, 0xff, 0x42])).toBe('A\ufffdB');
    expect(utf8Decode([0xe6, 0xb8])).toBe('\ufffd\ufffd');
    expect(utf8Decode([0xc0, 0x80])).toBe('\ufffd\ufffd'); // overlong NUL
  });
});
