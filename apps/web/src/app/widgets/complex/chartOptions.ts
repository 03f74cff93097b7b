/**
 * ECharts options built from a widget's data and style (docs/requirements/widgets.md §4.1–§4.3, §4.10, §4.11:
 * line, area, bar, pie, ring, rose, XY curve, indicator diagram) and the series to draw. Pure, so the option
 * a widget gets is tested without a canvas; the bodies only feed it sample (designer) or live (viewer)
 * series.
 */
import dayjs from 'dayjs';
import { CHART_THEME, type SignalRef, type Widget } from '@fieldhub/hmi';
import { num, obj, str } from '../styleOf';

type Loose = Record<string, unknown>;
export type ChartOption = Record<string, unknown>;

/** A time series: [time ms, value] ascending. */
export interface TimeSeries {
  name: string;
  color?: string | undefined;
  points: [number, number][];
}

/** One bar or slice: a named current value. */
export interface NamedValue {
  name: string;
  value: number;
  color?: string | undefined;
}

/** One XY series: [x, y] in arrival order. */
export interface XySeries {
  name: string;
  color?: string | undefined;
  points: [number, number][];
}

const data = (w: Widget): Loose => w.data as Loose;
const style = (w: Widget): Loose => w.style as Loose;

/** The widget's colour theme: its own list when it holds ten valid colours, else the default. */
export function themeOf(w: Widget): string[] {
  const raw = style(w)['theme'];
  if (Array.isArray(raw) && raw.length > 0 && raw.every((c) => typeof c === 'string' && c !== '')) {
    return raw as string[];
  }
  return [...CHART_THEME];
}

/** The signal refs a chart draws: signal, system and intermediate-variable arrays in that order. */
export function chartRefs(w: Widget): SignalRef[] {
  const d = w.data;
  return [...d.signalArray, ...d.systemArray, ...d.mvarArray];
}

function legendOf(w: Widget, fallbackShow: boolean): Loose {
  const l = obj(style(w)['legend']);
  const show = typeof l['show'] === 'boolean' ? l['show'] : fallbackShow;
  const position = str(l['position'], 'bottom');
  const place: Loose =
    position === 'top'
      ? { top: 4 }
      : position === 'left'
        ? { left: 4, orient: 'vertical', top: 'middle' }
        : position === 'right'
          ? { right: 4, orient: 'vertical', top: 'middle' }
          : { bottom: 4 };
  return { show, type: 'scroll', ...place, textStyle: { color: axisColor(w) } };
}

function axisColor(w: Widget): string {
  return str(obj(style(w)['axis'])['color'], '#666666');
}

function axisLook(w: Widget): Loose {
  const a = obj(style(w)['axis']);
  const color = axisColor(w);
  return {
    axisTick: { show: a['tick'] !== false },
    splitLine: { show: a['grid'] !== false, lineStyle: { color: '#E5E7EB' } },
    axisLine: { lineStyle: { color } },
    axisLabel: { color },
  };
}

/** min/max of a value axis: 'adapt' scales to the data, any other mode uses minVal/maxVal. */
export function valueRange(
  mode: unknown,
  min: unknown,
  max: unknown,
): { min?: number; max?: number; scale: boolean } {
  if (mode === 'adapt' || mode === undefined) return { scale: true };
  const lo = num(min, 0);
  const hi = num(max, 100);
  return lo < hi ? { min: lo, max: hi, scale: false } : { scale: true };
}

/**
 * The value axis of a time or bar chart: the chart types keep their fixed bounds in `minVal` and
 * `maxVal`, the script trend and bar in `min` and `max` (docs/requirements/widgets.md §4.1, §6.1).
 */
export function axisBounds(w: Widget): { min?: number; max?: number; scale: boolean } {
  const d = data(w);
  const script = w.widgetType === 'ScriptTrend' || w.widgetType === 'ScriptBar';
  return script ? valueRange(d['mode'], d['min'], d['max']) : valueRange(d['mode'], d['minVal'], d['maxVal']);
}

/** What the reader chose to see of a time chart: its period's start and the series hidden. */
export interface LineView {
  /** the period's start; the chart's `timeRange` before `now` when absent */
  from?: number | undefined;
  /** indices of series the data selection hides */
  hidden?: ReadonlySet<number> | undefined;
}

function grid(w: Widget): Loose {
  const l = obj(style(w)['legend']);
  const legendBottom = l['show'] !== false && str(l['position'], 'bottom') === 'bottom';
  // the X range slider sits under the axis, above a bottom legend
  const slider = w.widgetType !== 'ComplexBar' && data(w)['showXRange'] === true ? 36 : 0;
  return { left: 48, right: 20, top: 28, bottom: (legendBottom ? 52 : 28) + slider, containLabel: false };
}

/**
 * Line and area charts (and the script trend): time axis over the widget's range, or the period
 * the reader chose. A series keeps its colour when others are hidden. With `showXRange` a slider
 * under the axis (and the mouse wheel) narrows the part of the period drawn.
 */
export function lineOption(
  w: Widget,
  series: TimeSeries[],
  now: number,
  area = false,
  view: LineView = {},
): ChartOption {
  const d = data(w);
  const minutes = num(d['timeRange'], 60);
  const start = view.from ?? now - minutes * 60_000;
  const format = str(d['timeFormat'], 'HH:mm');
  const theme = themeOf(w);
  const shown = series
    .map((s, i) => ({ ...s, color: s.color || theme[i % theme.length] }))
    .filter((_, i) => !view.hidden?.has(i));
  const l = obj(style(w)['legend']);
  const sliderBottom = l['show'] !== false && str(l['position'], 'bottom') === 'bottom' ? 36 : 6;
  return {
    animation: false,
    color: theme,
    grid: grid(w),
    tooltip: { trigger: 'axis' },
    legend: legendOf(w, true),
    xAxis: {
      type: 'time',
      min: start,
      max: now,
      ...axisLook(w),
      axisLabel: {
        color: axisColor(w),
        formatter: (v: number) => dayjs(v).format(format),
        hideOverlap: true,
      },
    },
    yAxis: { type: 'value', ...axisBounds(w), ...axisLook(w) },
    ...(d['showXRange'] === true
      ? {
          dataZoom: [
            {
              type: 'slider',
              xAxisIndex: 0,
              height: 18,
              bottom: sliderBottom,
              labelFormatter: (v: number) => dayjs(v).format(format),
            },
            { type: 'inside', xAxisIndex: 0 },
          ],
        }
      : {}),
    series: shown.map((s) => ({
      type: 'line',
      name: s.name,
      showSymbol: s.points.length < 30,
      symbolSize: 4,
      smooth: style(w)['smooth'] === true,
      itemStyle: { color: s.color },
      ...(area ? { areaStyle: { opacity: 0.25 } } : {}),
      data: s.points,
    })),
  };
}

/**
 * Bar chart of current values (docs/requirements/widgets.md §4.2: width 40, space 35, value labels, legend
 * hidden).
 */
export function barOption(w: Widget, bars: NamedValue[]): ChartOption {
  const st = style(w);
  const theme = themeOf(w);
  const barWidth = num(st['barWidth'], 40);
  return {
    animation: false,
    color: theme,
    grid: grid(w),
    tooltip: { trigger: 'axis' },
    legend: { ...legendOf(w, false), data: bars.map((b) => b.name) },
    xAxis: { type: 'category', data: bars.map((b) => b.name), ...axisLook(w) },
    // bars measure from zero: an adapted axis keeps zero in view (no `scale`)
    yAxis: {
      type: 'value',
      ...axisBounds(w),
      scale: false,
      ...axisLook(w),
    },
    series: [
      {
        type: 'bar',
        barWidth,
        // the seed's space is the gap between bars in px; ECharts wants it relative to the width
        barCategoryGap: `${Math.round((num(st['barSpace'], 35) / (barWidth + num(st['barSpace'], 35))) * 100)}%`,
        label: { show: st['valueShow'] === true, position: 'top' },
        data: bars.map((b, i) => ({
          name: b.name,
          value: b.value,
          itemStyle: { color: b.color || theme[i % theme.length] },
        })),
      },
    ],
  };
}

/** Pie, ring and rose charts; `size` is the smaller side of the widget in px (the ring width is px). */
export function pieOption(w: Widget, slices: NamedValue[], size: number): ChartOption {
  const st = style(w);
  const theme = themeOf(w);
  const legend = legendOf(w, true);
  const outer = Math.max(10, Math.round(size * 0.3));
  let radius: (number | string)[] = [0, outer];
  if (w.widgetType === 'ComplexRing') radius = [Math.max(0, outer - num(st['ringWidth'], 20)), outer];
  const percent = str(st['valueType'], 'value') === 'percent';
  return {
    animation: false,
    color: theme,
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend,
    series: [
      {
        type: 'pie',
        radius,
        center: ['50%', legend['show'] && legend['bottom'] !== undefined ? '45%' : '50%'],
        ...(w.widgetType === 'ComplexRose' ? { roseType: 'radius' } : {}),
        label: { formatter: percent ? '{b}: {d}%' : '{b}: {c}' },
        data: slices.map((s, i) => ({
          name: s.name,
          value: s.value,
          itemStyle: { color: s.color || theme[i % theme.length] },
        })),
      },
    ],
  };
}

function axisMode(m: unknown): Loose {
  const mode = obj(m);
  return {
    name: str(mode['title'], ''),
    ...valueRange(mode['type'] ?? 'fixed', mode['min'], mode['max']),
  };
}

/** XY curve (modeX/modeY, line or dots) and indicator diagram (closed loop with axis titles). */
export function xyOption(w: Widget, series: XySeries[]): ChartOption {
  const d = data(w);
  const theme = themeOf(w);
  const dots = str(d['lineType'], 'line') === 'dot';
  const diagram = w.widgetType === 'ComplexDiagram';
  // the diagram's modes have no type: their min and max always hold
  const x = diagram ? axisMode({ ...obj(d['modeX']), type: 'fixed' }) : axisMode(d['modeX']);
  const y = diagram ? axisMode({ ...obj(d['modeY']), type: 'fixed' }) : axisMode(d['modeY']);
  return {
    animation: false,
    color: theme,
    // an X axis title sits under the axis labels: the grid leaves it room above a bottom legend
    grid: { ...grid(w), left: 56, ...(x['name'] ? { bottom: (grid(w)['bottom'] as number) + 18 } : {}) },
    tooltip: { trigger: 'item' },
    legend: legendOf(w, true),
    xAxis: { type: 'value', nameLocation: 'middle', nameGap: 24, ...x, ...axisLook(w) },
    yAxis: { type: 'value', ...y, ...axisLook(w) },
    series: series.map((s, i) => ({
      type: dots ? 'scatter' : 'line',
      name: s.name,
      symbolSize: dots ? 5 : 3,
      showSymbol: dots,
      itemStyle: { color: s.color || theme[i % theme.length] },
      data: diagram && s.points.length > 2 ? [...s.points, s.points[0]] : s.points,
    })),
  };
}

/** [x, y] pairs: each y point with the latest x at or before its time. */
export function pairUp(xs: [number, number][], ys: [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  let j = -1;
  for (const [ts, y] of ys) {
    while (j + 1 < xs.length && xs[j + 1]![0] <= ts) j++;
    if (j >= 0) out.push([xs[j]![1], y]);
  }
  return out;
}
