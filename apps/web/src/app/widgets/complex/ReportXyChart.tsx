/**
 * An XY curve or indicator diagram drawn from device report records (docs/requirements/widgets.md
 * §4.10, §4.11): the X and Y entries are report items (a variable with one of the report's
 * aggregations). The curve reads one report (`reportId`), the diagram one report for X
 * (`reportIdX`) and one for Y (`reportIdY`); each Y value pairs with the X value recorded at or
 * before its time. Read again every `rollTime` seconds over the last `timeRange` minutes.
 */
import { useMemo } from 'react';
import type { SignalRef, Widget } from '@fieldhub/hmi';
import { useWidgetText } from '../widgetText';
import { useWidgetRuntime, type WidgetRuntime } from '../runtime';
import { num, str } from '../styleOf';
import { BodyNote } from './BodyNote';
import { pairUp, xyOption, type XySeries } from './chartOptions';
import { Chart } from './ChartCanvas';
import { reportItemName, reportSeries, xyPairs } from './reportData';
import { useAggregationName, useReportWindow } from './reportRecords';

type Loose = Record<string, unknown>;

/** The device whose report an axis reads: its items' device, else the page's own. */
function axisEquipment(refs: readonly SignalRef[], scope: WidgetRuntime['scope']): string {
  const ref = refs.find((r) => r.equipId);
  if (ref) return ref.equipId;
  return scope.kind === 'equipment' ? scope.id : '';
}

export function ReportXyChart({ widget }: { widget: Widget }) {
  const t = useWidgetText();
  const runtime = useWidgetRuntime();
  const aggregationName = useAggregationName();
  const d = widget.data as Loose;
  const diagram = widget.widgetType === 'ComplexDiagram';
  const xs = widget.data.signalArrayX;
  const ys = widget.data.signalArrayY;
  const choice = { kind: 'last', minutes: num(d['timeRange'], diagram ? 120 : 60) } as const;
  const xReport = str(d[diagram ? 'reportIdX' : 'reportId'], '');
  const yReport = str(d[diagram ? 'reportIdY' : 'reportId'], '');
  const xRead = useReportWindow(widget, axisEquipment(xs, runtime.scope), xReport, choice);
  // the curve's Y items are in the same records: one read serves both axes
  const yRead = useReportWindow(widget, axisEquipment(ys, runtime.scope), diagram ? yReport : '', choice);
  const yRecords = diagram ? yRead.records : xRead.records;
  const pairs = xyPairs(xs, ys);
  const series: XySeries[] = useMemo(
    () =>
      pairs.map(([x, y]) => {
        const [xPoints] = reportSeries(xRead.records, [x], aggregationName);
        const [yPoints] = reportSeries(yRecords, [y], aggregationName);
        return {
          name: `${reportItemName(x, aggregationName)} / ${reportItemName(y, aggregationName)}`,
          color: y.color,
          points: pairUp(xPoints?.points ?? [], yPoints?.points ?? []),
        };
      }),
    // pairs are derived from the widget
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [widget, xRead.records, yRecords],
  );
  const option = useMemo(() => xyOption(widget, series), [widget, series]);
  if (!pairs.length) return <BodyNote text={t('complex.no-report-items')} />;
  const loading = xRead.loading || (diagram && yRead.loading);
  const points = series.reduce((n, s) => n + s.points.length, 0);
  return (
    <>
      <Chart widget={widget} option={option} drawn={{ points }} />
      {loading && <BodyNote text={t('complex.loading')} subtle />}
      {!loading && !points && <BodyNote text={t('complex.no-data')} />}
    </>
  );
}
