import { useEffect, useRef, useState } from 'react';
import * as echarts from 'echarts/core';
import { LineChart } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  ToolboxComponent,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

// only what the curves use, so the chart chunk stays small
echarts.use([
  LineChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  DataZoomComponent,
  ToolboxComponent,
  CanvasRenderer,
]);

export type EChart = echarts.ECharts;
export type EChartOption = echarts.EChartsCoreOption;

/**
 * An ECharts instance on the element of the returned ref, resized with it and disposed with the
 * component. The chart is null until the element is mounted.
 */
export function useEChart<T extends HTMLElement = HTMLDivElement>() {
  const ref = useRef<T>(null);
  const [chart, setChart] = useState<EChart | null>(null);
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
  return { ref, chart };
}

/** Options shared by both curves: time axis, one value axis, tooltip and legend. */
export function curveBase(series: { name: string; data: [number, number][] }[]): EChartOption {
  return {
    animation: false,
    grid: { left: 56, right: 24, top: 40, bottom: 56 },
    tooltip: { trigger: 'axis' },
    legend: { type: 'scroll', top: 0 },
    xAxis: { type: 'time' },
    yAxis: { type: 'value', scale: true },
    series: series.map((s) => ({
      type: 'line',
      name: s.name,
      // a few points would be invisible as a bare line: mark them
      showSymbol: s.data.length < 60,
      symbolSize: 5,
      data: s.data,
    })),
  };
}
