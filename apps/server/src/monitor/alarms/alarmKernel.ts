import { conditionMet, type ConditionSpec } from './alarmCondition';

/**
 * The reference evaluation of alarm rules (docs/requirements/monitoring.md §7.1, §7.5): data in,
 * data out, no database and no clock. The alarm engine judges every sample with `judge`, and the
 * stored alarm records of a variable must equal `evaluateRule` over its stored series, whatever
 * order the samples arrived in (the property test of alarmTimeOrder.test.ts checks that).
 *
 * Judging rules:
 * - a sample of bad quality (a failed read) or without a numeric value neither raises, clears nor
 *   resets the filter count;
 * - `filterCount` consecutive samples meeting the condition raise the alarm (raise time and value
 *   are those of the last of them);
 * - the first sample not meeting it releases the alarm (release time and value are the sample's)
 *   and resets the count; while an alarm is active, samples meeting the condition do not count.
 */

/** What a rule judges with: its condition and how many consecutive samples must meet it. */
export interface KernelRule extends ConditionSpec {
  filterCount: number;
}

export type SampleValue = number | string | null;

/** A sample of one variable; quality 0 is a good read, anything else a catalogue fault code. */
export interface KernelSample {
  ts: number;
  value: SampleValue;
  quality: number;
}

/** The sample that raised an alarm still active. */
export interface OpenAlarm {
  raisedAt: number;
  raiseValue: SampleValue;
}

/** Where a rule stands between two samples. */
export interface RuleState {
  /** consecutive samples meeting the condition while no alarm is active */
  count: number;
  open: OpenAlarm | null;
}

/** An alarm as the records hold it: raised, and released unless still active. */
export interface AlarmSpan extends OpenAlarm {
  releasedAt: number | null;
  releaseValue: SampleValue;
}

/** The state of a rule before its first sample, and after any sample that releases or breaks a run. */
export const CLEAR: RuleState = Object.freeze({ count: 0, open: null });

/** What judging one sample did. */
export type Step =
  { kind: 'none' } | { kind: 'raised'; alarm: OpenAlarm } | { kind: 'released'; alarm: AlarmSpan };

const NONE: Step = Object.freeze({ kind: 'none' });

/** Judges one sample: the rule's next state and whether an alarm was raised or released. */
export function judge(rule: KernelRule, state: RuleState, sample: KernelSample): [RuleState, Step] {
  if (sample.quality !== 0) return [state, NONE];
  const met = conditionMet(rule, sample.value);
  if (met === null) return [state, NONE];
  if (!met) {
    if (!state.open) return [state.count ? CLEAR : state, NONE];
    const alarm: AlarmSpan = { ...state.open, releasedAt: sample.ts, releaseValue: sample.value };
    return [CLEAR, { kind: 'released', alarm }];
  }
  if (state.open) return [state, NONE];
  const count = state.count + 1;
  if (count < rule.filterCount) return [{ count, open: null }, NONE];
  const alarm: OpenAlarm = { raisedAt: sample.ts, raiseValue: sample.value };
  return [
    { count: 0, open: alarm },
    { kind: 'raised', alarm },
  ];
}

/**
 * Whether a judgeable sample does not meet the rule: after it the rule is CLEAR whatever came
 * before, so an evaluation that starts after it needs nothing older.
 */
export function resets(rule: KernelRule, sample: KernelSample): boolean {
  return sample.quality === 0 && conditionMet(rule, sample.value) === false;
}

/**
 * The alarms of one rule over a time-ordered series, starting from `start` (an alarm open in
 * `start` is continued: its span keeps its raise time). Returns every alarm in raise order, the
 * last one possibly still active, and the rule's state after the last sample.
 */
export function evaluateRule(
  rule: KernelRule,
  series: readonly KernelSample[],
  start: RuleState = CLEAR,
): { spans: AlarmSpan[]; end: RuleState } {
  const spans: AlarmSpan[] = [];
  let state = start;
  for (const sample of series) {
    const [next, step] = judge(rule, state, sample);
    state = next;
    if (step.kind === 'released') spans.push(step.alarm);
  }
  if (state.open) spans.push({ ...state.open, releasedAt: null, releaseValue: null });
  return { spans, end: state };
}

/**
 * A variable's series as history stores it: in time order, one sample per time, the first one
 * delivered for a time kept (signal_values' primary key; a later delivery of the same time is a
 * duplicate and changes nothing).
 */
export function storedSeries<T extends KernelSample>(deliveries: Iterable<T>): T[] {
  const byTs = new Map<number, T>();
  for (const s of deliveries) if (!byTs.has(s.ts)) byTs.set(s.ts, s);
  return [...byTs.values()].sort((a, b) => a.ts - b.ts);
}
