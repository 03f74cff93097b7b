import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { CHART_THEME } from '@fieldhub/hmi';
import { makeWidget, sampleRef } from './widgetSamples';
import { axisBounds, barOption, lineOption, xyOption } from './chartOptions';
import {
  dataSelectShown,
  defaultChoice,
  quickRanges,
  rangeLabel,
  toolbarShown,
  windowOf,
} from './chartWindow';
import {
  dimensionOf,
  gridHasValues,
  historyGrid,
  MAX_STEPS,
  stepTimes,
  stepUnitOf,
  valueAt,
} from './historySteps';
import { chooserShown, hiddenAfter, shownColumns } from './columnChoice';
import { readsReportAxes, xyPairs } from './reportData';

type Loose = Record<string, unknown>;
const make = makeWidget;
const ref = sampleRef;
const at = (s: string) => dayjs(s).valueOf();

describe('the time window of line and area charts (widgets.md §4.1)', () => {
  it('starts at the widget timeRange, live, and a custom period stays fixed (put the right way round)', () => {
    const w = make('ComplexLine', { data: { timeRange: 90 } });
    expect(defaultChoice(w)).toEqual({ kind: 'last', minutes: 90 });
    expect(windowOf(defaultChoice(w), 10_000_000)).toEqual({
      start: 10_000_000 - 90 * 60_000,
      end: 10_000_000,
      live: true,
    });
    expect(windowOf({ kind: 'between', start: 500, end: 100 }, 9_999)).toEqual({
      start: 100,
      end: 500,
      live: false,
    });
  });

  it('offers the default quick ranges 10 min to 24 h, cleaned of bad, repeated and too long entries', () => {
    expect(quickRanges(make('ComplexLine'))).toEqual([10, 30, 60, 720, 1440]);
    const odd = make('ComplexArea', {
      style: { toolbar: { show: true, quickRanges: [60, 5, 60, -1, 2.5, 'x', 50_000] } },
    });
    expect(quickRanges(odd)).toEqual([5, 60]);
  });

  it('labels a range in whole days from 2 d, else whole hours, else minutes', () => {
    expect([10, 60, 720, 1440, 4320, 90].map(rangeLabel)).toEqual([
      { n: 10, unit: 'min' },
      { n: 1, unit: 'h' },
      { n: 12, unit: 'h' },
      { n: 24, unit: 'h' },
      { n: 3, unit: 'd' },
      { n: 90, unit: 'min' },
    ]);
  });

  it('shows the toolbar unless turned off and the data selection only when turned on', () => {
    expect(toolbarShown(make('ComplexLine'))).toBe(true);
    expect(toolbarShown(make('ComplexLine', { style: { toolbar: { show: false } } }))).toBe(false);
    expect(dataSelectShown(make('ComplexLine'))).toBe(false);
    expect(dataSelectShown(make('ComplexLine', { style: { dataSelect: { show: true } } }))).toBe(true);
  });
});

describe('line option with the reader view', () => {
  const series = [
    { name: 'a', points: [[1, 1]] as [number, number][] },
    { name: 'b', points: [[1, 2]] as [number, number][] },
    { name: 'c', points: [[1, 3]] as [number, number][] },
  ];
  it('hides the series the data selection leaves out and keeps the others their theme colour', () => {
    const o = lineOption(make('ComplexLine'), series, 100, false, { from: 0, hidden: new Set([0]) });
    const drawn = o['series'] as Loose[];
    expect(drawn.map((s) => s['name'])).toEqual(['b', 'c']);
    expect(drawn.map((s) => (s['itemStyle'] as Loose)['color'])).toEqual([CHART_THEME[1], CHART_THEME[2]]);
    expect((o['xAxis'] as Loose)['min']).toBe(0);
  });

  it('adds an X range slider and inside zoom with showXRange, and room for it under the axis', () => {
    const plain = lineOption(make('ComplexLine'), series, 100);
    expect(plain['dataZoom']).toBeUndefined();
    const ranged = lineOption(make('ComplexLine', { data: { showXRange: true } }), series, 100);
    expect((ranged['dataZoom'] as Loose[]).map((z) => z['type'])).toEqual(['slider', 'inside']);
    expect((ranged['grid'] as Loose)['bottom']).toBe(((plain['grid'] as Loose)['bottom'] as number) + 36);
  });
});

describe('XY option', () => {
  it('leaves room under the X axis for its title (the diagram names its axes)', () => {
    const curve = xyOption(makeWidget('ComplexXyline'), []);
    const diagram = xyOption(makeWidget('ComplexDiagram'), []);
    expect((diagram['xAxis'] as Loose)['name']).toBe('位移');
    expect((diagram['grid'] as Loose)['bottom']).toBe(((curve['grid'] as Loose)['bottom'] as number) + 18);
  });
});

describe('fixed axis bounds (widgets.md §6.1)', () => {
  it('holds the script trend and bar to their min and max on a fixed axis', () => {
    const trend = make('ScriptTrend', { data: { mode: 'fixed', min: -20, max: 150 } });
    expect(axisBounds(trend)).toEqual({ min: -20, max: 150, scale: false });
    const o = lineOption(trend, [], 100);
    expect(o['yAxis']).toMatchObject({ min: -20, max: 150 });
    const bar = make('ScriptBar', { data: { mode: 'fixed', min: 10, max: 40 } });
    expect(barOption(bar, [{ name: 'x', value: 5 }])['yAxis']).toMatchObject({ min: 10, max: 40 });
  });

  it('fits to the data in adapt mode or when min is not below max; charts keep minVal and maxVal', () => {
    expect(axisBounds(make('ScriptTrend', { data: { mode: 'adapt', min: 0, max: 5 } }))).toEqual({
      scale: true,
    });
    expect(axisBounds(make('ScriptBar', { data: { mode: 'fixed', min: 9, max: 9 } }))).toEqual({
      scale: true,
    });
    expect(
      axisBounds(make('ComplexLine', { data: { mode: 'fixed', minVal: 1, maxVal: 2, min: 7, max: 8 } })),
    ).toEqual({
      min: 1,
      max: 2,
      scale: false,
    });
  });
});

describe('history table steps and grid (widgets.md §4.8)', () => {
  it('steps every interval hours on the clock from local midnight, within the range', () => {
    const steps = stepTimes(at('2026-03-01T07:30:00'), at('2026-03-02T06:00:00'), 5, 'hour');
    expect(steps.map((t) => dayjs(t).format('DD HH:mm'))).toEqual([
      '01 10:00',
      '01 15:00',
      '01 20:00',
      '02 00:00',
      '02 05:00',
    ]);
  });

  it('steps by minutes and by days, and keeps only the newest MAX_STEPS', () => {
    const minutes = stepTimes(at('2026-03-01T10:02:00'), at('2026-03-01T10:30:00'), 10, 'minute');
    expect(minutes.map((t) => dayjs(t).format('HH:mm'))).toEqual(['10:10', '10:20', '10:30']);
    const days = stepTimes(at('2026-03-01T00:00:00'), at('2026-03-07T12:00:00'), 2, 'day');
    expect(days.map((t) => dayjs(t).format('MM-DD'))).toEqual(['03-01', '03-03', '03-05', '03-07']);
    const many = stepTimes(at('2026-01-01T00:00:00'), at('2026-01-30T00:00:00'), 1, 'minute');
    expect(many).toHaveLength(MAX_STEPS);
    expect(many[many.length - 1]).toBe(at('2026-01-30T00:00:00'));
    expect(stepTimes(10, 5, 1, 'hour')).toEqual([]);
  });

  it('takes the last stored value at or before each step', () => {
    const points: [number, number][] = [
      [10, 1],
      [20, 2],
      [30, 3],
    ];
    expect([5, 10, 19, 20, 29, 99].map((t) => valueAt(points, t))).toEqual([null, 1, 1, 2, 2, 3]);
  });

  it('lays out newest step first by time, or a row per variable turned over', () => {
    const series = [
      {
        name: 'T',
        points: [
          [10, 1],
          [20, 2],
        ] as [number, number][],
      },
      { name: 'P', points: [[15, 7]] as [number, number][] },
    ];
    const byTime = historyGrid(series, [10, 20], 'time');
    expect(byTime.columns.map((c) => c.head)).toEqual(['T', 'P']);
    expect(byTime.rows.map((r) => [r.head, ...r.cells])).toEqual([
      [20, 2, 7],
      [10, 1, null],
    ]);
    const byVariable = historyGrid(series, [10, 20], 'variable');
    expect(byVariable.columns.map((c) => c.head)).toEqual([10, 20]);
    expect(byVariable.rows.map((r) => [r.head, ...r.cells])).toEqual([
      ['T', 1, 2],
      ['P', null, 7],
    ]);
    expect(gridHasValues(byTime.rows)).toBe(true);
    expect(gridHasValues(historyGrid([{ name: 'T', points: [] }], [10], 'time').rows)).toBe(false);
  });

  it('reads the dimension and unit with their defaults time and hour', () => {
    expect([
      dimensionOf(undefined),
      dimensionOf('variable'),
      dimensionOf('record'),
      dimensionOf('x'),
    ]).toEqual(['time', 'variable', 'record', 'time']);
    expect([stepUnitOf(undefined), stepUnitOf('minute'), stepUnitOf('week')]).toEqual([
      'hour',
      'minute',
      'hour',
    ]);
  });
});

describe('column chooser', () => {
  const columns = [
    { key: 's0', label: 'T' },
    { key: 's1', label: 'P' },
    { key: 's2', label: 'Q' },
  ];
  it('shows the columns not hidden in their order, and hides what is unticked', () => {
    const hidden = hiddenAfter(columns, ['s2', 's0']);
    expect([...hidden]).toEqual(['s1']);
    expect(shownColumns(columns, hidden).map((c) => c.label)).toEqual(['T', 'Q']);
    expect(shownColumns(columns, hiddenAfter(columns, []))).toEqual([]);
  });

  it('offers the chooser unless the columns button is off', () => {
    expect(chooserShown(make('ComplexHistory'))).toBe(true);
    expect(chooserShown(make('ComplexHistory', { style: { columnsButton: false } }))).toBe(false);
  });
});

describe('XY pairs and report axes (widgets.md §4.7, §4.10, §4.11)', () => {
  it('pairs one X with every Y, else the i-th X with the i-th Y', () => {
    const [x1, x2, y1, y2, y3] = ['1', '2', '3', '4', '5'].map((id) => ref(id));
    expect(xyPairs([x1!], [y1!, y2!]).map(([x, y]) => [x.signalId, y.signalId])).toEqual([
      ['1', '3'],
      ['1', '4'],
    ]);
    expect(xyPairs([x1!, x2!], [y1!, y2!, y3!]).map(([x, y]) => [x.signalId, y.signalId])).toEqual([
      ['1', '3'],
      ['2', '4'],
    ]);
    expect(xyPairs([], [y1!])).toEqual([]);
  });

  it('reads a report when the curve or timeline names one, the diagram when it names both', () => {
    expect(readsReportAxes(make('ComplexXyline'))).toBe(false);
    expect(readsReportAxes(make('ComplexXyline', { data: { reportId: '4' } }))).toBe(true);
    expect(readsReportAxes(make('ComplexSection', { data: { reportId: '4' } }))).toBe(true);
    expect(readsReportAxes(make('ComplexDiagram', { data: { reportIdX: '4' } }))).toBe(false);
    expect(readsReportAxes(make('ComplexDiagram', { data: { reportIdX: '4', reportIdY: '5' } }))).toBe(true);
    expect(readsReportAxes(make('ComplexLine', { data: { reportId: '4' } }))).toBe(false);
  });
});
