/**
 * When gateway scripts run (docs/requirements/device-configuration.md §6.1 execution strategies):
 * - start: once, when the config starts;
 * - periodic: every `intervalS`;
 * - conditional: `condition` (a formula over variable names) is checked every `intervalS`; the
 *   script runs each time it turns true;
 * - change: `condition` lists variable names (comma separated); the script runs when any changes.
 * A trigger that arrives while the script is still running is skipped, not queued, so a slow
 * script cannot pile up runs.
 */
import { type CompiledFormula, Err, type GatewayConfig, compileFormula } from '@fieldhub/shared';
import { isTruthy, resolverOf } from '../runtime/valuePipeline';
import type { Logger } from '../runtime/log';
import type { ConfigProblem, Value, VariableModel } from '../runtime/variableModel';
import { DEFAULT_SANDBOX_LIMITS, type SandboxLimits, ScriptSandbox } from './sandbox';

export type ScriptConfig = GatewayConfig['scripts'][number];

export interface ScriptDeps {
  /** every variable's current value, by name */
  values(): Record<string, Value>;
  valueByName(name: string): Value | undefined;
  /** the gateway's write path; answers 0 or a catalogue code */
  write(name: string, value: number | string | boolean): Promise<number>;
  log: Logger;
  limits?: SandboxLimits;
}

class ScriptRunner {
  private readonly sandbox: ScriptSandbox;
  private timer: NodeJS.Timeout | undefined;
  private busy = false;
  private conditionWasTrue = false;
  private stopped = false;
  readonly watched: ReadonlySet<string>;

  constructor(
    private readonly script: ScriptConfig,
    private readonly condition: CompiledFormula | undefined,
    watched: string[],
    private readonly deps: ScriptDeps,
  ) {
    this.watched = new Set(watched);
    const log = deps.log.child({ scriptId: script.id });
    this.sandbox = new ScriptSandbox(
      script.body,
      { write: deps.write, log: (level, text) => log[level]('script log', { text }) },
      deps.limits ?? DEFAULT_SANDBOX_LIMITS,
    );
  }

  start(): void {
    const everyMs = (this.script.intervalS ?? 0) * 1000;
    switch (this.script.strategy) {
      case 'start':
        this.trigger('start');
        return;
      case 'periodic':
        this.timer = setInterval(() => this.trigger('periodic'), everyMs);
        return;
      case 'conditional':
        this.timer = setInterval(() => this.checkCondition(), everyMs);
        return;
      case 'change':
        return;
    }
  }

  private checkCondition(): void {
    const isTrue = isTruthy(this.condition!.evaluate(resolverOf(this.deps.valueByName)));
    if (isTrue && !this.conditionWasTrue) this.trigger('condition');
    this.conditionWasTrue = isTrue;
  }

  onChanged(names: ReadonlySet<string>): void {
    for (const name of this.watched) {
      if (names.has(name)) {
        this.trigger('change');
        return;
      }
    }
  }

  private trigger(cause: string): void {
    if (this.stopped) return;
    if (this.busy) {
      this.deps.log.debug('script run skipped: still running', { scriptId: this.script.id, cause });
      return;
    }
    this.busy = true;
    void this.sandbox.run(this.deps.values()).then((outcome) => {
      this.busy = false;
      if (!outcome.ok && !this.stopped) {
        this.deps.log.warn('script run failed', { scriptId: this.script.id, cause, ...outcome });
      }
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.sandbox.close();
  }
}

export class ScriptEngine {
  private readonly runners: ScriptRunner[] = [];
  readonly problems: ConfigProblem[] = [];

  constructor(scripts: readonly ScriptConfig[], model: VariableModel, deps: ScriptDeps) {
    for (const script of scripts) {
      const problem = (code: number, detail: string) => {
        this.problems.push({ code, detail: `script ${script.id}: ${detail}` });
        deps.log.warn('script not run', { scriptId: script.id, code, detail });
      };
      const timed = script.strategy === 'periodic' || script.strategy === 'conditional';
      if (timed && !(script.intervalS && script.intervalS > 0)) {
        problem(Err.parameterCheckFailed, 'an interval is required');
        continue;
      }
      let condition: CompiledFormula | undefined;
      let watched: string[] = [];
      if (script.strategy === 'conditional') {
        const compiled = compileFormula(script.condition);
        if (!compiled.ok) {
          problem(Err.parameterCheckFailed, `condition: ${compiled.error.message.en}`);
          continue;
        }
        condition = compiled;
      } else if (script.strategy === 'change') {
        watched = script.condition
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean);
        const unknown = watched.filter((name) => !model.byName.has(name));
        if (watched.length === 0 || unknown.length > 0) {
          problem(Err.variableNotFound, `watched variables: ${unknown.join(', ') || 'none'}`);
          continue;
        }
      }
      this.runners.push(new ScriptRunner(script, condition, watched, deps));
    }
  }

  start(): void {
    for (const runner of this.runners) runner.start();
  }

  /** Names of variables whose value changed. */
  onChanged(names: ReadonlySet<string>): void {
    if (names.size === 0) return;
    for (const runner of this.runners) if (runner.watched.size > 0) runner.onChanged(names);
  }

  async stop(): Promise<void> {
    await Promise.all(this.runners.map((runner) => runner.stop()));
  }
}
