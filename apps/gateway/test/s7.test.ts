/**
 * The S7 driver against a Snap7 server (node-snap7, a peer we did not write): every data type and
 * bits in DB, M, I and Q, S7 STRINGs with their two header bytes, refused writes, faults as
 * catalogue codes, and reconnection after the PLC comes back.
 */
import { Err, s7Schema, type DataType } from '@fieldhub/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@fieldhub/testkit';
import { DriverError, type DriverVariable, type FieldDriver } from '../src/drivers/driver';
import { createS7Driver } from '../src/drivers/s7/s7Driver';
import { DB1, startS7TestServer, startSilentLink, type S7TestServer } from './s7TestServer';

let plc: S7TestServer;
const drivers: FieldDriver[] = [];

beforeAll(async () => {
  plc = startS7TestServer(await freePort());
});

afterAll(() => {
  plc.stop();
});

afterEach(async () => {
  await Promise.all(drivers.splice(0).map((driver) => driver.close()));
});

function driverFor(fields: Record<string, unknown> = {}): FieldDriver {
  const config = s7Schema.parse({
    name: 'press 1',
    protocol: 's7',
    ip: '127.0.0.1',
    port: plc.port,
    commWaitMs: 1000,
    ...fields,
  });
  const driver = createS7Driver({ id: 3, ...config }, { backoff: { initialMs: 100, maxMs: 400 } });
  drivers.push(driver);
  return driver;
}

let nextId = 1;
function variable(address: string, dataType: DataType, extra: Partial<DriverVariable> = {}): DriverVariable {
  return { id: nextId++, dataType, stringLength: null, registerType: '', address, rw: 'rw', ...extra };
}

async function codeOf(work: Promise<unknown>): Promise<number> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DriverError);
  return (error as DriverError).code;
}

async function readOne(driver: FieldDriver, target: DriverVariable) {
  const result = await driver.read([target]);
  return result.values.get(target.id) ?? `error ${result.errors.get(target.id)}`;
}

describe('S7 driver reads', () => {
  it('reads every data type and bits of a data block in one cycle', async () => {
    const driver = driverFor();
    const vars = {
      bit0: variable('DB1.DBX0.0', 'bit'),
      bit1: variable('DB1.DBX0.1', 'bit'),
      bit7: variable('DB1.DBX0.7', 'bit'),
      int16: variable('DB1.DBW2', 'int16'),
      uint16: variable('DB1.DBW4', 'uint16'),
      int32: variable('DB1.DBD6', 'int32'),
      uint32: variable('DB1.DBD10', 'uint32'),
      float32: variable('DB1.DBD14', 'float32'),
      int64: variable('DB1.DBB18', 'int64'),
      uint64: variable('DB1.DBB26', 'uint64'),
      float64: variable('DB1.DBB34', 'float64'),
      string: variable('DB1.DBB42', 'string', { stringLength: DB1.string.max }),
    };
    const result = await driver.read(Object.values(vars));
    expect(result.errors).toEqual(new Map());
    expect(Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, result.values.get(v.id)]))).toEqual({
      bit0: 1,
      bit1: 0,
      bit7: 1,
      int16: -1234,
      uint16: 65000,
      int32: -70000,
      uint32: 4_000_000_000,
      float32: 1.5,
      int64: -2,
      uint64: 2 ** 40 + 5,
      float64: 123456.789,
      string: 'pump running',
    });
    expect(driver.state()).toEqual({ ok: true });
  });

  it('reads the marker, input and output areas', async () => {
    const driver = driverFor();
    const vars = [
      variable('MW0', 'int16'),
      variable('M2.3', 'bit'),
      variable('MD4', 'float32'),
      variable('I0.1', 'bit', { rw: 'r' }),
      variable('IW2', 'int16', { rw: 'r' }),
      variable('QW0', 'uint16'),
      variable('Q2.0', 'bit'),
      variable('Q2.1', 'bit'),
    ];
    const result = await driver.read(vars);
    expect(vars.map((v) => result.values.get(v.id))).toEqual([-321, 1, -7.25, 1, 1500, 4321, 1, 0]);
  });

  it('reads a GBK string with a driver set to GBK', async () => {
    const driver = driverFor({ stringEncoding: 'gbk' });
    const text = variable('DB1.DBB100', 'string', { stringLength: DB1.gbkString.max });
    expect(await readOne(driver, text)).toBe('泵运行');
  });

  it('reports a missing data block with 1714 and an address past its end with 1708, reading its neighbours', async () => {
    const driver = driverFor();
    const missingBlock = variable('DB9.DBW0', 'int16');
    const pastEnd = variable('DB1.DBD256', 'float32');
    const neighbour = variable('DB1.DBW254', 'int16');
    const elsewhere = variable('DB1.DBW2', 'int16');
    for (let cycle = 0; cycle < 2; cycle++) {
      const result = await driver.read([missingBlock, pastEnd, neighbour, elsewhere]);
      expect(result.errors.get(missingBlock.id)).toBe(Err.variableNotFound);
      expect(result.errors.get(pastEnd.id)).toBe(Err.illegalDataAddress);
      expect(result.values.get(neighbour.id)).toBe(0);
      expect(result.values.get(elsewhere.id)).toBe(-1234);
    }
  });

  it('reports a malformed address with 1721 and a type the address size cannot hold with 1721', async () => {
    const driver = driverFor();
    const malformed = variable('DB1.DBQ2', 'int16');
    const wrongSize = variable('DB1.DBW2', 'int32');
    const noLength = variable('DB1.DBB42', 'string');
    const result = await driver.read([malformed, wrongSize, noLength]);
    expect(result.errors.get(malformed.id)).toBe(Err.addressError);
    expect(result.errors.get(wrongSize.id)).toBe(Err.addressError);
    expect(result.errors.get(noLength.id)).toBe(Err.dataTypeError);
  });

  it.each(['S7-200', 'S7-200Smart', 'S7-300', 'S7-400', 'S7-1500'])(
    'connects as an %s',
    async (frameType) => {
      const driver = driverFor({ frameType, rack: 0, slot: frameType === 'S7-300' ? 2 : 1 });
      expect(await readOne(driver, variable('DB1.DBW4', 'uint16'))).toBe(65000);
    },
  );
});

describe('S7 driver writes', () => {
  const cases: [string, DataType, number | string, number | string][] = [
    ['DB1.DBW2', 'int16', -32768, -32768],
    ['DB1.DBW4', 'uint16', 65535, 65535],
    ['DB1.DBD6', 'int32', 2147483647, 2147483647],
    ['DB1.DBD10', 'uint32', 1, 1],
    ['DB1.DBD14', 'float32', -0.25, -0.25],
    ['DB1.DBB18', 'int64', -9007199254740991, -9007199254740991],
    ['DB1.DBB26', 'uint64', '18446744073709551615', 2 ** 64],
    ['DB1.DBB34', 'float64', 6.02214076e23, 6.02214076e23],
    ['MW10', 'int16', 77, 77],
    ['MD12', 'float32', 2.5, 2.5],
    ['QW4', 'uint16', 500, 500],
  ];

  it.each(cases)('writes %s as %s and reads it back', async (address, type, value, expected) => {
    const driver = driverFor();
    const target = variable(address, type);
    await driver.write(target, value);
    expect(await readOne(driver, target)).toBe(expected);
  });

  it('writes the bytes big-endian where the PLC program expects them', async () => {
    const driver = driverFor();
    await driver.write(variable('DB1.DBD10', 'uint32'), 0x01020304);
    expect([...plc.read('db1').subarray(10, 14)]).toEqual([1, 2, 3, 4]);
  });

  it('writes single bits without touching their neighbours', async () => {
    const driver = driverFor();
    const db = plc.read('db1');
    db[0] = 0b1010_0101;
    plc.write('db1', db);
    await driver.write(variable('DB1.DBX0.1', 'bit'), 1);
    await driver.write(variable('DB1.DBX0.7', 'bit'), 0);
    expect(plc.read('db1')[0]).toBe(0b0010_0111);
    await driver.write(variable('M2.5', 'bit'), true);
    await driver.write(variable('Q3.0', 'bit'), 1);
    expect(plc.read('markers')[2]).toBe(0b0010_1000);
    expect(plc.read('outputs')[3]).toBe(1);
    const bits = [variable('DB1.DBX0.1', 'bit'), variable('DB1.DBX0.7', 'bit'), variable('M2.5', 'bit')];
    const result = await driver.read(bits);
    expect(bits.map((b) => result.values.get(b.id))).toEqual([1, 0, 1]);
  });

  it('writes an S7 STRING as its length byte and characters, keeping the declared maximum', async () => {
    const driver = driverFor();
    const text = variable('DB1.DBB42', 'string', { stringLength: DB1.string.max });
    await driver.write(text, 'valve 3');
    const db = plc.read('db1');
    expect(db[42]).toBe(DB1.string.max);
    expect(db[43]).toBe(7);
    expect(db.subarray(44, 51).toString('latin1')).toBe('valve 3');
    expect(await readOne(driver, text)).toBe('valve 3');
    await driver.write(text, '');
    expect(await readOne(driver, text)).toBe('');
  });

  it('writes a GBK string with a driver set to GBK', async () => {
    const driver = driverFor({ stringEncoding: 'gbk' });
    const text = variable('DB1.DBB100', 'string', { stringLength: DB1.gbkString.max });
    await driver.write(text, '阀门关');
    expect(plc.read('db1')[101]).toBe(6);
    expect(await readOne(driver, text)).toBe('阀门关');
  });

  it('refuses a write to the input area with 2002 before the wire', async () => {
    const before = plc.read('inputs');
    const driver = driverFor();
    expect(await codeOf(driver.write(variable('IW2', 'int16'), 1))).toBe(Err.variableReadOnly);
    expect(await codeOf(driver.write(variable('I0.1', 'bit'), 0))).toBe(Err.variableReadOnly);
    expect(plc.read('inputs')).toEqual(before);
    // the same refusal without any PLC to reach
    const offline = driverFor({ port: await freePort() });
    expect(await codeOf(offline.write(variable('IW2', 'int16'), 1))).toBe(Err.variableReadOnly);
  });

  it('refuses a value the data type cannot hold with 1722', async () => {
    const driver = driverFor();
    expect(await codeOf(driver.write(variable('DB1.DBW2', 'int16'), 40000))).toBe(Err.dataTypeError);
    expect(await codeOf(driver.write(variable('DB1.DBW2', 'int16'), 'abc'))).toBe(Err.dataTypeError);
    expect(await codeOf(driver.write(variable('DB1.DBX0.0', 'bit'), 2))).toBe(Err.dataTypeError);
    const text = variable('DB1.DBB42', 'string', { stringLength: 4 });
    expect(await codeOf(driver.write(text, 'too long'))).toBe(Err.dataTypeError);
  });

  it('reports a write to a missing data block with 1714', async () => {
    const driver = driverFor();
    expect(await codeOf(driver.write(variable('DB9.DBW0', 'int16'), 1))).toBe(Err.variableNotFound);
    expect(await readOne(driver, variable('DB1.DBW4', 'uint16'))).toEqual(expect.any(Number));
  });
});

describe('S7 driver connection', () => {
  it('fails a PLC nobody listens for with 1503', async () => {
    const driver = driverFor({ port: await freePort() });
    expect(await codeOf(driver.read([variable('DB1.DBW2', 'int16')]))).toBe(Err.ipPortError);
    expect(driver.state()).toEqual({ ok: false, code: Err.ipPortError });
  });

  it('fails a read the PLC does not answer in time with 1715', async () => {
    const link = await startSilentLink(plc.port);
    try {
      const driver = driverFor({ port: link.port, commWaitMs: 300 });
      const speed = variable('DB1.DBW4', 'uint16');
      expect(await readOne(driver, speed)).toEqual(expect.any(Number));
      link.silence();
      expect(await codeOf(driver.read([speed]))).toBe(Err.lowerDeviceTimeout);
      expect(driver.state()).toEqual({ ok: false, code: Err.lowerDeviceTimeout });
    } finally {
      await link.close();
    }
  });

  it('reconnects after the PLC comes back', async () => {
    const driver = driverFor();
    const speed = variable('DB1.DBW4', 'uint16');
    const db = plc.read('db1');
    db.writeUInt16BE(1200, 4);
    plc.write('db1', db);
    expect(await readOne(driver, speed)).toBe(1200);
    plc.stop();
    const failure = await codeOf(driver.read([speed]));
    expect([Err.lowerDeviceCommFault, Err.lowerDeviceTimeout, Err.ipPortError]).toContain(failure);
    expect(driver.state().ok).toBe(false);
    plc.start();
    let value: unknown;
    for (let attempt = 0; attempt < 40 && value !== 1200; attempt++) {
      value = await readOne(driver, speed).catch(async () => {
        await new Promise((resolve) => setTimeout(resolve, 200));
        return undefined;
      });
    }
    expect(value).toBe(1200);
    expect(driver.state()).toEqual({ ok: true });
  });
});
