/**
 * End-to-end pieces for the gateway link: a platform with its link, a real gateway process
 * (apps/gateway, spawned as an operator runs it) logged in with the MQTT password the platform
 * issued, waiting helpers that poll the platform's HTTP API and database, and a minimal Modbus
 * TCP client to change registers on the pymodbus peer behind the gateway's back.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db } from '../src/db/db';
import { GatewayProcess } from '../../gateway/test/support/gatewayProcess';
import type { Caller } from './harness';
import { made, send } from './deviceFixtures';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls `check` until it answers something other than undefined/false; fails with `what` and
 * the last answer when `timeoutMs` passes. The time-out only bounds the wait, it asserts nothing.
 */
export async function until<T>(
  what: string,
  check: () => Promise<T | undefined | false>,
  timeoutMs = 30_000,
  everyMs = 100,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const result = await check();
    if (result !== undefined && result !== false) return result;
    if (Date.now() > end) throw new Error(`${what}: not reached within ${timeoutMs} ms`);
    await sleep(everyMs);
  }
}

/**
 * A free port for a gateway's simulated plant, below the kernel's ephemeral range (32768 and up
 * on Linux): a simulated gateway that finds its plant port taken shares whatever listens there, so
 * the port must not be one that another test's client connection or `listen(0)` may take meanwhile.
 */
export async function freePlantPort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '0.0.0.0', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

export interface IssuedGateway {
  sn: string;
  verifyCode: string;
  mqttPassword: string;
}

let serial = 0;
/** SNs unique across the suite's files (each file has its own platform, but one machine). */
function nextSn(): string {
  serial++;
  return String(500_000_000_000 + (process.pid % 10_000) * 10_000 + serial);
}

/** Registers a gateway through the platform operator; the answer carries its MQTT password once. */
export async function registerGateway(operator: Caller, series = 'EG'): Promise<IssuedGateway> {
  const [issued] = await made<IssuedGateway[]>(operator, '/lfscada/hardware/register', {
    series,
    gateways: [{ sn: nextSn() }],
  });
  return issued!;
}

export interface LinkedDevice extends IssuedGateway {
  equipmentId: number;
  owner: { equipmentId: number };
}

/** A device with a freshly registered gateway bound to it, all through HTTP. */
export async function linkedDevice(
  admin: Caller,
  operator: Caller,
  name: string,
  series = 'EG',
): Promise<LinkedDevice> {
  const { id } = await made(admin, '/lfscada/equipment/multi/add', { name });
  const gateway = await registerGateway(operator, series);
  await made(admin, '/lfscada/equipment/multi/bindGateway', {
    equipmentId: id,
    sn: gateway.sn,
    verifyCode: gateway.verifyCode,
  });
  return { equipmentId: id, owner: { equipmentId: id }, ...gateway };
}

export interface RunningGateway {
  process: GatewayProcess;
  dataDir: string;
  /** SIGKILLs the process if it still runs and removes its data dir */
  dispose(): Promise<void>;
}

/** Starts the software gateway for `device` against `broker`, with a fresh data dir. */
export function startGatewayProcess(device: IssuedGateway, broker: string, dataDir?: string): RunningGateway {
  const dir = dataDir ?? mkdtempSync(path.join(tmpdir(), 'fh-e2e-gw-'));
  const gateway = new GatewayProcess({ sn: device.sn, password: device.mqttPassword, broker, dataDir: dir });
  return {
    process: gateway,
    dataDir: dir,
    async dispose() {
      await gateway.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The gateway's status as the platform stored it. */
export async function gatewayStatus(db: Db, sn: string): Promise<string | undefined> {
  const [row] = await db.query<{ status: string }>('select status from gateways where sn = $1', [sn]);
  return row?.status;
}

/**
 * Waits for the gateway's stored status. A first start under a full parallel suite can take long
 * (the process compiles and loads its drivers), hence 60 s; with `gateway`, a time-out names the
 * process's last log lines and its stderr.
 */
export async function waitForStatus(
  db: Db,
  sn: string,
  status: string,
  timeoutMs = 60_000,
  gateway?: GatewayProcess,
): Promise<void> {
  try {
    await until(`gateway ${sn} ${status}`, async () => (await gatewayStatus(db, sn)) === status, timeoutMs);
  } catch (err) {
    if (!gateway) throw err;
    throw new Error(
      `${(err as Error).message}; running ${gateway.running}; last log ${JSON.stringify(gateway.lines.slice(-8))}; stderr ${gateway.stderr.slice(-1000)}`,
      { cause: err },
    );
  }
}

export interface TaskOutcome {
  status: 'wait' | 'success' | 'failure';
  code?: string;
  message?: string;
  data?: unknown;
}

/** Polls `/lfscada/equipment/multi/callback` as the browser does, until the task has ended. */
export function taskResult(admin: Caller, uuid: string, timeoutMs = 30_000): Promise<TaskOutcome> {
  return until(
    `task ${uuid}`,
    async () => {
      const outcome = await made<TaskOutcome>(admin, '/lfscada/equipment/multi/callback', { uuid });
      return outcome.status === 'wait' ? undefined : outcome;
    },
    timeoutMs,
    250,
  );
}

/** Syncs the device's configuration through HTTP and waits for the task's outcome. */
export async function syncDevice(admin: Caller, equipmentId: number): Promise<TaskOutcome> {
  const { uuid } = await made<{ uuid: string }>(admin, '/lfscada/equipment/multi/sync', { equipmentId });
  return taskResult(admin, uuid);
}

/** A write through the monitor API: the HTTP answer (a uuid, or an error code straight away). */
export async function writeVal(admin: Caller, equipmentId: number, signalId: number, value: unknown) {
  return send<{ uuid: string }>(admin, '/lfscada/monitor/multi/signal/writeVal', {
    equipmentId,
    signalId,
    value,
  });
}

/** Number of stored values of a device. */
export async function storedCount(db: Db, equipmentId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    'select count(*)::int as n from signal_values where equipment_id = $1',
    [equipmentId],
  );
  return row?.n ?? 0;
}

/** Stored values of a variable, oldest first. */
export async function storedValues(
  db: Db,
  variableId: number,
): Promise<Array<{ num: number | null; quality: number }>> {
  return db.query('select num, quality from signal_values where variable_id = $1 order by ts', [variableId]);
}

/**
 * Inserts `count` internal float64 read-write variables `${prefix}0..` straight into the table
 * (a thousand HTTP calls would only slow the suite down), with the formula `0` every internal
 * variable needs, and moves the device's configuration version on as an edit would.
 */
export async function insertInternalVariables(
  db: Db,
  equipmentId: number,
  count: number,
  prefix: string,
): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `insert into variables(org_id, equipment_id, kind, name, data_type, rw, formula)
     select e.org_id, e.id, 'internal', $2 || (g - 1), 'float64', 'rw', '0'
       from generate_series(1, $3::int) g, equipment e where e.id = $1
     returning id`,
    [equipmentId, prefix, count],
  );
  await db.query('update equipment set config_version = config_version + 1 where id = $1', [equipmentId]);
  return rows.map((r) => Number(r.id));
}

/** The two registers of a float32 in ABCD order (the Modbus driver's default). */
export function float32Words(value: number): number[] {
  const b = Buffer.alloc(4);
  b.writeFloatBE(value);
  return [b.readUInt16BE(0), b.readUInt16BE(2)];
}

export function wordsToFloat32(words: number[]): number {
  const b = Buffer.alloc(4);
  b.writeUInt16BE(words[0]!, 0);
  b.writeUInt16BE(words[1]!, 2);
  return b.readFloatBE(0);
}

/**
 * Writes holding registers with one Modbus TCP request (function 16), as another master on the
 * plant's network would: written out byte by byte here, so it shares no code with the gateway's
 * Modbus driver.
 */
export function writeRegisters(port: number, address: number, words: number[], unit = 1): Promise<void> {
  const pdu = Buffer.alloc(6 + words.length * 2);
  pdu.writeUInt8(16, 0);
  pdu.writeUInt16BE(address, 1);
  pdu.writeUInt16BE(words.length, 3);
  pdu.writeUInt8(words.length * 2, 5);
  words.forEach((w, i) => pdu.writeUInt16BE(w & 0xffff, 6 + i * 2));
  const header = Buffer.alloc(7);
  header.writeUInt16BE(0x4242, 0); // transaction id
  header.writeUInt16BE(0, 2); // protocol
  header.writeUInt16BE(pdu.length + 1, 4);
  header.writeUInt8(unit, 6);
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' }, () => socket.write(Buffer.concat([header, pdu])));
    let answer = Buffer.alloc(0);
    const timer = setTimeout(() => fail(new Error('no Modbus answer')), 5000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      socket.destroy();
      reject(error);
    };
    socket.on('error', fail);
    socket.on('data', (chunk: Buffer) => {
      answer = Buffer.concat([answer, chunk]);
      if (answer.length < 9) return;
      clearTimeout(timer);
      socket.destroy();
      const fc = answer.readUInt8(7);
      if (fc !== 16) reject(new Error(`Modbus exception ${answer.readUInt8(8)}`));
      else resolve();
    });
  });
}
