/**
 * The variables of a config, compiled for running: formulas compiled once, device variables
 * grouped by driver, derived variables (intermediate, internal, summary) in evaluation order.
 * What cannot run is reported as a problem with a catalogue code and, when the variable itself is
 * unusable, a `fault` the collector publishes as its quality code instead of a value.
 */
import { type CompiledFormula, Err, type GatewayConfig, compileFormula } from '@fieldhub/shared';
import type { DriverVariable } from '../drivers/driver';

export type VariableConfig = GatewayConfig['variables'][number];

/** A processed value: bits are 0/1, everything else a number or a text. */
export type Value = number | string;

/** Something in a config the gateway cannot run, as acknowledged on `up/config/ack`. */
export interface ConfigProblem {
  driverId?: number;
  variableId?: number;
  code: number;
  /** for the log only; the platform shows the code's catalogue message */
  detail?: string;
}

export interface RuntimeVariable {
  id: number;
  name: string;
  config: VariableConfig;
  /** what the driver needs to read or write it (device variables) */
  driverVariable: DriverVariable;
  collect?: CompiledFormula;
  write?: CompiledFormula;
  /** formula of an intermediate, internal or summary variable */
  formula?: CompiledFormula;
  /** start value of a derived variable, from `initialValue` */
  initial?: Value;
  /** quality code published instead of a value when the variable cannot be collected */
  fault?: number;
  /** code every write answers when the write formula is unusable */
  writeFault?: number;
}

export interface VariableModel {
  byId: Map<number, RuntimeVariable>;
  byName: Map<string, RuntimeVariable>;
  /** device variables per driver id, in config order */
  byDriver: Map<number, RuntimeVariable[]>;
  /** variables with a formula reading other variables, dependencies first */
  derived: RuntimeVariable[];
  problems: ConfigProblem[];
}

/** Raw values go into collection and write formulas as `x`. */
export const RAW_IDENTIFIER = 'x';

function compileOrNull(text: string): CompiledFormula | { error: string } | null {
  if (text.trim() === '') return null;
  const result = compileFormula(text);
  return result.ok ? result : { error: result.error.message.en };
}

/** The start value of a derived variable: a text for strings, else a finite number. */
export function parseInitial(config: VariableConfig): Value | undefined {
  const text = config.initialValue.trim();
  if (text === '') return undefined;
  if (config.dataType === 'string') return config.initialValue;
  const n = Number(text);
  if (!Number.isFinite(n)) return undefined;
  return config.dataType === 'bit' ? (n !== 0 ? 1 : 0) : n;
}

/**
 * Compiles the variables of a config. `driverIds` are the drivers that were created; a device
 * variable of any other driver cannot be collected (1504).
 */
export function buildVariableModel(config: GatewayConfig, driverIds: ReadonlySet<number>): VariableModel {
  const model: VariableModel = {
    byId: new Map(),
    byName: new Map(),
    byDriver: new Map(),
    derived: [],
    problems: [],
  };
  const problem = (variable: RuntimeVariable, code: number, detail?: string, fault = true) => {
    model.problems.push({ variableId: variable.id, code, ...(detail ? { detail } : {}) });
    if (fault) variable.fault ??= code;
  };
  const withFormula: RuntimeVariable[] = [];

  for (const config_ of config.variables) {
    const variable: RuntimeVariable = {
      id: config_.id,
      name: config_.name,
      config: config_,
      driverVariable: {
        id: config_.id,
        dataType: config_.dataType,
        stringLength: config_.stringLength,
        registerType: config_.registerType,
        address: config_.address,
        rw: config_.rw,
      },
    };
    if (model.byId.has(variable.id) || model.byName.has(variable.name)) {
      model.problems.push({ variableId: variable.id, code: Err.nameExists, detail: 'duplicate id or name' });
      continue;
    }
    model.byId.set(variable.id, variable);
    model.byName.set(variable.name, variable);

    const collect = compileOrNull(config_.collectFormula);
    if (collect && 'error' in collect)
      problem(variable, Err.parameterCheckFailed, `collection formula: ${collect.error}`);
    else if (collect?.references.identifiers.some((name) => name !== RAW_IDENTIFIER))
      problem(variable, Err.parameterCheckFailed, 'a collection formula reads only x');
    else if (collect) variable.collect = collect;

    const write = compileOrNull(config_.writeFormula);
    if (write && 'error' in write) {
      model.problems.push({ variableId: variable.id, code: Err.writeFormulaError, detail: write.error });
      variable.writeFault = Err.writeFormulaError;
    } else if (write) variable.write = write;

    if (config_.kind === 'device') {
      if (config_.driverId === null || !driverIds.has(config_.driverId)) problem(variable, Err.driverMissing);
      else if (config_.address.trim() === '') problem(variable, Err.variableAddressInvalid);
      else {
        const list = model.byDriver.get(config_.driverId) ?? [];
        list.push(variable);
        model.byDriver.set(config_.driverId, list);
      }
      continue;
    }
    variable.initial = parseInitial(config_);
    const formula = compileOrNull(config_.formula);
    if (formula && 'error' in formula) problem(variable, Err.intermediateFormulaError, formula.error);
    else if (formula) {
      variable.formula = formula;
      withFormula.push(variable);
    }
  }

  for (const variable of withFormula) {
    const missing = variable.formula!.references.identifiers.filter((name) => !model.byName.has(name));
    if (missing.length > 0) problem(variable, Err.variableNotFound, `unknown ${missing.join(', ')}`);
  }
  model.derived = orderDerived(
    withFormula.filter((v) => v.fault === undefined),
    (cyclic) => problem(cyclic, Err.intermediateFormulaError, 'circular reference'),
  );
  return model;
}

/** Kahn's order over derived variables; those left in a cycle are reported and left out. */
function orderDerived(
  derived: RuntimeVariable[],
  onCycle: (variable: RuntimeVariable) => void,
): RuntimeVariable[] {
  const byName = new Map(derived.map((v) => [v.name, v]));
  const pending = new Map<RuntimeVariable, number>();
  const dependents = new Map<string, RuntimeVariable[]>();
  for (const variable of derived) {
    const inputs = variable.formula!.references.identifiers.filter((name) => byName.has(name));
    pending.set(variable, inputs.length);
    for (const name of inputs) dependents.set(name, [...(dependents.get(name) ?? []), variable]);
  }
  const ready = derived.filter((v) => pending.get(v) === 0);
  const ordered: RuntimeVariable[] = [];
  while (ready.length > 0) {
    const next = ready.shift()!;
    ordered.push(next);
    for (const dependent of dependents.get(next.name) ?? []) {
      const left = pending.get(dependent)! - 1;
      pending.set(dependent, left);
      if (left === 0) ready.push(dependent);
    }
  }
  for (const variable of derived) if (!ordered.includes(variable)) onCycle(variable);
  return ordered;
}
