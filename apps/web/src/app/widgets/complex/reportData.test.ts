import { describe, expect, it } from 'vitest';
import { CHART_THEME, defaultWidget, type SignalRef, type Widget } from '@fieldhub/hmi';
import type { ReportRecordPage, ReportRow } from '@fieldhub/shared';
import {
  readsReport,
  reportCellText,
  reportEquipment,
  reportItemName,
  reportItemRefs,
  reportSeries,
  reportTableRows,
} from './reportData';

type Loose = Record<string, unknown>;
const make = (type: Widget['widgetType'], data: Loose = {}): Widget => {
  const w = defaultWidget(type, { id: `w-${type}` });
  return { ...w, data: { ...w.data, ...data } as Widget['data'] };
};
const item = (
  signalId: string,
  aggregation: string | undefined,
  extra: Partial<SignalRef> = {},
): SignalRef => ({
  signalId,
  equipId: '7',
  title: `v${signalId}`,
  subTitle: 'Kiln',
  ...(aggregation ? { aggregation } : {}),
  ...extra,
});
const names: Record<string, string> = { max: 'maximum', avg: 'average', last: 'last' };
const aggName = (a: string) => names[a] ?? a;

const T0 = Date.UTC(2024, 2, 1);
const HOUR = 3_600_000;
// newest first, as the report query answers
const records: ReportRecordPage['list'] = [
  { ts: T0 + 2 * HOUR, values: { '301': { max: 9.87654, avg: 4 } } },
  { ts: T0 + HOUR, values: { '301': { max: null, avg: 3.5 }, '302': { last: 1 } } },
  { ts: T0, values: { '301': { max: 7, avg: 3 } } },
];

describe('which widgets read a report', () => {
  it('reads a report only for a history table, line or area chart that names one', () => {
    expect(readsReport(make('ComplexHistory', { reportId: '4' }))).toBe(true);
    expect(readsReport(make('ComplexLine', { reportId: '4' }))).toBe(true);
    expect(readsReport(make('ComplexArea', { reportId: '4' }))).toBe(true);
    expect(readsReport(make('ComplexLine'))).toBe(false);
    expect(readsReport(make('ComplexBar', { reportId: '4' }))).toBe(false);
  });

  it("reads the chosen items' device, else the device page's own, and none on a project page without items", () => {
    const w = make('ComplexHistory', {
      reportId: '4',
      reportSignalArray: [item('301', 'max', { equipId: '12' })],
    });
    expect(reportEquipment(w, { kind: 'project', id: '3' })).toBe('12');
    const bare = make('ComplexHistory', { reportId: '4' });
    expect(reportEquipment(bare, { kind: 'equipment', id: '9' })).toBe('9');
    expect(reportEquipment(bare, { kind: 'project', id: '3' })).toBe('');
  });
});

describe('report records as a table', () => {
  it('names a column by its alias, else by the variable and its aggregation', () => {
    expect(reportItemName(item('301', 'max'), aggName)).toBe('v301 (maximum)');
    expect(reportItemName(item('301', 'max', { alias: 'Peak' }), aggName)).toBe('Peak');
    // an item saved without an aggregation reads the report default
    expect(reportItemName(item('302', undefined), aggName)).toBe('v302 (last)');
  });

  it('gives one cell per chosen item in their order, null where the record has no value', () => {
    const rows = reportTableRows(records, [item('301', 'avg'), item('301', 'max'), item('302', undefined)]);
    expect(rows).toEqual([
      { ts: T0 + 2 * HOUR, cells: [4, 9.87654, null] },
      { ts: T0 + HOUR, cells: [3.5, null, 1] },
      { ts: T0, cells: [3, 7, null] },
    ]);
    expect(rows.map((r) => r.cells.map(reportCellText))).toEqual([
      ['4', '9.877', '—'],
      ['3.5', '—', '1'],
      ['3', '7', '—'],
    ]);
  });
});

describe('report records as chart series', () => {
  it('draws one series per item in time order, leaving out records without its value', () => {
    const series = reportSeries(
      records,
      [item('301', 'max', { color: '#123456' }), item('302', 'last', { alias: 'Runs' })],
      aggName,
    );
    expect(series).toEqual([
      {
        name: 'v301 (maximum)',
        color: '#123456',
        points: [
          [T0, 7],
          [T0 + 2 * HOUR, 9.87654],
        ],
      },
      { name: 'Runs', color: undefined, points: [[T0 + HOUR, 1]] },
    ]);
  });
});

describe('report items offered in the property panel', () => {
  it("turns a device report's items into refs with their aggregation, coloured in turn", () => {
    const report: ReportRow = {
      id: 4,
      name: 'hourly',
      type: 'history',
      storageMode: 'periodic',
      intervalS: 3600,
      expression: '',
      enabled: true,
      items: [
        { variableId: 301, variableName: 'level', aggregation: 'max' },
        { variableId: 301, variableName: 'level', aggregation: 'avg' },
      ],
    };
    expect(reportItemRefs(report, '7', 'Kiln')).toEqual([
      {
        signalId: '301',
        equipId: '7',
        title: 'level',
        subTitle: 'Kiln',
        alias: '',
        color: CHART_THEME[0],
        aggregation: 'max',
      },
      {
        signalId: '301',
        equipId: '7',
        title: 'level',
        subTitle: 'Kiln',
        alias: '',
        color: CHART_THEME[1],
        aggregation: 'avg',
      },
    ]);
  });
});
