/**
 * Faults against pymodbus: exceptions 02, 03 and 06 as the peer answers them, a silent slave, a
 * wrong slave, a refused connection, a peer that restarts, and writes refused before the wire.
 */
import { createServer, type Server } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@fieldhub/testkit';
import { createModbusDriver } from '../../src/drivers/modbus';
import { type DriverConfig, DriverError, type FieldDriver } from '../../src/drivers/driver';
import { type ModbusPeer, since, startPeer, tcpDriver, variable } from './peer';

let peer: ModbusPeer;
const drivers: FieldDriver[] = [];
const fast = { reconnect: { initialMs: 50, maxMs: 200 } };

function driver(settings: Record<string, unknown> = {}, port = peer.port): FieldDriver {
  const created = createModbusDriver(tcpDriver(port, { commWaitMs: 400, ...settings }), fast);
  drivers.push(created);
  return created;
}

/** The catalogue code `work` fails with (DriverError), or 'resolved'. */
async function codeOf(work: Promise<unknown>): Promise<number | string> {
  try {
    await work;
    return 'resolved';
  } catch (err) {
    return err instanceof DriverError ? err.code : String(err);
  }
}

beforeAll(async () => {
  peer = await startPeer();
});

afterEach(async () => {
  await Promise.all(drivers.splice(0).map((d) => d.close()));
});

afterAll(async () => {
  await peer?.stop();
});

describe('exceptions answered by pymodbus', () => {
  it('reports exception 02 on a read as 1708 and 06 (busy) as 1712, per variable', async () => {
    const hole = variable('4x', '305', 'uint16');
    const busy = variable('4x', '520', 'uint16');
    const coilOutside = variable('0x', '150', 'bit');
    const good = variable('4x', '101', 'uint16');
    const { values, errors } = await driver({ blockCollect: false }).read([hole, busy, coilOutside, good]);
    expect(Object.fromEntries(errors)).toEqual({ [hole.id]: 1708, [busy.id]: 1712, [coilOutside.id]: 1708 });
    expect(values.get(good.id)).toBe(54321);
  });

  it('fails a write the device refuses with 1709 (03), 1712 (06) and 1708 (02)', async () => {
    const on = driver();
    expect(await codeOf(on.write(variable('4x', '500', 'uint16'), 7))).toBe(1709);
    expect(await codeOf(on.write(variable('4x', '502', 'float32'), 1.5))).toBe(1709);
    expect(await codeOf(on.write(variable('4x', '520', 'uint16'), 7))).toBe(1712);
    expect(await codeOf(on.write(variable('4x', '600', 'uint16'), 7))).toBe(1708);
    expect(await peer.get('hr', 500, 1)).toEqual([0]);
  });
});

describe('refusals before the wire', () => {
  it('refuses writes to discrete inputs, input registers and read-only variables with 2002', async () => {
    const on = driver();
    const mark = peer.requests.length;
    expect(await codeOf(on.write(variable('1x', '0', 'bit', { rw: 'r' }), 1))).toBe(2002);
    expect(await codeOf(on.write(variable('3x', '0', 'uint16', { rw: 'r' }), 1))).toBe(2002);
    expect(await codeOf(on.write(variable('4x', '401', 'uint16', { rw: 'r' }), 1))).toBe(2002);
    expect(await codeOf(on.write(variable('4x', '401', 'int16'), 40000))).toBe(99906);
    expect(await since(peer, mark)).toEqual([]);
  });

  it('refuses a configuration of another protocol with 1504 and settings out of range with 10001', () => {
    const s7 = { id: 5, protocol: 's7', name: 'plc', ip: '127.0.0.1' } as unknown as DriverConfig;
    expect(() => createModbusDriver(s7)).toThrow(expect.objectContaining({ code: 1504 }));
    const badSlave = { ...tcpDriver(peer.port), slaveId: 300 };
    expect(() => createModbusDriver(badSlave)).toThrow(expect.objectContaining({ code: 10001 }));
  });

  it('reports a malformed address with 99904 and still reads the rest', async () => {
    const bad = variable('4x', '12.x', 'uint16');
    const good = variable('4x', '101', 'uint16');
    const { values, errors } = await driver().read([bad, good]);
    expect(errors.get(bad.id)).toBe(99904);
    expect(values.get(good.id)).toBe(54321);
  });
});

describe('a device that does not answer', () => {
  it('times out with 1715 after the communication wait, once per cycle, then backs off', async () => {
    const on = createModbusDriver(tcpDriver(peer.port, { slaveId: 9, commWaitMs: 300 }), {
      reconnect: { initialMs: 10_000, maxMs: 10_000 },
    });
    drivers.push(on);
    const vars = [variable('4x', '0', 'uint16'), variable('4x', '200', 'uint16'), variable('0x', '0', 'bit')];
    const mark = peer.requests.length;
    const started = Date.now();
    const { values, errors } = await on.read(vars);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(values.size).toBe(0);
    expect([...errors.values()]).toEqual([1715, 1715, 1715]);
    // The silent device was asked once, not once per block.
    expect((await since(peer, mark)).filter((r) => r.unit === 9)).toHaveLength(1);
    expect(on.state()).toEqual({ ok: false, code: 1715 });
    // Straight after, the driver waits out its back-off instead of asking again.
    expect(await codeOf(on.read(vars))).toBe(1715);
    expect((await since(peer, mark)).filter((r) => r.unit === 9)).toHaveLength(1);
  });

  it('reports an answer from another slave id with 1502', async () => {
    const { errors } = await driver({ slaveId: 7 }).read([variable('4x', '101', 'uint16')]);
    expect([...errors.values()]).toEqual([1502]);
  });
});

describe('connections', () => {
  it('fails reads and writes with 1503 when nothing listens at the port', async () => {
    const on = driver({}, await freePort());
    expect(await codeOf(on.read([variable('4x', '0', 'uint16')]))).toBe(1503);
    expect(await codeOf(on.write(variable('4x', '0', 'uint16'), 1))).toBe(1503);
    expect(on.state()).toEqual({ ok: false, code: 1503 });
  });

  it('does not hammer a device that drops every connection', async () => {
    let connections = 0;
    const server: Server = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const on = driver({}, typeof address === 'object' && address ? address.port : 0);
    const until = Date.now() + 1000;
    while (Date.now() < until) {
      await codeOf(on.read([variable('4x', '0', 'uint16')]));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await new Promise<void>((resolve) => server.close(() => resolve()));
    // Back-off 50, 100, 200, 200 ... ms: about seven attempts in a second, not two hundred.
    expect(connections).toBeGreaterThan(1);
    expect(connections).toBeLessThan(10);
  });

  it('reconnects by itself after the peer restarts', async () => {
    const first = await startPeer();
    const port = first.port;
    const on = driver({}, port);
    const value = variable('4x', '101', 'uint16');
    expect((await on.read([value])).values.get(value.id)).toBe(54321);
    expect(on.state()).toEqual({ ok: true });

    await first.kill();
    const lost = await codeOf(on.read([value]));
    expect([99901, 1503]).toContain(lost);
    expect(on.state().ok).toBe(false);

    const second = await startPeer({ port });
    try {
      let read: unknown;
      for (let attempt = 0; attempt < 40 && read === undefined; attempt++) {
        read = await on.read([value]).then(
          (r) => r.values.get(value.id),
          () => new Promise((resolve) => setTimeout(() => resolve(undefined), 50)),
        );
      }
      expect(read).toBe(54321);
      expect(on.state()).toEqual({ ok: true });
      // the peer reports requests on its own channel: `since` waits until those before now are in
      expect((await since(second, 0)).length).toBeGreaterThan(0);
    } finally {
      await second.stop();
    }
  });
});
