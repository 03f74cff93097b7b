import type { Db } from '../../db/db';
import { CLEAR, judge, resets, type AlarmSpan, type KernelSample, type RuleState } from './alarmKernel';
import { conditionMet } from './alarmCondition';
import { reconcile, type ReconcilePlan, type RecordedAlarm } from './alarmReconcile';
import type { RuleDef } from './alarmStore';
import {
  alarmBefore,
  alarmsBetween,
  newestSampleTsExcept,
  samplesBefore,
  samplesBetween,
} from './alarmWindowStore';

/** Samples read per query, forward and back. */
const PAGE = 1000;
/** How far back a filter count is looked for (a run of failed reads longer than this counts as a break). */
const LOOKBACK = 5000;

/** One rule's share of a re-evaluation: the records of its window and what they must become. */
export interface RuleWindow {
  rule: RuleDef;
  /** the rule's records in the window before the correction */
  records: RecordedAlarm[];
  /** the kernel's alarms in the window (the last one possibly active) */
  spans: AlarmSpan[];
  plan: ReconcilePlan;
  /** the rule's state after `until`; null when the window closed early and the state is unchanged */
  end: RuleState | null;
}

export interface Reevaluation {
  /** time of the newest sample judged before this batch (−Infinity when none) */
  judgedBefore: number;
  /** the window ends here (or earlier for a rule whose evaluation met the old one again) */
  until: number;
  rules: RuleWindow[];
}

/**
 * Judges a batch of one variable in its place among the stored samples (docs/requirements/monitoring.md
 * §7.5). The window starts at the batch's oldest sample, from the state the records and the stored
 * samples before it give: the alarm then active, or else the run of samples meeting the condition
 * since the last one that did not. It runs through the stored series (the batch is stored before it is
 * judged; a sample of the batch not found there is taken as given) up to the newest sample judged so
 * far, or the batch's newest if later. A rule's window closes early at a sample after the batch that
 * resets it and was judged before: from there on the old evaluation and the new one are the same.
 *
 * `judged` is the time of the newest sample of the variable judged before (null when this server has
 * judged none since it started: every stored sample but the batch's counts as judged, and the window
 * runs to its end so that the state in memory is rebuilt).
 */
export async function reevaluate(
  db: Db,
  variableId: number,
  rules: readonly RuleDef[],
  batch: readonly KernelSample[],
  judged: number | null,
): Promise<Reevaluation> {
  const from = batch[0]!.ts;
  const batchMax = batch.at(-1)!.ts;
  const judgedBefore =
    judged ??
    (await newestSampleTsExcept(
      db,
      variableId,
      batch.map((s) => s.ts),
    )) ??
    Number.NEGATIVE_INFINITY;
  const until = Math.max(judgedBefore, batchMax);
  const mayCloseEarly = judged !== null;

  const states = new Map<number, RuleState>();
  const priors = new Map<number, RecordedAlarm>();
  for (const rule of rules) {
    const prior = await alarmBefore(db, rule.id, variableId, from);
    if (prior && (prior.releasedAt === null || prior.releasedAt >= from)) {
      priors.set(rule.id, prior);
      states.set(rule.id, { count: 0, open: { raisedAt: prior.raisedAt, raiseValue: prior.raiseValue } });
    } else states.set(rule.id, CLEAR);
  }
  await countRunsBefore(
    db,
    variableId,
    from,
    rules.filter((r) => !priors.has(r.id) && r.filterCount > 1),
    states,
  );

  const spans = new Map<number, AlarmSpan[]>(rules.map((r) => [r.id, []]));
  const closedAt = new Map<number, number>();
  for await (const sample of series(db, variableId, from, until, batch)) {
    let open = 0;
    for (const rule of rules) {
      if (closedAt.has(rule.id)) continue;
      const [next, step] = judge(rule, states.get(rule.id)!, sample);
      states.set(rule.id, next);
      if (step.kind === 'released') spans.get(rule.id)!.push(step.alarm);
      if (mayCloseEarly && sample.ts > batchMax && sample.ts <= judgedBefore && resets(rule, sample))
        closedAt.set(rule.id, sample.ts);
      else open++;
    }
    if (!open) break;
  }

  const windows: RuleWindow[] = [];
  for (const rule of rules) {
    const end = closedAt.get(rule.id);
    const state = states.get(rule.id)!;
    const found = spans.get(rule.id)!;
    if (end === undefined && state.open) found.push({ ...state.open, releasedAt: null, releaseValue: null });
    const prior = priors.get(rule.id);
    const records = [
      ...(prior ? [prior] : []),
      ...(await alarmsBetween(db, rule.id, variableId, from, end ?? until)),
    ];
    windows.push({
      rule,
      records,
      spans: found,
      plan: reconcile(records, found),
      end: end === undefined ? state : null,
    });
  }
  return { judgedBefore, until, rules: windows };
}

/**
 * The filter count of each rule just before `from`: the samples meeting its condition since the
 * last judgeable one that did not (at most filterCount − 1: more would have raised an alarm).
 */
async function countRunsBefore(
  db: Db,
  variableId: number,
  from: number,
  rules: readonly RuleDef[],
  states: Map<number, RuleState>,
): Promise<void> {
  const counting = new Map(rules.map((r) => [r.id, 0]));
  let before = from;
  for (let read = 0; counting.size && read < LOOKBACK; read += PAGE) {
    const page = await samplesBefore(db, variableId, before, PAGE);
    for (const sample of page) {
      for (const rule of rules) {
        const count = counting.get(rule.id);
        if (count === undefined || sample.quality !== 0) continue;
        const met = conditionMet(rule, sample.value);
        if (met === null) continue;
        if (!met || count + 1 >= rule.filterCount - 1) {
          states.set(rule.id, { count: met ? rule.filterCount - 1 : count, open: null });
          counting.delete(rule.id);
        } else counting.set(rule.id, count + 1);
      }
      if (!counting.size) return;
    }
    if (page.length < PAGE) break;
    before = page.at(-1)!.ts;
  }
  for (const [ruleId, count] of counting) states.set(ruleId, { count, open: null });
}

/**
 * The stored samples of a variable in [from, until], oldest first, with the batch's samples where
 * history holds none at their time (the first delivery of a time is the one stored).
 */
async function* series(
  db: Db,
  variableId: number,
  from: number,
  until: number,
  batch: readonly KernelSample[],
): AsyncGenerator<KernelSample> {
  let extra = 0;
  let after: number | null = null;
  for (;;) {
    const page = await samplesBetween(db, variableId, from, until, after, PAGE);
    for (const stored of page) {
      while (extra < batch.length && batch[extra]!.ts < stored.ts) {
        const given = batch[extra++]!;
        if (given.ts !== batch[extra - 2]?.ts) yield given;
      }
      while (extra < batch.length && batch[extra]!.ts === stored.ts) extra++;
      yield stored;
    }
    if (page.length < PAGE) break;
    after = page.at(-1)!.ts;
  }
  for (; extra < batch.length; extra++) if (batch[extra]!.ts !== batch[extra - 1]?.ts) yield batch[extra]!;
}
