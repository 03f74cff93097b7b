import { describe, expect, it } from 'vitest';
import { type S7VariableInput, parseS7Address, resolveS7Variable } from './s7';

function problemOf(input: Partial<S7VariableInput>) {
  const result = resolveS7Variable({ address: 'DB1.DBW0', dataType: 'int16', rw: 'rw', ...input });
  if (result.ok) throw new Error(`accepted ${JSON.stringify(input)}`);
  return result.error;
}

describe('parseS7Address', () => {
  it.each([
    ['DB1.DBX0.0', { area: 'DB', db: 1, byte: 0, bit: 0, size: 'X' }],
    ['DB10.DBX12.7', { area: 'DB', db: 10, byte: 12, bit: 7, size: 'X' }],
    ['DB1.DBB2', { area: 'DB', db: 1, byte: 2, size: 'B' }],
    ['DB1.DBW4', { area: 'DB', db: 1, byte: 4, size: 'W' }],
    ['DB65535.DBD65532', { area: 'DB', db: 65535, byte: 65532, size: 'D' }],
    ['db3.dbd8', { area: 'DB', db: 3, byte: 8, size: 'D' }],
    ['M0.0', { area: 'M', byte: 0, bit: 0, size: 'X' }],
    ['MX3.1', { area: 'M', byte: 3, bit: 1, size: 'X' }],
    ['MB1', { area: 'M', byte: 1, size: 'B' }],
    ['MW2', { area: 'M', byte: 2, size: 'W' }],
    ['MD4', { area: 'M', byte: 4, size: 'D' }],
    ['I0.1', { area: 'I', byte: 0, bit: 1, size: 'X' }],
    ['E0.1', { area: 'I', byte: 0, bit: 1, size: 'X' }],
    ['IW64', { area: 'I', byte: 64, size: 'W' }],
    ['EB2', { area: 'I', byte: 2, size: 'B' }],
    ['Q1.7', { area: 'Q', byte: 1, bit: 7, size: 'X' }],
    ['A1.7', { area: 'Q', byte: 1, bit: 7, size: 'X' }],
    ['QD4', { area: 'Q', byte: 4, size: 'D' }],
    ['AB0', { area: 'Q', byte: 0, size: 'B' }],
    [' qx2.3 ', { area: 'Q', byte: 2, bit: 3, size: 'X' }],
  ])('reads %s', (address, expected) => {
    expect(parseS7Address(address)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['DB1.DBX0', 'A bit address needs a bit number, such as M0.0 or DB1.DBX0.0'],
    ['M10', 'A bit address needs a bit number, such as M0.0 or DB1.DBX0.0'],
    ['DB1.DBW0.1', 'A byte, word or double word address takes no bit number'],
    ['MB1.0', 'A byte, word or double word address takes no bit number'],
    ['M0.8', 'The bit number must be from 0 to 7'],
    ['DB0.DBW0', 'The data block number must be from 1 to 65535'],
    ['DB65536.DBW0', 'The data block number must be from 1 to 65535'],
    ['MW65536', 'The byte address must be from 0 to 65535'],
  ])('refuses %s: %s', (address, en) => {
    expect(parseS7Address(address)).toMatchObject({ ok: false, error: { field: 'address', en } });
  });

  it.each(['', 'DB1', 'DB1.DBQ0', 'DB1.W0', 'X0.0', 'T1', 'C1', 'MW-1', 'DB1.DBX0.0.0', 'M 0.0'])(
    'refuses the malformed %j with a format hint in both languages',
    (address) => {
      expect(parseS7Address(address)).toEqual({
        ok: false,
        error: {
          field: 'address',
          zh: 'S7 地址格式如 DB1.DBX0.0、DB1.DBW2、M0.0、MW10、I0.1、QD4',
          en: 'An S7 address looks like DB1.DBX0.0, DB1.DBW2, M0.0, MW10, I0.1 or QD4',
        },
      });
    },
  );
});

describe('resolveS7Variable', () => {
  it.each([
    ['DB1.DBX0.0', 'bit', 1],
    ['DB1.DBW0', 'int16', 2],
    ['MW0', 'uint16', 2],
    ['DB1.DBD0', 'int32', 4],
    ['QD0', 'uint32', 4],
    ['MD0', 'float32', 4],
    ['DB1.DBB0', 'int64', 8],
    ['DB1.DBB0', 'uint64', 8],
    ['DB1.DBB0', 'float64', 8],
  ])('accepts %s as %s, %i bytes', (address, dataType, byteCount) => {
    expect(resolveS7Variable({ address, dataType, rw: 'rw' })).toMatchObject({
      ok: true,
      value: { byteCount },
    });
  });

  it('reads a string as an S7 STRING with its two header bytes', () => {
    expect(
      resolveS7Variable({ address: 'DB2.DBB10', dataType: 'string', stringLength: 20, rw: 'rw' }),
    ).toEqual({
      ok: true,
      value: { area: 'DB', db: 2, byte: 10, size: 'B', dataType: 'string', byteCount: 22, writable: true },
    });
    expect(problemOf({ address: 'DB2.DBB10', dataType: 'string' }).field).toBe('stringLength');
    expect(problemOf({ address: 'DB2.DBB10', dataType: 'string', stringLength: 255 }).en).toBe(
      'The string length must be a whole number from 1 to 254',
    );
  });

  it.each([
    ['DB1.DBW0', 'bit', 'The bit type needs a bit (X) address'],
    ['DB1.DBD0', 'int16', 'The int16 type needs a word (W) address'],
    ['MW0', 'float32', 'The float32 type needs a double word (D) address'],
    ['MD0', 'float64', 'The float64 type needs a byte (B) address'],
    ['M0.0', 'uint16', 'The uint16 type needs a word (W) address'],
    ['DB1.DBW0', 'string', 'The string type needs a byte (B) address'],
  ])('refuses %s for %s', (address, dataType, en) => {
    expect(problemOf({ address, dataType })).toMatchObject({ field: 'address', en });
  });

  it('explains a size mismatch in Chinese too', () => {
    expect(problemOf({ address: 'DB1.DBW0', dataType: 'float32' }).zh).toBe(
      'float32 类型须使用双字（D）地址',
    );
  });

  it('refuses a value that runs past byte 65535', () => {
    expect(resolveS7Variable({ address: 'DB1.DBD65532', dataType: 'float32', rw: 'rw' }).ok).toBe(true);
    expect(problemOf({ address: 'DB1.DBD65533', dataType: 'float32' }).en).toBe(
      'The 4 bytes from this address run past 65535',
    );
    expect(problemOf({ address: 'DB1.DBB65530', dataType: 'float64' }).field).toBe('address');
  });

  it('keeps inputs read-only and lets outputs, markers and data blocks be written', () => {
    expect(problemOf({ address: 'I0.0', dataType: 'bit', rw: 'rw' })).toEqual({
      field: 'rw',
      zh: '输入区（I）只读，读写方式须为只读',
      en: 'The input area (I) can only be read; set the read/write mode to read-only',
    });
    expect(problemOf({ address: 'EW2', dataType: 'int16', rw: 'w' }).field).toBe('rw');
    expect(resolveS7Variable({ address: 'IW2', dataType: 'int16', rw: 'r' })).toMatchObject({
      ok: true,
      value: { writable: false },
    });
    for (const address of ['Q0.0', 'M0.0', 'DB1.DBX0.0']) {
      expect(resolveS7Variable({ address, dataType: 'bit', rw: 'rw' })).toMatchObject({
        ok: true,
        value: { writable: true },
      });
    }
  });
});
