/**
 * The history report table's grid (docs/requirements/widgets.md §4.8): with the `time` dimension
 * one row per step of `interval` × `timeUnit` (on the clock: steps counted from each local
 * midnight) and one column per variable; with the `variable` dimension the same grid turned over
 * (a row per variable, a column per step). A cell is the variable's last stored value at or
 * before the step. The `record` dimension lists every stored value (no grid). Pure.
 */
import dayjs from 'dayjs';
import type { TimeSeries } from './chartOptions';

export const DIMENSIONS = ['time', 'variable', 'record'] as const;
export type Dimension = (typeof DIMENSIONS)[number];

export const STEP_UNITS = ['minute', 'hour', 'day'] as const;
export type StepUnit = (typeof STEP_UNITS)[number];

/** The most steps a grid holds: the newest are kept. */
export const MAX_STEPS = 1000;

export const dimensionOf = (v: unknown): Dimension =>
  (DIMENSIONS as readonly unknown[]).includes(v) ? (v as Dimension) : 'time';

export const stepUnitOf = (v: unknown): StepUnit =>
  (STEP_UNITS as readonly unknown[]).includes(v) ? (v as StepUnit) : 'hour';

/** The length of one step in ms (a day counted as 24 h). */
export const stepMs = (interval: number, unit: StepUnit): number =>
  Math.max(1, Math.trunc(interval) || 1) *
  (unit === 'day' ? 86_400_000 : unit === 'hour' ? 3_600_000 : 60_000);

/**
 * The step times in [start, end], ascending: every `interval` units from each local midnight
 * (a day's last step may be shorter; days count from the first day's midnight). At most `max`,
 * the newest kept.
 */
export function stepTimes(
  start: number,
  end: number,
  interval: number,
  unit: StepUnit,
  max = MAX_STEPS,
): number[] {
  const n = Math.max(1, Math.trunc(interval) || 1);
  if (!(end >= start)) return [];
  const out: number[] = [];
  let day = dayjs(start).startOf('day');
  if (unit === 'day') {
    for (let t = day; t.valueOf() <= end; t = t.add(n, 'day'))
      if (t.valueOf() >= start) out.push(t.valueOf());
  } else {
    const step = stepMs(n, unit);
    for (; day.valueOf() <= end; day = day.add(1, 'day')) {
      const next = day.add(1, 'day').valueOf();
      for (let t = day.valueOf(); t < next && t <= end; t += step) if (t >= start) out.push(t);
    }
  }
  return out.length > max ? out.slice(out.length - max) : out;
}

/** The last value at or before `ts` of points ascending in time; null before the first. */
export function valueAt(points: readonly [number, number][], ts: number): number | null {
  let lo = 0;
  let hi = points.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (points[mid]![0] <= ts) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found < 0 ? null : points[found]![1];
}

/** A grid row: its key, its heading (a time or a variable) and one cell per column. */
export interface GridRow {
  key: string;
  head: number | string;
  cells: (number | null)[];
}

/** A grid column: its key and its heading (a variable's name or a step's time). */
export interface GridColumn {
  key: string;
  head: number | string;
}

/** The grid of series at steps in the dimension: newest step first in the `time` dimension. */
export function historyGrid(
  series: readonly TimeSeries[],
  steps: readonly number[],
  dimension: Exclude<Dimension, 'record'>,
): { columns: GridColumn[]; rows: GridRow[] } {
  const newestFirst = [...steps].reverse();
  if (dimension === 'time') {
    return {
      columns: series.map((s, i) => ({ key: `s${i}`, head: s.name })),
      rows: newestFirst.map((ts) => ({
        key: `t${ts}`,
        head: ts,
        cells: series.map((s) => valueAt(s.points, ts)),
      })),
    };
  }
  return {
    columns: steps.map((ts) => ({ key: `t${ts}`, head: ts })),
    rows: series.map((s, i) => ({
      key: `s${i}`,
      head: s.name,
      cells: steps.map((ts) => valueAt(s.points, ts)),
    })),
  };
}

/** Whether a grid holds any value at all (an empty one shows the table's "no records"). */
export const gridHasValues = (rows: readonly GridRow[]): boolean =>
  rows.some((r) => r.cells.some((c) => c !== null));
