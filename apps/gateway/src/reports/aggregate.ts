/**
 * Aggregations of a report (docs/requirements/device-configuration.md §5.3): delta, first, last, max, min and
 * average, over a window of samples (periodic and summary reports) or at a point in time (conditional and
 * change). Pure data in, data out.
 */
import type { AGGREGATIONS } from '@fieldhub/shared';

export type Aggregation = (typeof AGGREGATIONS)[number];

/** Running aggregates of one variable over one window. */
export class WindowAggregate {
  private first: number | undefined;
  private last: number | undefined;
  private min = Infinity;
  private max = -Infinity;
  private sum = 0;
  private count = 0;

  /**
   * `seed` is the variable's value when the window opens, so `first` is the value at the start
   * of the period and `delta` the change over the whole period (a meter's consumption), even
   * when the first sample of the period arrives late.
   */
  constructor(seed?: number) {
    if (seed !== undefined) this.add(seed);
  }

  add(value: number): void {
    if (!Number.isFinite(value)) return;
    this.first ??= value;
    this.last = value;
    if (value < this.min) this.min = value;
    if (value > this.max) this.max = value;
    this.sum += value;
    this.count++;
  }

  /** The aggregate, or null when the window saw no value. */
  result(aggregation: Aggregation): number | null {
    if (this.count === 0) return null;
    switch (aggregation) {
      case 'delta':
        return this.last! - this.first!;
      case 'first':
        return this.first!;
      case 'last':
        return this.last!;
      case 'max':
        return this.max;
      case 'min':
        return this.min;
      case 'avg':
        return this.sum / this.count;
    }
  }
}

/**
 * An aggregate at a point in time: every aggregation is the current value, except `delta`, the
 * change since the report's previous record (null for the first record).
 */
export function pointAggregate(
  aggregation: Aggregation,
  current: number | undefined,
  atPreviousRecord: number | undefined,
): number | null {
  if (current === undefined) return null;
  if (aggregation !== 'delta') return current;
  return atPreviousRecord === undefined ? null : current - atPreviousRecord;
}

/**
 * The end of the window that contains `now`, for windows of `intervalMs` aligned to midnight of
 * a clock `offsetMs` ahead of UTC (0 aligns to UTC; the local offset aligns a daily summary to
 * local midnight).
 */
export function windowEnd(now: number, intervalMs: number, offsetMs = 0): number {
  return Math.floor((now + offsetMs) / intervalMs) * intervalMs + intervalMs - offsetMs;
}
