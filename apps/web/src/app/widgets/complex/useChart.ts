/**
 * An ECharts chart of a complex widget (the instance comes from the monitor's `useEChart`: resized
 * with its div, disposed with the widget). Registers the chart types the complex widgets draw.
 */
import { useEffect } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart, ScatterChart } from 'echarts/charts';
import {
  DataZoomInsideComponent,
  DataZoomSliderComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { useEChart } from '../../echarts';
import type { ChartOption } from './chartOptions';

echarts.use([
  LineChart,
  BarChart,
  PieChart,
  ScatterChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  DataZoomSliderComponent,
  DataZoomInsideComponent,
  CanvasRenderer,
]);

/** Draws `option` (replacing the previous one) on the returned ref's element. */
export function useChart(option: ChartOption | null) {
  const { ref, chart } = useEChart();
  useEffect(() => {
    if (chart && option) chart.setOption(option, { notMerge: true, lazyUpdate: true });
  }, [chart, option]);
  return ref;
}
