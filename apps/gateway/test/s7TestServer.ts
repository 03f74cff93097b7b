/**
 * A Snap7 S7 server (node-snap7, the Snap7 C library's server) for the S7 driver tests: data
 * block 1 holding one value of each data type, and the marker (M), input (I) and output (Q) areas,
 * on a free port instead of 102 (Snap7's LocalPort parameter).
 */
import { createRequire } from 'node:module';
import { connect, createServer, type Socket } from 'node:net';

/** The part of node-snap7's S7Server the tests use (the package ships no types). */
interface Snap7Server {
  readonly LocalPort: number;
  readonly srvAreaDB: number;
  readonly srvAreaMK: number;
  readonly srvAreaPE: number;
  readonly srvAreaPA: number;
  SetParam(parameter: number, value: number): boolean;
  RegisterArea(area: number, index: number, buffer: Buffer): boolean;
  RegisterArea(area: number, buffer: Buffer): boolean;
  GetArea(area: number, index: number): Buffer;
  GetArea(area: number): Buffer;
  SetArea(area: number, index: number, buffer: Buffer): boolean;
  SetArea(area: number, buffer: Buffer): boolean;
  StartTo(address: string): boolean;
  Stop(): boolean;
  LastError(): number;
  ErrorText(code: number): string;
}

const snap7 = createRequire(import.meta.url)('node-snap7') as { S7Server: new () => Snap7Server };

/** Where each test value sits in DB1, and its initial content. */
export const DB1 = {
  size: 256,
  bits: { byte: 0, value: 0b1010_0101 },
  int16: { byte: 2, value: -1234 },
  uint16: { byte: 4, value: 65000 },
  int32: { byte: 6, value: -70000 },
  uint32: { byte: 10, value: 4_000_000_000 },
  float32: { byte: 14, value: 1.5 },
  int64: { byte: 18, value: -2n },
  uint64: { byte: 26, value: 2n ** 40n + 5n },
  float64: { byte: 34, value: 123456.789 },
  /** STRING[20] */
  string: { byte: 42, max: 20, value: 'pump running' },
  /** STRING[10] holding GBK text */
  gbkString: { byte: 100, max: 10, value: Buffer.from([0xb1, 0xc3, 0xd4, 0xcb, 0xd0, 0xd0]) },
} as const;

export type S7TestArea = 'db1' | 'markers' | 'inputs' | 'outputs';

export interface S7TestServer {
  port: number;
  /** a copy of an area as the server holds it now (Snap7 keeps its own copy of what it serves) */
  read(area: S7TestArea): Buffer;
  /** replaces an area's content */
  write(area: S7TestArea, content: Buffer): void;
  /** starts again after `stop`, serving what the areas held then */
  start(): void;
  stop(): void;
}

function initialDb1(): Buffer {
  const db = Buffer.alloc(DB1.size);
  db[DB1.bits.byte] = DB1.bits.value;
  db.writeInt16BE(DB1.int16.value, DB1.int16.byte);
  db.writeUInt16BE(DB1.uint16.value, DB1.uint16.byte);
  db.writeInt32BE(DB1.int32.value, DB1.int32.byte);
  db.writeUInt32BE(DB1.uint32.value, DB1.uint32.byte);
  db.writeFloatBE(DB1.float32.value, DB1.float32.byte);
  db.writeBigInt64BE(DB1.int64.value, DB1.int64.byte);
  db.writeBigUInt64BE(DB1.uint64.value, DB1.uint64.byte);
  db.writeDoubleBE(DB1.float64.value, DB1.float64.byte);
  const text = Buffer.from(DB1.string.value, 'latin1');
  db[DB1.string.byte] = DB1.string.max;
  db[DB1.string.byte + 1] = text.length;
  text.copy(db, DB1.string.byte + 2);
  db[DB1.gbkString.byte] = DB1.gbkString.max;
  db[DB1.gbkString.byte + 1] = DB1.gbkString.value.length;
  DB1.gbkString.value.copy(db, DB1.gbkString.byte + 2);
  return db;
}

/** Starts a Snap7 server on `port` (127.0.0.1) with DB1, 64 marker bytes and 16 I and Q bytes. */
export function startS7TestServer(port: number): S7TestServer {
  const markers = Buffer.alloc(64);
  markers.writeInt16BE(-321, 0);
  markers[2] = 0b0000_1000; // M2.3
  markers.writeFloatBE(-7.25, 4);
  const inputs = Buffer.alloc(16);
  inputs[0] = 0b0000_0010; // I0.1
  inputs.writeInt16BE(1500, 2);
  const outputs = Buffer.alloc(16);
  outputs.writeUInt16BE(4321, 0);
  outputs[2] = 0b0000_0001; // Q2.0
  const content: Record<S7TestArea, Buffer> = { db1: initialDb1(), markers, inputs, outputs };
  let server: Snap7Server | null = null;

  // node-snap7 takes a DB number only for data blocks: (area, 1, buffer) there, (area, buffer) elsewhere
  const codeOf = (on: Snap7Server, area: S7TestArea): number =>
    ({ db1: on.srvAreaDB, markers: on.srvAreaMK, inputs: on.srvAreaPE, outputs: on.srvAreaPA })[area];
  const register = (on: Snap7Server, area: S7TestArea, buffer: Buffer) =>
    area === 'db1' ? on.RegisterArea(codeOf(on, area), 1, buffer) : on.RegisterArea(codeOf(on, area), buffer);
  const get = (on: Snap7Server, area: S7TestArea) =>
    Buffer.from(area === 'db1' ? on.GetArea(codeOf(on, area), 1) : on.GetArea(codeOf(on, area)));
  const set = (on: Snap7Server, area: S7TestArea, buffer: Buffer) =>
    area === 'db1' ? on.SetArea(codeOf(on, area), 1, buffer) : on.SetArea(codeOf(on, area), buffer);
  const running = (): Snap7Server => {
    if (!server) throw new Error('the Snap7 server is stopped');
    return server;
  };

  const start = () => {
    const created = new snap7.S7Server();
    created.SetParam(created.LocalPort, port);
    for (const area of Object.keys(content) as S7TestArea[]) register(created, area, content[area]);
    if (!created.StartTo('127.0.0.1')) {
      throw new Error(`Snap7 server did not start: ${created.ErrorText(created.LastError())}`);
    }
    server = created;
  };
  start();
  return {
    port,
    read: (area) => get(running(), area),
    write: (area, buffer) => {
      set(running(), area, buffer);
    },
    start,
    stop: () => {
      const stopping = running();
      for (const area of Object.keys(content) as S7TestArea[]) content[area] = get(stopping, area);
      stopping.Stop();
      server = null;
    },
  };
}

/** A TCP relay to the PLC that can fall silent, as a PLC behind a broken link does. */
export interface SilentLink {
  port: number;
  /** from now on, drop whatever either side sends */
  silence(): void;
  close(): Promise<void>;
}

export async function startSilentLink(targetPort: number): Promise<SilentLink> {
  let silent = false;
  const sockets = new Set<Socket>();
  const relay = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
    }
    client.on('data', (data) => silent || upstream.write(data));
    upstream.on('data', (data) => silent || client.write(data));
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const port = await new Promise<number>((resolve) => {
    relay.listen(0, '127.0.0.1', () => {
      const address = relay.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  return {
    port,
    silence: () => {
      silent = true;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => relay.close(() => resolve()));
    },
  };
}
