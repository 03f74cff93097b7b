/**
 * Starts and drives the pymodbus peer (test/peers/modbus_peer.py) for the Modbus driver tests,
 * and builds driver configurations and variables for them.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { type DataType, modbusRtuSchema, modbusTcpSchema } from '@fieldhub/shared';
import type { DriverConfig, DriverVariable } from '../../src/drivers/driver';

/** The system Python has pymodbus; the pyenv `python3` on PATH may not. */
const PYTHON = '/usr/bin/python3';
/** What brings the peer's Python packages (npm test runs it first). */
const SETUP = 'run `node scripts/test-prerequisites.mjs` (npm test does) to install pymodbus';
const SCRIPT = fileURLToPath(new URL('../peers/modbus_peer.py', import.meta.url));

/** A request as the peer saw it. */
export interface PeerRequest {
  t: number;
  unit: number;
  fc: number;
  address: number;
  count: number;
}

export interface ModbusPeer {
  /** TCP port (0 for RTU). */
  port: number;
  /** Serial device to open (RTU only). */
  path: string;
  /** Every request received so far, oldest first. */
  requests: PeerRequest[];
  /** Raw words (holding registers) or 0/1 (coils) straight from the datastore of `unit` (1). */
  get(table: 'hr' | 'co', address: number, count: number, unit?: number): Promise<number[]>;
  /** RTU only: garble the replies on the line ('corrupt') or not ('none'). */
  lineFault(fault: 'none' | 'corrupt'): Promise<void>;
  /** Ends the peer as a crash would (no goodbye to connected clients). */
  kill(): Promise<void>;
  /** Ends the peer cleanly. */
  stop(): Promise<void>;
}

/**
 * Starts the peer: Modbus TCP on `port` (any free one by default), Modbus RTU on a pty line of its
 * own (`rtu`), or Modbus RTU on the serial device `serial` (one end of a socat line).
 */
export function startPeer(
  options: { port?: number; rtu?: boolean; serial?: string } = {},
): Promise<ModbusPeer> {
  const args = options.serial
    ? [SCRIPT, '--serial', options.serial]
    : options.rtu
      ? [SCRIPT, '--rtu']
      : [SCRIPT, '--port', String(options.port ?? 0)];
  const child: ChildProcessWithoutNullStreams = spawn(PYTHON, args, {
    stdio: 'pipe',
    // no __pycache__ in the source tree
    env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' },
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const requests: PeerRequest[] = [];
  const answers: ((event: Record<string, unknown>) => void)[] = [];

  const ask = (command: object): Promise<Record<string, unknown>> =>
    new Promise((resolve) => {
      answers.push(resolve);
      child.stdin.write(`${JSON.stringify(command)}\n`);
    });

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`peer did not start: ${stderr}`)), 20_000);
    child.once('error', (err) => reject(new Error(`${PYTHON} cannot start (${err.message}): ${SETUP}`)));
    void exited.then(() =>
      reject(new Error(`peer exited: ${stderr}${/No module named/.test(stderr) ? `\n${SETUP}` : ''}`)),
    );
    createInterface({ input: child.stdout }).on('line', (line) => {
      const event = JSON.parse(line) as Record<string, unknown>;
      if (event.event === 'request') requests.push(event as unknown as PeerRequest);
      else if (event.event === 'ready') {
        clearTimeout(timer);
        resolve({
          port: Number(event.port ?? 0),
          path: String(event.path ?? ''),
          requests,
          get: async (table, address, count, unit = 1) =>
            (await ask({ cmd: 'get', table, address, count, unit })).values as number[],
          lineFault: async (fault) => void (await ask({ cmd: 'line', fault })),
          kill: async () => {
            child.kill('SIGKILL');
            await exited;
          },
          stop: async () => {
            child.stdin.end();
            const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
            await exited;
            clearTimeout(killer);
          },
        });
      } else answers.shift()?.(event);
    });
  });
}

/** A Modbus TCP driver on 127.0.0.1:port, with the schema's defaults for what is not given. */
export function tcpDriver(port: number, settings: Record<string, unknown> = {}, id = 1): DriverConfig {
  return {
    id,
    ...modbusTcpSchema.parse({
      name: 'pymodbus',
      protocol: 'modbus-tcp',
      ip: '127.0.0.1',
      port,
      ...settings,
    }),
  };
}

/** A Modbus RTU driver on the serial device `path`. */
export function rtuDriver(path: string, settings: Record<string, unknown> = {}, id = 2): DriverConfig {
  return {
    id,
    ...modbusRtuSchema.parse({ name: 'pymodbus rtu', protocol: 'modbus-rtu', serialPort: path, ...settings }),
  };
}

let nextId = 1;

/** A variable at `registerType` `address`; ids are unique across a test file. */
export function variable(
  registerType: string,
  address: string,
  dataType: DataType,
  more: Partial<DriverVariable> = {},
): DriverVariable {
  return { id: nextId++, registerType, address, dataType, stringLength: null, rw: 'rw', ...more };
}

/**
 * Requests received since `mark` (a length of `peer.requests` taken earlier). A request's line
 * can reach us after its answer did; a command's answer comes after every earlier line.
 */
export async function since(peer: ModbusPeer, mark: number): Promise<PeerRequest[]> {
  await peer.get('hr', 0, 1);
  return peer.requests.slice(mark);
}
