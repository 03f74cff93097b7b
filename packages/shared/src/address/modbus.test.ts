import { describe, expect, it } from 'vitest';
import { type ModbusVariableInput, parseModbusAddress, resolveModbusVariable } from './modbus';

function problemOf(input: Partial<ModbusVariableInput>) {
  const result = resolveModbusVariable({
    registerType: '4x',
    address: '0',
    dataType: 'int16',
    rw: 'rw',
    ...input,
  });
  if (result.ok) throw new Error(`accepted ${JSON.stringify(input)}`);
  return result.error;
}

describe('parseModbusAddress', () => {
  it.each([
    ['0x', '0', { registerType: '0x', offset: 0 }],
    ['1X', '65535', { registerType: '1x', offset: 65535 }],
    ['3x', ' 100 ', { registerType: '3x', offset: 100 }],
    ['4x', '100.3', { registerType: '4x', offset: 100, bit: 3 }],
    ['4x', '00042.15', { registerType: '4x', offset: 42, bit: 15 }],
  ])('reads %s %j', (registerType, address, expected) => {
    expect(parseModbusAddress(registerType, address)).toEqual({ ok: true, value: expected });
  });

  it.each([undefined, '', '2x', '5x', '40001', 'x'])('refuses the register type %j', (registerType) => {
    expect(parseModbusAddress(registerType, '1')).toEqual({
      ok: false,
      error: {
        field: 'registerType',
        zh: '寄存器类型须为 0x、1x、3x 或 4x',
        en: 'The register type must be 0x, 1x, 3x or 4x',
      },
    });
  });

  it.each(['65536', '-1', '1.5.2', 'abc', '', '0x10', '1e3', '100000', '12.'])(
    'refuses the address %j',
    (address) => {
      expect(parseModbusAddress('4x', address)).toMatchObject({ ok: false, error: { field: 'address' } });
    },
  );

  it('refuses a bit index above 15', () => {
    expect(parseModbusAddress('4x', '10.16')).toEqual({
      ok: false,
      error: { field: 'address', zh: '位索引须为 0-15', en: 'The bit index must be from 0 to 15' },
    });
  });

  it('refuses a bit index on coils and discrete inputs', () => {
    expect(parseModbusAddress('0x', '10.1')).toMatchObject({
      ok: false,
      error: { en: 'Coils (0x) take no bit index', zh: '线圈（0x）没有位索引' },
    });
    expect(parseModbusAddress('1x', '10.1')).toMatchObject({ ok: false });
  });
});

describe('resolveModbusVariable', () => {
  it.each([
    [
      { registerType: '0x', dataType: 'bit' },
      { count: 1, readFunction: 1, writable: true },
    ],
    [
      { registerType: '1x', dataType: 'bit', rw: 'r' },
      { count: 1, readFunction: 2, writable: false },
    ],
    [
      { registerType: '3x', dataType: 'float32', rw: 'r' },
      { count: 2, readFunction: 4, writable: false },
    ],
    [
      { registerType: '4x', dataType: 'int16' },
      { count: 1, readFunction: 3, writable: true },
    ],
    [{ registerType: '4x', dataType: 'uint16' }, { count: 1 }],
    [{ registerType: '4x', dataType: 'int32' }, { count: 2 }],
    [{ registerType: '4x', dataType: 'uint32' }, { count: 2 }],
    [{ registerType: '4x', dataType: 'int64' }, { count: 4 }],
    [{ registerType: '4x', dataType: 'uint64' }, { count: 4 }],
    [{ registerType: '4x', dataType: 'float64' }, { count: 4 }],
    [{ registerType: '4x', dataType: 'string', stringLength: 11 }, { count: 6 }],
    [{ registerType: '4x', dataType: 'string', stringLength: 12 }, { count: 6 }],
    [
      { registerType: '4x', address: '7.15', dataType: 'bit' },
      { offset: 7, bit: 15, count: 1 },
    ],
    [{ registerType: '3x', address: '7.0', dataType: 'bit', rw: 'r' }, { bit: 0 }],
  ] as const)('accepts %j', (input, expected) => {
    const result = resolveModbusVariable({ address: '0', rw: 'rw', ...input });
    expect(result).toMatchObject({ ok: true, value: expected });
  });

  it('allows only bit on coils and discrete inputs', () => {
    expect(problemOf({ registerType: '0x', dataType: 'int16' })).toEqual({
      field: 'dataType',
      zh: '线圈（0x）只能使用 bit 类型',
      en: 'Coils (0x) only hold the bit type',
    });
    expect(problemOf({ registerType: '1x', dataType: 'float32', rw: 'r' }).field).toBe('dataType');
  });

  it('needs a bit index for a bit in a register, and takes one only for bits', () => {
    expect(problemOf({ address: '10', dataType: 'bit' }).en).toBe(
      'A bit in a register needs a bit index, such as 100.3',
    );
    expect(problemOf({ address: '10.2', dataType: 'int16' }).en).toBe('Only the bit type takes a bit index');
  });

  it('refuses an unknown data type', () => {
    expect(problemOf({ dataType: 'double' })).toMatchObject({ field: 'dataType' });
  });

  it('refuses a range that runs past 65535', () => {
    expect(
      resolveModbusVariable({ registerType: '4x', address: '65534', dataType: 'float32', rw: 'rw' }).ok,
    ).toBe(true);
    expect(problemOf({ address: '65535', dataType: 'float32' })).toEqual({
      field: 'address',
      zh: '从该地址起的 2 个寄存器超出了 65535',
      en: 'The 2 registers from this address run past 65535',
    });
    expect(problemOf({ address: '65533', dataType: 'float64' }).field).toBe('address');
    expect(problemOf({ address: '65530', dataType: 'string', stringLength: 14 }).field).toBe('address');
    expect(
      resolveModbusVariable({ registerType: '4x', address: '65535.15', dataType: 'bit', rw: 'rw' }).ok,
    ).toBe(true);
  });

  it('needs a string length that one request can carry', () => {
    expect(problemOf({ dataType: 'string' })).toEqual({
      field: 'stringLength',
      zh: '字符串长度须为 1-246 的整数',
      en: 'The string length must be a whole number from 1 to 246',
    });
    expect(problemOf({ dataType: 'string', stringLength: 0 }).field).toBe('stringLength');
    expect(problemOf({ dataType: 'string', stringLength: 2.5 }).field).toBe('stringLength');
    expect(problemOf({ dataType: 'string', stringLength: 247 }).field).toBe('stringLength');
    expect(
      resolveModbusVariable({
        registerType: '4x',
        address: '0',
        dataType: 'string',
        stringLength: 250,
        rw: 'r',
      }).ok,
    ).toBe(true);
    expect(problemOf({ dataType: 'string', stringLength: 251, rw: 'r' }).field).toBe('stringLength');
  });

  it('rejects writing to discrete inputs and input registers', () => {
    expect(problemOf({ registerType: '1x', dataType: 'bit', rw: 'rw' })).toEqual({
      field: 'rw',
      zh: '离散输入（1x）只读，读写方式须为只读',
      en: 'Discrete inputs (1x) can only be read; set the read/write mode to read-only',
    });
    expect(problemOf({ registerType: '3x', dataType: 'int16', rw: 'w' }).field).toBe('rw');
    expect(problemOf({ registerType: '3x', address: '1.1', dataType: 'bit', rw: 'rw' }).field).toBe('rw');
  });

  it('lets coils and holding registers be written, including a bit inside a register', () => {
    for (const input of [
      { registerType: '0x', dataType: 'bit', rw: 'w' },
      { registerType: '4x', dataType: 'float32', rw: 'rw' },
      { registerType: '4x', address: '3.4', dataType: 'bit', rw: 'rw' },
    ] as const) {
      expect(resolveModbusVariable({ address: '0', ...input })).toMatchObject({
        ok: true,
        value: { writable: true },
      });
    }
  });
});
