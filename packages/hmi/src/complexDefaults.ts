/**
 * Constants of the complex, navigate and script widgets' defaults (docs/requirements/widgets.md
 * §4–§6) that the web app reads too: the chart theme, the status rows, the alarm columns and the
 * script stubs. The widgets themselves are described in descriptors/ (widgetRegistry.ts).
 */

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
