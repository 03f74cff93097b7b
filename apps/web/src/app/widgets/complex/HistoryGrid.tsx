/**
 * The history report table (ComplexHistory) in its `time` or `variable` dimension
 * (docs/requirements/widgets.md §4.8): the bound variables' values at every step of `interval` ×
 * `timeUnit` over the time filter's range (historySteps.ts), read from the stored curves (the
 * monitor's curve call, or the project's on a project page), with the column chooser, pager and
 * the .xlsx export of the stored values in the range.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Table } from 'antd';
import dayjs from 'dayjs';
import { monitorCalls, projectMonitorCalls } from '@fieldhub/shared';
import type { SignalRef, Widget } from '@fieldhub/hmi';
import { useT, type Translate } from '../../useT';
import { downloadCall } from '../../request';
import { useWidgetRuntime } from '../runtime';
import { num, str } from '../styleOf';
import { fetchCurves, refName } from './liveData';
import {
  dimensionOf,
  gridHasValues,
  historyGrid,
  stepMs,
  stepTimes,
  stepUnitOf,
  type GridRow,
} from './historySteps';
import { shownColumns } from './columnChoice';
import { useColumnChooser } from './ColumnChooser';
import { reportCellText } from './reportData';
import { tableStyle, useRange } from './tableFrame';
import { TableToolbar } from './TableToolbar';

type Loose = Record<string, unknown>;

/** The widest curve the call answers: each series' points are at most this many. */
const CURVE_WIDTH = 4000;

/**
 * Saves the stored values of variables in a range as .xlsx: through the device's export call, or
 * the project's twin on a project page (`project` its id, '' elsewhere).
 */
export function saveHistory(
  project: string,
  q: { equipmentId: string; variableIds: number[]; startTime: number; endTime: number },
  name: string,
  utcOffsetMinutes: number,
): Promise<void> {
  return project
    ? downloadCall(
        projectMonitorCalls.historyExport,
        {
          projectId: Number(project),
          dataSignal: q.variableIds,
          startTime: q.startTime,
          endTime: q.endTime,
          utcOffsetMinutes,
        },
        name,
      )
    : downloadCall(
        monitorCalls.historyExport,
        {
          equipmentId: Number(q.equipmentId),
          variableIds: q.variableIds.length ? q.variableIds : undefined,
          startTime: q.startTime,
          endTime: q.endTime,
          utcOffsetMinutes,
        },
        name,
      );
}

/** The refs a grid reads: the bound variables, a ref without a device taken as the page's own. */
function gridRefs(w: Widget, equipmentId: string): SignalRef[] {
  return w.data.signalArray
    .filter((r) => r.signalId)
    .map((r) => (r.equipId ? r : { ...r, equipId: equipmentId }));
}

export function HistoryGrid({
  widget,
  equipmentId,
  dimension,
}: {
  widget: Widget;
  equipmentId: string;
  dimension: 'time' | 'variable';
}) {
  const { t } = useT('designer');
  const runtime = useWidgetRuntime();
  const d = widget.data as Loose;
  const project = runtime.scope.kind === 'project' ? runtime.scope.id : '';
  const { range, setRange, current } = useRange(widget);
  const refs = gridRefs(widget, equipmentId);
  const unit = stepUnitOf(d['timeUnit']);
  const interval = num(d['interval'], 5);
  const read = useQuery({
    queryKey: [
      'widget',
      'history-grid',
      runtime.scope,
      widget.id,
      refs.map((r) => [r.equipId, r.signalId]),
      range?.map((x) => x.valueOf()),
      unit,
      interval,
    ],
    queryFn: async () => {
      const [start, end] = current();
      const steps = stepTimes(start, end, interval, unit);
      const series = refs.length ? await fetchCurves(refs, start, end, runtime.scope, CURVE_WIDTH) : [];
      return { steps, series };
    },
    placeholderData: keepPreviousData,
    refetchInterval: range ? false : num(d['rollTime'], 30) * 1000,
  });
  const format = str(d['format'], 'YYYY-MM-DD HH:mm:ss');
  const headText = (h: number | string) => (typeof h === 'number' ? dayjs(h).format(format) : h);
  const grid = historyGrid(read.data?.series ?? [], read.data?.steps ?? [], dimension);
  const rows = gridHasValues(grid.rows) ? grid.rows : [];
  const { hidden, chooser } = useColumnChooser(
    widget,
    grid.columns.map((c) => ({ key: c.key, label: headText(c.head) })),
  );
  const shown = shownColumns(grid.columns, hidden);
  const [startTime, endTime] = current();
  const variableIds = refs.map((r) => Number(r.signalId)).filter(Number.isFinite);
  return (
    <div style={tableStyle(widget)} className="fh-widget-table" data-testid="history-widget">
      <TableToolbar
        widget={widget}
        range={range}
        onRange={setRange}
        exporting={{
          enabled: rows.length > 0,
          save: (name, offset) =>
            saveHistory(
              project,
              { equipmentId: refs[0]?.equipId ?? equipmentId, variableIds, startTime, endTime },
              name,
              offset,
            ),
          fileName: t('monitor:history.file'),
          label: t('monitor:history.export'),
        }}
        chooser={chooser}
      />
      <Table<GridRow>
        size="small"
        rowKey="key"
        data-dimension={dimension}
        scroll={{ x: 'max-content' }}
        loading={read.isFetching && !read.data}
        dataSource={rows}
        pagination={
          (widget.style as Loose)['pager'] === false
            ? false
            : { pageSize: 10, size: 'small', showSizeChanger: false }
        }
        locale={{ emptyText: t('monitor:history.none') }}
        columns={[
          {
            key: 'head',
            title: dimension === 'time' ? t('monitor:history.time') : t('complex.col.name'),
            fixed: 'left',
            render: (_: unknown, row: GridRow) => headText(row.head),
          },
          ...shown.map((c) => {
            const at = grid.columns.indexOf(c);
            return {
              key: c.key,
              title: headText(c.head),
              render: (_: unknown, row: GridRow) => reportCellText(row.cells[at] ?? null),
            };
          }),
        ]}
      />
    </div>
  );
}

/**
 * The designer's sample of a grid (three steps up to now, in the widget's dimension, its bound
 * variables or two samples) as header texts and rows; null for the `record` dimension.
 */
export function designGrid(
  w: Widget,
  t: Translate<'designer'>,
  now: number,
): { columns: string[]; rows: string[][] } | null {
  const d = w.data as Loose;
  const dimension = dimensionOf(d['dimensionType']);
  if (dimension === 'record') return null;
  const step = stepMs(num(d['interval'], 5), stepUnitOf(d['timeUnit']));
  const steps = [2, 1, 0].map((i) => Math.floor(now / step) * step - i * step);
  const names = w.data.signalArray.length
    ? w.data.signalArray.map(refName)
    : [t('complex.sample', { n: 1 }), t('complex.sample', { n: 2 })];
  const series = names.map((name, k) => ({
    name,
    points: steps.map((ts, i): [number, number] => [ts, 20 + i * 3.5 + k * 10]),
  }));
  const grid = historyGrid(series, steps, dimension);
  const format = str(d['format'], 'YYYY-MM-DD HH:mm:ss');
  const text = (h: number | string) => (typeof h === 'number' ? dayjs(h).format(format) : h);
  return {
    columns: [
      dimension === 'time' ? t('complex.col.time') : t('complex.col.name'),
      ...grid.columns.map((c) => text(c.head)),
    ],
    rows: grid.rows.map((r) => [text(r.head), ...r.cells.map(reportCellText)]),
  };
}
