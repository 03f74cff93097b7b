/**
 * A real node-opcua server for the OPC UA driver tests: one variable of each built-in type the
 * gateway maps, a read-only node, a node that answers too late, and two endpoints on free ports,
 * one for user name and password only (a user manager) and one that also lets anonymous users in.
 */
import { X509Certificate } from 'node:crypto';
import path from 'node:path';
import {
  DataType,
  DataValue,
  MessageSecurityMode,
  OPCUACertificateManager,
  OPCUAServer,
  SecurityPolicy,
  Variant,
  VariantArrayType,
  nodesets,
} from 'node-opcua';

export const OPCUA_USER = { userName: 'operator', password: 'line-1-secret' };

/** Node (`ns=1;s=<name>`) → its data type and initial value. */
export const OPCUA_NODES = {
  Boolean: { dataType: DataType.Boolean, value: true },
  Int16: { dataType: DataType.Int16, value: -1234 },
  UInt16: { dataType: DataType.UInt16, value: 65000 },
  Int32: { dataType: DataType.Int32, value: -70000 },
  UInt32: { dataType: DataType.UInt32, value: 4_000_000_000 },
  // -2 as [high, low] 32-bit words, node-opcua's form of 64-bit integers
  Int64: { dataType: DataType.Int64, value: [0xffffffff, 0xfffffffe] },
  // 2^40 + 5
  UInt64: { dataType: DataType.UInt64, value: [0x100, 5] },
  Float: { dataType: DataType.Float, value: 1.5 },
  Double: { dataType: DataType.Double, value: 123456.789 },
  String: { dataType: DataType.String, value: 'pump running' },
} as const;

export type OpcUaNodeName = keyof typeof OPCUA_NODES;

export interface OpcUaTestServer {
  /** endpoint that needs the user name and password */
  userEndpoint: string;
  /** endpoint that also allows anonymous sessions */
  anonymousEndpoint: string;
  /** URI of namespace 1, for `nsu=` addresses */
  namespaceUri: string;
  /** the channel security of each session activated so far */
  sessions: { securityPolicy: string; securityMode: MessageSecurityMode }[];
  /** trusts a client certificate (PEM) the server refused as unknown */
  trustClientCertificate(pem: string): Promise<void>;
  stop(): Promise<void>;
}

function initialVariant(name: OpcUaNodeName): Variant {
  const { dataType, value } = OPCUA_NODES[name];
  return new Variant({ dataType, arrayType: VariantArrayType.Scalar, value });
}

/**
 * Starts the server. `pkiDir` holds its certificate (created on first start, reused on restart);
 * the same `ports` bring a stopped server back where the drivers expect it.
 */
export async function startOpcUaTestServer(options: {
  pkiDir: string;
  ports: { user: number; anonymous: number };
  /** false: refuse client certificates that are not in the server's trusted folder */
  acceptUnknownClientCertificates?: boolean;
}): Promise<OpcUaTestServer> {
  const certificateManager = (name: string) =>
    new OPCUACertificateManager({
      rootFolder: path.join(options.pkiDir, name),
      automaticallyAcceptUnknownCertificate: options.acceptUnknownClientCertificates ?? true,
    });
  const serverCertificateManager = certificateManager('server');
  const secure = { securityPolicies: [SecurityPolicy.None, SecurityPolicy.Basic256Sha256] };
  const server = new OPCUAServer({
    port: options.ports.user,
    host: '127.0.0.1',
    hostname: '127.0.0.1',
    allowAnonymous: false,
    ...secure,
    endpoints: [
      {
        port: options.ports.user,
        host: '127.0.0.1',
        hostname: '127.0.0.1',
        allowAnonymous: false,
        ...secure,
      },
      {
        port: options.ports.anonymous,
        host: '127.0.0.1',
        hostname: '127.0.0.1',
        allowAnonymous: true,
        securityPolicies: [SecurityPolicy.None],
        securityModes: [MessageSecurityMode.None],
      },
    ],
    nodeset_filename: [nodesets.standard],
    serverCertificateManager,
    userCertificateManager: certificateManager('user'),
    userManager: {
      isValidUser: (userName: string, password: string) =>
        userName === OPCUA_USER.userName && password === OPCUA_USER.password,
    },
  });
  await server.initialize();
  const addressSpace = server.engine.addressSpace;
  if (!addressSpace) throw new Error('the test server has no address space');
  const namespace = addressSpace.getOwnNamespace();
  const plant = namespace.addFolder(addressSpace.rootFolder.objects, { browseName: 'Plant' });
  for (const name of Object.keys(OPCUA_NODES) as OpcUaNodeName[]) {
    namespace.addVariable({
      componentOf: plant,
      nodeId: `s=${name}`,
      browseName: name,
      dataType: DataType[OPCUA_NODES[name].dataType],
      value: initialVariant(name),
    });
  }
  namespace.addVariable({
    componentOf: plant,
    nodeId: 's=ReadOnly',
    browseName: 'ReadOnly',
    dataType: 'Double',
    accessLevel: 'CurrentRead',
    userAccessLevel: 'CurrentRead',
    value: new Variant({ dataType: DataType.Double, value: 42.5 }),
  });
  // answers each read after 3 s, longer than the drivers under test wait
  namespace.addVariable({
    componentOf: plant,
    nodeId: 's=Slow',
    browseName: 'Slow',
    dataType: 'Double',
    minimumSamplingInterval: 0,
    value: {
      refreshFunc: (callback: (error: Error | null, dataValue?: DataValue) => void) => {
        const answer = new DataValue({ value: { dataType: DataType.Double, value: 1 } });
        setTimeout(() => callback(null, answer), 3000);
      },
    },
  });
  const sessions: OpcUaTestServer['sessions'] = [];
  server.on('session_activated', (session) => {
    const channel = session.channel;
    if (channel)
      sessions.push({ securityPolicy: channel.securityPolicy, securityMode: channel.securityMode });
  });
  await server.start();
  return {
    userEndpoint: `opc.tcp://127.0.0.1:${options.ports.user}`,
    anonymousEndpoint: `opc.tcp://127.0.0.1:${options.ports.anonymous}`,
    namespaceUri: namespace.namespaceUri,
    sessions,
    trustClientCertificate: async (pem) => {
      await serverCertificateManager.trustCertificate(new X509Certificate(pem).raw);
    },
    stop: async () => {
      await server.shutdown(0);
    },
  };
}
