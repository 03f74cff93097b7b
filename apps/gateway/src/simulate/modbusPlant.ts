/**
 * The simulated plant behind a Modbus TCP server (modbus-serial's ServerTCP), laid out exactly as
 * the demo devices of apps/server/src/seed/demoDevices.ts read it: slave 1, byte order ABCD,
 * holding registers 0-99 and coils 0-15. The plant moves every tick; writes to the level set point
 * and to the pump coil act on the simulation; other writes are refused with exception 02, a set
 * point outside the tank with 03.
 */
import { createServer } from 'node:net';
import { ServerTCP } from 'modbus-serial';
import { decodeValue, encodeValue } from '@fieldhub/shared';
import {
  type PlantState,
  energyCounts,
  initialPlant,
  seededRandom,
  setLevelSetpoint,
  setPump,
  stepPlant,
  validSetpoint,
} from './plant';

/** Holding-register offsets (4x, 0-based) of the demo variables; two registers for 32-bit ones. */
export const PLANT_REGISTERS = {
  tankLevel: 0,
  levelSetpoint: 2,
  flow: 4,
  tempOut: 10,
  tempIn: 12,
  pressure: 14,
  state: 16,
  energy: 20,
  power: 22,
} as const;

/** Coil offsets (0x) of the demo variables. */
export const PLANT_COILS = { pumpRun: 0 } as const;
export const PLANT_SLAVE_ID = 1;
const HOLDING_REGISTERS = 100;
const COILS = 16;

/** The 100 holding registers of the plant in state `s`. */
export function plantHoldingRegisters(s: PlantState): number[] {
  const registers = new Array<number>(HOLDING_REGISTERS).fill(0);
  const put = (offset: number, words: number[]) => registers.splice(offset, words.length, ...words);
  const float = (value: number) => encodeValue('float32', 'ABCD', value);
  put(PLANT_REGISTERS.tankLevel, float(s.tankLevel));
  put(PLANT_REGISTERS.levelSetpoint, float(s.levelSetpoint));
  put(PLANT_REGISTERS.flow, float(s.flow));
  put(PLANT_REGISTERS.tempOut, float(s.tempOut));
  put(PLANT_REGISTERS.tempIn, float(s.tempIn));
  put(PLANT_REGISTERS.pressure, float(s.pressure));
  put(PLANT_REGISTERS.state, encodeValue('uint16', 'AB', s.boilerState));
  put(PLANT_REGISTERS.energy, encodeValue('uint32', 'ABCD', energyCounts(s)));
  put(PLANT_REGISTERS.power, float(s.power));
  return registers;
}

export interface PlantOptions {
  /** TCP port; 0 picks a free one (the answer tells which). */
  port: number;
  /** Interface to listen on (default 127.0.0.1: the demo gateway runs on the same machine). */
  host?: string;
  /** Real milliseconds between two steps of the plant (default 1000). */
  tickMs?: number;
  /** Simulated seconds per real second (default 1); tests speed the plant up. */
  speed?: number;
  /** Random source for noise and events (default: seeded from the clock). */
  random?: () => number;
}

export interface SimulatedPlant {
  port: number;
  /** The plant as it is now, for logs and tests. */
  snapshot(): PlantState;
  close(): Promise<void>;
}

/** An exception response from the server: 2 illegal data address, 3 illegal data value. */
const refusal = (modbusErrorCode: 2 | 3) => Object.assign(new Error('refused'), { modbusErrorCode });

export async function startSimulatedPlant(options: PlantOptions): Promise<SimulatedPlant> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port || (await freePort(host));
  const random = options.random ?? seededRandom(Date.now());
  const tickMs = options.tickMs ?? 1000;
  let state = initialPlant();
  let registers = plantHoldingRegisters(state);
  const update = (next: PlantState) => {
    state = next;
    registers = plantHoldingRegisters(state);
  };

  const holding = (addr: number) => {
    if (addr >= HOLDING_REGISTERS) throw refusal(2);
    return registers[addr] ?? 0;
  };
  const writeWords = (addr: number, words: number[]) => {
    const { levelSetpoint } = PLANT_REGISTERS;
    if (addr < levelSetpoint || addr + words.length > levelSetpoint + 2) throw refusal(2);
    const pair = registers.slice(levelSetpoint, levelSetpoint + 2);
    pair.splice(addr - levelSetpoint, words.length, ...words);
    const setpoint = decodeValue('float32', 'ABCD', pair);
    if (typeof setpoint !== 'number' || !validSetpoint(setpoint)) throw refusal(3);
    update(setLevelSetpoint(state, setpoint));
  };
  const noInputs = () => {
    throw refusal(2);
  };
  const server = new ServerTCP(
    {
      getHoldingRegister: (addr: number) => holding(addr),
      getMultipleHoldingRegisters: (addr: number, length: number) =>
        Array.from({ length }, (_, i) => holding(addr + i)),
      getCoil: (addr: number) => {
        if (addr >= COILS) throw refusal(2);
        return addr === PLANT_COILS.pumpRun && state.pumpRun;
      },
      setCoil: (addr: number, value: boolean) => {
        if (addr !== PLANT_COILS.pumpRun) throw refusal(2);
        update(setPump(state, value));
      },
      setRegister: (addr: number, value: number) => writeWords(addr, [value]),
      setRegisterArray: (addr: number, values: number[]) => writeWords(addr, values),
      getInputRegister: noInputs,
      getDiscreteInput: noInputs,
    },
    { host, port, unitID: PLANT_SLAVE_ID },
  );
  server.on('socketError', () => undefined);
  server.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.once('initialized', () => resolve());
    server.once('serverError', (err) => reject(err ?? new Error(`Cannot listen on ${host}:${port}`)));
  });

  const dtS = (tickMs / 1000) * (options.speed ?? 1);
  const timer = setInterval(() => update(stepPlant(state, dtS, random)), tickMs);
  return {
    port,
    snapshot: () => state,
    close: () => {
      clearInterval(timer);
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A port nobody listens on at the moment. */
function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
