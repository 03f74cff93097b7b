/**
 * The chart widgets (docs/requirements/widgets.md §4.1–§4.7): line, area, bar, the pies, the XY
 * curve, the indicator diagram and the status timeline.
 */
import { z } from 'zod';
import { SECTION_DEFAULT_ITEMS } from '../complexDefaults';
import type { WidgetType } from '../widgetTypes';
import { type WidgetDescriptor, describeWidget } from '../widgetProps';
import { axisStyle, axisStyleShape, pieStyle, pieStyleShape } from './chartStyle';
import { DEFAULT_FONT, flag, font, list, nested, number, numeric, text, textOrNumber } from './propKinds';

const lineShape = {
  reportId: textOrNumber,
  customReportId: textOrNumber,
  mode: text,
  minVal: numeric,
  maxVal: numeric,
  showXRange: flag,
  timeRange: numeric,
  timeFormat: text,
  customArray: list,
};
const lineData = {
  reportId: '',
  customReportId: '',
  mode: 'adapt',
  minVal: 0,
  maxVal: 100,
  showXRange: false,
  timeRange: 60,
  timeFormat: 'HH:mm',
  customArray: [],
};
const lineChart = <T extends WidgetType>(type: T) =>
  describeWidget(
    type,
    { data: lineShape, style: { ...axisStyleShape, smooth: flag } },
    { data: lineData, style: { ...axisStyle, smooth: false } },
  );
const pieChart = <T extends WidgetType>(type: T, extra: Record<string, unknown>) =>
  describeWidget(
    type,
    { data: { valueShow: flag }, style: pieStyleShape },
    { data: { valueShow: true }, style: pieStyle(extra) },
  );
const axisMode = nested({ type: text, title: text, min: numeric, max: numeric });

export const CHART_DESCRIPTORS = {
  ComplexLine: lineChart('ComplexLine'),
  ComplexArea: lineChart('ComplexArea'),
  // Bar adds systemArray (common binding field); legend hidden by default.
  ComplexBar: describeWidget(
    'ComplexBar',
    {
      data: lineShape,
      style: { ...axisStyleShape, barWidth: numeric, barSpace: numeric, valueShow: flag },
    },
    {
      data: lineData,
      style: {
        ...axisStyle,
        legend: { show: false, position: 'bottom' },
        barWidth: 40,
        barSpace: 35,
        valueShow: false,
      },
    },
  ),
  ComplexPie: pieChart('ComplexPie', {}),
  ComplexRose: pieChart('ComplexRose', {}),
  ComplexRing: pieChart('ComplexRing', { ringWidth: 20 }),
  ComplexXyline: describeWidget(
    'ComplexXyline',
    {
      data: {
        reportId: textOrNumber,
        timeRange: numeric,
        modeX: axisMode,
        modeY: axisMode,
        lineType: text,
        buttonShow: flag,
      },
      style: axisStyleShape,
    },
    {
      data: {
        reportId: '',
        timeRange: 60,
        modeX: { type: 'adapt', min: 0, max: 100 },
        modeY: { type: 'adapt', min: 0, max: 100 },
        lineType: 'line',
        buttonShow: true,
      },
      style: axisStyle,
    },
  ),
  ComplexDiagram: describeWidget(
    'ComplexDiagram',
    {
      data: {
        timeRange: numeric,
        reportIdX: textOrNumber,
        reportIdY: textOrNumber,
        modeX: axisMode,
        modeY: axisMode,
      },
      style: axisStyleShape,
    },
    {
      data: {
        timeRange: 120,
        reportIdX: '',
        reportIdY: '',
        modeX: { title: '位移', min: 0, max: 100 },
        modeY: { title: '载荷', min: 0, max: 100 },
      },
      style: axisStyle,
    },
  ),
  // Status rows (docs/requirements/widgets.md §4.7: 运行=1 green, 空闲=0 blue, 调试=2 orange).
  ComplexSection: describeWidget(
    'ComplexSection',
    {
      data: {
        reportId: textOrNumber,
        timeRange: numeric,
        timeFormat: text,
        reportSignal: nested({}),
        items: z.array(z.looseObject({})).optional(),
      },
      style: { sectionHeight: text, sectionHeightValue: numeric, font, opacity: number },
    },
    {
      data: {
        reportId: '',
        timeRange: 60,
        timeFormat: 'HH:mm',
        reportSignal: { signalId: '', equipId: '', title: '', subTitle: '', alias: '' },
        items: SECTION_DEFAULT_ITEMS.map((i) => ({ ...i })),
      },
      style: { sectionHeight: 'adapt', sectionHeightValue: 40, font: DEFAULT_FONT, opacity: 1 },
    },
  ),
} as const satisfies { [T in WidgetType]?: WidgetDescriptor<T> };
