/**
 * What the designer draws in charts before a page is live (design mode): smooth, fixed curves
 * so the author sees the chart's look (colours, axes, legend) without a running device. The
 * viewer never uses these; it draws stored and live values.
 */
import type { NamedValue, TimeSeries, XySeries } from './chartOptions';

/** `count` time series over the last `minutes`, one point a minute. */
export function sampleSeries(names: string[], minutes: number, now: number): TimeSeries[] {
  const step = Math.max(60_000, Math.round((minutes * 60_000) / 60));
  const start = now - minutes * 60_000;
  return names.map((name, k) => {
    const points: [number, number][] = [];
    for (let ts = start, i = 0; ts <= now; ts += step, i++) {
      points.push([ts, Math.round((50 + 25 * Math.sin(i / 6 + k * 1.3) + 8 * k) * 10) / 10]);
    }
    return { name, points };
  });
}

/** Named current values for bars and slices. */
export function sampleValues(names: string[]): NamedValue[] {
  return names.map((name, k) => ({ name, value: [42, 68, 30, 55, 24, 61, 37, 49, 72, 18][k % 10]! }));
}

/** A closed loop (indicator diagram) or a rising curve (XY curve). */
export function sampleXy(names: string[], loop: boolean): XySeries[] {
  return names.map((name, k) => {
    const points: [number, number][] = [];
    for (let i = 0; i < 48; i++) {
      const a = (i / 48) * Math.PI * 2;
      points.push(
        loop
          ? [
              Math.round(50 + 40 * Math.cos(a)),
              Math.round(50 + 30 * Math.sin(a) + 10 * Math.sin(2 * a) + k * 5),
            ]
          : [Math.round((i / 47) * 100), Math.round(20 + 60 * (i / 47) ** 1.5 + 6 * Math.sin(i / 3) + k * 8)],
      );
    }
    return { name, points };
  });
}

/** Status values over the last `minutes` for the timeline: runs of 1, 0 and 2. */
export function sampleStatus(minutes: number, now: number): [number, number][] {
  const start = now - minutes * 60_000;
  const pattern = [1, 1, 0, 2, 1, 0, 1, 1, 2, 0];
  return pattern.map((v, i) => [start + (i * minutes * 60_000) / pattern.length, v]);
}
