import { describe, expect, it } from 'vitest';
import {
  ALARM_DEFAULT_COLUMNS,
  CHART_THEME,
  SCRIPT_STUB,
  WIDGET_CATALOGUE,
  WIDGET_TYPES,
  copyBlockReason,
  defaultWidget,
  parsePage,
  emptyPage,
  type Widget,
} from './index';

const make = (type: Widget['widgetType'], id = `w-${type}`) => defaultWidget(type, { id });
const data = (w: Widget) => w.data as Record<string, unknown>;
const style = (w: Widget) => w.style as Record<string, unknown>;

describe('defaults of the complex, navigate, script and 3D widgets (docs/requirements/widgets.md §3.5, §4–§6)', () => {
  it('makes every catalogue type creatable, so the palette lists all 48', () => {
    expect(WIDGET_CATALOGUE).toHaveLength(48);
    expect(WIDGET_CATALOGUE.filter((e) => !e.creatable).map((e) => e.type)).toEqual([]);
  });

  it('gives line and area charts the seed values and a 10-colour theme with the legend at the bottom', () => {
    for (const type of ['ComplexLine', 'ComplexArea'] as const) {
      const w = make(type);
      expect(data(w)).toMatchObject({
        mode: 'adapt',
        minVal: 0,
        maxVal: 100,
        timeRange: 60,
        timeFormat: 'HH:mm',
      });
      expect(style(w)['theme']).toEqual(CHART_THEME);
      expect(CHART_THEME).toHaveLength(10);
      expect(style(w)['legend']).toMatchObject({ show: true, position: 'bottom' });
    }
  });

  it('gives bars width 40 and space 35 with the legend hidden, rings width 20', () => {
    expect(style(make('ComplexBar'))).toMatchObject({ barWidth: 40, barSpace: 35, legend: { show: false } });
    expect(style(make('ComplexRing'))).toMatchObject({ ringWidth: 20, valueType: 'value' });
    expect(style(make('ComplexPie'))['valueType']).toBe('value');
  });

  it('gives the history report 720 h range, 30 s roll, hour unit, interval 5 and rows 46/40', () => {
    const w = make('ComplexHistory');
    expect(data(w)).toMatchObject({
      dimensionType: 'time',
      show: 'page',
      timeRange: 720,
      rollTime: 30,
      timeUnit: 'hour',
      interval: 5,
      format: 'YYYY-MM-DD HH:mm:ss',
    });
    expect(style(w)).toMatchObject({ headerHeight: 46, rowHeight: 40 });
  });

  it('gives the alarm table its eight default columns', () => {
    expect(data(make('ComplexAlarm'))['col']).toEqual({ enable: true, list: [...ALARM_DEFAULT_COLUMNS] });
    expect(ALARM_DEFAULT_COLUMNS).toEqual([
      'equipTitle',
      'type',
      'alarmLevelId',
      'gmtTrigger',
      'gmtRelease',
      'value',
      'msg',
      'operation',
    ]);
  });

  it('gives the status timeline 运行=1 green, 空闲=0 blue, 调试=2 orange and an adaptive height', () => {
    const w = make('ComplexSection');
    expect(data(w)['items']).toEqual([
      { status: '运行', value: '1', color: '#52C41A' },
      { status: '空闲', value: '0', color: '#1890FF' },
      { status: '调试', value: '2', color: '#FA8C16' },
    ]);
    expect(style(w)).toMatchObject({ sectionHeight: 'adapt', sectionHeightValue: 40 });
  });

  it('gives xy curves and indicator diagrams their time ranges (60 and 120)', () => {
    expect(data(make('ComplexXyline'))).toMatchObject({ timeRange: 60, lineType: 'line' });
    expect(data(make('ComplexDiagram'))).toMatchObject({ timeRange: 120 });
  });

  it('stores the EZVIZ fields of a video and starts a map at zoom 12 without tiles', () => {
    expect(data(make('ComplexVideo'))['dataAddon']).toMatchObject({ type: 'ezviz', serialNumber: '' });
    expect(style(make('ComplexMap'))['center']).toMatchObject({ enable: false, zoom: 12 });
    expect(data(make('ComplexMap'))['tileUrl']).toBe('');
  });

  it('gives weather radius 10, manual position and no place yet (the "choose a place" state)', () => {
    const w = make('ComplexWeather');
    expect(data(w)).toMatchObject({ positionType: 'manual', city: '', lat: '', lng: '' });
    expect(style(w)).toMatchObject({ radius: 10, themeColor: 'blue' });
  });

  it('gives the iframe scroll auto at speed 25 and the carousel x, auto, 5 s', () => {
    expect(style(make('NavigateIframe'))).toMatchObject({ scrollType: 'auto', scrollSpeed: 25 });
    expect(style(make('NavigateSlide'))).toMatchObject({ slideType: 'x', slideAuto: true, time: 5 });
    expect(data(make('NavigateNav'))['navItems']).toEqual([]);
  });

  it('gives script widgets a stub taking (api, param, callback), offset -1, date unit, length only where due', () => {
    for (const type of ['ScriptReport', 'ScriptTrend', 'ScriptBar', 'ScriptPie'] as const) {
      const d = data(make(type));
      expect(d['script']).toBe(SCRIPT_STUB[type]);
      expect(String(d['script'])).toContain('function main(api, param, callback)');
      expect(d).toMatchObject({ offset: -1, timeUnit: 'date' });
      expect('length' in d).toBe(type === 'ScriptReport' || type === 'ScriptBar');
      expect('min' in d).toBe(type === 'ScriptTrend' || type === 'ScriptBar');
    }
  });

  it('survives a save and parse unchanged for every type', () => {
    const widgets = WIDGET_TYPES.map((t) => make(t));
    const page = { ...emptyPage(), widgets };
    const parsed = parsePage(JSON.parse(JSON.stringify(page)));
    if (!parsed.ok) throw new Error('not parsed');
    expect(parsed.page.widgets).toEqual(widgets);
  });

  it('keeps the copy limits: a fourth weather widget and a second 3D scene are blocked', () => {
    const weather = [1, 2, 3].map((n) => make('ComplexWeather', `we${n}`));
    const page = { ...emptyPage(), widgets: weather };
    expect(copyBlockReason(page, [make('ComplexWeather', 'we4')])).toBe('weatherMax');
    const scene = { ...emptyPage(), widgets: [make('UsualWebgl', 'g1')] };
    expect(copyBlockReason(scene, [make('UsualWebgl', 'g2')])).toBe('webglMax');
    expect(copyBlockReason(emptyPage(), [make('UsualWebgl', 'g3')])).toBeNull();
  });
});
