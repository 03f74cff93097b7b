import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CLEAR,
  evaluateRule,
  judge,
  resets,
  storedSeries,
  type AlarmSpan,
  type KernelRule,
  type KernelSample,
} from './alarmKernel';
import { conditionMet } from './alarmCondition';

const gt = (value: number, filterCount = 1): KernelRule => ({
  condition: 'gt',
  value,
  value2: null,
  filterCount,
});
const good = (ts: number, value: number | string): KernelSample => ({ ts, value, quality: 0 });
const bad = (ts: number): KernelSample => ({ ts, value: null, quality: 1715 });
const series = (...values: (number | string | null)[]) =>
  values.map((v, i) => (v === null ? bad(i + 1) : good(i + 1, v)));
const span = (
  raisedAt: number,
  raiseValue: number | string,
  releasedAt: number | null = null,
  releaseValue: number | string | null = null,
): AlarmSpan => ({ raisedAt, raiseValue, releasedAt, releaseValue });

describe('alarm kernel', () => {
  it('raises at the filterCount-th consecutive sample meeting the condition, with its time and value', () => {
    expect(evaluateRule(gt(80, 3), series(81, 85, 70, 90, 91, 92, 95, 60)).spans).toEqual([
      span(6, 92, 8, 60),
    ]);
  });

  it('releases at the first sample not meeting the condition and counts again from there', () => {
    expect(evaluateRule(gt(0, 2), series(1, 1, 1, 0, 1, 0, 1, 1)).spans).toEqual([
      span(2, 1, 4, 0),
      span(8, 1),
    ]);
  });

  it('neither raises, releases nor resets on a failed read or a value that is not a number', () => {
    const rule: KernelRule = { condition: 'lt', value: 1, value2: null, filterCount: 2 };
    expect(evaluateRule(rule, series(null, null, 0, null, 'x', 0, null, 'high', 5)).spans).toEqual([
      span(6, 0, 9, 5),
    ]);
    // a failed read carrying a stale value is not judged either
    expect(evaluateRule(rule, [good(1, 0), { ts: 2, value: 5, quality: 1711 }, good(3, 0)]).spans).toEqual([
      span(3, 0),
    ]);
  });

  it('continues an alarm open at the start and ends in the state after the last sample', () => {
    const start = { count: 0, open: { raisedAt: 0, raiseValue: 99 } };
    expect(evaluateRule(gt(50, 2), series(60, 40, 70), start)).toEqual({
      spans: [span(0, 99, 2, 40)],
      end: { count: 1, open: null },
    });
  });

  it('keeps the first delivery of a time, in time order', () => {
    expect(storedSeries([good(3, 'c'), good(1, 'a'), good(3, 'late'), good(2, 'b')])).toEqual([
      good(1, 'a'),
      good(2, 'b'),
      good(3, 'c'),
    ]);
  });
});

// -- properties -------------------------------------------------------------------------------

const ruleArb: fc.Arbitrary<KernelRule> = fc.record({
  condition: fc.constantFrom('gt', 'ge', 'lt', 'le', 'eq', 'ne'),
  value: fc.integer({ min: -2, max: 2 }),
  value2: fc.constant(null),
  filterCount: fc.integer({ min: 1, max: 4 }),
});

const sampleValue = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: -3, max: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom<number | string | null>('x', '', null, '2') },
);
/** A time-ordered series: distinct times, some failed reads. */
const seriesArb = fc
  .array(fc.record({ value: sampleValue, failed: fc.integer({ min: 0, max: 99 }).map((n) => n < 15) }), {
    maxLength: 60,
  })
  .map((rows) =>
    rows.map(({ value, failed }, i): KernelSample => ({
      ts: (i + 1) * 10,
      value,
      quality: failed ? 1715 : 0,
    })),
  );

const judgeable = (rule: KernelRule, s: KernelSample) =>
  s.quality === 0 && conditionMet(rule, s.value) !== null;

describe('alarm kernel properties', () => {
  it('gives disjoint alarms in time order, only the last possibly active', () => {
    fc.assert(
      fc.property(ruleArb, seriesArb, (rule, s) => {
        const { spans } = evaluateRule(rule, s);
        spans.forEach((a, i) => {
          if (a.releasedAt === null) expect(i).toBe(spans.length - 1);
          else expect(a.releasedAt).toBeGreaterThan(a.raisedAt);
          if (i > 0) expect(a.raisedAt).toBeGreaterThan(spans[i - 1]!.releasedAt!);
        });
      }),
    );
  });

  it('raises exactly after filterCount judgeable samples meeting the condition, releases at the first not meeting it', () => {
    fc.assert(
      fc.property(ruleArb, seriesArb, (rule, s) => {
        const { spans } = evaluateRule(rule, s);
        const judged = s.filter((x) => judgeable(rule, x));
        const met = (x: KernelSample) => conditionMet(rule, x.value) === true;
        // an independent reading of the rules: walk the judged samples, one alarm at a time
        const expected: AlarmSpan[] = [];
        let i = 0;
        while (i < judged.length) {
          let run = 0;
          while (i < judged.length && run < rule.filterCount) run = met(judged[i++]!) ? run + 1 : 0;
          if (run < rule.filterCount) break;
          const raise = judged[i - 1]!;
          while (i < judged.length && met(judged[i]!)) i++;
          const release = judged[i++];
          expected.push({
            raisedAt: raise.ts,
            raiseValue: raise.value,
            releasedAt: release?.ts ?? null,
            releaseValue: release?.value ?? null,
          });
        }
        expect(spans).toEqual(expected);
      }),
    );
  });

  it('is unchanged by adding failed reads anywhere', () => {
    fc.assert(
      fc.property(ruleArb, seriesArb, fc.array(fc.nat(), { maxLength: 10 }), (rule, s, at) => {
        const noisy = [...s];
        for (const n of at) {
          const k = n % (noisy.length + 1);
          const before = noisy[k - 1]?.ts ?? 0;
          const after = noisy[k]?.ts ?? before + 10;
          if (after - before < 2) continue;
          noisy.splice(k, 0, { ts: (before + after) / 2, value: n % 3, quality: 1715 });
        }
        expect(evaluateRule(rule, noisy).spans).toEqual(evaluateRule(rule, s).spans);
      }),
    );
  });

  it('evaluates a series in two parts, the second from the state the first ends in, as in one', () => {
    fc.assert(
      fc.property(ruleArb, seriesArb, fc.nat(), (rule, s, cut) => {
        const k = s.length ? cut % (s.length + 1) : 0;
        const first = evaluateRule(rule, s.slice(0, k));
        const second = evaluateRule(rule, s.slice(k), first.end);
        const closed = first.end.open ? first.spans.slice(0, -1) : first.spans;
        expect([...closed, ...second.spans]).toEqual(evaluateRule(rule, s).spans);
      }),
    );
  });

  it('needs nothing older than a sample that resets the rule', () => {
    fc.assert(
      fc.property(ruleArb, seriesArb, (rule, s) => {
        const k = s.findLastIndex((x) => resets(rule, x));
        if (k < 0) return;
        const whole = evaluateRule(rule, s);
        const tail = evaluateRule(rule, s.slice(k + 1));
        expect(whole.end).toEqual(tail.end);
        expect(whole.spans.filter((a) => a.raisedAt > s[k]!.ts)).toEqual(tail.spans);
      }),
    );
  });

  it('stores a series the same whatever order distinct times are delivered in', () => {
    fc.assert(
      fc.property(seriesArb, fc.nat(), (s, seed) => {
        const shuffled = [...s].sort((a, b) => ((a.ts * 7919 + seed) % 101) - ((b.ts * 7919 + seed) % 101));
        expect(storedSeries([...shuffled, ...shuffled.slice(0, 5)])).toEqual(s);
      }),
    );
  });

  it('judges one step as the whole evaluation does', () => {
    fc.assert(
      fc.property(ruleArb, seriesArb, (rule, s) => {
        let state = CLEAR;
        const raised: number[] = [];
        for (const x of s) {
          const [next, step] = judge(rule, state, x);
          if (step.kind === 'raised') raised.push(step.alarm.raisedAt);
          state = next;
        }
        expect(raised).toEqual(evaluateRule(rule, s).spans.map((a) => a.raisedAt));
      }),
    );
  });
});
