/** The styles the chart widgets share (docs/requirements/widgets.md §4.1), with their props schemas. */
import { CHART_THEME } from '../complexDefaults';
import { DEFAULT_FONT, flag, font, list, nested, number, numeric, text } from './propKinds';

/** Style of the axis charts: ticks and grids shown, legend at the bottom, time-filter toolbar (§4.1). */
export const axisStyle = {
  theme: [...CHART_THEME],
  axis: { tick: true, grid: true, color: '#666666' },
  legend: { show: true, position: 'bottom' },
  toolbar: { show: true, quickRanges: [10, 30, 60, 720, 1440] },
  dataSelect: { show: false },
  font: DEFAULT_FONT,
  opacity: 1,
};
const legend = nested({ show: flag, position: text });
/** Props schema of `axisStyle`. */
export const axisStyleShape = {
  theme: list,
  axis: nested({ tick: flag, grid: flag, color: text }),
  legend,
  toolbar: nested({ show: flag, quickRanges: list }),
  dataSelect: nested({ show: flag }),
  font,
  opacity: number,
};

/** Style of the pie charts, with the extra fields of one kind (ring width). */
export const pieStyle = (extra: Record<string, unknown>) => ({
  theme: [...CHART_THEME],
  valueType: 'value',
  legend: { show: true, position: 'bottom' },
  font: DEFAULT_FONT,
  opacity: 1,
  ...extra,
});
/** Props schema of `pieStyle`. */
export const pieStyleShape = {
  theme: list,
  valueType: text,
  legend,
  font,
  opacity: number,
  ringWidth: numeric,
};
