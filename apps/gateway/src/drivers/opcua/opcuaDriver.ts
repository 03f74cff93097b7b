/**
 * The OPC UA driver: one client and one session per driver. A collection cycle is one Read
 * service call for all its nodes; a write first learns the node's DataType (once per session) so
 * the value goes out as the type the server expects. A lost or timed-out connection is dropped
 * and opened again on a later call, after the back-off of `ReconnectGate`.
 */
import { Err, parseOpcUaNodeId } from '@fieldhub/shared';
import type { OPCUACertificateManager } from 'node-opcua-certificate-manager';
import { AttributeIds, OPCUAClient, type ClientSession, type DataType, type NodeId } from 'node-opcua-client';
import {
  DriverError,
  type DriverConfig,
  type DriverVariable,
  type FieldDriver,
  type RawValue,
  type ReadResult,
} from '../driver';
import {
  clientOptionsFor,
  createCertificateManager,
  driverPkiFolder,
  identityFor,
  type OpcUaDriverConfig,
} from './opcuaClientSetup';
import { connectErrorToCode, isConnectionError, nodeStatusToCode, statusNameIn } from './opcuaFaults';
import { builtInTypeOf, isWritableType, rawToVariant, toNodeId, variantToRaw } from './opcuaValues';
import { DEFAULT_BACKOFF, ReconnectGate, withDeadline, type BackoffOptions } from './reconnectGate';

/** What the gateway gives an OPC UA driver besides its configuration. */
export interface OpcUaDriverOptions {
  /** the gateway's data directory; the driver keeps its PKI under `opcua/driver-<id>/` there */
  dataDir: string;
  /** waits between reconnection attempts (default 1 s doubling to 30 s) */
  backoff?: BackoffOptions;
}

/** Longest wait for connecting, creating the certificate on first use and opening the session. */
const CONNECT_MS = 15_000;
/** Longest wait for closing a session and its connection. */
const CLOSE_MS = 2_000;
/** NamespaceArray of the Server object, read to resolve `nsu=` addresses. */
const NAMESPACE_ARRAY = 'ns=0;i=2255';

interface OpcUaLink {
  client: OPCUAClient;
  session: ClientSession;
  /** the server's namespace URIs, read on the first `nsu=` address of the session */
  namespaces: string[] | null;
  /** address text → node id or the catalogue code of why it has none */
  nodeIds: Map<string, NodeId | number>;
  /** node id text → the built-in type its values are written as */
  writeTypes: Map<string, DataType>;
}

class OpcUaDriver implements FieldDriver {
  readonly id: number;
  readonly #config: OpcUaDriverConfig;
  readonly #pkiFolder: string;
  readonly #certificateManager: OPCUACertificateManager;
  readonly #gate: ReconnectGate;
  #link: OpcUaLink | null = null;
  #opening: Promise<OpcUaLink> | null = null;
  #closed = false;

  constructor(config: OpcUaDriverConfig, options: OpcUaDriverOptions) {
    this.id = config.id;
    this.#config = config;
    this.#pkiFolder = driverPkiFolder(options.dataDir, config.id);
    this.#certificateManager = createCertificateManager(this.#pkiFolder);
    this.#gate = new ReconnectGate(options.backoff ?? DEFAULT_BACKOFF);
  }

  async read(variables: readonly DriverVariable[]): Promise<ReadResult> {
    const result: ReadResult = { values: new Map(), errors: new Map() };
    if (variables.length === 0) return result;
    const link = await this.#connected();
    const targets: { variable: DriverVariable; nodeId: NodeId }[] = [];
    for (const variable of variables) {
      const nodeId = await this.#nodeIdOf(link, variable.address);
      if (typeof nodeId === 'number') result.errors.set(variable.id, nodeId);
      else targets.push({ variable, nodeId });
    }
    if (targets.length === 0) return result;
    const request = targets.map(({ nodeId }) => ({ nodeId, attributeId: AttributeIds.Value }));
    let dataValues;
    try {
      dataValues = await this.#call(link, link.session.read(request));
    } catch (error) {
      // the whole Read was refused but the session lives on: every node shares the fault
      if (!(error instanceof DriverError) || this.#link !== link) throw error;
      for (const { variable } of targets) result.errors.set(variable.id, error.code);
      return result;
    }
    targets.forEach(({ variable }, i) => {
      const dataValue = dataValues[i];
      if (!dataValue) result.errors.set(variable.id, Err.incompleteRead);
      else if (dataValue.statusCode.isBad()) {
        // Uncertain values still count: the server vouches for them, with a caveat
        result.errors.set(variable.id, nodeStatusToCode(dataValue.statusCode.name, 'read'));
      } else {
        const converted = variantToRaw(dataValue.value, variable);
        if (converted.ok) result.values.set(variable.id, converted.value);
        else result.errors.set(variable.id, converted.code);
      }
    });
    return result;
  }

  async write(variable: DriverVariable, value: RawValue): Promise<void> {
    if (variable.rw === 'r') throw new DriverError(Err.variableReadOnly, 'the variable is read-only');
    const link = await this.#connected();
    const nodeId = await this.#nodeIdOf(link, variable.address);
    if (typeof nodeId === 'number') throw new DriverError(nodeId, `no node for ${variable.address}`);
    const dataType = await this.#writeTypeOf(link, nodeId);
    const variant = rawToVariant(value, dataType);
    if (!variant) throw new DriverError(Err.dataTypeError, 'the value does not fit the node data type');
    const status = await this.#call(
      link,
      link.session.write({ nodeId, attributeId: AttributeIds.Value, value: { value: variant } }),
    );
    if (status.isNotGood()) throw new DriverError(nodeStatusToCode(status.name, 'write'), status.name);
  }

  state(): { ok: boolean; code?: number } {
    if (this.#link) return { ok: true };
    const code = this.#gate.lastCode;
    return code === undefined ? { ok: false } : { ok: false, code };
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#opening?.catch(() => undefined);
    const link = this.#link;
    this.#link = null;
    if (link) await this.#dispose(link.client, link.session);
    await this.#certificateManager.dispose().catch(() => undefined);
  }

  /** The open session, opening one when there is none and the back-off allows it. */
  async #connected(): Promise<OpcUaLink> {
    if (this.#closed) throw new DriverError(Err.lowerDeviceCommFault, 'the driver is closed');
    if (this.#link) return this.#link;
    if (!this.#opening) {
      const waiting = this.#gate.waiting();
      if (waiting !== null) throw new DriverError(waiting, 'waiting before reconnecting');
      this.#opening = this.#open().finally(() => {
        this.#opening = null;
      });
    }
    return this.#opening;
  }

  async #open(): Promise<OpcUaLink> {
    const config = this.#config;
    const requestMs = Math.max(config.commWaitMs, 5_000);
    let client: OPCUAClient | null = null;
    let session: ClientSession | null = null;
    try {
      const options = await clientOptionsFor(config, this.#pkiFolder, this.#certificateManager, {
        requestMs,
      });
      client = OPCUAClient.create(options);
      const opened = client;
      await withDeadline(opened.connect(config.endpoint), CONNECT_MS, () => new Error('connect timed out'));
      session = await withDeadline(
        opened.createSession(identityFor(config)),
        CONNECT_MS,
        () => new Error('session timed out'),
      );
    } catch (error) {
      const code = connectErrorToCode(error);
      this.#gate.failed(code);
      if (client) void this.#dispose(client, session);
      throw new DriverError(code, error instanceof Error ? error.message : String(error));
    }
    const link: OpcUaLink = { client, session, namespaces: null, nodeIds: new Map(), writeTypes: new Map() };
    if (this.#closed) {
      await this.#dispose(client, session);
      throw new DriverError(Err.lowerDeviceCommFault, 'the driver is closed');
    }
    // node-opcua's own reconnection is off (maxRetry 0): a break ends this link for good
    client.on('connection_lost', () => this.#lose(link, Err.lowerDeviceCommFault));
    client.on('close', () => this.#lose(link, Err.lowerDeviceCommFault));
    this.#gate.succeeded();
    this.#link = link;
    return link;
  }

  /** Drops a link that broke or timed out; the next call reconnects after the back-off. */
  #lose(link: OpcUaLink, code: number): void {
    if (this.#link !== link) return;
    this.#link = null;
    this.#gate.failed(code);
    void this.#dispose(link.client, link.session);
  }

  async #dispose(client: OPCUAClient, session: ClientSession | null): Promise<void> {
    const late = () => new Error('close timed out');
    if (session) await withDeadline(session.close(), CLOSE_MS, late).catch(() => undefined);
    await withDeadline(client.disconnect(), CLOSE_MS, late).catch(() => undefined);
  }

  /**
   * One service call within the communication wait time. A time-out or a broken connection drops
   * the link and throws its code; any other refusal of the whole call throws its status's code.
   */
  async #call<T>(link: OpcUaLink, work: Promise<T>): Promise<T> {
    const timeout = () => new DriverError(Err.lowerDeviceTimeout, 'no OPC UA response in time');
    try {
      return await withDeadline(work, this.#config.commWaitMs, timeout);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof DriverError || isConnectionError(error) || this.#link !== link) {
        const code = error instanceof DriverError ? error.code : Err.lowerDeviceCommFault;
        this.#lose(link, code);
        throw new DriverError(code, message);
      }
      const name = statusNameIn(error);
      throw new DriverError(name ? nodeStatusToCode(name, 'read') : Err.lowerDeviceFault, message);
    }
  }

  /** The node id of an address in this session, or the catalogue code of why there is none. */
  async #nodeIdOf(link: OpcUaLink, address: string): Promise<NodeId | number> {
    const known = link.nodeIds.get(address);
    if (known !== undefined) return known;
    const parsed = parseOpcUaNodeId(address);
    let nodeId: NodeId | number = Err.addressError;
    if (parsed.ok) {
      if (parsed.value.namespaceUri !== undefined && link.namespaces === null) {
        try {
          link.namespaces = await this.#namespacesOf(link);
        } catch (error) {
          // refused while the session lives on: this address fails now and is tried again later
          if (error instanceof DriverError && this.#link === link) return error.code;
          throw error;
        }
      }
      // a namespace URI the server does not know: no such node there
      nodeId = toNodeId(parsed.value, link.namespaces) ?? Err.variableNotFound;
    }
    link.nodeIds.set(address, nodeId);
    return nodeId;
  }

  async #namespacesOf(link: OpcUaLink): Promise<string[]> {
    const dataValue = await this.#call(
      link,
      link.session.read({ nodeId: NAMESPACE_ARRAY, attributeId: AttributeIds.Value }),
    );
    const value: unknown = dataValue.value.value;
    return Array.isArray(value) ? value.map(String) : [];
  }

  /**
   * The built-in type values of a node are written as: its DataType attribute when that is a
   * built-in type, else (an enumeration, a subtype such as Duration) the type of its current value.
   */
  async #writeTypeOf(link: OpcUaLink, nodeId: NodeId): Promise<DataType> {
    const key = nodeId.toString();
    const known = link.writeTypes.get(key);
    if (known !== undefined) return known;
    const [declared, current] = await this.#call(
      link,
      link.session.read([
        { nodeId, attributeId: AttributeIds.DataType },
        { nodeId, attributeId: AttributeIds.Value },
      ]),
    );
    if (!declared || declared.statusCode.isNotGood()) {
      const status = declared?.statusCode;
      throw new DriverError(
        status ? nodeStatusToCode(status.name, 'read') : Err.incompleteRead,
        status?.name,
      );
    }
    let dataType = builtInTypeOf(declared.value.value);
    if (dataType === null && current?.statusCode.isGood() && isWritableType(current.value.dataType)) {
      dataType = current.value.dataType;
    }
    if (dataType === null) throw new DriverError(Err.dataTypeError, 'the node data type cannot be written');
    link.writeTypes.set(key, dataType);
    return dataType;
  }
}

/** Creates the OPC UA driver of a driver configuration with protocol `opcua`. */
export function createOpcUaDriver(config: DriverConfig, options: OpcUaDriverOptions): FieldDriver {
  if (config.protocol !== 'opcua') {
    throw new DriverError(Err.driverMissing, `not an OPC UA driver: ${config.protocol}`);
  }
  return new OpcUaDriver(config, options);
}
