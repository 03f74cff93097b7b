/**
 * The ECharts widgets: line, area, bar, pie, ring, rose, XY curve and indicator diagram. The
 * designer draws sample series in the widget's look; the viewer draws the bound signals: stored
 * curve of the window plus live values (line, area, XY, diagram) or current values (bar, pies).
 * A line or area chart that names a report draws the report's records instead (no live values).
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
  type ChartOption,
  type NamedValue,
  type XySeries,
} from './chartOptions';
import { refName, useLiveSeries, useRefValues } from './liveData';
import { sampleSeries, sampleValues, sampleXy } from './sampleData';
import { useChart } from './useChart';
import { BodyNote } from './BodyNote';
import { readsReport, reportItemName } from './reportData';
import { useAggregationName, useReportSeries } from './reportRecords';

type Props = { widget: Widget };

function Chart({ option, widget }: { option: ChartOption; widget: Widget }) {
  const ref = useChart(option);
  return <div ref={ref} data-chart={widget.widgetType} style={{ position: 'absolute', inset: 0 }} />;
}

/** Names of the bound refs, or "Sample n" placeholders when nothing is bound yet. */
function useNames(refs: SignalRef[], count: number): string[] {
  const t = useWidgetText();
  return refs.length
    ? refs.map(refName)
    : Array.from({ length: count }, (_, i) => t('complex.sample', { n: i + 1 }));
}

function DesignChart({ widget }: Props) {
  const xy = widget.widgetType === 'ComplexXyline' || widget.widgetType === 'ComplexDiagram';
  const report = readsReport(widget);
  // an XY series is named and coloured by its Y signal; a report's by its chosen item
  const refs = xy ? widget.data.signalArrayY : report ? widget.data.reportSignalArray : chartRefs(widget);
  const aggregationName = useAggregationName();
  const signalNames = useNames(refs, xy ? 1 : 3);
  const names = report && refs.length ? refs.map((r) => reportItemName(r, aggregationName)) : signalNames;
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
  return <Chart option={option} widget={widget} />;
}

function LiveTimeChart({ widget }: Props) {
  const t = useWidgetText();
  const refs = chartRefs(widget);
  const minutes = num((widget.data as Record<string, unknown>)['timeRange'], 60);
  const { series, loading, now } = useLiveSeries(refs, minutes);
  const option = useMemo(
    () => lineOption(widget, series, now, widget.widgetType === 'ComplexArea'),
    [widget, series, now],
  );
  if (!refs.length) return <BodyNote text={t('complex.no-signals')} />;
  return (
    <>
      <Chart option={option} widget={widget} />
      {loading && <BodyNote text={t('complex.loading')} subtle />}
      {!loading && series.every((s) => !s.points.length) && <BodyNote text={t('complex.no-data')} />}
    </>
  );
}

/** A line or area chart of report records, read again every rollTime seconds. */
function ReportTimeChart({ widget }: Props) {
  const t = useWidgetText();
  const { series, loading, failed, now } = useReportSeries(widget);
  const option = useMemo(
    () => lineOption(widget, series, now, widget.widgetType === 'ComplexArea'),
    [widget, series, now],
  );
  if (!widget.data.reportSignalArray.length) return <BodyNote text={t('complex.no-report-items')} />;
  return (
    <>
      <Chart option={option} widget={widget} />
      {loading && <BodyNote text={t('complex.loading')} subtle />}
      {!loading && (failed || series.every((s) => !s.points.length)) && (
        <BodyNote text={t('complex.no-data')} />
      )}
    </>
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
  const xs = widget.data.signalArrayX;
  const ys = widget.data.signalArrayY;
  const pairs = Math.min(xs.length, ys.length);
  const minutes = num(
    (widget.data as Record<string, unknown>)['timeRange'],
    widget.widgetType === 'ComplexDiagram' ? 120 : 60,
  );
  const x = useLiveSeries(xs.slice(0, pairs), minutes);
  const y = useLiveSeries(ys.slice(0, pairs), minutes);
  const option = useMemo(() => {
    const series: XySeries[] = Array.from({ length: pairs }, (_, i) => ({
      name: `${refName(xs[i]!)} / ${refName(ys[i]!)}`,
      color: ys[i]!.color,
      points: pairUp(x.series[i]?.points ?? [], y.series[i]?.points ?? []),
    }));
    return xyOption(widget, series);
  }, [widget, pairs, xs, ys, x.series, y.series]);
  if (!pairs) return <BodyNote text={t('complex.no-signals')} />;
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
      return <LiveXyChart widget={widget} />;
    default:
      return readsReport(widget) ? <ReportTimeChart widget={widget} /> : <LiveTimeChart widget={widget} />;
  }
}
