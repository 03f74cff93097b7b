/**
 * The simulated plant read and written through the Modbus driver, with the variables of the demo
 * devices taken from the server's seed (apps/server/src/seed/demoDevices.ts), so the two cannot
 * drift apart unnoticed.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { DataType } from '@fieldhub/shared';
import { createModbusDriver } from '../../src/drivers/modbus';
import { DriverError, type DriverVariable, type FieldDriver } from '../../src/drivers/driver';
import { type SimulatedPlant, startSimulatedPlant } from '../../src/simulate';
import { tcpDriver } from './peer';

const seed = readFileSync(new URL('../../../server/src/seed/demoDevices.ts', import.meta.url), 'utf8');
const DEMO =
  /name: '(\w+)',[^{}]*?dataType: '(\w+)',\s*registerType: '(\w+)',\s*address: '(\d+)',\s*rw: '(\w+)'/g;

/** The demo variables by name, as the seed defines them (the seed's driver: slave 1, ABCD). */
const demo: Record<string, DriverVariable> = Object.fromEntries(
  [...seed.matchAll(DEMO)].map(([, name, dataType, registerType, address, rw], i) => [
    name,
    {
      id: i + 1,
      dataType: dataType as DataType,
      stringLength: null,
      registerType: registerType!,
      address: address!,
      rw: rw as 'rw' | 'r',
    },
  ]),
);

let plant: SimulatedPlant | undefined;
let driver: FieldDriver | undefined;

async function start(options: { tickMs?: number; speed?: number; random?: () => number } = {}) {
  plant = await startSimulatedPlant({ port: 0, ...options });
  driver = createModbusDriver(tcpDriver(plant.port, { slaveId: 1 }));
  return driver;
}

async function readAll(on: FieldDriver): Promise<Record<string, unknown>> {
  const { values, errors } = await on.read(Object.values(demo));
  expect(Object.fromEntries(errors)).toEqual({});
  return Object.fromEntries(Object.entries(demo).map(([name, v]) => [name, values.get(v.id)]));
}

async function codeOf(work: Promise<unknown>): Promise<number | string> {
  return work.then(
    () => 'resolved',
    (err: unknown) => (err instanceof DriverError ? err.code : String(err)),
  );
}

afterEach(async () => {
  await driver?.close();
  await plant?.close();
  driver = plant = undefined;
});

describe('the simulated plant', () => {
  it('serves every variable of the demo devices at its address', async () => {
    expect(Object.keys(demo).sort()).toEqual(
      [
        'energy',
        'flow',
        'level_setpoint',
        'power',
        'pressure',
        'pump_run',
        'state',
        'tank_level',
        'temp_in',
        'temp_out',
      ].sort(),
    );
    const values = await readAll(await start());
    expect(values.tank_level).toBeCloseTo(4.2, 1);
    expect(values.level_setpoint).toBe(5);
    expect(values.pump_run).toBe(0);
    expect(values.flow).toBe(0);
    expect(values.temp_out).toBeCloseTo(78, 0);
    expect(values.temp_in).toBeCloseTo(58, 0);
    expect(values.pressure).toBeCloseTo(0.45, 2);
    expect(values.state).toBe(1);
    expect(values.energy).toBe(12_345_678);
    expect(values.power).toBe(320);
  });

  it('moves its values every tick', async () => {
    const on = await start({ tickMs: 50, speed: 10 });
    const before = await readAll(on);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const after = await readAll(on);
    expect(after.tank_level).not.toBe(before.tank_level);
    expect(after.temp_out).not.toBe(before.temp_out);
    expect(after.energy as number).toBeGreaterThan(before.energy as number);
  });

  it('takes the level set point and the pump coil written through the driver', async () => {
    const on = await start({ tickMs: 50, random: () => 0.5 });
    await on.write(demo.level_setpoint!, 2);
    expect((await readAll(on)).level_setpoint).toBe(2);
    // The tank (4.2 m) is now above set point + band: the automatic control starts the pump.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const pumping = await readAll(on);
    expect(pumping.pump_run).toBe(1);
    expect(pumping.flow as number).toBeGreaterThan(50);

    await on.write(demo.pump_run!, 0);
    expect((await readAll(on)).pump_run).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const stopped = await readAll(on);
    expect([stopped.pump_run, stopped.flow]).toEqual([0, 0]);
    expect(plant?.snapshot().pumpRun).toBe(false);
  });

  it('refuses a set point outside the tank with 1709 and writes to measured values with 1708', async () => {
    const on = await start();
    expect(await codeOf(on.write(demo.level_setpoint!, 12))).toBe(1709);
    expect((await readAll(on)).level_setpoint).toBe(5);
    expect(await codeOf(on.write({ ...demo.tank_level!, rw: 'rw' }, 3))).toBe(1708);
    expect(await codeOf(on.write(demo.tank_level!, 3))).toBe(2002);
  });

  it('answers only slave 1, like the demo driver is set', async () => {
    plant = await startSimulatedPlant({ port: 0 });
    driver = createModbusDriver(tcpDriver(plant.port, { slaveId: 2, commWaitMs: 200 }));
    const { errors } = await driver.read([demo.state!]);
    expect([...errors.values()]).toEqual([1715]);
  });
});
