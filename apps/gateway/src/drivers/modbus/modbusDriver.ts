/**
 * The Modbus TCP and RTU driver: reads a cycle's variables in coalesced blocks, splits a block the
 * device refuses with exception 02 so one bad address does not fail its neighbours, decodes each
 * value with the driver's byte orders and string encoding, and writes coils, registers and bits
 * inside registers. Every fault reaches the runtime as a catalogue code.
 */
import {
  Err,
  MODBUS_STRING_MAX_WRITE,
  modbusRtuSchema,
  modbusTcpSchema,
  resolveModbusVariable,
} from '@fieldhub/shared';
import {
  type DriverConfig,
  type DriverVariable,
  type FieldDriver,
  type RawValue,
  type ReadResult,
  DriverError,
} from '../driver';
import {
  BlockMemory,
  type BlockOptions,
  type ReadBlock,
  type RegisterSpan,
  planBlocks,
  spanKey,
  splitBlock,
} from './blocks';
import { type LinkOptions, type ModbusIo, ModbusLink, type ReconnectPolicy } from './connection';
import type { SerialLines } from './serialLines';
import { RequestFault } from './faults';
import { type ModbusPoint, type ValueFormat, type WritePlan, decodePoint, planWrite } from './values';

/** Settings of the runtime rather than of the device. */
export interface ModbusDriverOptions {
  /** Back-off between reconnection attempts (default 1 s doubling to 30 s). */
  reconnect?: ReconnectPolicy;
  /** Where serial ports are shared among the drivers of a line (the gateway's own by default). */
  lines?: SerialLines;
}

interface ModbusSettings {
  link: LinkOptions;
  blocks: BlockOptions;
  format: ValueFormat;
}

/** The driver's settings from its configuration, defaults filled in by the shared schemas. */
function settingsOf(config: DriverConfig, options: ModbusDriverOptions): ModbusSettings {
  if (config.protocol !== 'modbus-tcp' && config.protocol !== 'modbus-rtu') {
    throw new DriverError(Err.driverMissing, `Not a Modbus driver: ${config.protocol}`);
  }
  const checked =
    config.protocol === 'modbus-tcp' ? modbusTcpSchema.safeParse(config) : modbusRtuSchema.safeParse(config);
  if (!checked.success) {
    const problem = checked.error.issues[0];
    throw new DriverError(Err.parameterCheckFailed, `${problem?.path.join('.')}: ${problem?.message}`);
  }
  const parsed = checked.data;
  const endpoint =
    parsed.protocol === 'modbus-tcp'
      ? { kind: 'tcp' as const, host: parsed.ip, port: parsed.port }
      : {
          kind: 'rtu' as const,
          path: parsed.serialPort,
          baudRate: parsed.baudRate,
          dataBits: parsed.dataBits,
          stopBits: parsed.stopBits,
          parity: parsed.parity,
        };
  return {
    link: {
      endpoint,
      slaveId: parsed.slaveId,
      responseTimeoutMs: parsed.commWaitMs,
      ...(options.reconnect ? { reconnect: options.reconnect } : {}),
      ...(options.lines ? { lines: options.lines } : {}),
    },
    blocks: { coalesce: parsed.blockCollect, gap: parsed.blockGap },
    format: {
      orders: { order16: parsed.byteOrder16, order32: parsed.byteOrder32, order64: parsed.byteOrder64 },
      encoding: parsed.stringEncoding,
    },
  };
}

/** Where a variable lives, or the problem with its address (registers are only ever read here). */
function pointOf(variable: DriverVariable): ModbusPoint | DriverError {
  const resolved = resolveModbusVariable({
    registerType: variable.registerType,
    address: variable.address,
    dataType: variable.dataType,
    stringLength: variable.stringLength,
    rw: 'r',
  });
  if (!resolved.ok) return new DriverError(Err.variableAddressInvalid, resolved.error.en);
  return { id: variable.id, at: resolved.value, stringLength: variable.stringLength ?? 0 };
}

const spanOf = ({ at }: ModbusPoint): RegisterSpan => ({
  registerType: at.registerType,
  offset: at.offset,
  count: at.count,
});

/** What one read cycle has gathered so far. */
interface Cycle extends ReadResult {
  bySpan: Map<string, ModbusPoint[]>;
}

class ModbusDriver implements FieldDriver {
  private readonly link: ModbusLink;
  /** What the device's exception-02 answers taught us, kept for the driver's life. */
  private readonly memory = new BlockMemory();

  constructor(
    readonly id: number,
    private readonly settings: ModbusSettings,
  ) {
    this.link = new ModbusLink(settings.link);
  }

  async read(variables: readonly DriverVariable[]): Promise<ReadResult> {
    const cycle: Cycle = { values: new Map(), errors: new Map(), bySpan: new Map() };
    const points: ModbusPoint[] = [];
    for (const variable of variables) {
      const point = pointOf(variable);
      if (point instanceof DriverError) cycle.errors.set(variable.id, point.code);
      else points.push(point);
    }
    for (const point of points) {
      const key = spanKey(spanOf(point));
      cycle.bySpan.set(key, [...(cycle.bySpan.get(key) ?? []), point]);
    }
    for (const block of planBlocks(points.map(spanOf), this.settings.blocks, this.memory)) {
      try {
        await this.readBlock(block, cycle);
      } catch (err) {
        if (!(err instanceof RequestFault && err.timedOut)) throw err;
        // The device is silent: do not spend another wait on each remaining block of this cycle.
        for (const point of points) {
          if (!cycle.values.has(point.id) && !cycle.errors.has(point.id))
            cycle.errors.set(point.id, err.code);
        }
        break;
      }
    }
    return { values: cycle.values, errors: cycle.errors };
  }

  /**
   * Reads one block into the cycle; answers whether it read without exception. On exception 02
   * the halves are read on their own; two good halves mean the hole is between them (a cut), a
   * single span that fails alone is isolated. A time-out or a lost link is thrown to `read`.
   */
  private async readBlock(block: ReadBlock, cycle: Cycle): Promise<boolean> {
    try {
      const data = await this.link.exclusive((io) => readOn(io, block));
      this.take(block, data, cycle);
      const [only] = block.spans;
      if (only && block.spans.length === 1) this.memory.release(only);
      return true;
    } catch (err) {
      if (!(err instanceof RequestFault) || err.timedOut) throw err;
      const halves = err.code === Err.illegalDataAddress ? splitBlock(block) : null;
      if (!halves) {
        const [only] = block.spans;
        if (only && err.code === Err.illegalDataAddress) this.memory.isolate(only);
        this.fail(block, err.code, cycle);
        return false;
      }
      const left = await this.readBlock(halves[0], cycle);
      const right = await this.readBlock(halves[1], cycle);
      if (left && right) this.memory.cut(halves[0], halves[1]);
      return false;
    }
  }

  private take(block: ReadBlock, data: readonly number[], cycle: Cycle): void {
    for (const span of block.spans) {
      const start = span.offset - block.offset;
      const words = data.slice(start, start + span.count);
      for (const point of cycle.bySpan.get(spanKey(span)) ?? []) {
        try {
          cycle.values.set(point.id, decodePoint(point, words, this.settings.format));
        } catch (err) {
          cycle.errors.set(point.id, err instanceof DriverError ? err.code : Err.dataTypeError);
        }
      }
    }
  }

  private fail(block: ReadBlock, code: number, cycle: Cycle): void {
    for (const span of block.spans) {
      for (const point of cycle.bySpan.get(spanKey(span)) ?? []) {
        cycle.errors.set(point.id, code);
      }
    }
  }

  async write(variable: DriverVariable, value: RawValue): Promise<void> {
    const point = pointOf(variable);
    if (point instanceof DriverError) throw point;
    if (!point.at.writable || variable.rw === 'r') {
      throw new DriverError(
        Err.variableReadOnly,
        `${point.at.registerType} ${variable.address} is read-only`,
      );
    }
    if (point.at.dataType === 'string' && point.stringLength > MODBUS_STRING_MAX_WRITE) {
      throw new DriverError(
        Err.variableAddressInvalid,
        `A string written in one request holds at most ${MODBUS_STRING_MAX_WRITE} bytes`,
      );
    }
    const plan = planWrite(point, value, this.settings.format);
    await this.link.exclusive((io) => writeOn(io, plan));
  }

  state(): { ok: boolean; code?: number } {
    return this.link.state();
  }

  close(): Promise<void> {
    return this.link.close();
  }
}

function readOn(io: ModbusIo, block: ReadBlock): Promise<number[]> {
  const { registerType, offset, count } = block;
  return registerType === '0x' || registerType === '1x'
    ? io.readBits(registerType, offset, count)
    : io.readRegisters(registerType, offset, count);
}

async function writeOn(io: ModbusIo, plan: WritePlan): Promise<void> {
  switch (plan.kind) {
    case 'coil':
      return io.writeCoil(plan.offset, plan.state);
    case 'registerBit': {
      // Read-modify-write inside one turn of the queue, so no other request of ours comes between.
      const [current = 0] = await io.readRegisters('4x', plan.offset, 1);
      const mask = 1 << plan.bit;
      return io.writeRegister(plan.offset, plan.state ? current | mask : current & ~mask & 0xffff);
    }
    case 'registers':
      return plan.values.length === 1
        ? io.writeRegister(plan.offset, plan.values[0] ?? 0)
        : io.writeRegisters(plan.offset, plan.values);
  }
}

/**
 * A Modbus TCP or RTU driver for the runtime (`DriverFactory`). Throws DriverError 1504 for a
 * configuration of another protocol and 10001 for settings the shared schema refuses.
 */
export function createModbusDriver(config: DriverConfig, options: ModbusDriverOptions = {}): FieldDriver {
  return new ModbusDriver(config.id, settingsOf(config, options));
}
