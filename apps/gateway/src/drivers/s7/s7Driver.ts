/**
 * The Siemens S7 driver on nodes7: ip, port 102, rack and slot, and the PLC family, which fixes
 * the connection's TSAPs. Each cycle's variables are read in one nodes7 pass (items packed into as
 * few PDUs as the PLC negotiated, adjacent ones joined); a variable whose address fails inside a
 * joined block is read on its own from then on, so it cannot spoil its neighbours. One exchange
 * runs at a time; a lost connection is opened again after the back-off.
 */
import { Err, resolveS7Variable, type AddressProblem, type S7VariableAddress } from '@fieldhub/shared';
import {
  DriverError,
  type DriverConfig,
  type DriverVariable,
  type FieldDriver,
  type RawValue,
  type ReadResult,
} from '../driver';
import { DEFAULT_BACKOFF, ReconnectGate, type BackoffOptions } from '../opcua/reconnectGate';
import { decodeS7, encodeS7, type StringEncoding } from './s7Codec';
import { S7Connection, type S7ReadOutcome } from './s7Connection';
import { byteRangeAddress, readAddressOf, tsapsFor, type S7DriverConfig } from './s7Protocol';

/** What the gateway gives an S7 driver besides its configuration. */
export interface S7DriverOptions {
  /** waits between reconnection attempts (default 1 s doubling to 30 s) */
  backoff?: BackoffOptions;
}

/** A variable's checked address, or the catalogue code of why it has none. */
function addressOf(variable: DriverVariable): S7VariableAddress | number {
  // resolved as read-only: an input (I) variable is readable whatever its mode says; writes check
  const resolved = resolveS7Variable({
    address: variable.address,
    dataType: variable.dataType,
    stringLength: variable.stringLength,
    rw: 'r',
  });
  return resolved.ok ? resolved.value : codeOfProblem(resolved.error);
}

function codeOfProblem(problem: AddressProblem): number {
  return problem.field === 'dataType' || problem.field === 'stringLength'
    ? Err.dataTypeError
    : Err.addressError;
}

class S7Driver implements FieldDriver {
  readonly id: number;
  readonly #config: S7DriverConfig;
  readonly #gate: ReconnectGate;
  readonly #encoding: StringEncoding;
  #connection: S7Connection | null = null;
  #queue: Promise<unknown> = Promise.resolve();
  #closed = false;
  /** nodes7 addresses that failed inside a joined block: read alone from then on */
  readonly #alone = new Set<string>();

  constructor(config: S7DriverConfig, options: S7DriverOptions) {
    this.id = config.id;
    this.#config = config;
    this.#encoding = config.stringEncoding;
    this.#gate = new ReconnectGate(options.backoff ?? DEFAULT_BACKOFF);
  }

  read(variables: readonly DriverVariable[]): Promise<ReadResult> {
    return this.#exclusive(() => this.#read(variables));
  }

  write(variable: DriverVariable, value: RawValue): Promise<void> {
    return this.#exclusive(() => this.#write(variable, value));
  }

  state(): { ok: boolean; code?: number } {
    if (this.#connection?.alive) return { ok: true };
    const code = this.#gate.lastCode;
    return code === undefined ? { ok: false } : { ok: false, code };
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#queue;
    await this.#connection?.close();
    this.#connection = null;
  }

  /** Runs exchanges one after another: nodes7 keeps one read list and one write in flight. */
  #exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(work, work);
    this.#queue = run.catch(() => undefined);
    return run;
  }

  async #read(variables: readonly DriverVariable[]): Promise<ReadResult> {
    const result: ReadResult = { values: new Map(), errors: new Map() };
    const planned: { variable: DriverVariable; address: S7VariableAddress; item: string }[] = [];
    for (const variable of variables) {
      const address = addressOf(variable);
      if (typeof address === 'number') result.errors.set(variable.id, address);
      else planned.push({ variable, address, item: readAddressOf(address) });
    }
    if (planned.length === 0) return result;
    const items = [...new Set(planned.map((p) => p.item))];
    const outcomes = await this.#withConnection(async (connection) => {
      const joined = items.filter((item) => !this.#alone.has(item));
      const found =
        joined.length > 0 ? await connection.read(joined, true) : new Map<string, S7ReadOutcome>();
      // an address fault inside a joined block may belong to a neighbour: ask those items alone
      for (const [item, outcome] of found) {
        if (!outcome.ok && outcome.addressFault && outcome.merged) this.#alone.add(item);
      }
      const alone = items.filter((item) => this.#alone.has(item));
      if (alone.length > 0)
        for (const [item, outcome] of await connection.read(alone, false)) found.set(item, outcome);
      return found;
    });
    for (const { variable, address, item } of planned) {
      const outcome = outcomes.get(item);
      if (!outcome) result.errors.set(variable.id, Err.incompleteRead);
      else if (!outcome.ok) result.errors.set(variable.id, outcome.code);
      else {
        const value = this.#decode(address, outcome.data);
        if (typeof value === 'object') result.errors.set(variable.id, value.code);
        else result.values.set(variable.id, value);
      }
    }
    return result;
  }

  /** The value in a variable's bytes, or the code of why there is none. */
  #decode(address: S7VariableAddress, data: number[] | boolean): RawValue | { code: number } {
    const stringLength = address.dataType === 'string' ? address.byteCount - 2 : 0;
    try {
      return decodeS7(address.dataType, data, stringLength, this.#encoding) ?? { code: Err.incompleteRead };
    } catch {
      // GBK text on a Node built without full ICU: the encoding cannot be read here
      return { code: Err.dataTypeError };
    }
  }

  async #write(variable: DriverVariable, value: RawValue): Promise<void> {
    if (variable.rw === 'r') throw new DriverError(Err.variableReadOnly, 'the variable is read-only');
    const address = addressOf(variable);
    if (typeof address === 'number') throw new DriverError(address, `cannot write ${variable.address}`);
    if (!address.writable) throw new DriverError(Err.variableReadOnly, 'the input area (I) is read-only');
    const stringLength = address.dataType === 'string' ? address.byteCount - 2 : 0;
    const payload = encodeS7(address.dataType, value, stringLength, this.#encoding);
    if (!payload) throw new DriverError(Err.dataTypeError, `the value does not fit ${address.dataType}`);
    let item: string;
    let wire: number[] | number | boolean;
    if (payload.kind === 'bit') {
      item = readAddressOf(address);
      wire = payload.state;
    } else {
      // a STRING is written from its current-length byte, after the declared maximum
      const first = address.dataType === 'string' ? address.byte + 1 : address.byte;
      item = byteRangeAddress(address, first, payload.bytes.length);
      wire = payload.bytes.length === 1 ? (payload.bytes[0] ?? 0) : payload.bytes;
    }
    const refusal = await this.#withConnection((connection) => connection.write(item, wire));
    if (refusal !== null) throw new DriverError(refusal, `the PLC refused the write to ${variable.address}`);
  }

  /** Runs `work` on the open connection, opening one first when the back-off allows it. */
  async #withConnection<T>(work: (connection: S7Connection) => Promise<T>): Promise<T> {
    if (this.#closed) throw new DriverError(Err.lowerDeviceCommFault, 'the driver is closed');
    let connection = this.#connection;
    if (!connection?.alive) {
      if (connection) void connection.close();
      this.#connection = null;
      connection = await this.#open();
    }
    try {
      return await work(connection);
    } catch (error) {
      const failure =
        error instanceof DriverError ? error : new DriverError(Err.lowerDeviceCommFault, String(error));
      if (!connection.alive) {
        // the connection is gone: the runtime hears of it, the next call reconnects
        this.#gate.failed(failure.code);
        this.#connection = null;
        void connection.close();
      }
      throw failure;
    }
  }

  async #open(): Promise<S7Connection> {
    const waiting = this.#gate.waiting();
    if (waiting !== null) throw new DriverError(waiting, 'waiting before reconnecting');
    const config = this.#config;
    try {
      const connection = await S7Connection.open({
        host: config.ip,
        port: config.port,
        rack: config.rack,
        slot: config.slot,
        ...tsapsFor(config.frameType, config.rack, config.slot),
        timeoutMs: config.commWaitMs,
      });
      this.#gate.succeeded();
      this.#connection = connection;
      return connection;
    } catch (error) {
      const failure = error instanceof DriverError ? error : new DriverError(Err.ipPortError, String(error));
      this.#gate.failed(failure.code);
      throw failure;
    }
  }
}

/** Creates the S7 driver of a driver configuration with protocol `s7`. */
export function createS7Driver(config: DriverConfig, options: S7DriverOptions = {}): FieldDriver {
  if (config.protocol !== 's7')
    throw new DriverError(Err.driverMissing, `not an S7 driver: ${config.protocol}`);
  return new S7Driver(config, options);
}
