/**
 * Defaults of the complex, navigate and script widgets and the 3D scene
 * (docs/requirements/widgets.md §3.5, §4–§6). Values given there are used as given; where the specification
 * is silent the choice is marked "seed silent" and follows what common SCADA editors use.
 */
import type { WidgetStyle } from './document';

/** The 10-colour chart theme (docs/requirements/widgets.md §4.1: a theme of 10 colours). */
export const CHART_THEME: readonly string[] = [
  '#5470C6',
  '#91CC75',
  '#FAC858',
  '#EE6666',
  '#73C0DE',
  '#3BA272',
  '#FC8452',
  '#9A60B4',
  '#EA7CCC',
  '#1890FF',
];

/**
 * Status rows of a new status timeline (docs/requirements/widgets.md §4.7: 运行=1 green, 空闲=0 blue, 调试=2
 * orange).
 */
export const SECTION_DEFAULT_ITEMS = [
  { status: '运行', value: '1', color: '#52C41A' },
  { status: '空闲', value: '0', color: '#1890FF' },
  { status: '调试', value: '2', color: '#FA8C16' },
] as const;

/** Columns of a new alarm record table (docs/requirements/widgets.md §4.9). */
export const ALARM_DEFAULT_COLUMNS = [
  'equipTitle',
  'type',
  'alarmLevelId',
  'gmtTrigger',
  'gmtRelease',
  'value',
  'msg',
  'operation',
] as const;

/**
 * The stub a new script widget starts with (docs/requirements/widgets.md §6.1: a stub taking an API object, a
 * parameter and a callback). It runs in a worker; `api` is the only way out of it.
 */
export const SCRIPT_STUB: Readonly<
  Record<'ScriptReport' | 'ScriptTrend' | 'ScriptBar' | 'ScriptPie', string>
> = {
  ScriptReport: [
    '// api: range(), history(signal, start, end), values(); param: offset, timeUnit, length, signals',
    'function main(api, param, callback) {',
    '  const { start, end } = api.range();',
    '  api.history(param.signals, start, end).then((series) => {',
    '    const columns = ["time", ...series.map((s) => s.name)];',
    '    const times = [...new Set(series.flatMap((s) => s.points.map((p) => p[0])))].sort((a, b) => a - b);',
    '    const rows = times.map((t) => [api.format(t), ...series.map((s) => (s.points.find((p) => p[0] === t) || [])[1] ?? "")]);',
    '    callback({ columns, rows });',
    '  });',
    '}',
  ].join('\n'),
  ScriptTrend: [
    '// api: range(), history(signal, start, end), values(); param: offset, timeUnit, mode, min, max, signals',
    'function main(api, param, callback) {',
    '  const { start, end } = api.range();',
    '  api.history(param.signals, start, end).then((series) => {',
    '    callback({ series: series.map((s) => ({ name: s.name, data: s.points })) });',
    '  });',
    '}',
  ].join('\n'),
  ScriptBar: [
    '// api: range(), history(signal, start, end), values(); param: offset, timeUnit, length, mode, min, max, signals',
    'function main(api, param, callback) {',
    '  const { start, end } = api.range();',
    '  api.history(param.signals, start, end).then((series) => {',
    '    const avg = (p) => (p.length ? p.reduce((n, x) => n + x[1], 0) / p.length : 0);',
    '    callback({ categories: series.map((s) => s.name), series: [{ name: "avg", data: series.map((s) => avg(s.points)) }] });',
    '  });',
    '}',
  ].join('\n'),
  ScriptPie: [
    '// api: range(), history(signal, start, end), values(); param: offset, timeUnit, signals',
    'function main(api, param, callback) {',
    '  api.values(param.signals).then((values) => {',
    '    callback({ data: values.map((v) => ({ name: v.name, value: Number(v.value) || 0 })) });',
    '  });',
    '}',
  ].join('\n'),
};

const textFont = { family: 'Microsoft YaHei', size: 14, weight: 'normal', italic: false };
// Axis ticks and grids shown, legend at the bottom, time-filter toolbar (docs/requirements/widgets.md §4.1).
const axisStyle = {
  theme: [...CHART_THEME],
  axis: { tick: true, grid: true, color: '#666666' },
  legend: { show: true, position: 'bottom' },
  toolbar: { show: true, quickRanges: [10, 30, 60, 720, 1440] },
  dataSelect: { show: false },
  font: textFont,
  opacity: 1,
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
const pieData = { valueShow: true };
const pieStyle = (extra: Record<string, unknown>) => ({
  theme: [...CHART_THEME],
  valueType: 'value',
  legend: { show: true, position: 'bottom' },
  font: textFont,
  opacity: 1,
  ...extra,
});
const scriptData = (length: boolean, range: boolean, type: keyof typeof SCRIPT_STUB) => ({
  script: SCRIPT_STUB[type],
  offset: -1,
  timeUnit: 'date',
  ...(length ? { length: 1 } : {}),
  ...(range ? { mode: 'adapt', min: 0, max: 100 } : {}),
});

/** The types this module gives defaults for. */
export const COMPLEX_DEFAULT_TYPES = [
  'ComplexLine',
  'ComplexBar',
  'ComplexPie',
  'ComplexRing',
  'ComplexRose',
  'ComplexVideo',
  'ComplexMap',
  'ComplexArea',
  'ComplexHistory',
  'ComplexAlarm',
  'ComplexXyline',
  'ComplexWeather',
  'ComplexSection',
  'ComplexDiagram',
  'NavigateNav',
  'NavigateMenu',
  'NavigateIframe',
  'NavigateImageText',
  'NavigateSlide',
  'ScriptReport',
  'ScriptTrend',
  'ScriptBar',
  'ScriptPie',
  'UsualWebgl',
] as const;
export type ComplexDefaultType = (typeof COMPLEX_DEFAULT_TYPES)[number];

/** Type-specific data and style of a new complex, navigate, script or 3D widget. */
export function complexSpecific(type: ComplexDefaultType): {
  data: Record<string, unknown>;
  style: WidgetStyle;
} {
  switch (type) {
    case 'ComplexLine':
    case 'ComplexArea':
      return { data: { ...lineData }, style: { ...axisStyle, smooth: false } };
    case 'ComplexBar':
      // Bar adds systemArray (common binding field); legend hidden by default.
      return {
        data: { ...lineData },
        style: {
          ...axisStyle,
          legend: { show: false, position: 'bottom' },
          barWidth: 40,
          barSpace: 35,
          valueShow: false,
        },
      };
    case 'ComplexPie':
    case 'ComplexRose':
      return { data: { ...pieData }, style: pieStyle({}) };
    case 'ComplexRing':
      return { data: { ...pieData }, style: pieStyle({ ringWidth: 20 }) };
    case 'ComplexVideo':
      // The stream URL (HLS .m3u8 or FLV) is what the player plays; EZVIZ fields are stored only.
      return {
        data: {
          url: '',
          streamType: 'hls',
          dataAddon: {
            type: 'ezviz',
            PanTilt: false,
            talk: false,
            serialNumber: '',
            channelNumber: 1,
            flvReserve: '',
            hlsReserve: '',
            rtmpReserve: '',
            cameraIndexCode: '',
            onlineAddress: '',
            onlineLoop: false,
            onlineAuto: true,
          },
        },
        style: { fill: '#000000', opacity: 1, radius: 0 },
      };
    case 'ComplexMap':
      // The tile URL is configurable; empty means no tiles (offline): markers on a plain background.
      return {
        // the seed's map "type" is stored as mapType (data.type is the binding type)
        data: {
          mapType: 'equip',
          equipments: [],
          totalCount: true,
          equipProportion: true,
          titleEnable: true,
          signalEnable: true,
          tileUrl: '',
        },
        style: {
          theme: 'light',
          center: { enable: false, zoom: 12, latitude: 39.9042, longitude: 116.4074 },
          map: { zoom: 12, center: [116.4074, 39.9042], address: '' },
          fill: '#EEF2F7',
          opacity: 1,
        },
      };
    case 'ComplexHistory':
      return {
        // the seed's "type" is stored as reportType: data.type is the binding type of every widget
        data: {
          reportType: 'data',
          reportId: '',
          customReportId: '',
          dimensionType: 'time',
          customArray: [],
          show: 'page',
          filterTime: true,
          exportExcel: true,
          timeRange: 720,
          rollTime: 30,
          timeUnit: 'hour',
          interval: 5,
          format: 'YYYY-MM-DD HH:mm:ss',
        },
        style: {
          headerHeight: 46,
          rowHeight: 40,
          border: true,
          pager: true,
          exportButton: true,
          columnsButton: true,
          font: textFont,
          opacity: 1,
        },
      };
    case 'ComplexAlarm':
      return {
        data: {
          equips: [],
          show: 'page',
          filterTime: true,
          exportExcel: true,
          timeRange: 720,
          rollTime: 30,
          col: { enable: true, list: [...ALARM_DEFAULT_COLUMNS] },
        },
        style: { headerHeight: 46, rowHeight: 40, border: true, pager: true, font: textFont, opacity: 1 },
      };
    case 'ComplexXyline':
      return {
        data: {
          reportId: '',
          timeRange: 60,
          modeX: { type: 'adapt', min: 0, max: 100 },
          modeY: { type: 'adapt', min: 0, max: 100 },
          lineType: 'line',
          buttonShow: true,
        },
        style: { ...axisStyle },
      };
    case 'ComplexDiagram':
      return {
        data: {
          timeRange: 120,
          reportIdX: '',
          reportIdY: '',
          modeX: { title: '位移', min: 0, max: 100 },
          modeY: { title: '载荷', min: 0, max: 100 },
        },
        style: { ...axisStyle },
      };
    case 'ComplexSection':
      return {
        data: {
          reportId: '',
          timeRange: 60,
          timeFormat: 'HH:mm',
          reportSignal: { signalId: '', equipId: '', title: '', subTitle: '', alias: '' },
          items: SECTION_DEFAULT_ITEMS.map((i) => ({ ...i })),
        },
        style: { sectionHeight: 'adapt', sectionHeightValue: 40, font: textFont, opacity: 1 },
      };
    case 'ComplexWeather':
      return {
        data: {
          provinceId: '',
          cityId: '',
          countyId: '',
          title: '',
          positionType: 'manual',
          city: '',
          lat: '',
          lng: '',
        },
        style: {
          mode: 'simple',
          themeColor: 'blue',
          radius: 10,
          themes: {
            white: { stroke: '#D9D9D9', fill: '#FFFFFF' },
            blue: { stroke: '#1890FF', fill: '#E6F4FF' },
            orange: { stroke: '#FA8C16', fill: '#FFF7E6' },
            yellow: { stroke: '#FADB14', fill: '#FEFFE6' },
          },
          opacity: 1,
        },
      };
    case 'NavigateNav':
    case 'NavigateMenu':
      return {
        data: { navItems: [] },
        style: {
          fill: type === 'NavigateNav' ? '#001529' : '#FFFFFF',
          color: type === 'NavigateNav' ? '#FFFFFF' : '#000000',
          activeColor: '#1890FF',
          font: textFont,
          opacity: 1,
        },
      };
    case 'NavigateIframe':
      return {
        // the seed's iframe "type" is stored as iframeType (data.type is the binding type)
        data: {
          enable: true,
          iframeType: 'equip',
          pageTitle: '',
          mainTitle: '',
          pageId: '',
          mainPageId: '',
          mainId: '',
          link: '',
          configId: '',
        },
        style: { scrollType: 'auto', isScrolling: false, scrollSpeed: 25, opacity: 1 },
      };
    case 'NavigateImageText':
      return { data: { richText: '' }, style: { fill: '#FFFFFF', opacity: 1 } };
    case 'NavigateSlide':
      return {
        data: { enable: true, picArray: [] },
        style: {
          fit: 'cover',
          indicator: { color: '#FFFFFF80', activeColor: '#FFFFFF' },
          slideType: 'x',
          slideAuto: true,
          time: 5,
          opacity: 1,
        },
      };
    case 'ScriptReport':
      return {
        data: scriptData(true, false, type),
        style: { headerHeight: 46, rowHeight: 40, border: true, font: textFont, opacity: 1 },
      };
    case 'ScriptTrend':
      return { data: scriptData(false, true, type), style: { ...axisStyle } };
    case 'ScriptBar':
      return { data: scriptData(true, true, type), style: { ...axisStyle, barWidth: 40 } };
    case 'ScriptPie':
      return { data: scriptData(false, false, type), style: pieStyle({}) };
    case 'UsualWebgl':
      // A scene: an optional glTF model URL; with none, a turning reference cube (seed silent).
      return {
        data: { modelUrl: '', autoRotate: true },
        style: { fill: '#0B1A2E', color: '#1890FF', opacity: 1 },
      };
  }
}
