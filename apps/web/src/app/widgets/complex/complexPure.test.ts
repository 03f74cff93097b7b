import { describe, expect, it } from 'vitest';
import { CHART_THEME, navEntriesOf } from '@fieldhub/hmi';
import { makeWidget, sampleRef } from './widgetSamples';
import {
  barOption,
  chartRefs,
  lineOption,
  pairUp,
  pieOption,
  themeOf,
  valueRange,
  xyOption,
} from './chartOptions';
import { barsOf, runsOf, statusItems, UNKNOWN_COLOR } from './timeline';
import { markersOf, usableTileUrl, viewOf } from './mapMarkers';
import { readResult, scriptRange } from './scriptResult';
import { targetOf } from './navItems';
import { alarmColumns, tableEquipment } from './tables';
import { streamKind } from './VideoBody';
import { extraSources } from './sources';

type Loose = Record<string, unknown>;
const make = makeWidget;
const ref = sampleRef;
const series = (o: Loose) => o['series'] as Loose[];

describe('chart options from widget data', () => {
  it('draws a line chart over the last timeRange minutes with the 10-colour theme and the legend at the bottom', () => {
    const w = make('ComplexLine');
    const now = 1_700_000_000_000;
    const o = lineOption(w, [{ name: 'T', points: [[now - 1000, 1]] }], now);
    expect(o['color']).toEqual(CHART_THEME);
    expect(o['xAxis']).toMatchObject({ type: 'time', min: now - 60 * 60_000, max: now });
    expect(o['yAxis']).toMatchObject({ scale: true });
    expect(o['legend']).toMatchObject({ show: true, bottom: 4 });
    expect(series(o)[0]).toMatchObject({ type: 'line', name: 'T', itemStyle: { color: CHART_THEME[0] } });
    expect(series(o)[0]!['areaStyle']).toBeUndefined();
    expect(
      series(lineOption(make('ComplexArea'), [{ name: 'T', points: [] }], now, true))[0]!['areaStyle'],
    ).toBeDefined();
  });

  it('uses minVal/maxVal when the mode is not adapt, and a ref colour over the theme', () => {
    const w = make('ComplexLine', { data: { mode: 'fixed', minVal: -5, maxVal: 50 } });
    const o = lineOption(w, [{ name: 'a', color: '#123456', points: [] }], 0);
    expect(o['yAxis']).toMatchObject({ min: -5, max: 50, scale: false });
    expect(series(o)[0]!['itemStyle']).toEqual({ color: '#123456' });
    expect(valueRange('fixed', 10, 5)).toEqual({ scale: true });
  });

  it('draws bars 40 wide with a gap from the 35 px space, values hidden, legend hidden', () => {
    const o = barOption(make('ComplexBar'), [
      { name: 'a', value: 3 },
      { name: 'b', value: 4 },
    ]);
    expect(series(o)[0]).toMatchObject({
      type: 'bar',
      barWidth: 40,
      barCategoryGap: '47%',
      label: { show: false },
    });
    expect(o['legend']).toMatchObject({ show: false });
    expect(o['yAxis']).toMatchObject({ scale: false });
    expect(o['xAxis']).toMatchObject({ type: 'category', data: ['a', 'b'] });
  });

  it('makes a ring 20 px wide, a rose by radius, and percentage labels on request', () => {
    const ring = series(pieOption(make('ComplexRing'), [{ name: 'a', value: 1 }], 300))[0]!;
    expect(ring['radius']).toEqual([70, 90]);
    const rose = series(pieOption(make('ComplexRose'), [], 300))[0]!;
    expect(rose['roseType']).toBe('radius');
    const pie = series(pieOption(make('ComplexPie', { style: { valueType: 'percent' } }), [], 300))[0]!;
    expect(pie['radius']).toEqual([0, 90]);
    expect(pie['label']).toEqual({ formatter: '{b}: {d}%' });
  });

  it('draws XY dots with fixed axes and closes the indicator diagram loop', () => {
    const xy = make('ComplexXyline', {
      data: { lineType: 'dot', modeX: { type: 'fixed', min: 0, max: 10 } },
    });
    const o = xyOption(xy, [{ name: 'p', points: [[1, 2]] }]);
    expect(series(o)[0]!['type']).toBe('scatter');
    expect(o['xAxis']).toMatchObject({ type: 'value', min: 0, max: 10 });
    const d = xyOption(make('ComplexDiagram'), [
      {
        name: 'p',
        points: [
          [0, 0],
          [1, 1],
          [2, 0],
        ],
      },
    ]);
    expect(series(d)[0]!['data']).toEqual([
      [0, 0],
      [1, 1],
      [2, 0],
      [0, 0],
    ]);
    expect(d['xAxis']).toMatchObject({ name: '位移', min: 0, max: 100 });
  });

  it('takes signal, system and mvar arrays in that order; a broken theme falls back to the default', () => {
    const w = make('ComplexPie', {
      data: { signalArray: [ref('1')], systemArray: [ref('2')], mvarArray: [ref('3')] },
    });
    expect(chartRefs(w).map((r) => r.signalId)).toEqual(['1', '2', '3']);
    expect(themeOf(make('ComplexPie', { style: { theme: [1, 2] } }))).toEqual(CHART_THEME);
  });

  it('pairs each Y point with the latest X at or before it', () => {
    expect(
      pairUp(
        [
          [10, 1],
          [20, 2],
        ],
        [
          [5, 9],
          [10, 8],
          [25, 7],
        ],
      ),
    ).toEqual([
      [1, 8],
      [2, 7],
    ]);
  });
});

describe('status timeline', () => {
  it('cuts points into runs clipped to the range and merges equal neighbours', () => {
    const runs = runsOf(
      [
        [0, 1],
        [50, 1],
        [100, 0],
        [150, 2],
      ],
      20,
      200,
    );
    expect(runs).toEqual([
      { from: 20, to: 100, value: '1' },
      { from: 100, to: 150, value: '0' },
      { from: 150, to: 200, value: '2' },
    ]);
  });

  it('colours runs by the default rows 运行/空闲/调试 and greys unknown values', () => {
    const items = statusItems(make('ComplexSection').data['items' as never]);
    const bars = barsOf(
      [
        { from: 0, to: 50, value: '1.0' },
        { from: 50, to: 100, value: '9' },
      ],
      items,
      0,
      100,
    );
    expect(bars[0]).toMatchObject({ left: 0, width: 0.5, color: '#52C41A', status: '运行' });
    expect(bars[1]).toMatchObject({ left: 0.5, color: UNKNOWN_COLOR, status: '9' });
  });
});

describe('map markers', () => {
  it('places equipment with valid coordinates only', () => {
    const markers = markersOf([
      { equipmentId: '1', title: 'A', lat: 31.2, lng: 121.5, config: { signalArray: [ref('4')] } },
      { equipmentId: '2', title: 'B', lat: '', lng: '' },
      { equipmentId: '3', title: 'C', lat: 95, lng: 10 },
      { equipmentId: '4', title: 'D', latitude: '30', longitude: '120' },
    ]);
    expect(markers.map((m) => [m.equipmentId, m.lat, m.lng])).toEqual([
      ['1', 31.2, 121.5],
      ['4', 30, 120],
    ]);
    expect(markers[0]!.signals[0]).toMatchObject({ signalId: '4' });
  });

  it('fits the markers unless a fixed centre is on; one marker is centred at the zoom', () => {
    const two = markersOf([
      { equipmentId: '1', lat: 30, lng: 120 },
      { equipmentId: '2', lat: 32, lng: 122 },
    ]);
    expect(viewOf({ center: { enable: false, zoom: 12 } }, two)).toMatchObject({
      center: [31, 121],
      bounds: [
        [30, 120],
        [32, 122],
      ],
    });
    expect(viewOf({ center: { enable: true, zoom: 9, latitude: 1, longitude: 2 } }, two)).toEqual({
      center: [1, 2],
      zoom: 9,
    });
    expect(viewOf({ center: { zoom: 12 } }, two.slice(0, 1))).toEqual({ center: [30, 120], zoom: 12 });
  });

  it('uses only http(s) tile URLs with {z}/{x}/{y}; anything else means no tiles', () => {
    expect(usableTileUrl('https://t.example/{z}/{x}/{y}.png')).toBe('https://t.example/{z}/{x}/{y}.png');
    expect(usableTileUrl('')).toBeNull();
    expect(usableTileUrl('javascript:alert(1)//{z}{x}{y}')).toBeNull();
  });
});

describe('script widgets', () => {
  it('computes the period: offset -1 date length 1 is yesterday', () => {
    const now = new Date(2026, 10, 24, 15, 30).getTime();
    expect(scriptRange(now, -1, 'date', 1)).toEqual({
      start: new Date(2026, 10, 23).getTime(),
      end: new Date(2026, 10, 24).getTime(),
    });
    expect(scriptRange(now, 0, 'hour', 2)).toEqual({
      start: new Date(2026, 10, 24, 15).getTime(),
      end: new Date(2026, 10, 24, 17).getTime(),
    });
  });

  it('accepts each widget kind only in its own shape', () => {
    expect(readResult('ScriptReport', { columns: ['a'], rows: [[1, null]] })).toEqual({
      kind: 'table',
      columns: ['a'],
      rows: [['1', '']],
    });
    expect(readResult('ScriptReport', { rows: 1 })).toEqual({ error: 'complex.script.bad-report' });
    expect(
      readResult('ScriptTrend', {
        series: [
          {
            name: 'x',
            data: [
              [1, 2],
              ['a', 3],
            ],
          },
        ],
      }),
    ).toEqual({ kind: 'trend', series: [{ name: 'x', points: [[1, 2]] }] });
    expect(readResult('ScriptBar', { categories: ['a', 'b'], series: [{ data: [5] }] })).toEqual({
      kind: 'values',
      values: [
        { name: 'a', value: 5 },
        { name: 'b', value: 0 },
      ],
    });
    expect(readResult('ScriptPie', { data: [{ name: 'p', value: 2 }] })).toEqual({
      kind: 'values',
      values: [{ name: 'p', value: 2 }],
    });
    expect(readResult('ScriptPie', 42)).toEqual({ error: 'complex.script.bad-result' });
  });
});

describe('navigation, tables, video', () => {
  const project = { kind: 'project', id: '12' } as const;
  it('leads entries to a project page, an equipment page or an http link, never a javascript: one', () => {
    expect(targetOf({ config: { action: 'page', pageId: '5' } }, project)).toEqual({
      href: '/monitor/project/12/page/5',
      newWindow: false,
    });
    expect(
      targetOf({ config: { action: 'page', pageId: '5', target: '_blank' } }, { kind: 'equipment', id: '3' }),
    ).toEqual({ href: '/monitor/eg/detail/page/5/0', newWindow: true });
    expect(targetOf({ config: { action: 'link', link: 'https://example.com' } }, project)).toEqual({
      href: 'https://example.com',
      newWindow: false,
    });
    expect(targetOf({ config: { action: 'link', link: 'javascript:alert(1)' } }, project)).toBeNull();
    expect(navEntriesOf([{ label: 'A', children: [{ label: 'B' }] }])[0]!.children[0]!.label).toBe('B');
  });

  it('reads the alarm table of its first equipment in the default columns; history of its bound signals', () => {
    const alarm = make('ComplexAlarm', { data: { equips: [{ equipmentId: '9', title: 'Boiler' }] } });
    expect(tableEquipment(alarm, { kind: 'none', id: '' })).toBe('9');
    expect(alarmColumns(alarm)).toHaveLength(8);
    expect(tableEquipment(make('ComplexHistory'), { kind: 'equipment', id: '4' })).toBe('4');
    expect(
      tableEquipment(make('ComplexHistory', { data: { signalArray: [ref('1')] } }), {
        kind: 'equipment',
        id: '4',
      }),
    ).toBe('7');
  });

  it('plays .m3u8 as HLS and .flv through mpegts unless a type is chosen', () => {
    expect(streamKind('https://cam/live.m3u8?t=1', 'auto')).toBe('hls');
    expect(streamKind('https://cam/live.flv', undefined)).toBe('flv');
    expect(streamKind('https://cam/a.mp4', 'flv')).toBe('flv');
    expect(streamKind('https://cam/a.mp4', 'auto')).toBe('native');
  });
});

describe('sources a live screen must feed', () => {
  it("names the timeline's signal and the map markers' signals", () => {
    expect(
      extraSources(make('ComplexSection', { data: { reportSignal: ref('5') } })).map((r) => r.signalId),
    ).toEqual(['5']);
    expect(extraSources(make('ComplexSection'))).toEqual([]);
    const map = make('ComplexMap', {
      data: { equipments: [{ equipmentId: '7', lat: 1, lng: 2, config: { signalArray: [ref('8')] } }] },
    });
    expect(extraSources(map).map((r) => r.signalId)).toEqual(['8']);
    expect(extraSources(make('ComplexLine', { data: { signalArray: [ref('1')] } }))).toEqual([]);
  });
});
