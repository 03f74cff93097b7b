/**
 * The gateway runtime: runs one config — drivers and their collection loops, derived variables,
 * reports and scripts — and executes reads and writes. Everything it produces leaves through two
 * callbacks, `telemetry` and `report`; it knows nothing of MQTT.
 */
import { type DriverStatus, Err, type GatewayConfig, type ReportRecordMessage } from '@fieldhub/shared';
import { DriverError, type DriverConfig, type FieldDriver } from '../drivers/driver';
import { ReportEngine, type ReportSample } from '../reports/reportEngine';
import type { SandboxLimits } from '../scripts/sandbox';
import { ScriptEngine } from '../scripts/scriptEngine';
import { type CycleResult, DriverCollector, driverErrorCode, readVariables } from './collector';
import type { Logger } from './log';
import { limitFlag, prepareWrite, resolverOf } from './valuePipeline';
import { type TelemetryEntry, ValueStore } from './valueStore';
import {
  type ConfigProblem,
  type RuntimeVariable,
  type Value,
  type VariableModel,
  buildVariableModel,
} from './variableModel';

export interface RuntimeDeps {
  createDriver: (config: DriverConfig) => FieldDriver | Promise<FieldDriver>;
  telemetry: (ts: number, entries: TelemetryEntry[]) => void;
  report: (record: ReportRecordMessage) => void;
  /** a driver's connection state changed (for the status message) */
  driverStateChanged?: () => void;
  log: Logger;
  scriptLimits?: SandboxLimits;
  /** the time values are dated by: the gateway's clock corrected by the platform (GatewayClock) */
  now?: () => number;
}

export type WriteOutcome = { ok: true } | { ok: false; code: number };

export interface ReadOutcome {
  values: Record<string, Value>;
  q: Record<string, number>;
}

interface RunningDriver {
  driver: FieldDriver;
  /** the driver's config as JSON: an identical driver survives a config change */
  key: string;
  /** the state last told: 'ok', or 'down' with the fault's code */
  lastState?: string;
}

const EMPTY_MODEL: VariableModel = {
  byId: new Map(),
  byName: new Map(),
  byDriver: new Map(),
  derived: [],
  problems: [],
};

export class GatewayRuntime {
  private drivers = new Map<number, RunningDriver>();
  /** drivers of the config that could not be created, with the code why */
  private failedDrivers = new Map<number, number>();
  private model = EMPTY_MODEL;
  private readonly store = new ValueStore();
  private collectors: DriverCollector[] = [];
  private reports: ReportEngine | undefined;
  private scripts: ScriptEngine | undefined;

  private readonly now: () => number;

  constructor(private readonly deps: RuntimeDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** Stops what runs and starts `config`; answers what could not be started. */
  async apply(config: GatewayConfig): Promise<ConfigProblem[]> {
    await this.stopActivities();
    const problems: ConfigProblem[] = [];
    this.failedDrivers = new Map();
    const next = new Map<number, RunningDriver>();
    for (const driverConfig of config.drivers) {
      if (next.has(driverConfig.id)) {
        problems.push({ driverId: driverConfig.id, code: Err.nameExists, detail: 'duplicate driver id' });
        continue;
      }
      const key = JSON.stringify(driverConfig);
      const old = this.drivers.get(driverConfig.id);
      if (old?.key === key) {
        next.set(driverConfig.id, old);
        continue;
      }
      try {
        next.set(driverConfig.id, { driver: await this.deps.createDriver(driverConfig), key });
      } catch (error) {
        const code = error instanceof DriverError ? error.code : Err.driverMissing;
        problems.push({ driverId: driverConfig.id, code, detail: (error as Error).message });
        this.failedDrivers.set(driverConfig.id, code);
      }
    }
    await this.closeDrivers([...this.drivers.values()].filter((d) => ![...next.values()].includes(d)));
    this.drivers = next;

    const model = buildVariableModel(config, new Set(next.keys()));
    this.model = model;
    this.store.clear();
    this.reports = new ReportEngine(config.reports, model, {
      value: (id) => this.store.value(id),
      valueByName: (name) => this.valueByName(name),
      emit: this.deps.report,
      log: this.deps.log,
      now: this.now,
    });
    this.scripts = new ScriptEngine(config.scripts, model, {
      values: () => this.valuesByName(),
      valueByName: (name) => this.valueByName(name),
      write: async (name, value) => {
        const outcome = await this.writeByName(name, value);
        return outcome.ok ? 0 : outcome.code;
      },
      log: this.deps.log,
      ...(this.deps.scriptLimits ? { limits: this.deps.scriptLimits } : {}),
    });
    problems.push(...model.problems, ...this.reports.problems, ...this.scripts.problems);

    this.startValues(model);
    for (const [driverId, variables] of model.byDriver) {
      const running = next.get(driverId)!;
      const periodMs = config.drivers.find((d) => d.id === driverId)?.minCollectMs ?? 1000;
      const collector = new DriverCollector(
        running.driver,
        variables,
        periodMs,
        (result, ts) => {
          this.ingest(result, ts);
          this.noticeDriverState(running);
        },
        this.deps.log,
        this.now,
      );
      this.collectors.push(collector);
      collector.start();
    }
    this.reports.start();
    this.scripts.start();
    return problems;
  }

  /** Start values of derived variables and the quality codes of variables that cannot run. */
  private startValues(model: VariableModel): void {
    const ts = this.now();
    const start: CycleResult = [];
    for (const variable of model.byId.values()) {
      if (variable.fault !== undefined) start.push({ variable, sample: { q: variable.fault } });
      else if (variable.initial !== undefined)
        start.push({
          variable,
          sample: { value: variable.initial, ...limitFlag(variable, variable.initial) },
        });
    }
    this.ingest(start, ts, new Set(), true);
  }

  /**
   * Takes samples in: stores them, re-evaluates the derived variables that read a changed one,
   * and hands what is to be sent, sampled and watched to telemetry, reports and scripts.
   */
  private ingest(results: CycleResult, ts: number, changed = new Set<string>(), evaluateAll = false): void {
    const entries: TelemetryEntry[] = [];
    const samples: ReportSample[] = [];
    const take = (variable: RuntimeVariable, sample: CycleResult[number]['sample']) => {
      const effect = this.store.record(variable, sample, ts);
      if (effect.entry) entries.push(effect.entry);
      if (effect.changed) changed.add(variable.name);
      if (sample.value !== undefined)
        samples.push({ id: variable.id, value: sample.value, changed: effect.changed });
    };
    for (const { variable, sample } of results) take(variable, sample);
    if (changed.size > 0 || evaluateAll) {
      for (const variable of this.model.derived) {
        const inputs = variable.formula!.references.identifiers;
        if (!evaluateAll && !inputs.some((name) => changed.has(name))) continue;
        const result = variable.formula!.evaluate(resolverOf((name) => this.valueByName(name)));
        if (typeof result === 'number' && Number.isNaN(result)) continue; // inputs not known yet
        take(variable, { value: result, ...limitFlag(variable, result) });
      }
    }
    if (entries.length > 0) this.deps.telemetry(ts, entries);
    if (samples.length > 0) this.reports?.onSamples(samples, ts);
    this.scripts?.onChanged(changed);
  }

  /** A driver that came up, went down or changed its fault is told in the next status. */
  private noticeDriverState(running: RunningDriver): void {
    const state = running.driver.state();
    const seen = state.ok ? 'ok' : `down ${state.code}`;
    if (running.lastState === seen) return;
    running.lastState = seen;
    this.deps.driverStateChanged?.();
  }

  private valueByName(name: string): Value | undefined {
    const variable = this.model.byName.get(name);
    return variable ? this.store.value(variable.id) : undefined;
  }

  /** Every variable's current value, by name (what scripts read). */
  valuesByName(): Record<string, Value> {
    const out: Record<string, Value> = {};
    for (const variable of this.model.byId.values()) {
      const value = this.store.value(variable.id);
      if (value !== undefined) out[variable.name] = value;
    }
    return out;
  }

  /** Writes a value entered by a user or a script through limits, formula and the driver. */
  async write(variableId: number, input: unknown): Promise<WriteOutcome> {
    const variable = this.model.byId.get(variableId);
    if (!variable) return { ok: false, code: Err.variableNotFound };
    const prepared = prepareWrite(variable, input);
    if (!prepared.ok) return prepared;
    if (variable.config.kind !== 'device') {
      this.ingest(
        [{ variable, sample: { value: prepared.value, ...limitFlag(variable, prepared.value) } }],
        this.now(),
      );
      return { ok: true };
    }
    const running =
      variable.config.driverId === null ? undefined : this.drivers.get(variable.config.driverId);
    if (!running) return { ok: false, code: Err.driverMissing };
    if (variable.fault !== undefined) return { ok: false, code: variable.fault };
    try {
      await running.driver.write(variable.driverVariable, prepared.raw);
    } catch (error) {
      return { ok: false, code: driverErrorCode(error) };
    }
    void this.read([variable.id]).catch(() => undefined); // show the written value without waiting a cycle
    return { ok: true };
  }

  async writeByName(name: string, input: unknown): Promise<WriteOutcome> {
    const variable = this.model.byName.get(name);
    return variable ? this.write(variable.id, input) : { ok: false, code: Err.variableNotFound };
  }

  /** Reads variables now (device variables from the field, others from memory). */
  async read(variableIds: readonly number[]): Promise<ReadOutcome> {
    const outcome: ReadOutcome = { values: {}, q: {} };
    const byDriver = new Map<number, RuntimeVariable[]>();
    for (const id of variableIds) {
      const variable = this.model.byId.get(id);
      const driverId = variable?.config.driverId;
      if (!variable) outcome.q[id] = Err.variableNotFound;
      else if (variable.fault !== undefined) outcome.q[id] = variable.fault;
      else if (variable.config.kind === 'device' && driverId !== null && driverId !== undefined) {
        byDriver.set(driverId, [...(byDriver.get(driverId) ?? []), variable]);
      } else {
        const value = this.store.value(id);
        if (value !== undefined) outcome.values[id] = value;
        const q = this.store.quality(id);
        if (q !== undefined) outcome.q[id] = q;
      }
    }
    await Promise.all(
      [...byDriver].map(async ([driverId, variables]) => {
        const running = this.drivers.get(driverId);
        if (!running) return variables.forEach((v) => (outcome.q[v.id] = Err.driverMissing));
        const result = await readVariables(running.driver, variables);
        for (const { variable, sample } of result) {
          if (sample.value !== undefined) outcome.values[variable.id] = sample.value;
          if (sample.q !== undefined) outcome.q[variable.id] = sample.q;
        }
        this.ingest(result, this.now());
      }),
    );
    return outcome;
  }

  /** Connection state of every driver with its diagnostics, for the status message. */
  driverStates(): DriverStatus[] {
    const running = [...this.drivers].map(([id, { driver }]) => {
      const state = driver.state();
      return {
        id,
        ok: state.ok,
        ...(state.code !== undefined ? { code: state.code } : {}),
        ...driver.diagnostics?.(),
      };
    });
    const failed = [...this.failedDrivers].map(([id, code]) => ({ id, ok: false, code }));
    return [...running, ...failed].sort((a, b) => a.id - b.id);
  }

  private async stopActivities(): Promise<void> {
    const collectors = this.collectors;
    this.collectors = [];
    await Promise.all(collectors.map((c) => c.stop()));
    this.reports?.stop();
    this.reports = undefined;
    const scripts = this.scripts;
    this.scripts = undefined;
    await scripts?.stop();
  }

  private async closeDrivers(drivers: RunningDriver[]): Promise<void> {
    await Promise.all(
      drivers.map((d) =>
        d.driver
          .close()
          .catch((error: unknown) =>
            this.deps.log.warn('driver close failed', { driverId: d.driver.id, error }),
          ),
      ),
    );
  }

  async stop(): Promise<void> {
    await this.stopActivities();
    await this.closeDrivers([...this.drivers.values()]);
    this.drivers.clear();
    this.failedDrivers.clear();
    this.model = EMPTY_MODEL;
  }
}
