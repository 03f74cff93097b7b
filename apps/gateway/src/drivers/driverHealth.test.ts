import { describe, expect, it } from 'vitest';
import { type LogFields, type Logger, createLogger } from '../runtime/log';
import { DriverError, type DriverVariable, type FieldDriver, type ReadResult } from './driver';
import { watchDriver } from './driverHealth';

/** A driver whose next answers the test decides: a failure code thrown, per-variable errors, or values. */
class ScriptedDriver implements FieldDriver {
  readonly id = 4;
  ok = false;
  code: number | undefined = undefined;
  /** thrown by the next read or write */
  failure: DriverError | undefined;
  errors = new Map<number, number>();
  async read(variables: readonly DriverVariable[]): Promise<ReadResult> {
    if (this.failure) throw this.failure;
    const values = new Map(variables.filter((v) => !this.errors.has(v.id)).map((v) => [v.id, 1] as const));
    return { values, errors: new Map(this.errors) };
  }
  async write(): Promise<void> {
    if (this.failure) throw this.failure;
  }
  state() {
    return this.ok ? { ok: true } : { ok: false, ...(this.code !== undefined ? { code: this.code } : {}) };
  }
  async close() {}

  up() {
    this.ok = true;
    this.code = undefined;
    this.failure = undefined;
    this.errors = new Map();
  }
  down(code: number, message?: string) {
    this.ok = false;
    this.code = code;
    this.failure = message === undefined ? undefined : new DriverError(code, message);
  }
}

const variable: DriverVariable = {
  id: 1,
  dataType: 'uint16',
  stringLength: null,
  registerType: '4x',
  address: '0',
  rw: 'rw',
};

function setup() {
  const lines: Array<{ level: string; msg: string } & LogFields> = [];
  const log: Logger = createLogger('debug', {}, (line) => lines.push(JSON.parse(line)));
  const clock = { now: 1_000_000, mono: 0 };
  const inner = new ScriptedDriver();
  const watched = watchDriver(inner, { log, now: () => clock.now, monotonic: () => clock.mono });
  const read = () => watched.read([variable]).catch(() => undefined);
  const said = () => lines.map(({ level, msg, code }) => [level, msg, code]);
  return { inner, watched, clock, lines, read, said };
}

describe('a driver under watch', () => {
  it('logs connected, a lost connection with its code and reason, and the recovery with how long it was down', async () => {
    const { inner, watched, clock, lines, read, said } = setup();
    inner.up();
    await read();
    await read();
    clock.now += 5_000;
    inner.down(1503, 'connect ECONNREFUSED 10.0.0.7:502');
    await read();
    await read(); // still down with the same fault: nothing more to say
    clock.now += 12_000;
    inner.up();
    await read();
    expect(said()).toEqual([
      ['info', 'driver connected', undefined],
      ['warn', 'driver connection lost', 1503],
      ['info', 'driver connection recovered', undefined],
    ]);
    expect(lines[1]).toMatchObject({ reason: 'connect ECONNREFUSED 10.0.0.7:502' });
    expect(lines[2]).toMatchObject({ downMs: 12_000 });
    expect(watched.diagnostics()).toEqual({
      state: 'connected',
      since: clock.now,
      lastReadAt: clock.now,
      lastErrorCode: 1503,
      lastErrorAt: clock.now - 12_000,
      requests: 5,
      errors: 2,
    });
  });

  it('logs a port that cannot be opened as a failure to connect, and a change of fault while down', async () => {
    const { inner, watched, read, said, lines } = setup();
    expect(watched.diagnostics()).toMatchObject({ state: 'starting', requests: 0, errors: 0 });
    inner.down(1506, 'Error Resource temporarily unavailable Cannot lock port');
    await read();
    inner.down(1507, 'Error: No such file or directory, cannot open /dev/ttyUSB0');
    await read();
    expect(said()).toEqual([
      ['warn', 'driver cannot connect', 1506],
      ['warn', 'driver still down, with another fault', 1507],
    ]);
    expect(lines[0]).toMatchObject({ reason: 'Error Resource temporarily unavailable Cannot lock port' });
    expect(watched.diagnostics()).toMatchObject({
      state: 'down',
      lastErrorCode: 1507,
      requests: 2,
      errors: 2,
    });
  });

  it('counts a read with a faulty variable as an error without calling the connection lost', async () => {
    const { inner, watched, read, said } = setup();
    inner.up();
    inner.errors.set(variable.id, 1708);
    await read();
    // a silent device: the read answers 1715 per variable, the driver's state says why
    inner.ok = false;
    inner.code = 1715;
    inner.errors.set(variable.id, 1715);
    await read();
    expect(said()).toEqual([
      ['info', 'driver connected', undefined],
      ['warn', 'driver connection lost', 1715],
    ]);
    expect(watched.diagnostics()).toMatchObject({ lastErrorCode: 1715, requests: 2, errors: 2 });
    expect(watched.diagnostics().lastReadAt).toBeUndefined();
  });

  it('logs at most ten changes a minute of a flapping driver, then the state it is in with the count left out', async () => {
    const { inner, clock, read, said, lines } = setup();
    for (let i = 0; i < 30; i++) {
      clock.mono += 1_000;
      if (i % 2 === 0) inner.up();
      else inner.down(1715);
      await read();
    }
    expect(said()).toHaveLength(10);
    // the minute of the first line has passed: the next read tells where the driver is now
    clock.mono = 61_000;
    await read();
    expect(said()).toHaveLength(11);
    expect(lines[10]).toMatchObject({ level: 'warn', msg: 'driver down', code: 1715, suppressed: 20 });
    clock.mono += 1_000;
    await read();
    expect(said()).toHaveLength(11);
  });

  it('counts writes and their failures', async () => {
    const { inner, watched } = setup();
    inner.up();
    await watched.write(variable, 1);
    inner.down(2002, 'read-only');
    inner.ok = true;
    await expect(watched.write(variable, 1)).rejects.toMatchObject({ code: 2002 });
    expect(watched.diagnostics()).toMatchObject({
      state: 'connected',
      requests: 2,
      errors: 1,
      lastErrorCode: 2002,
    });
  });
});
