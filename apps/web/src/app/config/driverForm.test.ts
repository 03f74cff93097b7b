import { describe, expect, it } from 'vitest';
import { driverSchema } from '@fieldhub/shared';
import { connectionSummary, driverDefaults, driverPayload } from './driverForm';

describe('the driver form', () => {
  it('starts each protocol from the shared schema defaults', () => {
    expect(driverDefaults('modbus-tcp')).toMatchObject({ port: 502, slaveId: 1, byteOrder32: 'ABCD' });
    expect(driverDefaults('s7')).toMatchObject({ port: 102, rack: 0, slot: 1, frameType: 'S7-1200' });
    expect(driverDefaults('opcua', { name: 'UA' })).toMatchObject({ name: 'UA', securityPolicy: 'None' });
  });

  it('sends only the fields of the chosen protocol after a protocol switch', () => {
    const values = { ...driverDefaults('modbus-tcp'), ip: '10.0.0.2', ...driverDefaults('s7'), name: 'PLC' };
    const body = driverPayload({ ...values, ip: '10.0.0.2', blockGap: 10 });
    expect(body).not.toHaveProperty('blockGap');
    expect(driverSchema.parse(body)).toMatchObject({ protocol: 's7', ip: '10.0.0.2', port: 102 });
  });

  it('summarises where a driver connects', () => {
    const row = { id: 1, name: 'PLC', brand: '', model: '', seq: 1, variableCount: 0 };
    expect(
      connectionSummary({
        ...row,
        protocol: 'modbus-tcp',
        settings: { ip: '10.0.0.2', port: 502, slaveId: 3 },
      }),
    ).toBe('10.0.0.2:502 · #3');
    expect(connectionSummary({ ...row, protocol: 'opcua', settings: { endpoint: 'opc.tcp://h:4840' } })).toBe(
      'opc.tcp://h:4840',
    );
  });
});
