/**
 * The canvas of a complex chart widget, marked with what it draws (see Chart), shared by the
 * chart bodies.
 */
import type { Widget } from '@fieldhub/hmi';
import type { ChartOption, TimeSeries } from './chartOptions';
import { useChart } from './useChart';

/**
 * The chart's canvas. `drawn` names the series drawn and the period, and a fixed value axis its
 * bounds (data attributes), so a reader of the page's markup (a test, an accessibility tool)
 * learns what the canvas shows.
 */
export function Chart({
  option,
  widget,
  drawn,
}: {
  option: ChartOption;
  widget: Widget;
  drawn?: { names?: string[]; points: number; from?: number; to?: number };
}) {
  const ref = useChart(option);
  // a fixed value axis: the bounds it holds
  const y = (option['yAxis'] ?? {}) as Record<string, unknown>;
  return (
    <div
      ref={ref}
      data-chart={widget.widgetType}
      data-series={drawn?.names?.join('|')}
      data-points={drawn?.points}
      data-from={drawn?.from}
      data-to={drawn?.to}
      data-y-min={typeof y['min'] === 'number' ? y['min'] : undefined}
      data-y-max={typeof y['max'] === 'number' ? y['max'] : undefined}
      style={{ position: 'absolute', inset: 0 }}
    />
  );
}

/** What a time chart draws after the data selection, for Chart's `drawn`. */
export function drawnOf(series: TimeSeries[], hidden: ReadonlySet<number>, from: number, to: number) {
  const shown = series.filter((_, i) => !hidden.has(i));
  return {
    names: shown.map((s) => s.name),
    points: shown.reduce((n, s) => n + s.points.length, 0),
    from,
    to,
  };
}
