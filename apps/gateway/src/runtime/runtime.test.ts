import { type GatewayConfig, gatewayConfigSchema } from '@fieldhub/shared';
import { until as waitUntil } from '@fieldhub/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { DriverError, type DriverVariable, type FieldDriver, type RawValue } from '../drivers/driver';
import { silentLogger } from './log';
import { GatewayRuntime } from './runtime';
import type { TelemetryEntry } from './valueStore';
import { deviceVariable } from '../../test/support/configs';

/** A driver whose field values the test sets; records what was written. */
class FakeDriver implements FieldDriver {
  readonly values = new Map<number, RawValue>();
  readonly errors = new Map<number, number>();
  readonly writes: Array<{ id: number; value: RawValue }> = [];
  constructor(readonly id: number) {}
  async read(variables: readonly DriverVariable[]) {
    const values = new Map<number, RawValue>();
    const errors = new Map<number, number>();
    for (const v of variables) {
      if (this.errors.has(v.id)) errors.set(v.id, this.errors.get(v.id)!);
      else if (this.values.has(v.id)) values.set(v.id, this.values.get(v.id)!);
    }
    return { values, errors };
  }
  async write(variable: DriverVariable, value: RawValue) {
    if (this.errors.has(variable.id)) throw new DriverError(this.errors.get(variable.id)!);
    this.writes.push({ id: variable.id, value });
    this.values.set(variable.id, value);
  }
  state() {
    return { ok: true };
  }
  async close() {}
}

type VariableInput = Partial<GatewayConfig['variables'][number]> & { id: number; name: string };
function config(variables: VariableInput[], extra: Partial<GatewayConfig> = {}): GatewayConfig {
  return gatewayConfigSchema.parse({
    drivers: [{ id: 1, name: 'plc', protocol: 'modbus-tcp', ip: '127.0.0.1', minCollectMs: 50 }],
    variables: variables.map((v) => deviceVariable(v.id, v.name, String(v.id), v)),
    reports: [],
    scripts: [],
    ...extra,
  });
}

let runtime: GatewayRuntime;
let driver: FakeDriver;
let sent: TelemetryEntry[];
afterEach(() => runtime?.stop());

function start() {
  driver = new FakeDriver(1);
  sent = [];
  runtime = new GatewayRuntime({
    createDriver: () => driver,
    telemetry: (_ts, entries) => sent.push(...entries),
    report: () => {},
    log: silentLogger,
  });
  return runtime;
}

const until = (check: () => boolean, ms = 2000) => waitUntil('what the runtime sends', check, ms, 10);
const sentFor = (id: number) => sent.filter((e) => e.id === id);

describe('GatewayRuntime collection', () => {
  it('applies the collection formula and flags a value outside the collection limits with 99906', async () => {
    start();
    await runtime.apply(config([{ id: 10, name: 'level', collectFormula: 'x*0.1+5', collectUpper: 20 }]));
    driver.values.set(10, 100);
    await until(() => sentFor(10).length > 0);
    expect(sentFor(10)[0]).toEqual({ id: 10, value: 15 });
    driver.values.set(10, 200);
    await until(() => sentFor(10).length > 1);
    expect(sentFor(10)[1]).toEqual({ id: 10, value: 25, q: 99906 });
  });

  it('sends a change only when it moves more than the deadband', async () => {
    start();
    await runtime.apply(config([{ id: 10, name: 'temp', deadband: 0.5 }]));
    driver.values.set(10, 20);
    await until(() => sentFor(10).length === 1);
    driver.values.set(10, 20.4);
    await new Promise((r) => setTimeout(r, 200));
    expect(sentFor(10)).toHaveLength(1);
    driver.values.set(10, 20.6);
    await until(() => sentFor(10).length === 2);
    expect(sentFor(10)[1]!.value).toBe(20.6);
  });

  it('reports a read error as the quality code and clears it when the value returns', async () => {
    start();
    await runtime.apply(config([{ id: 10, name: 'flow' }]));
    driver.errors.set(10, 1715);
    await until(() => sentFor(10).length === 1);
    expect(sentFor(10)[0]).toEqual({ id: 10, q: 1715 });
    await new Promise((r) => setTimeout(r, 150));
    expect(sentFor(10)).toHaveLength(1); // the same fault is not repeated every cycle
    driver.errors.delete(10);
    driver.values.set(10, 3);
    await until(() => sentFor(10).length === 2);
    expect(sentFor(10)[1]).toEqual({ id: 10, value: 3 });
  });

  it('evaluates intermediate variables by name when their inputs change', async () => {
    start();
    await runtime.apply(
      config([
        { id: 10, name: 'a' },
        { id: 11, name: 'b' },
        { id: 20, name: 'total', kind: 'intermediate', driverId: null, address: '', formula: 'a + b' },
        { id: 21, name: 'double', kind: 'intermediate', driverId: null, address: '', formula: 'total * 2' },
      ]),
    );
    driver.values.set(10, 1).set(11, 2);
    await until(() => sentFor(21).length > 0);
    expect(sentFor(20).at(-1)!.value).toBe(3);
    expect(sentFor(21).at(-1)!.value).toBe(6);
    driver.values.set(11, 5);
    await until(() => sentFor(21).at(-1)!.value === 12);
  });

  it('flags a reading that is not a finite number with 1722 and sends no value for it', async () => {
    start();
    await runtime.apply(
      config([
        { id: 10, name: 'f' },
        { id: 11, name: 'g', collectFormula: 'x / 0' },
      ]),
    );
    driver.values.set(10, NaN).set(11, 4);
    await until(() => sentFor(10).length > 0 && sentFor(11).length > 0);
    expect(sentFor(10)).toEqual([{ id: 10, q: 1722 }]);
    expect(sentFor(11)).toEqual([{ id: 11, q: 1722 }]);
  });

  it('lists a driver that could not be started in the driver states with its code', async () => {
    start();
    const failing = new GatewayRuntime({
      createDriver: (c) => {
        if (c.id === 2) throw new DriverError(1503, 'unreachable');
        return driver;
      },
      telemetry: () => {},
      report: () => {},
      log: silentLogger,
    });
    const withTwo = config([]);
    withTwo.drivers.push({ ...withTwo.drivers[0]!, id: 2 });
    const problems = await failing.apply(withTwo);
    expect(problems).toEqual([{ driverId: 2, code: 1503, detail: 'unreachable' }]);
    expect(failing.driverStates()).toEqual([
      { id: 1, ok: true },
      { id: 2, ok: false, code: 1503 },
    ]);
    await failing.stop();
  });

  it('names what it cannot run: unknown driver 1504, circular formulas 2609, unknown names 1714', async () => {
    start();
    const problems = await runtime.apply(
      config([
        { id: 10, name: 'orphan', driverId: 9 },
        { id: 20, name: 'p', kind: 'intermediate', driverId: null, formula: 'q + 1' },
        { id: 21, name: 'q', kind: 'intermediate', driverId: null, formula: 'p + 1' },
        { id: 22, name: 'r', kind: 'intermediate', driverId: null, formula: 'nothing * 2' },
        { id: 23, name: 's', collectFormula: 'x +' },
      ]),
    );
    expect(problems.map(({ variableId, code }) => [variableId, code])).toEqual(
      expect.arrayContaining([
        [10, 1504],
        [20, 2609],
        [21, 2609],
        [22, 1714],
        [23, 10001],
      ]),
    );
  });
});

describe('GatewayRuntime writes', () => {
  it('refuses a read-only variable with 2002 and values beyond the write limits with 2003 and 2004', async () => {
    start();
    await runtime.apply(
      config([
        { id: 10, name: 'ro', rw: 'r' },
        { id: 11, name: 'sp', writeUpper: 100, writeLower: 0 },
      ]),
    );
    expect(await runtime.write(10, 1)).toEqual({ ok: false, code: 2002 });
    expect(await runtime.write(11, 101)).toEqual({ ok: false, code: 2003 });
    expect(await runtime.write(11, -1)).toEqual({ ok: false, code: 2004 });
    expect(await runtime.write(99, 1)).toEqual({ ok: false, code: 1714 });
    expect(driver.writes).toEqual([]);
  });

  it('applies the write formula before the driver and answers its fault code', async () => {
    start();
    await runtime.apply(
      config([
        { id: 11, name: 'sp', writeFormula: '(x - 5) * 10' },
        { id: 12, name: 'bad', writeFormula: '(x' },
        { id: 13, name: 'i16', dataType: 'int16' },
      ]),
    );
    expect(await runtime.write(11, 7)).toEqual({ ok: true });
    expect(driver.writes).toEqual([{ id: 11, value: 20 }]);
    expect(await runtime.write(12, 1)).toEqual({ ok: false, code: 2005 });
    expect(await runtime.write(13, 40000)).toEqual({ ok: false, code: 99906 });
    expect(await runtime.write(13, 'abc')).toEqual({ ok: false, code: 1722 });
    driver.errors.set(11, 1709);
    expect(await runtime.write(11, 7)).toEqual({ ok: false, code: 1709 });
  });

  it('keeps a written internal variable and sends it', async () => {
    start();
    await runtime.apply(
      config([{ id: 30, name: 'mode', kind: 'internal', driverId: null, initialValue: '1', formula: '1' }]),
    );
    expect(sentFor(30)).toEqual([{ id: 30, value: 1 }]);
    expect(await runtime.write(30, 4)).toEqual({ ok: true });
    expect(sentFor(30).at(-1)).toEqual({ id: 30, value: 4 });
    expect(await runtime.read([30])).toEqual({ values: { 30: 4 }, q: {} });
  });
});
