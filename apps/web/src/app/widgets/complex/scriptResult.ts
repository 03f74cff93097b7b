/**
 * What a script widget draws: the period its parameter names (offset, timeUnit, length), and the
 * callback's value checked into the shape each script widget draws (anything else is refused
 * with a clear message instead of drawing something half-right).
 */
import dayjs from 'dayjs';
import type { KeysUnder } from '../../useT';
import type { NamedValue, TimeSeries } from './chartOptions';

export type ScriptKind = 'ScriptReport' | 'ScriptTrend' | 'ScriptBar' | 'ScriptPie';

/** Most rows or points a result may carry (a script cannot flood the page). */
export const RESULT_LIMIT = 5000;

const UNITS = { hour: 'hour', date: 'day', week: 'week', month: 'month', year: 'year' } as const;

/**
 * The period of a script: `length` units starting `offset` units from the start of the current
 * one (offset -1, timeUnit date, length 1 = yesterday, defaults of docs/requirements/widgets.md §6.1).
 */
export function scriptRange(
  now: number,
  offset: number,
  timeUnit: string,
  length: number,
): { start: number; end: number } {
  const unit = UNITS[timeUnit as keyof typeof UNITS] ?? 'day';
  const start = dayjs(now).startOf(unit).add(Math.trunc(offset), unit);
  const end = start.add(Math.max(1, Math.trunc(length) || 1), unit);
  return { start: start.valueOf(), end: end.valueOf() };
}

export type ScriptOutput =
  | { kind: 'table'; columns: string[]; rows: string[][] }
  | { kind: 'trend'; series: TimeSeries[] }
  | { kind: 'values'; values: NamedValue[] };

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const finite = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The callback's value as the widget draws it, or an error key (designer namespace). */
export function readResult(
  kind: ScriptKind,
  raw: unknown,
): ScriptOutput | { error: KeysUnder<'designer', 'complex.script.'> } {
  if (!isObj(raw)) return { error: 'complex.script.bad-result' };
  if (kind === 'ScriptReport') {
    const { columns, rows } = raw;
    if (!Array.isArray(columns) || !Array.isArray(rows) || !rows.every(Array.isArray))
      return { error: 'complex.script.bad-report' };
    return {
      kind: 'table',
      columns: columns.map(String),
      rows: (rows as unknown[][])
        .slice(0, RESULT_LIMIT)
        .map((r) => r.map((c) => (c === null || c === undefined ? '' : String(c)))),
    };
  }
  if (kind === 'ScriptTrend') {
    if (!Array.isArray(raw['series'])) return { error: 'complex.script.bad-trend' };
    const series: TimeSeries[] = [];
    for (const s of raw['series']) {
      if (!isObj(s) || !Array.isArray(s['data'])) return { error: 'complex.script.bad-trend' };
      const points = (s['data'] as unknown[])
        .filter(
          (p): p is [number, number] => Array.isArray(p) && finite(p[0]) !== null && finite(p[1]) !== null,
        )
        .slice(0, RESULT_LIMIT);
      series.push({ name: String(s['name'] ?? ''), points });
    }
    return { kind: 'trend', series };
  }
  if (kind === 'ScriptBar') {
    const { categories, series } = raw;
    if (
      !Array.isArray(categories) ||
      !Array.isArray(series) ||
      !isObj(series[0]) ||
      !Array.isArray(series[0]['data'])
    ) {
      return { error: 'complex.script.bad-bar' };
    }
    const data = series[0]['data'] as unknown[];
    return {
      kind: 'values',
      values: categories
        .slice(0, RESULT_LIMIT)
        .map((c, i) => ({ name: String(c), value: finite(data[i]) ?? 0 })),
    };
  }
  if (!Array.isArray(raw['data'])) return { error: 'complex.script.bad-pie' };
  return {
    kind: 'values',
    values: (raw['data'] as unknown[])
      .filter(isObj)
      .slice(0, RESULT_LIMIT)
      .map((d) => ({ name: String(d['name'] ?? ''), value: finite(d['value']) ?? 0 })),
  };
}
