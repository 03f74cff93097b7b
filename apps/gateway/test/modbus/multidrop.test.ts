/**
 * An RS-485 multi-drop line (docs/requirements/device-configuration.md §2.4, issue 17 items 1 and
 * 5): two slaves of pymodbus' serial server on one end of a socat pty pair, two drivers of the
 * gateway on the other end, the same port. Both read and write their own slave; the device is
 * switched off and on, and the line unplugged and plugged in again, and both recover by themselves
 * and say so in the log (item 2).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createModbusDriver, serialLines } from '../../src/drivers/modbus';
import { DriverError, type FieldDriver, type ReadResult } from '../../src/drivers/driver';
import { watchDriver } from '../../src/drivers/driverHealth';
import { createLogger } from '../../src/runtime/log';
import { type ModbusPeer, rtuDriver, since, startPeer, variable } from './peer';
import { type SerialLine, startSerialLine } from './serialLine';

let line: SerialLine;
let peer: ModbusPeer | undefined;
const drivers: FieldDriver[] = [];
/** What the drivers logged: level, message, driver id and code. */
let logged: Array<Record<string, unknown>> = [];
const log = createLogger('info', {}, (text) => logged.push(JSON.parse(text) as Record<string, unknown>));

/** A driver of slave `slaveId` on the line's gateway end, under watch as the gateway runs it. */
function slave(slaveId: number, id: number): FieldDriver {
  const created = watchDriver(
    createModbusDriver(rtuDriver(line.gatewayPath, { slaveId, commWaitMs: 300, baudRate: 19200 }, id), {
      reconnect: { initialMs: 50, maxMs: 200 },
    }),
    { log: log.child({ driverId: id }) },
  );
  drivers.push(created);
  return created;
}

/** What driver `id` logged: [level, message, code]. */
const said = (id: number) =>
  logged.filter((l) => l.driverId === id).map(({ level, msg, code }) => [level, msg, code]);

/** The catalogue code of a failed read, or the read's values and errors. */
async function readOn(driver: FieldDriver, vars: Parameters<FieldDriver['read']>[0]) {
  return driver.read(vars).catch((err: unknown) => {
    if (err instanceof DriverError) return err.code;
    throw err;
  });
}

/** Reads until `done` says the answer is the one awaited (at most `attempts` reads, 50 ms apart). */
async function readUntil(
  driver: FieldDriver,
  vars: Parameters<FieldDriver['read']>[0],
  done: (answer: ReadResult | number) => boolean,
  attempts = 80,
): Promise<ReadResult | number> {
  let answer = await readOn(driver, vars);
  for (let i = 1; i < attempts && !done(answer); i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    answer = await readOn(driver, vars);
  }
  return answer;
}

const valueOf = (answer: ReadResult | number, id: number) =>
  typeof answer === 'number' ? answer : (answer.values.get(id) ?? answer.errors.get(id));

beforeAll(async () => {
  line = await startSerialLine();
  peer = await startPeer({ serial: line.devicePath });
});

afterEach(async () => {
  await Promise.all(drivers.splice(0).map((d) => d.close()));
  logged = [];
});

afterAll(async () => {
  await peer?.stop();
  await line?.remove();
});

describe('two Modbus RTU drivers on one serial port', () => {
  it('read and write their own slave through one owner of the port, turn by turn', async () => {
    const first = slave(1, 11);
    const second = slave(2, 12);
    const register = variable('4x', '101', 'uint16');
    const setpoint = variable('4x', '460', 'uint16');
    const mark = peer!.requests.length;

    // both collect at once, as their collection loops do
    const answers = await Promise.all([
      first.read([register]),
      second.read([register]),
      first.read([register]),
      second.read([register]),
    ]);
    expect(answers.map((a) => [a.values.get(register.id), a.errors.size])).toEqual([
      [54321, 0],
      [2222, 0],
      [54321, 0],
      [2222, 0],
    ]);
    await Promise.all([first.write(setpoint, 111), second.write(setpoint, 222)]);
    expect(await peer!.get('hr', 460, 1, 1)).toEqual([111]);
    expect(await peer!.get('hr', 460, 1, 2)).toEqual([222]);
    expect((await since(peer!, mark)).map((r) => `${r.unit}:fc${r.fc}`).sort()).toEqual(
      ['1:fc3', '1:fc3', '1:fc6', '2:fc3', '2:fc3', '2:fc6'].sort(),
    );
    expect(first.state()).toEqual({ ok: true });
    expect(second.state()).toEqual({ ok: true });
    expect(serialLines.holders(line.gatewayPath)).toBe(2);
  });

  it('keeps serving one slave while the other is silent, each with its own fault', async () => {
    const answering = slave(1, 13);
    const silent = slave(9, 14);
    const register = variable('4x', '101', 'uint16');
    const [good, bad] = await Promise.all([answering.read([register]), silent.read([register])]);
    expect(good.values.get(register.id)).toBe(54321);
    expect(Object.fromEntries(bad.errors)).toEqual({ [register.id]: 1715 });
    expect((await answering.read([register])).values.get(register.id)).toBe(54321);
    expect(answering.state()).toEqual({ ok: true });
    expect(silent.state()).toEqual({ ok: false, code: 1715 });
  });

  it('closes the port only when the last driver of the line leaves', async () => {
    const first = slave(1, 15);
    const second = slave(2, 16);
    const register = variable('4x', '101', 'uint16');
    await first.read([register]);
    await first.close();
    expect(serialLines.holders(line.gatewayPath)).toBe(1);
    expect((await second.read([register])).values.get(register.id)).toBe(2222);
    await second.close();
    expect(serialLines.holders(line.gatewayPath)).toBe(0);
  });

  it('both recover after the device is switched off and on, and after the line is unplugged and plugged in', async () => {
    const first = slave(1, 17);
    const second = slave(2, 18);
    const register = variable('4x', '101', 'uint16');
    const both = () => Promise.all([readOn(first, [register]), readOn(second, [register])]);
    expect((await both()).map((a) => valueOf(a, register.id))).toEqual([54321, 2222]);

    // the device is switched off: the line stands, both slaves are silent
    await peer!.kill();
    peer = undefined;
    expect((await both()).map((a) => valueOf(a, register.id))).toEqual([1715, 1715]);
    expect([first.state(), second.state()]).toEqual([
      { ok: false, code: 1715 },
      { ok: false, code: 1715 },
    ]);
    peer = await startPeer({ serial: line.devicePath });
    const [back1, back2] = await Promise.all([
      readUntil(first, [register], (a) => valueOf(a, register.id) === 54321),
      readUntil(second, [register], (a) => valueOf(a, register.id) === 2222),
    ]);
    expect([valueOf(back1, register.id), valueOf(back2, register.id)]).toEqual([54321, 2222]);

    // the line is unplugged: the port is gone, then missing (1507), for both drivers
    await peer.kill();
    peer = undefined;
    await line.unplug();
    const [gone1, gone2] = await Promise.all([
      readUntil(first, [register], (a) => a === 1507),
      readUntil(second, [register], (a) => a === 1507),
    ]);
    expect([gone1, gone2]).toEqual([1507, 1507]);
    expect([first.state(), second.state()]).toEqual([
      { ok: false, code: 1507 },
      { ok: false, code: 1507 },
    ]);

    await line.plugIn();
    peer = await startPeer({ serial: line.devicePath });
    const [again1, again2] = await Promise.all([
      readUntil(first, [register], (a) => valueOf(a, register.id) === 54321),
      readUntil(second, [register], (a) => valueOf(a, register.id) === 2222),
    ]);
    expect([valueOf(again1, register.id), valueOf(again2, register.id)]).toEqual([54321, 2222]);
    expect([first.state(), second.state()]).toEqual([{ ok: true }, { ok: true }]);
    await first.write(variable('4x', '461', 'uint16'), 7);
    expect(await peer.get('hr', 461, 1, 1)).toEqual([7]);

    for (const id of [17, 18]) {
      const lines = said(id);
      expect(lines.slice(0, 3)).toEqual([
        ['info', 'driver connected', undefined],
        ['warn', 'driver connection lost', 1715],
        ['info', 'driver connection recovered', undefined],
      ]);
      // unplugged: lost (the slave silent, or the port closed), then the port missing, then back
      expect(lines[3]).toEqual(['warn', 'driver connection lost', expect.any(Number)]);
      // (when the port went before a read timed out, the lost line itself carries 1507)
      expect(lines.slice(3)).toContainEqual(['warn', expect.any(String), 1507]);
      expect(lines.at(-1)).toEqual(['info', 'driver connection recovered', undefined]);
    }
  });
});
