/**
 * Historical reports on the gateway (docs/requirements/device-configuration.md §5.2), recorded into
 * `up/report`:
 * - periodic: every `intervalS`, windows aligned to UTC (a 60 s report records on the minute);
 * - summary: the same aggregation over windows aligned to the gateway's local clock, so a daily
 *   summary covers local midnight to midnight;
 * - conditional: one record each time `expression` turns true;
 * - change: one record each time any of the report's variables changes.
 * Window aggregates see every collected sample; point records (conditional, change) hold the
 * current values, `delta` being the change since the report's previous record. Texts are not
 * aggregated (null). Every record carries all six aggregations of each variable (the protocol's
 * schema requires them); the item's aggregation says which one the platform shows.
 */
import {
  AGGREGATIONS,
  type CompiledFormula,
  Err,
  type GatewayConfig,
  type ReportRecordMessage,
  compileFormula,
} from '@fieldhub/shared';
import type { Logger } from '../runtime/log';
import type { ConfigProblem, Value, VariableModel } from '../runtime/variableModel';
import { type Aggregation, WindowAggregate, pointAggregate, windowEnd } from './aggregate';
import { isTruthy, resolverOf } from '../runtime/valuePipeline';

export type ReportConfig = GatewayConfig['reports'][number];

/** Most variables one report may hold (docs/requirements/device-configuration.md §5.4). */
export const REPORT_VARIABLES_MAX = 100;

export interface ReportDeps {
  value(id: number): Value | undefined;
  valueByName(name: string): Value | undefined;
  emit(record: ReportRecordMessage): void;
  log: Logger;
  now?: () => number;
  /** ms the local clock is ahead of UTC, for summary windows */
  localOffsetMs?: (at: number) => number;
}

/** One sample of a variable as the runtime saw it. */
export interface ReportSample {
  id: number;
  value: Value | undefined;
  changed: boolean;
}

const numeric = (value: Value | undefined) => (typeof value === 'number' ? value : undefined);

class ReportRunner {
  private windows = new Map<number, WindowAggregate>();
  private readonly atLastRecord = new Map<number, number | undefined>();
  private timer: NodeJS.Timeout | undefined;
  private conditionWasTrue = false;
  readonly variableIds: Set<number>;

  constructor(
    private readonly report: ReportConfig,
    items: ReportConfig['items'],
    private readonly condition: CompiledFormula | undefined,
    private readonly deps: Required<ReportDeps>,
  ) {
    this.variableIds = new Set(items.map((i) => i.variableId));
  }

  start(): void {
    if (this.report.storageMode === 'periodic' || this.report.storageMode === 'summary') {
      this.openWindows();
      this.scheduleWindow();
    }
  }

  stop(): void {
    clearTimeout(this.timer);
  }

  private offset(at: number): number {
    return this.report.storageMode === 'summary' ? this.deps.localOffsetMs(at) : 0;
  }

  private scheduleWindow(): void {
    const now = this.deps.now();
    const end = windowEnd(now, this.report.intervalS! * 1000, this.offset(now));
    this.timer = setTimeout(() => {
      this.closeWindow(end);
      this.scheduleWindow();
    }, end - now);
  }

  private openWindows(): void {
    this.windows = new Map(
      [...this.variableIds].map((id) => [id, new WindowAggregate(numeric(this.deps.value(id)))]),
    );
  }

  private closeWindow(end: number): void {
    const windows = this.windows;
    this.openWindows();
    this.record(end, (id, aggregation) => windows.get(id)?.result(aggregation) ?? null);
  }

  private recordPoint(ts: number): void {
    const current = new Map([...this.variableIds].map((id) => [id, numeric(this.deps.value(id))]));
    this.record(ts, (id, aggregation) =>
      pointAggregate(aggregation, current.get(id), this.atLastRecord.get(id)),
    );
    for (const [id, value] of current) this.atLastRecord.set(id, value);
  }

  /**
   * Emits a record with all six aggregations of every variable of the report: the protocol's
   * record schema requires each of them, and the platform shows the one the item names.
   */
  private record(ts: number, valueOf: (variableId: number, aggregation: Aggregation) => number | null): void {
    const values: ReportRecordMessage['values'] = {};
    for (const id of this.variableIds) {
      values[String(id)] = Object.fromEntries(AGGREGATIONS.map((a) => [a, valueOf(id, a)])) as Record<
        Aggregation,
        number | null
      >;
    }
    this.deps.emit({ v: 1, reportId: this.report.id, ts, values });
  }

  onSamples(samples: readonly ReportSample[], ts: number): void {
    const mine = samples.filter((s) => this.variableIds.has(s.id));
    switch (this.report.storageMode) {
      case 'periodic':
      case 'summary':
        for (const s of mine) {
          const value = numeric(s.value);
          if (value !== undefined) this.windows.get(s.id)?.add(value);
        }
        return;
      case 'change':
        if (mine.some((s) => s.changed)) this.recordPoint(ts);
        return;
      case 'conditional': {
        if (!samples.some((s) => s.changed)) return; // the expression cannot have changed
        const isTrue = isTruthy(this.condition!.evaluate(resolverOf(this.deps.valueByName)));
        if (isTrue && !this.conditionWasTrue) this.recordPoint(ts);
        this.conditionWasTrue = isTrue;
        return;
      }
    }
  }
}

export class ReportEngine {
  private readonly runners: ReportRunner[] = [];
  readonly problems: ConfigProblem[] = [];

  constructor(reports: readonly ReportConfig[], model: VariableModel, deps: ReportDeps) {
    const full: Required<ReportDeps> = {
      now: Date.now,
      localOffsetMs: (at) => -new Date(at).getTimezoneOffset() * 60_000,
      ...deps,
    };
    for (const report of reports) {
      const problem = (code: number, detail: string) => {
        this.problems.push({ code, detail: `report ${report.id}: ${detail}` });
        deps.log.warn('report not run', { reportId: report.id, code, detail });
      };
      if (report.items.length > REPORT_VARIABLES_MAX) {
        problem(Err.reportVariableLimit, `${report.items.length} variables`);
        continue;
      }
      const items = report.items.filter((item) => {
        if (model.byId.has(item.variableId)) return true;
        this.problems.push({ variableId: item.variableId, code: Err.variableNotFound });
        return false;
      });
      const windowed = report.storageMode === 'periodic' || report.storageMode === 'summary';
      if (windowed && !(report.intervalS && report.intervalS > 0)) {
        problem(Err.parameterCheckFailed, 'an interval is required');
        continue;
      }
      let condition: CompiledFormula | undefined;
      if (report.storageMode === 'conditional') {
        const compiled = compileFormula(report.expression);
        if (!compiled.ok) {
          problem(Err.parameterCheckFailed, `expression: ${compiled.error.message.en}`);
          continue;
        }
        condition = compiled;
      }
      this.runners.push(new ReportRunner(report, items, condition, full));
    }
  }

  start(): void {
    for (const runner of this.runners) runner.start();
  }

  onSamples(samples: readonly ReportSample[], ts: number): void {
    for (const runner of this.runners) runner.onSamples(samples, ts);
  }

  stop(): void {
    for (const runner of this.runners) runner.stop();
  }
}
