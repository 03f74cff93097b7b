/**
 * One link to a Modbus device (a TCP connection or a serial port) on modbus-serial. Requests wait
 * in a queue so the device never sees more than one at a time; the link opens on first use,
 * drops after a time-out on TCP or when the peer closes, and opens again on a later request, no
 * sooner than its back-off allows (doubling from `initialMs` to `maxMs` while the device stays
 * unreachable or silent, reset by the first answer).
 */
import { type Socket, connect } from 'node:net';
import ModbusRTU from 'modbus-serial';
import { Err } from '@fieldhub/shared';
import { LinkDown, type RequestFault, connectFault, requestFault } from './faults';

/** Where the device is. */
export type ModbusEndpoint =
  | { kind: 'tcp'; host: string; port: number }
  | {
      kind: 'rtu';
      path: string;
      baudRate: number;
      dataBits: number;
      stopBits: number;
      parity: 'none' | 'even' | 'odd';
    };

export interface ReconnectPolicy {
  /** Wait before the first new attempt after a failure. */
  initialMs: number;
  /** Longest wait between attempts. */
  maxMs: number;
}

export const DEFAULT_RECONNECT: ReconnectPolicy = { initialMs: 1000, maxMs: 30_000 };

export interface LinkOptions {
  endpoint: ModbusEndpoint;
  slaveId: number;
  /** How long a request waits for its answer (the driver's communication wait time). */
  responseTimeoutMs: number;
  reconnect?: ReconnectPolicy;
}

/** The requests a holder of the link can make; each throws RequestFault or LinkDown. */
export interface ModbusIo {
  readBits(registerType: '0x' | '1x', offset: number, count: number): Promise<number[]>;
  readRegisters(registerType: '3x' | '4x', offset: number, count: number): Promise<number[]>;
  /** Function 5. */
  writeCoil(offset: number, state: boolean): Promise<void>;
  /** Function 6. */
  writeRegister(offset: number, value: number): Promise<void>;
  /** Function 16. */
  writeRegisters(offset: number, values: number[]): Promise<void>;
}

export class ModbusLink {
  private client: ModbusRTU | null = null;
  /** Rejects when the open client's link closes, to end a request the device will never answer. */
  private lost: Promise<never> = new Promise(() => {});
  private queue: Promise<unknown> = Promise.resolve();
  private failures = 0;
  private retryAt = 0;
  private lastFault: LinkDown | RequestFault | undefined;
  private closed = false;
  private readonly reconnect: ReconnectPolicy;
  private readonly io: ModbusIo;

  constructor(private readonly options: LinkOptions) {
    this.reconnect = options.reconnect ?? DEFAULT_RECONNECT;
    this.io = {
      readBits: (type, offset, count) =>
        this.request(async (c) => {
          const answer = await (type === '0x'
            ? c.readCoils(offset, count)
            : c.readDiscreteInputs(offset, count));
          return answer.data.slice(0, count).map((bit) => (bit ? 1 : 0));
        }),
      readRegisters: (type, offset, count) =>
        this.request(async (c) => {
          const answer = await (type === '4x'
            ? c.readHoldingRegisters(offset, count)
            : c.readInputRegisters(offset, count));
          return answer.data.slice(0, count);
        }),
      writeCoil: (offset, state) => this.request(async (c) => void (await c.writeCoil(offset, state))),
      writeRegister: (offset, value) =>
        this.request(async (c) => void (await c.writeRegister(offset, value))),
      writeRegisters: (offset, values) =>
        this.request(async (c) => void (await c.writeRegisters(offset, values))),
    };
  }

  /** Runs `work` when every earlier holder is done; `work` has the link to itself meanwhile. */
  exclusive<T>(work: (io: ModbusIo) => Promise<T>): Promise<T> {
    const turn = this.queue.then(async () => {
      await this.ensureOpen();
      return work(this.io);
    });
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  /** For the birth message: up when open and the last request was answered. */
  state(): { ok: boolean; code?: number } {
    if (this.client?.isOpen && !this.lastFault) return { ok: true };
    return { ok: false, code: this.lastFault?.code ?? Err.lowerDeviceCommFault };
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.drop();
  }

  private async ensureOpen(): Promise<void> {
    if (this.closed) throw new LinkDown(Err.lowerDeviceCommFault, 'The driver is closed');
    if (this.client?.isOpen) return;
    if (Date.now() < this.retryAt && this.lastFault) {
      throw new LinkDown(this.lastFault.code, `Waiting to reconnect: ${this.lastFault.message}`);
    }
    try {
      this.client = await this.open();
    } catch (err) {
      const fault = connectFault(err, this.options.endpoint.kind === 'rtu');
      this.backOff(fault);
      throw fault;
    }
  }

  private async open(): Promise<ModbusRTU> {
    const { endpoint } = this.options;
    const client = new ModbusRTU();
    // modbus-serial re-emits port errors; the close that follows is what the link acts on.
    client.on('error', () => undefined);
    let closed: (listener: () => void) => void;
    try {
      if (endpoint.kind === 'tcp') {
        // Our own socket: modbus-serial forgets to report a close that follows a socket error.
        const socket = await connectSocket(endpoint.host, endpoint.port, this.options.responseTimeoutMs);
        closed = (listener) => socket.once('close', listener);
        await client.linkTCP(socket, { port: endpoint.port });
      } else {
        const { path, baudRate, dataBits, stopBits, parity } = endpoint;
        await client.connectRTUBuffered(path, { baudRate, dataBits, stopBits, parity });
        closed = (listener) => client.on('close', listener);
      }
    } catch (err) {
      await release(client);
      throw err;
    }
    client.setID(this.options.slaveId);
    client.setTimeout(this.options.responseTimeoutMs);
    this.lost = new Promise<never>((_, reject) => {
      closed(() => {
        const fault = new LinkDown(Err.lowerDeviceCommFault, 'The device closed the connection');
        reject(fault);
        if (this.client === client) {
          this.client = null;
          this.backOff(fault);
        }
      });
    });
    this.lost.catch(() => undefined);
    return client;
  }

  private async request<T>(call: (client: ModbusRTU) => Promise<T>): Promise<T> {
    const client = this.client;
    if (!client?.isOpen) {
      throw new LinkDown(this.lastFault?.code ?? Err.lowerDeviceCommFault, 'The link is down');
    }
    try {
      const answer = await Promise.race([call(client), this.lost]);
      this.failures = 0;
      this.lastFault = undefined;
      return answer;
    } catch (err) {
      const fault = requestFault(err);
      if (fault instanceof LinkDown || (fault.timedOut && this.options.endpoint.kind === 'tcp')) {
        // A late answer would be taken for the next request's: start afresh on a new connection
        // (unless the close handler has already dropped this one).
        if (this.client === client) {
          this.backOff(fault);
          await this.drop();
        }
      } else if (fault.timedOut) {
        this.lastFault = fault;
      } else {
        // The device answered, if only with an exception: the link itself is fine.
        this.failures = 0;
        this.lastFault = undefined;
      }
      throw fault;
    }
  }

  private backOff(fault: LinkDown | RequestFault): void {
    this.failures += 1;
    const wait = Math.min(this.reconnect.initialMs * 2 ** (this.failures - 1), this.reconnect.maxMs);
    this.retryAt = Date.now() + wait;
    this.lastFault = fault;
  }

  private async drop(): Promise<void> {
    const client = this.client;
    this.client = null;
    if (client) await release(client);
  }
}

/** Closes a client whatever its state; TCP sockets are destroyed, serial ports closed. */
function release(client: ModbusRTU): Promise<void> {
  return new Promise((resolve) => {
    try {
      const port = (client as unknown as { _port?: { destroy?: unknown } })._port;
      // modbus-serial's serial port has no destroy; ModbusRTU.destroy would then leave it open.
      if (typeof port?.destroy === 'function') client.destroy(() => resolve());
      else if (client.isOpen) client.close(() => resolve());
      else resolve();
    } catch {
      resolve();
    }
  });
}

/**
 * A TCP connection to the device. A host that drops the SYN would keep the attempt open for
 * minutes, so it is given up after the response time-out or 3 s, whichever is longer.
 */
function connectSocket(host: string, port: number, responseTimeoutMs: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    const limit = Math.max(responseTimeoutMs, 3000);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`No connection to ${host}:${port} within ${limit} ms`));
    }, limit);
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.removeAllListeners('error');
      resolve(socket);
    });
    socket.once('error', (err) => {
      clearTimeout(timer);
      socket.destroy();
      reject(err);
    });
  });
}
