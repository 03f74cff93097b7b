/**
 * One Modbus port on modbus-serial: a TCP connection or a serial port, whoever uses it. Turns wait
 * in a queue so the wire never carries more than one request at a time; the port opens on first
 * use, drops when the peer closes it (or after a time-out on TCP), and opens again on a later
 * turn, no sooner than its back-off allows (doubling from `initialMs` to `maxMs` while the device
 * stays unreachable or silent, reset by the first answer). On a serial line the requests keep the
 * RTU silent interval between frames.
 *
 * A TCP port belongs to one driver; a serial port is shared by every driver on its RS-485 line
 * (`SerialLines`, docs/requirements/device-configuration.md §2.4).
 */
import { type Socket, connect } from 'node:net';
import ModbusRTU from 'modbus-serial';
import { Err } from '@fieldhub/shared';
import { LinkDown, type RequestFault, connectFault, requestFault } from './faults';

export interface SerialSettings {
  baudRate: number;
  dataBits: number;
  stopBits: number;
  parity: 'none' | 'even' | 'odd';
}

/** Where the device is. */
export type ModbusEndpoint =
  { kind: 'tcp'; host: string; port: number } | ({ kind: 'rtu'; path: string } & SerialSettings);

export interface ReconnectPolicy {
  /** Wait before the first new attempt after a failure. */
  initialMs: number;
  /** Longest wait between attempts. */
  maxMs: number;
}

export const DEFAULT_RECONNECT: ReconnectPolicy = { initialMs: 1000, maxMs: 30_000 };

/**
 * The silent interval a Modbus RTU line keeps between frames: 3.5 character times, fixed at
 * 1.75 ms above 19,200 baud (Modbus over serial line v1.02 §2.5.1.1).
 */
export function interFrameMs({ baudRate, dataBits, stopBits, parity }: SerialSettings): number {
  if (baudRate > 19_200) return 1.75;
  const bitsPerChar = 1 + dataBits + (parity === 'none' ? 0 : 1) + stopBits;
  return (3.5 * bitsPerChar * 1000) / baudRate;
}

export interface PortOptions {
  /**
   * The endpoint to open, asked at each opening: the settings of a shared serial line are those
   * its drivers agree on, a LinkDown when they do not.
   */
  endpoint: () => ModbusEndpoint | LinkDown;
  reconnect: ReconnectPolicy;
  /** How long a TCP connection attempt may take at least (the driver's communication wait). */
  connectTimeoutMs: number;
}

export class ModbusPort {
  private client: ModbusRTU | null = null;
  /** The endpoint the open client was opened with, as JSON. */
  private openedAs = '';
  /** Rejects when the open client's link closes, to end a request the device will never answer. */
  private lost: Promise<never> = new Promise(() => {});
  private queue: Promise<unknown> = Promise.resolve();
  private failures = 0;
  private retryAt = 0;
  private closed = false;
  /** When the last frame ended (an answer, an error or a time-out), ms on the monotonic clock. */
  private lastFrameAt = 0;
  private silentMs = 0;
  private serial = false;
  /** A request timed out on the serial line: its late answer may still arrive and must not count. */
  private stale = false;
  /** Counts openings, so a user knows whether it has been answered since the last one. */
  opening = 0;
  /** Why the port is down (it could not open, was lost, or timed out on TCP) until an answer. */
  fault: LinkDown | RequestFault | undefined;

  constructor(private readonly options: PortOptions) {}

  get isOpen(): boolean {
    return this.client?.isOpen ?? false;
  }

  /** Runs `work` when every earlier turn is done; `work` has the port to itself meanwhile. */
  turn<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(async () => {
      await this.ensureOpen();
      return work();
    });
    this.queue = next.catch(() => undefined);
    return next;
  }

  /**
   * One request on the open port (inside a turn). Throws RequestFault (the device answered an
   * exception, a garbled frame or nothing) or LinkDown (the port is gone).
   */
  async request<T>(call: (client: ModbusRTU) => Promise<T>): Promise<T> {
    const client = this.client;
    if (!client?.isOpen) {
      throw new LinkDown(this.fault?.code ?? Err.lowerDeviceCommFault, 'The link is down');
    }
    await this.keepSilence();
    if (this.stale) {
      forgetReceived(client);
      this.stale = false;
    }
    try {
      const answer = await Promise.race([call(client), this.lost]);
      this.answered();
      return answer;
    } catch (err) {
      const fault = requestFault(err);
      if (fault instanceof LinkDown || (fault.timedOut && !this.serial)) {
        // A late answer would be taken for the next request's: start afresh on a new connection
        // (unless the close handler has already dropped this one).
        if (this.client === client) {
          this.backOff(fault);
          await this.drop();
        }
      } else if (fault.timedOut) {
        // One slave of the line is silent; the line itself still serves the others.
        this.stale = true;
      } else {
        // The device answered, if only with an exception: the port itself is fine.
        this.answered();
      }
      throw fault;
    } finally {
      this.lastFrameAt = performance.now();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.drop();
  }

  private answered(): void {
    this.failures = 0;
    this.fault = undefined;
  }

  private async ensureOpen(): Promise<void> {
    if (this.closed) throw new LinkDown(Err.lowerDeviceCommFault, 'The driver is closed');
    const endpoint = this.options.endpoint();
    if (endpoint instanceof LinkDown) {
      this.fault = endpoint;
      throw endpoint;
    }
    const wanted = JSON.stringify(endpoint);
    if (this.client?.isOpen && this.openedAs === wanted) return;
    // the line's settings changed (its drivers were reconfigured): open it again with the new ones
    if (this.client?.isOpen) await this.drop();
    if (Date.now() < this.retryAt && this.fault) {
      throw new LinkDown(this.fault.code, `Waiting to reconnect: ${this.fault.message}`);
    }
    try {
      this.client = await this.open(endpoint);
      this.openedAs = wanted;
      this.opening += 1;
      this.serial = endpoint.kind === 'rtu';
      this.silentMs = endpoint.kind === 'rtu' ? interFrameMs(endpoint) : 0;
      this.stale = false;
    } catch (err) {
      const fault = connectFault(err, endpoint.kind === 'rtu');
      this.backOff(fault);
      throw fault;
    }
  }

  private async open(endpoint: ModbusEndpoint): Promise<ModbusRTU> {
    const client = new ModbusRTU();
    // modbus-serial re-emits port errors; the close that follows is what the port acts on.
    client.on('error', () => undefined);
    let closed: (listener: () => void) => void;
    try {
      if (endpoint.kind === 'tcp') {
        // Our own socket: modbus-serial forgets to report a close that follows a socket error.
        const socket = await connectSocket(endpoint.host, endpoint.port, this.options.connectTimeoutMs);
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
    const message =
      endpoint.kind === 'tcp' ? 'The device closed the connection' : 'The serial port was closed';
    this.lost = new Promise<never>((_, reject) => {
      closed(() => {
        const fault = new LinkDown(Err.lowerDeviceCommFault, message);
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

  /** Waits out the rest of the line's silent interval since the last frame. */
  private async keepSilence(): Promise<void> {
    const left = this.lastFrameAt + this.silentMs - performance.now();
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, Math.ceil(left)));
  }

  private backOff(fault: LinkDown | RequestFault): void {
    this.failures += 1;
    const { initialMs, maxMs } = this.options.reconnect;
    this.retryAt = Date.now() + Math.min(initialMs * 2 ** (this.failures - 1), maxMs);
    this.fault = fault;
  }

  private async drop(): Promise<void> {
    const client = this.client;
    this.client = null;
    if (client) await release(client);
  }
}

/** Forgets bytes received but not yet taken as an answer (modbus-serial's buffered RTU port). */
function forgetReceived(client: ModbusRTU): void {
  const port = (client as unknown as { _port?: { _buffer?: Buffer } })._port;
  if (port && Buffer.isBuffer(port._buffer)) port._buffer = Buffer.alloc(0);
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
