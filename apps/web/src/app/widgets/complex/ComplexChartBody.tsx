/**
 * The ECharts widgets: line, area, bar, pie, ring, rose, XY curve and indicator diagram. The
 * designer draws sample series in the widget's look; the viewer draws the bound signals: stored
 * curve of the window plus live values (line, area, XY, diagram) or current values (bar, pies).
 * A line or area chart that names a report draws the report's records instead (no live values);
 * so do an XY curve, indicator diagram (ReportXyChart). Line and area charts carry the time toolbar
 * (quick ranges, custom period, data selection; ChartToolbar).
 */
import { useMemo } from 'react';
import type { SignalRef, Widget } from '@fieldhub/hmi';
import { useWidgetText } from '../widgetText';
import { useWidgetRuntime } from '../runtime';
import { num } from '../styleOf';
import {
  barOption,
  chartRefs,
  lineOption,
  pairUp,
  pieOption,
  xyOption,
  type NamedValue,
  type XySeries,
} from './chartOptions';
import { refName, useLiveSeries, useRefValues } from './liveData';
import { sampleSeries, sampleValues, sampleXy } from './sampleData';
import { Chart, drawnOf } from './ChartCanvas';
import { BodyNote } from './BodyNote';
import { readsReport, readsReportAxes, reportItemName, xyPairs } from './reportData';
import { useChartView, WithToolbar } from './ChartToolbar';
import { ReportXyChart } from './ReportXyChart';
import { useAggregationName, useReportSeries } from './reportRecords';

type Props = { widget: Widget };

/** Names of the bound refs, or "Sample n" placeholders when nothing is bound yet. */
function useNames(refs: SignalRef[], count: number): string[] {
  const t = useWidgetText();
  return refs.length
    ? refs.map(refName)
    : Array.from({ length: count }, (_, i) => t('complex.sample', { n: i + 1 }));
}

function DesignChart({ widget }: Props) {
  const view = useChartView(widget);
  const xy = widget.widgetType === 'ComplexXyline' || widget.widgetType === 'ComplexDiagram';
  const report = readsReport(widget);
  // an XY series is named and coloured by its Y signal; a report's by its chosen item
  const refs = xy ? widget.data.signalArrayY : report ? widget.data.reportSignalArray : chartRefs(widget);
  const aggregationName = useAggregationName();
  const signalNames = useNames(refs, xy ? 1 : 3);
  // report items (of a report-sourced chart or XY axes) are named with their aggregation
  const names =
    (report || readsReportAxes(widget)) && refs.length
      ? refs.map((r) => reportItemName(r, aggregationName))
      : signalNames;
  const minutes = num((widget.data as Record<string, unknown>)['timeRange'], 60);
  const option = useMemo(() => {
    const withColors = <T extends { color?: string | undefined }>(list: T[]) =>
      list.map((s, i) => ({ ...s, color: refs[i]?.color || undefined }));
    switch (widget.widgetType) {
      case 'ComplexBar':
        return barOption(widget, withColors(sampleValues(names)));
      case 'ComplexPie':
      case 'ComplexRing':
      case 'ComplexRose':
        return pieOption(
          widget,
          withColors(sampleValues(names)),
          Math.min(widget.position.width, widget.position.height),
        );
      case 'ComplexXyline':
        return xyOption(widget, withColors(sampleXy(names, false)));
      case 'ComplexDiagram':
        return xyOption(widget, withColors(sampleXy(names, true)));
      default: {
        // a fixed clock keeps the designer's drawing still between renders
        const now = Math.floor(Date.now() / 60_000) * 60_000;
        return lineOption(
          widget,
          withColors(sampleSeries(names, minutes, now)),
          now,
          widget.widgetType === 'ComplexArea',
        );
      }
    }
  }, [widget, names, refs, minutes]);
  if (widget.widgetType === 'ComplexLine' || widget.widgetType === 'ComplexArea') {
    return (
      <WithToolbar widget={widget} view={view} names={names} preview>
        <Chart option={option} widget={widget} />
      </WithToolbar>
    );
  }
  return <Chart option={option} widget={widget} />;
}

/** A line or area chart of its variables (stored curve and live values) under its toolbar. */
function LiveTimeChart({ widget }: Props) {
  const t = useWidgetText();
  const refs = chartRefs(widget);
  const view = useChartView(widget);
  const { series, loading, now, from } = useLiveSeries(refs, view.choice);
  const option = useMemo(
    () => lineOption(widget, series, now, widget.widgetType === 'ComplexArea', { from, hidden: view.hidden }),
    [widget, series, now, from, view.hidden],
  );
  if (!refs.length) return <BodyNote text={t('complex.no-signals')} />;
  return (
    <WithToolbar widget={widget} view={view} names={series.map((s) => s.name)}>
      <Chart option={option} widget={widget} drawn={drawnOf(series, view.hidden, from, now)} />
      {loading && <BodyNote text={t('complex.loading')} subtle />}
      {!loading && series.every((s) => !s.points.length) && <BodyNote text={t('complex.no-data')} />}
    </WithToolbar>
  );
}

/** A line or area chart of report records over the reader's window, read again every rollTime seconds. */
function ReportTimeChart({ widget }: Props) {
  const t = useWidgetText();
  const view = useChartView(widget);
  const { series, loading, failed, now, from } = useReportSeries(widget, view.choice);
  const option = useMemo(
    () => lineOption(widget, series, now, widget.widgetType === 'ComplexArea', { from, hidden: view.hidden }),
    [widget, series, now, from, view.hidden],
  );
  if (!widget.data.reportSignalArray.length) return <BodyNote text={t('complex.no-report-items')} />;
  return (
    <WithToolbar widget={widget} view={view} names={series.map((s) => s.name)}>
      <Chart option={option} widget={widget} drawn={drawnOf(series, view.hidden, from, now)} />
      {loading && <BodyNote text={t('complex.loading')} subtle />}
      {!loading && (failed || series.every((s) => !s.points.length)) && (
        <BodyNote text={t('complex.no-data')} />
      )}
    </WithToolbar>
  );
}

function LiveValueChart({ widget }: Props) {
  const t = useWidgetText();
  const refs = chartRefs(widget);
  const values = useRefValues(refs);
  const option = useMemo(() => {
    const named: NamedValue[] = refs.map((r, i) => ({
      name: refName(r),
      value: values[i] ?? 0,
      color: r.color,
    }));
    return widget.widgetType === 'ComplexBar'
      ? barOption(widget, named)
      : pieOption(widget, named, Math.min(widget.position.width, widget.position.height));
  }, [widget, refs, values]);
  if (!refs.length) return <BodyNote text={t('complex.no-signals')} />;
  return <Chart option={option} widget={widget} />;
}

function LiveXyChart({ widget }: Props) {
  const t = useWidgetText();
  const pairs = xyPairs(widget.data.signalArrayX, widget.data.signalArrayY);
  const minutes = num(
    (widget.data as Record<string, unknown>)['timeRange'],
    widget.widgetType === 'ComplexDiagram' ? 120 : 60,
  );
  const choice = { kind: 'last', minutes } as const;
  const x = useLiveSeries(
    pairs.map(([r]) => r),
    choice,
  );
  const y = useLiveSeries(
    pairs.map(([, r]) => r),
    choice,
  );
  const option = useMemo(() => {
    const series: XySeries[] = pairs.map(([xr, yr], i) => ({
      name: `${refName(xr)} / ${refName(yr)}`,
      color: yr.color,
      points: pairUp(x.series[i]?.points ?? [], y.series[i]?.points ?? []),
    }));
    return xyOption(widget, series);
    // pairs are derived from the widget
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [widget, x.series, y.series]);
  if (!pairs.length) return <BodyNote text={t('complex.no-signals')} />;
  return <Chart option={option} widget={widget} />;
}

export default function ComplexChartBody({ widget }: Props) {
  const runtime = useWidgetRuntime();
  if (runtime.mode === 'design') return <DesignChart widget={widget} />;
  switch (widget.widgetType) {
    case 'ComplexBar':
    case 'ComplexPie':
    case 'ComplexRing':
    case 'ComplexRose':
      return <LiveValueChart widget={widget} />;
    case 'ComplexXyline':
    case 'ComplexDiagram':
      return readsReportAxes(widget) ? <ReportXyChart widget={widget} /> : <LiveXyChart widget={widget} />;
    default:
      return readsReport(widget) ? <ReportTimeChart widget={widget} /> : <LiveTimeChart widget={widget} />;
  }
}
