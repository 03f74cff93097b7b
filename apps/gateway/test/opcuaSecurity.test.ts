/**
 * Signed and encrypted OPC UA sessions against a real node-opcua server that only accepts client
 * certificates it trusts: with the self-signed certificate the driver creates in its own PKI
 * folder, and with a configured certificate and key.
 */
import { X509Certificate } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Err, opcuaSchema } from '@fieldhub/shared';
import { MessageSecurityMode, SecurityPolicy } from 'node-opcua';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@fieldhub/testkit';
import { DriverError, type DriverVariable, type FieldDriver } from '../src/drivers/driver';
import { applicationUriOf, driverPkiFolder } from '../src/drivers/opcua/opcuaClientSetup';
import { createOpcUaDriver } from '../src/drivers/opcua/opcuaDriver';
import { OPCUA_USER, startOpcUaTestServer, type OpcUaTestServer } from './opcuaTestServer';

let workDir: string;
let server: OpcUaTestServer;
const drivers: FieldDriver[] = [];

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'fieldhub-opcua-sec-'));
  const ports = { user: await freePort(), anonymous: await freePort() };
  server = await startOpcUaTestServer({
    pkiDir: path.join(workDir, 'server-pki'),
    ports,
    acceptUnknownClientCertificates: false,
  });
});

afterAll(async () => {
  await server.stop();
  await rm(workDir, { recursive: true, force: true });
});

afterEach(async () => {
  await Promise.all(drivers.splice(0).map((driver) => driver.close()));
});

function securedDriver(id: number, dataDir: string, fields: Record<string, unknown> = {}): FieldDriver {
  const config = opcuaSchema.parse({
    name: `secured ${id}`,
    protocol: 'opcua',
    endpoint: server.userEndpoint,
    securityPolicy: 'Basic256Sha256',
    securityMode: 'SignAndEncrypt',
    authMode: 'username',
    username: OPCUA_USER.userName,
    password: OPCUA_USER.password,
    commWaitMs: 3000,
    ...fields,
  });
  const driver = createOpcUaDriver({ id, ...config }, { dataDir, backoff: { initialMs: 50, maxMs: 50 } });
  drivers.push(driver);
  return driver;
}

const speed: DriverVariable = {
  id: 1,
  dataType: 'float64',
  stringLength: null,
  registerType: '',
  address: 'ns=1;s=Double',
  rw: 'rw',
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function lastSession() {
  return server.sessions.at(-1);
}

describe('OPC UA security', () => {
  it('opens a Basic256Sha256 SignAndEncrypt session with a self-signed certificate once the server trusts it', async () => {
    const dataDir = path.join(workDir, 'gateway-a');
    const driver = securedDriver(7, dataDir);
    const refused = await driver.read([speed]).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DriverError);
    expect((refused as DriverError).code).toBe(Err.gatewayAuthFailed);

    const own = path.join(driverPkiFolder(dataDir, 7), 'own');
    expect(existsSync(path.join(own, 'private', 'private_key.pem'))).toBe(true);
    await server.trustClientCertificate(
      await readFile(path.join(own, 'certs', 'client_certificate.pem'), 'utf8'),
    );
    await pause(100);
    const result = await driver.read([speed]);
    expect(result.errors).toEqual(new Map());
    expect(result.values.get(speed.id)).toBe(123456.789);
    expect(lastSession()).toEqual({
      securityPolicy: SecurityPolicy.Basic256Sha256,
      securityMode: MessageSecurityMode.SignAndEncrypt,
    });
    await driver.write(speed, 99.5);
    expect((await driver.read([speed])).values.get(speed.id)).toBe(99.5);
  });

  it('uses a configured certificate and private key and takes its application URI', async () => {
    // a certificate and key made by node-opcua for another driver stand in for the operator's PEM pair
    const own = path.join(driverPkiFolder(path.join(workDir, 'gateway-a'), 7), 'own');
    const certificate = await readFile(path.join(own, 'certs', 'client_certificate.pem'), 'utf8');
    const privateKey = await readFile(path.join(own, 'private', 'private_key.pem'), 'utf8');
    const dataDir = path.join(workDir, 'gateway-b');
    const driver = securedDriver(8, dataDir, { certificate, privateKey });
    expect((await driver.read([speed])).errors).toEqual(new Map());
    expect(lastSession()?.securityMode).toBe(MessageSecurityMode.SignAndEncrypt);
    const configured = path.join(dataDir, 'opcua', 'driver-8', 'configured', 'client_certificate.pem');
    expect(await readFile(configured, 'utf8')).toBe(certificate);
    // the driver did not need a certificate of its own
    expect(existsSync(path.join(driverPkiFolder(dataDir, 8), 'own', 'certs', 'client_certificate.pem'))).toBe(
      false,
    );
    expect(applicationUriOf(certificate)).toBe(
      /URI:([^,]+)/.exec(new X509Certificate(certificate).subjectAltName ?? '')?.[1],
    );
  });

  it('signs without encrypting under Sign mode', async () => {
    const own = path.join(driverPkiFolder(path.join(workDir, 'gateway-a'), 7), 'own');
    const driver = securedDriver(9, path.join(workDir, 'gateway-c'), {
      securityMode: 'Sign',
      certificate: await readFile(path.join(own, 'certs', 'client_certificate.pem'), 'utf8'),
      privateKey: await readFile(path.join(own, 'private', 'private_key.pem'), 'utf8'),
    });
    expect((await driver.read([speed])).errors).toEqual(new Map());
    expect(lastSession()).toEqual({
      securityPolicy: SecurityPolicy.Basic256Sha256,
      securityMode: MessageSecurityMode.Sign,
    });
  });
});
