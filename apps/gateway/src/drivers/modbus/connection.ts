/**
 * One driver's link to its Modbus device: its slave id and communication wait over a port — a TCP
 * connection of its own, or the serial port it shares with the other drivers of its RS-485 line
 * (`SerialLines`). A driver's turn on the port is exclusive, so its requests (a read-modify-write
 * included) never interleave with another driver's.
 */
import type ModbusRTU from 'modbus-serial';
import { Err } from '@fieldhub/shared';
import { LinkDown, RequestFault } from './faults';
import { DEFAULT_RECONNECT, type ModbusEndpoint, ModbusPort, type ReconnectPolicy } from './modbusPort';
import { type SerialLines, serialLines } from './serialLines';

export { DEFAULT_RECONNECT, type ModbusEndpoint, type ReconnectPolicy } from './modbusPort';

export interface LinkOptions {
  endpoint: ModbusEndpoint;
  slaveId: number;
  /** How long a request waits for its answer (the driver's communication wait time). */
  responseTimeoutMs: number;
  reconnect?: ReconnectPolicy;
  /** Where serial ports are shared (the gateway's own by default). */
  lines?: SerialLines;
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
  private readonly port: ModbusPort;
  private readonly leave: () => Promise<void>;
  /** This driver's own last fault on a port that stands (its slave timed out). */
  private lastFault: RequestFault | undefined;
  /** The opening of the port in which this driver's device last answered. */
  private answeredIn = -1;
  private closed = false;
  private readonly io: ModbusIo;

  constructor(private readonly options: LinkOptions) {
    const reconnect = options.reconnect ?? DEFAULT_RECONNECT;
    const { endpoint } = options;
    if (endpoint.kind === 'rtu') {
      const hold = (options.lines ?? serialLines).hold(endpoint, {
        reconnect,
        connectTimeoutMs: options.responseTimeoutMs,
      });
      this.port = hold.port;
      this.leave = hold.leave;
    } else {
      const port = new ModbusPort({
        endpoint: () => endpoint,
        reconnect,
        connectTimeoutMs: options.responseTimeoutMs,
      });
      this.port = port;
      this.leave = () => port.close();
    }
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

  /** Runs `work` when every earlier holder of the port is done; `work` has it to itself meanwhile. */
  exclusive<T>(work: (io: ModbusIo) => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new LinkDown(Err.lowerDeviceCommFault, 'The driver is closed'));
    return this.port.turn(() => work(this.io));
  }

  /** For the status message: up when the port is open and this driver's device last answered. */
  state(): { ok: boolean; code?: number } {
    const fault = this.port.fault ?? this.lastFault;
    if (fault) return { ok: false, code: fault.code };
    if (this.port.isOpen && this.answeredIn === this.port.opening) return { ok: true };
    return { ok: false, code: Err.lowerDeviceCommFault };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.leave();
  }

  private async request<T>(call: (client: ModbusRTU) => Promise<T>): Promise<T> {
    try {
      const answer = await this.port.request((client) => {
        // the port may be shared: each request carries this driver's slave id and wait
        client.setID(this.options.slaveId);
        client.setTimeout(this.options.responseTimeoutMs);
        return call(client);
      });
      this.answered();
      return answer;
    } catch (err) {
      if (err instanceof RequestFault && err.timedOut) this.lastFault = err;
      else if (err instanceof RequestFault) this.answered();
      throw err;
    }
  }

  private answered(): void {
    this.lastFault = undefined;
    this.answeredIn = this.port.opening;
  }
}
