/**
 * The Modbus RTU side of the driver against pymodbus' serial server, over a pair of
 * pseudo-terminals joined by the peer (a null-modem cable in software), with line noise on demand.
 */
import { spawn } from 'node:child_process';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createModbusDriver } from '../../src/drivers/modbus';
import { DriverError, type FieldDriver } from '../../src/drivers/driver';
import { type ModbusPeer, rtuDriver, since, startPeer, variable } from './peer';

let peer: ModbusPeer;
const drivers: FieldDriver[] = [];

function driver(settings: Record<string, unknown> = {}, path = peer.path): FieldDriver {
  const created = createModbusDriver(rtuDriver(path, { commWaitMs: 500, baudRate: 19200, ...settings }), {
    reconnect: { initialMs: 50, maxMs: 200 },
  });
  drivers.push(created);
  return created;
}

beforeAll(async () => {
  peer = await startPeer({ rtu: true });
});

afterEach(async () => {
  await peer.lineFault('none');
  await Promise.all(drivers.splice(0).map((d) => d.close()));
});

afterAll(async () => {
  await peer?.stop();
});

describe('Modbus RTU against pymodbus', () => {
  it('reads registers, coils and byte orders in coalesced blocks and writes registers', async () => {
    const on = driver({ byteOrder32: 'CDAB' });
    const vars = {
      abcd: variable('4x', '200', 'float32'),
      cdab: variable('4x', '202', 'float32'),
      int16: variable('4x', '100', 'int16'),
      coil: variable('0x', '2', 'bit'),
    };
    const mark = peer.requests.length;
    const { values, errors } = await on.read(Object.values(vars));
    expect(errors.size).toBe(0);
    expect(values.get(vars.cdab.id)).toBe(123456);
    expect(values.get(vars.abcd.id)).not.toBe(123456);
    expect(values.get(vars.int16.id)).toBe(-12345);
    expect(values.get(vars.coil.id)).toBe(1);
    expect((await since(peer, mark)).map((r) => `fc${r.fc}:${r.address}+${r.count}`)).toEqual([
      'fc1:2+1',
      'fc3:100+1',
      'fc3:200+4',
    ]);

    await on.write(variable('4x', '460', 'float32'), 123456);
    expect(await peer.get('hr', 460, 2)).toEqual([0x2000, 0x47f1]);
    await on.write(variable('4x', '462.1', 'bit'), 1);
    expect(await peer.get('hr', 462, 1)).toEqual([2]);
  });

  it('reports a garbled reply as a checksum error (1713) and reads again once the line is clean', async () => {
    const on = driver();
    const value = variable('4x', '101', 'uint16');
    await peer.lineFault('corrupt');
    expect(Object.fromEntries((await on.read([value])).errors)).toEqual({ [value.id]: 1713 });
    await peer.lineFault('none');
    expect((await on.read([value])).values.get(value.id)).toBe(54321);
  });

  it('reports a silent slave with 1715 and keeps the port for the next request', async () => {
    const silent = driver({ slaveId: 9, commWaitMs: 300 });
    const value = variable('4x', '101', 'uint16');
    expect(Object.fromEntries((await silent.read([value])).errors)).toEqual({ [value.id]: 1715 });
    expect(silent.state()).toEqual({ ok: false, code: 1715 });
    // The same line still serves: a serial port is not reopened after a time-out.
    expect(Object.fromEntries((await silent.read([value])).errors)).toEqual({ [value.id]: 1715 });
    await silent.close();
    const answering = driver();
    expect((await answering.read([value])).values.get(value.id)).toBe(54321);
    expect(answering.state()).toEqual({ ok: true });
  });

  it('reports a port that cannot be opened as a fault of the port: missing 1507, not a serial device 1509', async () => {
    // not 1501 (check the cable): the cable is not what is wrong (device-configuration.md §2.4)
    for (const [path, code] of [
      ['/dev/does-not-exist-fieldhub', 1507],
      ['/etc/hostname', 1509],
    ] as const) {
      const on = driver({}, path);
      const failure = await on.read([variable('4x', '0', 'uint16')]).catch((err: unknown) => err);
      expect(failure).toBeInstanceOf(DriverError);
      expect((failure as DriverError).code).toBe(code);
      expect(on.state()).toEqual({ ok: false, code });
    }
  });

  it('reports a port held by another program with 1506 and opens it once that program lets go', async () => {
    const holder = await holdPort(peer.path);
    const on = driver();
    const value = variable('4x', '101', 'uint16');
    const failure = await on.read([value]).catch((err: unknown) => err);
    expect((failure as DriverError).code).toBe(1506);
    await holder.release();
    let read: unknown;
    for (let attempt = 0; attempt < 40 && read !== 54321; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      read = await on.read([value]).then(
        (r) => r.values.get(value.id),
        () => undefined,
      );
    }
    expect(read).toBe(54321);
  });

  it('fails every driver of a port whose drivers disagree on the line settings with 1510', async () => {
    const fast = driver({ baudRate: 19200 });
    const slow = driver({ baudRate: 9600, slaveId: 7 });
    const value = variable('4x', '101', 'uint16');
    for (const on of [fast, slow]) {
      const failure = await on.read([value]).catch((err: unknown) => err);
      expect((failure as DriverError).code).toBe(1510);
    }
    // once the odd one is gone (reconfigured), the line opens with the settings left
    await slow.close();
    expect((await fast.read([value])).values.get(value.id)).toBe(54321);
  });
});

/** Another program holding the serial port with an exclusive lock, as a terminal program does. */
async function holdPort(path: string): Promise<{ release(): Promise<void> }> {
  const child = spawn(
    '/usr/bin/python3',
    [
      '-c',
      'import serial, sys\nport = serial.Serial(sys.argv[1], exclusive=True)\nprint("held", flush=True)\nsys.stdin.read()',
      path,
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.once('exit', () => reject(new Error('the port holder exited')));
    child.stdout.once('data', () => resolve());
  });
  return {
    release: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin.end();
      await exited;
    },
  };
}
