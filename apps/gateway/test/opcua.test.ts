/**
 * The OPC UA driver against a real node-opcua server (a peer we did not write): reads and writes
 * of every data type, user name and password or anonymous sessions, faults as catalogue codes,
 * and reconnection after the server restarts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Err, opcuaSchema, type DataType } from '@fieldhub/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@fieldhub/testkit';
import { DriverError, type DriverVariable, type FieldDriver } from '../src/drivers/driver';
import { createOpcUaDriver } from '../src/drivers/opcua/opcuaDriver';
import { OPCUA_USER, startOpcUaTestServer, type OpcUaTestServer } from './opcuaTestServer';

let workDir: string;
let server: OpcUaTestServer;
let ports: { user: number; anonymous: number };
const drivers: FieldDriver[] = [];
const OPCUA_USER_FIELDS = { username: OPCUA_USER.userName, password: OPCUA_USER.password };

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'fieldhub-opcua-'));
  ports = { user: await freePort(), anonymous: await freePort() };
  server = await startOpcUaTestServer({ pkiDir: path.join(workDir, 'server-pki'), ports });
});

afterAll(async () => {
  await server.stop();
  await rm(workDir, { recursive: true, force: true });
});

afterEach(async () => {
  await Promise.all(drivers.splice(0).map((driver) => driver.close()));
});

function driverFor(fields: Record<string, unknown>, id = 1): FieldDriver {
  const config = opcuaSchema.parse({
    name: 'line 1',
    protocol: 'opcua',
    endpoint: server.userEndpoint,
    authMode: 'username',
    ...OPCUA_USER_FIELDS,
    commWaitMs: 2000,
    ...fields,
  });
  const driver = createOpcUaDriver(
    { id, ...config },
    { dataDir: path.join(workDir, 'gateway'), backoff: { initialMs: 100, maxMs: 400 } },
  );
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

describe('OPC UA driver reads', () => {
  it('reads every data type in one cycle with a user name and password', async () => {
    const driver = driverFor({});
    const vars = {
      bit: variable('ns=1;s=Boolean', 'bit'),
      int16: variable('ns=1;s=Int16', 'int16'),
      uint16: variable('ns=1;s=UInt16', 'uint16'),
      int32: variable('ns=1;s=Int32', 'int32'),
      uint32: variable('ns=1;s=UInt32', 'uint32'),
      int64: variable('ns=1;s=Int64', 'int64'),
      uint64: variable('ns=1;s=UInt64', 'uint64'),
      float32: variable('ns=1;s=Float', 'float32'),
      float64: variable('ns=1;s=Double', 'float64'),
      string: variable('ns=1;s=String', 'string', { stringLength: 32 }),
    };
    const result = await driver.read(Object.values(vars));
    expect(result.errors).toEqual(new Map());
    expect(Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, result.values.get(v.id)]))).toEqual({
      bit: 1,
      int16: -1234,
      uint16: 65000,
      int32: -70000,
      uint32: 4_000_000_000,
      int64: -2,
      uint64: 2 ** 40 + 5,
      float32: 1.5,
      float64: 123456.789,
      string: 'pump running',
    });
    expect(driver.state()).toEqual({ ok: true });
  });

  it('resolves an expanded node id with a namespace URI', async () => {
    const driver = driverFor({});
    const speed = variable(`nsu=${server.namespaceUri};s=Double`, 'float64');
    const result = await driver.read([speed]);
    expect(result.values.get(speed.id)).toBe(123456.789);
  });

  it('reports a missing node with 1714 and a malformed address with 1721, reading the rest', async () => {
    const driver = driverFor({});
    const missing = variable('ns=1;s=NoSuchNode', 'float64');
    const malformed = variable('ns=1;x=1', 'float64');
    const unknownUri = variable('nsu=urn:nowhere;s=Double', 'float64');
    const good = variable('ns=1;s=Int16', 'int16');
    const result = await driver.read([missing, malformed, unknownUri, good]);
    expect(result.errors.get(missing.id)).toBe(Err.variableNotFound);
    expect(result.errors.get(malformed.id)).toBe(Err.addressError);
    expect(result.errors.get(unknownUri.id)).toBe(Err.variableNotFound);
    expect(result.values.get(good.id)).toBe(-1234);
  });

  it('refuses a node whose type does not fit the variable with 1722', async () => {
    const driver = driverFor({});
    const textAsNumber = variable('ns=1;s=String', 'int16');
    const tooWide = variable('ns=1;s=Int32', 'int16');
    const floatAsInteger = variable('ns=1;s=Double', 'int32');
    const numberAsText = variable('ns=1;s=Int16', 'string', { stringLength: 10 });
    const result = await driver.read([textAsNumber, tooWide, floatAsInteger, numberAsText]);
    for (const v of [textAsNumber, tooWide, floatAsInteger, numberAsText]) {
      expect(result.errors.get(v.id)).toBe(Err.dataTypeError);
    }
  });

  it('opens an anonymous session on the endpoint that allows one', async () => {
    const driver = driverFor({ endpoint: server.anonymousEndpoint, authMode: 'anonymous' });
    const level = variable('ns=1;s=UInt16', 'uint16');
    expect((await driver.read([level])).values.get(level.id)).toBe(65000);
  });

  it('fails an anonymous session on the user-only endpoint with 1342', async () => {
    const driver = driverFor({ authMode: 'anonymous' });
    expect(await codeOf(driver.read([variable('ns=1;s=Int16', 'int16')]))).toBe(Err.gatewayAuthFailed);
    expect(driver.state()).toEqual({ ok: false, code: Err.gatewayAuthFailed });
  });

  it('fails a wrong password with 1342', async () => {
    const driver = driverFor({ password: 'not-the-password' });
    expect(await codeOf(driver.read([variable('ns=1;s=Int16', 'int16')]))).toBe(Err.gatewayAuthFailed);
  });

  it('fails an endpoint nobody listens on with 1503', async () => {
    const driver = driverFor({ endpoint: `opc.tcp://127.0.0.1:${await freePort()}` });
    expect(await codeOf(driver.read([variable('ns=1;s=Int16', 'int16')]))).toBe(Err.ipPortError);
    expect(driver.state()).toEqual({ ok: false, code: Err.ipPortError });
  });

  it('fails a read the server answers too late with 1715', async () => {
    const driver = driverFor({ commWaitMs: 500 });
    expect(await codeOf(driver.read([variable('ns=1;s=Slow', 'float64')]))).toBe(Err.lowerDeviceTimeout);
  });
});

describe('OPC UA driver writes', () => {
  const cases: [string, DataType, number | string | boolean, number | string][] = [
    ['Boolean', 'bit', 0, 0],
    ['Int16', 'int16', -32768, -32768],
    ['UInt16', 'uint16', 65535, 65535],
    ['Int32', 'int32', -2147483648, -2147483648],
    ['UInt32', 'uint32', 4294967295, 4294967295],
    ['Int64', 'int64', -9007199254740991, -9007199254740991],
    ['UInt64', 'uint64', 9007199254740991, 9007199254740991],
    ['Float', 'float32', -0.25, -0.25],
    ['Double', 'float64', 6.02214076e23, 6.02214076e23],
    ['String', 'string', 'pump stopped', 'pump stopped'],
  ];

  it.each(cases)(
    'writes %s with the node data type and reads it back',
    async (node, type, value, expected) => {
      const driver = driverFor({});
      const target = variable(`ns=1;s=${node}`, type, { stringLength: 32 });
      await driver.write(target, value);
      expect((await driver.read([target])).values.get(target.id)).toBe(expected);
    },
  );

  it('writes a 64-bit integer beyond 2^53 given as text', async () => {
    const driver = driverFor({});
    await driver.write(variable('ns=1;s=UInt64', 'uint64'), '18446744073709551615');
    const asText = variable('ns=1;s=UInt64', 'uint64');
    expect((await driver.read([asText])).values.get(asText.id)).toBe(2 ** 64);
  });

  it('refuses a write to a read-only node with 2002', async () => {
    const driver = driverFor({});
    expect(await codeOf(driver.write(variable('ns=1;s=ReadOnly', 'float64'), 1))).toBe(Err.variableReadOnly);
  });

  it('refuses a read-only variable with 2002 before the wire', async () => {
    const driver = driverFor({ endpoint: `opc.tcp://127.0.0.1:${await freePort()}` });
    const target = variable('ns=1;s=Double', 'float64', { rw: 'r' });
    expect(await codeOf(driver.write(target, 1))).toBe(Err.variableReadOnly);
  });

  it('refuses a value the node type cannot hold with 1722', async () => {
    const driver = driverFor({});
    expect(await codeOf(driver.write(variable('ns=1;s=Int16', 'int16'), 40000))).toBe(Err.dataTypeError);
    expect(await codeOf(driver.write(variable('ns=1;s=Int16', 'int16'), 'abc'))).toBe(Err.dataTypeError);
    expect(await codeOf(driver.write(variable('ns=1;s=Boolean', 'bit'), 2))).toBe(Err.dataTypeError);
  });

  it('refuses a write to a missing node with 1714', async () => {
    const driver = driverFor({});
    expect(await codeOf(driver.write(variable('ns=1;s=Gone', 'int16'), 1))).toBe(Err.variableNotFound);
  });
});

describe('OPC UA driver connection', () => {
  it('reconnects after the server restarts', async () => {
    const driver = driverFor({ commWaitMs: 1000 });
    const level = variable('ns=1;s=Int16', 'int16');
    await driver.read([level]);
    await server.stop();
    const failure = await codeOf(driver.read([level]));
    expect([Err.lowerDeviceCommFault, Err.lowerDeviceTimeout, Err.ipPortError]).toContain(failure);
    expect(driver.state().ok).toBe(false);
    server = await startOpcUaTestServer({ pkiDir: path.join(workDir, 'server-pki'), ports });
    let values = new Map<number, unknown>();
    for (let attempt = 0; attempt < 40 && !values.has(level.id); attempt++) {
      values = await driver.read([level]).then(
        (result) => result.values as Map<number, unknown>,
        async () => {
          await new Promise((resolve) => setTimeout(resolve, 250));
          return new Map<number, unknown>();
        },
      );
    }
    expect(values.get(level.id)).toBe(-1234);
    expect(driver.state()).toEqual({ ok: true });
  });
});
