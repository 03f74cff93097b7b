/**
 * The time window of a line or area chart and its toolbar (docs/requirements/widgets.md §4.1): the
 * last `timeRange` minutes by default, a quick range of the toolbar (the last n minutes, still
 * live) or a custom period (fixed, no live values). Pure, so the toolbar's arithmetic is tested
 * without a chart.
 */
import type { Widget } from '@fieldhub/hmi';
import { num, obj } from '../styleOf';

/** What the reader chose: the last n minutes (live) or a fixed period. */
export type WindowChoice =
  { kind: 'last'; minutes: number } | { kind: 'between'; start: number; end: number };

/** The period a chart reads and draws; `live`: it ends now and grows with live values. */
export interface ChartWindow {
  start: number;
  end: number;
  live: boolean;
}

/** The quick ranges of a new chart, in minutes (10 min, 30 min, 1 h, 12 h, 24 h). */
export const DEFAULT_QUICK_RANGES: readonly number[] = [10, 30, 60, 720, 1440];

/** Quick ranges a designer may offer, in minutes (up to 30 days, the history calls' limit). */
export const QUICK_RANGE_CHOICES: readonly number[] = [
  5, 10, 15, 30, 60, 120, 180, 360, 720, 1440, 2880, 4320, 10080, 20160, 43200,
];

const style = (w: Widget) => w.style as Record<string, unknown>;

/** Whether the chart shows its time toolbar (shown unless the widget turns it off). */
export function toolbarShown(w: Widget): boolean {
  return obj(style(w)['toolbar'])['show'] !== false;
}

/** Whether the chart shows its data selection box (off unless the widget turns it on). */
export function dataSelectShown(w: Widget): boolean {
  return obj(style(w)['dataSelect'])['show'] === true;
}

/** The toolbar's quick ranges in minutes: whole, positive, at most 30 days, ascending, no repeats. */
export function quickRanges(w: Widget): number[] {
  const raw = obj(style(w)['toolbar'])['quickRanges'];
  const list = Array.isArray(raw) ? raw : DEFAULT_QUICK_RANGES;
  const ok = list.filter((m): m is number => Number.isInteger(m) && m > 0 && m <= 43_200);
  return [...new Set(ok)].sort((a, b) => a - b);
}

/** The chart's own range: `timeRange` minutes (60 unless set). */
export const defaultChoice = (w: Widget): WindowChoice => ({
  kind: 'last',
  minutes: Math.max(1, num((w.data as Record<string, unknown>)['timeRange'], 60)),
});

/** The period of a choice at `now`. A period given backwards is put the right way round. */
export function windowOf(choice: WindowChoice, now: number): ChartWindow {
  if (choice.kind === 'last') return { start: now - choice.minutes * 60_000, end: now, live: true };
  const [start, end] = choice.start <= choice.end ? [choice.start, choice.end] : [choice.end, choice.start];
  return { start, end, live: false };
}

/** A quick range as a number and a unit to label it: whole days from 2 d, else whole hours (24 h), else minutes. */
export function rangeLabel(minutes: number): { n: number; unit: 'min' | 'h' | 'd' } {
  if (minutes % 1440 === 0 && minutes >= 2880) return { n: minutes / 1440, unit: 'd' };
  if (minutes % 60 === 0) return { n: minutes / 60, unit: 'h' };
  return { n: minutes, unit: 'min' };
}
