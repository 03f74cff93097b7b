import { describe, expect, it } from 'vitest';
import { validateAddress } from './validateAddress';

describe('validateAddress', () => {
  it('accepts a good address for each protocol', () => {
    expect(
      validateAddress('modbus-tcp', { registerType: '4x', address: '100', dataType: 'float32', rw: 'rw' }),
    ).toBeNull();
    expect(
      validateAddress('modbus-rtu', { registerType: '0x', address: '5', dataType: 'bit', rw: 'w' }),
    ).toBeNull();
    expect(validateAddress('s7', { address: 'DB1.DBD4', dataType: 'float32', rw: 'rw' })).toBeNull();
    expect(
      validateAddress('opcua', { address: 'ns=2;s=Tank.Level', dataType: 'float64', rw: 'rw' }),
    ).toBeNull();
  });

  it('applies the same Modbus rules over TCP and RTU', () => {
    for (const protocol of ['modbus-tcp', 'modbus-rtu'] as const) {
      expect(
        validateAddress(protocol, { registerType: '3x', address: '0', dataType: 'int16', rw: 'rw' }),
      ).toMatchObject({
        field: 'rw',
      });
      expect(validateAddress(protocol, { address: '0', dataType: 'int16', rw: 'r' })).toMatchObject({
        field: 'registerType',
      });
    }
  });

  it('answers the problem in both languages', () => {
    expect(
      validateAddress('modbus-tcp', { registerType: '1x', address: '0', dataType: 'uint16', rw: 'r' }),
    ).toEqual({
      field: 'dataType',
      zh: '离散输入（1x）只能使用 bit 类型',
      en: 'Discrete inputs (1x) only hold the bit type',
    });
  });

  it('refuses an S7 input written to and a size that does not fit the type', () => {
    expect(validateAddress('s7', { address: 'I0.0', dataType: 'bit', rw: 'rw' })?.field).toBe('rw');
    expect(validateAddress('s7', { address: 'MW0', dataType: 'int32', rw: 'rw' })?.field).toBe('address');
  });

  it('checks the node id and the data type for OPC UA, and ignores register type and string length', () => {
    expect(validateAddress('opcua', { address: 'ns=2;q=1', dataType: 'int16', rw: 'r' })?.field).toBe(
      'address',
    );
    expect(validateAddress('opcua', { address: 'ns=2;i=1', dataType: 'int128', rw: 'r' })).toEqual({
      field: 'dataType',
      zh: "不支持的数据类型 'int128'，可选：bit、int16、uint16、int32、uint32、int64、uint64、float32、float64、string",
      en: "Unsupported data type 'int128'; use one of bit, int16, uint16, int32, uint32, int64, uint64, float32, float64, string",
    });
    expect(
      validateAddress('opcua', { registerType: '4x', address: 'i=85', dataType: 'string', rw: 'rw' }),
    ).toBeNull();
  });
});
