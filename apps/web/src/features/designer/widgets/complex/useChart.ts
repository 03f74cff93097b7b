/**
 * An ECharts instance on a div, resized with it and disposed with the widget. Registers only the
 * chart types the complex widgets draw, so this chunk stays small and loads with them alone.
 */
import { useEffect, useRef, useState } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart, ScatterChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { ChartOption } from './chartOptions';

echarts.use([
  LineChart,
  BarChart,
  PieChart,
  ScatterChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  CanvasRenderer,
]);

/** Draws `option` (replacing the previous one) on the returned ref's element. */
export function useChart(option: ChartOption | null) {
  const ref = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<echarts.ECharts | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const instance = echarts.init(el);
    setChart(instance);
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      setChart(null);
    };
  }, []);
  useEffect(() => {
    if (chart && option) chart.setOption(option, { notMerge: true, lazyUpdate: true });
  }, [chart, option]);
  return ref;
}
