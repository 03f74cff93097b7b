/**
 * The Modbus driver against pymodbus, a server we did not write: every data type read and
 * written, the byte orders (123456.0 in libmodbus' four 32-bit layouts) and string encodings.
 * The values in the peer are encoded by pymodbus' own payload builder; written values are checked
 * as raw words in the peer's datastore.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModbusDriver } from '../../src/drivers/modbus';
import type { DriverVariable, FieldDriver } from '../../src/drivers/driver';
import { type ModbusPeer, startPeer, tcpDriver, variable } from './peer';

let peer: ModbusPeer;
const drivers: FieldDriver[] = [];

function driver(settings: Record<string, unknown> = {}): FieldDriver {
  const created = createModbusDriver(tcpDriver(peer.port, settings));
  drivers.push(created);
  return created;
}

async function readOne(on: FieldDriver, v: DriverVariable): Promise<unknown> {
  const result = await on.read([v]);
  expect(result.errors.get(v.id)).toBeUndefined();
  return result.values.get(v.id);
}

beforeAll(async () => {
  peer = await startPeer();
});

afterAll(async () => {
  await Promise.all(drivers.map((d) => d.close()));
  await peer?.stop();
});

describe('reading every data type from pymodbus', () => {
  it('reads coils, discrete inputs, input registers and each holding-register type in one cycle', async () => {
    const vars = {
      coils: [0, 1, 2, 3, 4, 5, 6, 7].map((a) => variable('0x', String(a), 'bit')),
      inputs: [0, 1, 2, 3, 4].map((a) => variable('1x', String(a), 'bit', { rw: 'r' })),
      inputU16: variable('3x', '0', 'uint16', { rw: 'r' }),
      inputF32: variable('3x', '1', 'float32', { rw: 'r' }),
      int16: variable('4x', '100', 'int16'),
      uint16: variable('4x', '101', 'uint16'),
      int32: variable('4x', '102', 'int32'),
      uint32: variable('4x', '104', 'uint32'),
      int64: variable('4x', '106', 'int64'),
      uint64: variable('4x', '110', 'uint64'),
      float32: variable('4x', '114', 'float32'),
      float64: variable('4x', '116', 'float64'),
      text: variable('4x', '120', 'string', { stringLength: 8 }),
      bits: ['130.2', '130.3', '130.5', '130.15'].map((a) => variable('4x', a, 'bit')),
    };
    const all = Object.values(vars).flat();
    const { values, errors } = await driver().read(all);
    expect(errors.size).toBe(0);
    const value = (v: DriverVariable) => values.get(v.id);
    expect(vars.coils.map(value)).toEqual([1, 0, 1, 1, 0, 0, 1, 0]);
    expect(vars.inputs.map(value)).toEqual([0, 1, 1, 0, 1]);
    expect([value(vars.inputU16), value(vars.inputF32)]).toEqual([4321, -2.5]);
    expect(value(vars.int16)).toBe(-12345);
    expect(value(vars.uint16)).toBe(54321);
    expect(value(vars.int32)).toBe(-123456789);
    expect(value(vars.uint32)).toBe(3000000000);
    expect(value(vars.int64)).toBe(-1234567890123);
    expect(value(vars.uint64)).toBe(2 ** 60 + 2 ** 12);
    expect(value(vars.float32)).toBe(Math.fround(-273.15));
    expect(value(vars.float64)).toBe(3.141592653589793);
    expect(value(vars.text)).toBe('HELLO-42');
    expect(vars.bits.map(value)).toEqual([1, 0, 1, 1]);
  });

  it('reads 123456.0 from the four 32-bit layouts of libmodbus with the matching byte order', async () => {
    const layouts = [
      ['ABCD', '200'],
      ['CDAB', '202'],
      ['BADC', '204'],
      ['DCBA', '206'],
    ] as const;
    for (const [order, address] of layouts) {
      expect(await readOne(driver({ byteOrder32: order }), variable('4x', address, 'float32'))).toBe(123456);
    }
  });

  it('reads int32 in every 32-bit order, float64 in every 64-bit order and int16 swapped', async () => {
    const int32 = [
      ['CDAB', '210'],
      ['BADC', '212'],
      ['DCBA', '214'],
    ] as const;
    for (const [order, address] of int32) {
      expect(await readOne(driver({ byteOrder32: order }), variable('4x', address, 'int32'))).toBe(
        -123456789,
      );
    }
    const float64 = [
      ['GHEFCDAB', '240'],
      ['BADCFEHG', '244'],
      ['HGFEDCBA', '248'],
    ] as const;
    for (const [order, address] of float64) {
      const read = await readOne(driver({ byteOrder64: order }), variable('4x', address, 'float64'));
      expect(read).toBe(3.141592653589793);
    }
    expect(await readOne(driver({ byteOrder16: 'BA' }), variable('4x', '232', 'int16'))).toBe(-12345);
  });

  it('reads strings in UTF-8, UTF-16 big and little endian and GBK', async () => {
    const text = (address: string, stringLength: number) =>
      variable('4x', address, 'string', { stringLength });
    expect(await readOne(driver({ stringEncoding: 'utf8' }), text('124', 8))).toBe('Zürich');
    expect(await readOne(driver({ stringEncoding: 'utf16be' }), text('140', 4))).toBe('温度');
    expect(await readOne(driver({ stringEncoding: 'utf16le' }), text('142', 4))).toBe('温度');
    expect(await readOne(driver({ stringEncoding: 'gbk' }), text('144', 4))).toBe('温度');
  });
});

describe('writing every data type to pymodbus', () => {
  it('writes coils with function 5 and a bit inside a holding register without touching the others', async () => {
    const on = driver();
    await on.write(variable('0x', '10', 'bit'), 1);
    expect(await peer.get('co', 10, 1)).toEqual([1]);
    await on.write(variable('0x', '10', 'bit'), false);
    expect(await peer.get('co', 10, 1)).toEqual([0]);

    await on.write(variable('4x', '400', 'uint16'), 0x00f0);
    await on.write(variable('4x', '400.3', 'bit'), 1);
    expect(await peer.get('hr', 400, 1)).toEqual([0x00f8]);
    await on.write(variable('4x', '400.4', 'bit'), 0);
    expect(await peer.get('hr', 400, 1)).toEqual([0x00e8]);
    expect(await readOne(on, variable('4x', '400.3', 'bit'))).toBe(1);
  });

  it('writes each register type as the words of its big-endian value and reads it back', async () => {
    const on = driver();
    const cases: [DriverVariable, number | string, number[]][] = [
      [variable('4x', '401', 'int16'), -2, [0xfffe]],
      [variable('4x', '402', 'uint16'), 65535, [0xffff]],
      [variable('4x', '404', 'int32'), -123456789, [0xf8a4, 0x32eb]],
      [variable('4x', '406', 'uint32'), 3000000000, [0xb2d0, 0x5e00]],
      [variable('4x', '410', 'int64'), -1234567890123, [0xffff, 0xfee0, 0x8e04, 0xfb35]],
      [variable('4x', '414', 'uint64'), 2 ** 60 + 2 ** 12, [0x1000, 0, 0, 0x1000]],
      [variable('4x', '418', 'float32'), 123456, [0x47f1, 0x2000]],
      [variable('4x', '420', 'float64'), 3.141592653589793, [0x4009, 0x21fb, 0x5444, 0x2d18]],
      [variable('4x', '424', 'string', { stringLength: 8 }), 'ABC', [0x4142, 0x4300, 0, 0]],
    ];
    for (const [v, value, words] of cases) {
      await on.write(v, value);
      expect(await peer.get('hr', Number(v.address), words.length), v.dataType).toEqual(words);
      expect(await readOne(on, v), v.dataType).toBe(value);
    }
  });

  it('writes 123456.0 in the layout of each 32-bit byte order', async () => {
    const layouts = [
      ['CDAB', 430, [0x2000, 0x47f1]],
      ['BADC', 432, [0xf147, 0x0020]],
      ['DCBA', 434, [0x0020, 0xf147]],
    ] as const;
    for (const [order, address, words] of layouts) {
      await driver({ byteOrder32: order }).write(variable('4x', String(address), 'float32'), 123456);
      expect(await peer.get('hr', address, 2)).toEqual(words);
    }
  });

  it('writes text in UTF-16 and GBK, padded with zeros to its length', async () => {
    await driver({ stringEncoding: 'utf16be' }).write(
      variable('4x', '440', 'string', { stringLength: 6 }),
      '温度',
    );
    expect(await peer.get('hr', 440, 3)).toEqual([0x6e29, 0x5ea6, 0]);
    await driver({ stringEncoding: 'gbk' }).write(
      variable('4x', '444', 'string', { stringLength: 6 }),
      '温度',
    );
    expect(await peer.get('hr', 444, 3)).toEqual([0xcec2, 0xb6c8, 0]);
  });
});
