/**
 * Report-sourced history tables and time charts (pure; see ReportTable and ComplexChartBody): a
 * widget with a `reportId` shows the records of that device report, one column or series per
 * chosen report item (`reportSignalArray`: a variable with one of the report's aggregations).
 */
import type { ReportRecordPage, ReportRow } from '@fieldhub/shared';
import { CHART_THEME, type SignalRef, type Widget } from '@fieldhub/hmi';
import type { WidgetRuntime } from '../runtime';
import type { TimeSeries } from './chartOptions';

type Records = ReportRecordPage['list'];

/** The widgets that may read a report instead of their signals. */
export const REPORT_SOURCE_TYPES = ['ComplexHistory', 'ComplexLine', 'ComplexArea'] as const;

/** Whether the widget reads a report (it names one) rather than its signals. */
export function readsReport(w: Widget): boolean {
  const reportId = (w.data as Record<string, unknown>)['reportId'];
  return (
    (REPORT_SOURCE_TYPES as readonly string[]).includes(w.widgetType) &&
    typeof reportId === 'string' &&
    reportId !== ''
  );
}

/** The device whose report records are read: the chosen items' device, else the page's own. */
export function reportEquipment(w: Widget, scope: WidgetRuntime['scope']): string {
  const ref = w.data.reportSignalArray.find((r) => r.equipId);
  if (ref) return ref.equipId;
  return scope.kind === 'equipment' ? scope.id : '';
}

/** A report item without an aggregation (stored before it had one) reads `last`, the report's default. */
export const aggregationOf = (r: SignalRef): string => r.aggregation || 'last';

/** The key of a report item inside a report: one variable may be there once per aggregation. */
export const reportItemKey = (variableId: string | number, aggregation: string): string =>
  `${variableId}/${aggregation}`;

/**
 * A column header or series name: the item's alias, else the variable's title with the
 * aggregation's (translated) name.
 */
export function reportItemName(r: SignalRef, aggregationName: (a: string) => string): string {
  return r.alias || `${r.title || r.signalId} (${aggregationName(aggregationOf(r))})`;
}

/** The value a record holds for an item; null when the gateway recorded none. */
export function recordValue(record: Records[number], r: SignalRef): number | null {
  const v = record.values[r.signalId]?.[aggregationOf(r)];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** One table row a record: its time and one cell per chosen item, in the items' order. */
export interface ReportTableRow {
  ts: number;
  cells: (number | null)[];
}

export function reportTableRows(records: Records, refs: SignalRef[]): ReportTableRow[] {
  return records.map((rec) => ({ ts: rec.ts, cells: refs.map((r) => recordValue(rec, r)) }));
}

/** A cell as text: at most three decimals, a dash for no value. */
export const reportCellText = (v: number | null): string =>
  v === null ? '—' : String(Math.round(v * 1000) / 1000);

/**
 * One series per chosen item from records in any order: points ascending in time, records
 * without a value for the item left out (a gap, not a zero).
 */
export function reportSeries(
  records: Records,
  refs: SignalRef[],
  aggregationName: (a: string) => string,
): TimeSeries[] {
  const ordered = [...records].sort((a, b) => a.ts - b.ts);
  return refs.map((r) => ({
    name: reportItemName(r, aggregationName),
    color: r.color,
    points: ordered.flatMap((rec): [number, number][] => {
      const v = recordValue(rec, r);
      return v === null ? [] : [[rec.ts, v]];
    }),
  }));
}

/** The report items of a device report as refs for `reportSignalArray`, coloured in turn. */
export function reportItemRefs(report: ReportRow, equipId: string, equipTitle: string): SignalRef[] {
  return report.items.map((i, k) => ({
    signalId: String(i.variableId),
    equipId,
    title: i.variableName,
    subTitle: equipTitle,
    alias: '',
    color: CHART_THEME[k % CHART_THEME.length],
    aggregation: i.aggregation,
  }));
}

/**
 * Whether an XY curve, indicator diagram or status timeline reads report records: the curve and
 * the timeline name a report (`reportId`), the diagram one for X and one for Y (`reportIdX`,
 * `reportIdY`; docs/requirements/widgets.md §4.7, §4.10, §4.11).
 */
export function readsReportAxes(w: Widget): boolean {
  const d = w.data as Record<string, unknown>;
  const named = (k: string) => typeof d[k] === 'string' && d[k] !== '';
  switch (w.widgetType) {
    case 'ComplexXyline':
    case 'ComplexSection':
      return named('reportId');
    case 'ComplexDiagram':
      return named('reportIdX') && named('reportIdY');
    default:
      return false;
  }
}

/**
 * The X and Y refs an XY widget draws, as pairs: a single X serves every Y (one displacement,
 * several loads); otherwise the i-th X goes with the i-th Y and extra entries are left out.
 */
export function xyPairs(xs: readonly SignalRef[], ys: readonly SignalRef[]): [SignalRef, SignalRef][] {
  if (xs.length === 1) return ys.map((y) => [xs[0]!, y]);
  return ys.slice(0, xs.length).map((y, i) => [xs[i]!, y]);
}
