/**
 * The status timeline (ComplexSection): a signal's history cut into runs of one value, each run
 * drawn in the colour of its status row (运行=1 green, 空闲=0 blue, 调试=2 orange by default).
 */
import { obj } from '../styleOf';

/** One status row of the widget (docs/requirements/widgets.md §4.7). */
export interface StatusItem {
  status: string;
  value: string;
  color: string;
}

/** One run of a value from `from` to `to` (ms). */
export interface Run {
  from: number;
  to: number;
  value: string;
}

/** One bar of the timeline: left and width as fractions of the range. */
export interface Bar {
  left: number;
  width: number;
  color: string;
  status: string;
  run: Run;
}

/** Colour of a value no status row names. */
export const UNKNOWN_COLOR = '#BFBFBF';

/** The status rows of the widget's data (malformed rows dropped). */
export function statusItems(raw: unknown): StatusItem[] {
  if (!Array.isArray(raw)) return [];
  return raw.map(obj).map((i) => ({
    status: String(i['status'] ?? ''),
    value: String(i['value'] ?? ''),
    color: typeof i['color'] === 'string' ? i['color'] : UNKNOWN_COLOR,
  }));
}

/**
 * Runs of equal values from points ([ts, value] ascending) clipped to [start, end]: a value
 * holds from its time until the next point; the last one holds until `end`. A value before
 * `start` (the state at the start) counts from `start`.
 */
export function runsOf(points: readonly [number, number | string][], start: number, end: number): Run[] {
  const runs: Run[] = [];
  for (let i = 0; i < points.length; i++) {
    const [ts, v] = points[i]!;
    const next = i + 1 < points.length ? points[i + 1]![0] : end;
    const from = Math.max(ts, start);
    const to = Math.min(next, end);
    if (to <= from) continue;
    const value = String(v);
    const last = runs[runs.length - 1];
    if (last && last.value === value && last.to === from) last.to = to;
    else runs.push({ from, to, value });
  }
  return runs;
}

/** The bars of runs over [start, end], coloured by status row (numeric values compare as numbers). */
export function barsOf(
  runs: readonly Run[],
  items: readonly StatusItem[],
  start: number,
  end: number,
): Bar[] {
  const span = end - start;
  if (span <= 0) return [];
  const match = (value: string) =>
    items.find((i) => i.value === value || (i.value !== '' && Number(i.value) === Number(value)));
  return runs.map((run) => {
    const item = match(run.value);
    return {
      left: (run.from - start) / span,
      width: (run.to - run.from) / span,
      color: item?.color ?? UNKNOWN_COLOR,
      status: item?.status ?? run.value,
      run,
    };
  });
}
