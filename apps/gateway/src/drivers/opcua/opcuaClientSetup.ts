/**
 * How an OPC UA driver's configuration becomes node-opcua client options: security policy and
 * mode, the client certificate (the configured PEM pair, or a self-signed one node-opcua creates in
 * the driver's own PKI folder), and the user identity for the session.
 */
import { X509Certificate } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { OPCUACertificateManager } from 'node-opcua-certificate-manager';
import {
  MessageSecurityMode,
  SecurityPolicy,
  UserTokenType,
  type OPCUAClientOptions,
  type UserIdentityInfo,
} from 'node-opcua-client';
import type { DriverConfig } from '../driver';

/** An OPC UA driver's configuration as received in `down/config`. */
export type OpcUaDriverConfig = Extract<DriverConfig, { protocol: 'opcua' }>;

const APPLICATION_NAME = 'FieldHubGateway';

const MODES: Record<OpcUaDriverConfig['securityMode'], MessageSecurityMode> = {
  None: MessageSecurityMode.None,
  Sign: MessageSecurityMode.Sign,
  SignAndEncrypt: MessageSecurityMode.SignAndEncrypt,
};

const POLICIES: Record<OpcUaDriverConfig['securityPolicy'], SecurityPolicy> = {
  None: SecurityPolicy.None,
  Basic128Rsa15: SecurityPolicy.Basic128Rsa15,
  Basic256: SecurityPolicy.Basic256,
  Basic256Sha256: SecurityPolicy.Basic256Sha256,
  Aes128_Sha256_RsaOaep: SecurityPolicy.Aes128_Sha256_RsaOaep,
  Aes256_Sha256_RsaPss: SecurityPolicy.Aes256_Sha256_RsaPss,
};

/** The folder a driver keeps its PKI (own certificate, trusted and rejected peers) in. */
export function driverPkiFolder(dataDir: string, driverId: number): string {
  return path.join(dataDir, 'opcua', `driver-${driverId}`, 'pki');
}

/**
 * The driver's certificate manager. Server certificates are accepted on first sight and kept in
 * `trusted/` (a gateway has nobody to ask); moving one to `rejected/` refuses that server after.
 */
export function createCertificateManager(pkiFolder: string): OPCUACertificateManager {
  return new OPCUACertificateManager({
    rootFolder: pkiFolder,
    automaticallyAcceptUnknownCertificate: true,
    // a gateway changes its trust lists only through the platform; no need to watch the folders
    disableFileWatchers: true,
  });
}

/** The application URI a certificate names in its subject alternative name, if any. */
export function applicationUriOf(certificatePem: string): string | null {
  const alternativeNames = new X509Certificate(certificatePem).subjectAltName ?? '';
  return /(?:^|,\s*)URI:([^,]+)/.exec(alternativeNames)?.[1]?.trim() ?? null;
}

/** Writes `text` to `file` unless the file already holds it (so the key's mtime stays put). */
async function writeIfChanged(file: string, text: string, mode: number): Promise<void> {
  const current = await readFile(file, 'utf8').catch(() => null);
  if (current === text) return;
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text, { mode });
}

/**
 * Client options for one connection attempt. With a configured certificate and key the PEM pair is
 * written next to the PKI folder and the client's application URI is taken from the certificate,
 * as servers check that the two agree; without one, node-opcua creates a self-signed certificate
 * in the PKI folder on the first connection and reuses it after.
 */
export async function clientOptionsFor(
  config: OpcUaDriverConfig,
  pkiFolder: string,
  certificateManager: OPCUACertificateManager,
  timeouts: { requestMs: number },
): Promise<OPCUAClientOptions> {
  const options: OPCUAClientOptions = {
    applicationName: APPLICATION_NAME,
    clientName: `${APPLICATION_NAME}-driver-${config.id}`,
    endpointMustExist: false,
    securityMode: MODES[config.securityMode],
    securityPolicy: POLICIES[config.securityPolicy],
    clientCertificateManager: certificateManager,
    // the driver reconnects itself, with its own back-off
    connectionStrategy: { maxRetry: 0, initialDelay: 100, maxDelay: 500 },
    defaultTransactionTimeout: timeouts.requestMs,
    requestedSessionTimeout: 60_000,
  };
  if (config.certificate.trim() && config.privateKey.trim()) {
    const own = path.join(path.dirname(pkiFolder), 'configured');
    const certificateFile = path.join(own, 'client_certificate.pem');
    const privateKeyFile = path.join(own, 'client_private_key.pem');
    await writeIfChanged(certificateFile, config.certificate, 0o644);
    await writeIfChanged(privateKeyFile, config.privateKey, 0o600);
    options.certificateFile = certificateFile;
    options.privateKeyFile = privateKeyFile;
    const uri = applicationUriOf(config.certificate);
    if (uri) options.applicationUri = uri;
  }
  return options;
}

/** The session identity: anonymous, or the configured user name and password. */
export function identityFor(config: OpcUaDriverConfig): UserIdentityInfo {
  if (config.authMode === 'username') {
    return { type: UserTokenType.UserName, userName: config.username, password: config.password };
  }
  return { type: UserTokenType.Anonymous };
}
