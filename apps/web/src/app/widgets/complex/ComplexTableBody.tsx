/**
 * The history report (ComplexHistory) and the alarm records (ComplexAlarm) as tables. The
 * designer shows the columns with a few sample rows; the viewer queries the monitor calls of the
 * equipment the widget is bound to (or the page's own equipment): history values with a time
 * filter, pager and .xlsx export, and alarm records in the columns the widget chose. On a project
 * page both read through the project, over every device they name: the history of all bound
 * signals, the alarms of the devices in `equips` (every device of the project when none).
 */
import type { CSSProperties } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { textUnder, useT, type Translate } from '../../useT';
import {
  alarmsCalls,
  formatValueWithUnit,
  monitorCalls,
  projectMonitorCalls,
  type AlarmRecordRow,
  type HistoryValueRow,
  type ListedAlarmRow,
  type Page,
  type ProjectAlarmRow,
  type ProjectHistoryRow,
} from '@fieldhub/shared';
import type { Widget } from '@fieldhub/hmi';
import { callApi, downloadCall } from '../../request';
import { tablePagination, usePaging } from '../../paging';
import { useWidgetRuntime } from '../runtime';
import { num, obj, str } from '../styleOf';
import { BodyNote } from './BodyNote';
import { alarmColumns, tableEquipment } from './tables';
import { tableStyle, useRange } from './tableFrame';
import { TableToolbar } from './TableToolbar';
import { readsReport, reportEquipment, reportItemName } from './reportData';
import { useAggregationName } from './reportRecords';
import { ReportTable } from './ReportTable';
import { useAlarmEvents } from './alarmEvents';
import { designGrid, HistoryGrid, saveHistory } from './HistoryGrid';
import { dimensionOf } from './historySteps';
import { shownColumns } from './columnChoice';
import { useColumnChooser } from './ColumnChooser';

type Loose = Record<string, unknown>;

const fmt = (ts: number | null) => (ts ? dayjs(ts).format('YYYY-MM-DD HH:mm:ss') : '—');

/** A history row: of the one device, or with its device on a project page. */
type HistoryRow = HistoryValueRow | ProjectHistoryRow;

/** `project`: the id of the project page it is on, '' elsewhere. */
function HistoryTable({
  widget,
  equipmentId,
  project,
}: {
  widget: Widget;
  equipmentId: string;
  project: string;
}) {
  const { t } = useT('designer');
  const d = widget.data as Loose;
  const pager = usePaging();
  const { range, setRange, current } = useRange(widget);
  // a project page reads every bound signal, whichever device it is of; a device page its own
  const refs = [...widget.data.reportSignalArray, ...widget.data.signalArray].filter(
    (r) => project || r.equipId === equipmentId,
  );
  const variableIds = refs.map((r) => Number(r.signalId)).filter(Number.isFinite);
  const [startTime, endTime] = current();
  // through the project: its members may lack the device permission
  const inProject = { projectId: Number(project), dataSignal: variableIds, startTime, endTime };
  const ofDevice = {
    equipmentId: Number(equipmentId),
    variableIds: variableIds.length ? variableIds : undefined,
    startTime,
    endTime,
  };
  const rows = useQuery({
    queryKey: [
      'widget',
      'history',
      project,
      widget.id,
      equipmentId,
      variableIds,
      range?.map((x) => x.valueOf()),
      pager.paging,
    ],
    queryFn: (): Promise<Page<HistoryRow>> =>
      project
        ? callApi(projectMonitorCalls.historyAll, { ...inProject, ...pager.paging })
        : callApi(monitorCalls.history, { ...ofDevice, ...pager.paging }),
    placeholderData: keepPreviousData,
    refetchInterval: num(d['rollTime'], 30) * 1000,
  });
  const format = str(d['format'], 'YYYY-MM-DD HH:mm:ss');
  // the columns the chooser offers (the time always stays)
  const choosable = [
    ...(project
      ? [{ key: 'equipment', title: t('complex.col.equipment'), dataIndex: 'equipmentTitle' }]
      : []),
    { key: 'name', title: t('complex.col.name'), dataIndex: 'name' },
    {
      key: 'value',
      title: t('complex.col.value'),
      dataIndex: 'value',
      render: (v: unknown, r: HistoryRow) => `${String(v ?? '')}${r.unit ? ` ${r.unit}` : ''}`,
    },
  ];
  const { hidden, chooser } = useColumnChooser(
    widget,
    choosable.map((c) => ({ key: c.key, label: c.title })),
  );
  return (
    <div style={tableStyle(widget)} className="fh-widget-table" data-testid="history-widget">
      <TableToolbar
        widget={widget}
        range={range}
        onRange={(r) => (setRange(r), pager.toFirstPage())}
        exporting={{
          enabled: !!rows.data?.total,
          save: (name, utcOffsetMinutes) =>
            saveHistory(project, { equipmentId, variableIds, startTime, endTime }, name, utcOffsetMinutes),
          fileName: t('monitor:history.file'),
          label: t('monitor:history.export'),
        }}
        chooser={chooser}
      />
      <Table<HistoryRow>
        size="small"
        rowKey={(r) => `${r.variableId}-${r.ts}`}
        loading={rows.isFetching && !rows.data}
        dataSource={rows.data?.list ?? []}
        pagination={
          (widget.style as Loose)['pager'] === false
            ? false
            : tablePagination(pager, rows.data?.total ?? 0, t)
        }
        locale={{ emptyText: t('monitor:history.none') }}
        columns={[
          {
            key: 'ts',
            title: t('monitor:history.time'),
            dataIndex: 'ts',
            render: (ts: number) => dayjs(ts).format(format),
          },
          ...shownColumns(choosable, hidden),
        ]}
      />
    </div>
  );
}

const LEVEL_COLORS: Record<string, string> = {
  info: 'blue',
  normal: 'gold',
  serious: 'orange',
  urgent: 'red',
};

function alarmCell(column: string, r: AlarmRecordRow, equipTitle: string, t: Translate<'designer'>) {
  switch (column) {
    case 'equipTitle':
      return equipTitle;
    case 'type':
      return r.state === 'active' ? (
        <Tag color="error">{t('monitor:alarm.state-active')}</Tag>
      ) : (
        <Tag>{t('monitor:alarm.state-cleared')}</Tag>
      );
    case 'alarmLevelId':
      return <Tag color={LEVEL_COLORS[r.level]}>{textUnder(t, 'deviceConfig:alarm.level.', r.level)}</Tag>;
    case 'gmtTrigger':
      return fmt(r.triggeredAt);
    case 'gmtRelease':
      return fmt(r.releasedAt);
    case 'value':
      return formatValueWithUnit(r.valueFormat, r.triggerValue) || '—';
    case 'msg':
      return r.content || r.variableName;
    case 'operation':
      return r.confirmedAt ? t('complex.alarm-confirmed') : t('complex.alarm-unconfirmed');
    default:
      return '';
  }
}

/** An alarm row with its device's title (the project's title of it on a project page). */
type AlarmRow = ListedAlarmRow | ProjectAlarmRow;

/**
 * The alarms of every device the widget lists (docs/requirements/widgets.md §4.9), refreshed every
 * roll time: through the project on a project page (every device of the project when none is
 * listed), else of the listed devices the reader may see (the page's own device when none).
 * `project`: the id of the project page it is on, '' elsewhere.
 */
function AlarmTable({
  widget,
  equipmentId,
  project,
}: {
  widget: Widget;
  equipmentId: string;
  project: string;
}) {
  const { t } = useT('designer');
  const d = widget.data as Loose;
  const pager = usePaging();
  const { range, setRange, current } = useRange(widget);
  const equips = (Array.isArray(d['equips']) ? d['equips'] : []).map(obj);
  // the widget's own title of a device first, else the one the answer carries
  const titleOf = (r: AlarmRow) =>
    str(equips.find((e) => String(e['equipmentId']) === String(r.equipmentId))?.['title'], r.equipmentTitle);
  const listed = [...new Set(equips.map((e) => Number(e['equipmentId'])).filter((id) => id > 0))];
  // every alarm of its devices the reader may see, whatever its rule type (device information or
  // designer); a project page reads them through the project
  const inProject = { projectId: Number(project), equipmentIds: listed, ruleType: 'all' as const };
  const ofDevices = {
    equipmentIds: listed.length ? listed : [Number(equipmentId)],
    ruleType: 'all' as const,
  };
  const rows = useQuery({
    queryKey: [
      'widget',
      'alarms',
      project,
      widget.id,
      equipmentId,
      listed,
      range?.map((x) => x.valueOf()),
      pager.paging,
    ],
    queryFn: (): Promise<Page<AlarmRow>> => {
      const [startTime, endTime] = current();
      return project
        ? callApi(projectMonitorCalls.alarmsAll, { ...inProject, startTime, endTime, ...pager.paging })
        : callApi(alarmsCalls.listedAlarms, { ...ofDevices, startTime, endTime, ...pager.paging });
    },
    placeholderData: keepPreviousData,
    refetchInterval: num(d['rollTime'], 30) * 1000,
  });
  useAlarmEvents(project ? listed : ofDevices.equipmentIds, () => void rows.refetch());
  return (
    <div style={tableStyle(widget)} className="fh-widget-table" data-testid="alarm-widget">
      <TableToolbar
        widget={widget}
        range={range}
        onRange={(r) => (setRange(r), pager.toFirstPage())}
        exporting={{
          enabled: !!rows.data?.total,
          save: (name, utcOffsetMinutes) => {
            const [startTime, endTime] = current();
            return project
              ? downloadCall(
                  projectMonitorCalls.alarmExport,
                  { ...inProject, startTime, endTime, utcOffsetMinutes },
                  name,
                )
              : downloadCall(
                  alarmsCalls.exportListedAlarms,
                  { ...ofDevices, startTime, endTime, utcOffsetMinutes },
                  name,
                );
          },
          fileName: t('monitor:alarm.file'),
          label: t('monitor:alarm.export'),
          testId: 'alarm-widget-export',
        }}
      />
      <Table<AlarmRow>
        size="small"
        rowKey="id"
        loading={rows.isFetching && !rows.data}
        dataSource={rows.data?.list ?? []}
        pagination={
          (widget.style as Loose)['pager'] === false
            ? false
            : tablePagination(pager, rows.data?.total ?? 0, t)
        }
        locale={{ emptyText: t('monitor:alarm.none') }}
        columns={alarmColumns(widget).map((c) => ({
          key: c,
          title: textUnder(t, 'designer:complex.alarm-col.', c),
          render: (_: unknown, r: AlarmRow) => alarmCell(c, r, titleOf(r), t),
        }))}
      />
    </div>
  );
}

/** The designer's look: the columns and three sample rows, marked as samples. */
function DesignTable({ widget }: { widget: Widget }) {
  const { t } = useT('designer');
  const aggregationName = useAggregationName();
  const alarm = widget.widgetType === 'ComplexAlarm';
  // a report-sourced table: the time and one column per chosen report item
  const report = readsReport(widget) ? widget.data.reportSignalArray : null;
  const columns = alarm
    ? alarmColumns(widget).map((c) => textUnder(t, 'designer:complex.alarm-col.', c))
    : report
      ? [t('complex.col.time'), ...report.map((r) => reportItemName(r, aggregationName))]
      : [t('complex.col.time'), t('complex.col.name'), t('complex.col.value')];
  const now = Math.floor(Date.now() / 60_000) * 60_000;
  const rows = [0, 1, 2].map((i) =>
    alarm
      ? alarmColumns(widget).map((c) =>
          c.startsWith('gmt')
            ? dayjs(now - i * 3_600_000).format('YYYY-MM-DD HH:mm')
            : c === 'value'
              ? String(80 + i * 5)
              : t('complex.sample-cell'),
        )
      : [
          dayjs(now - i * 300_000).format(str((widget.data as Loose)['format'], 'YYYY-MM-DD HH:mm:ss')),
          ...(report
            ? report.map((_, k) => String(20 + i * 3.5 + k * 10))
            : [t('complex.sample', { n: i + 1 }), String(20 + i * 3.5)]),
        ],
  );
  // a history table in a grid dimension: its sample steps (HistoryGrid)
  const grid = alarm || report ? null : designGrid(widget, t, now);
  if (grid) columns.splice(0, columns.length, ...grid.columns);
  if (grid) rows.splice(0, rows.length, ...grid.rows);
  const st = widget.style as Loose;
  const cell: CSSProperties = {
    padding: '0 8px',
    borderBottom: '1px solid #F0F0F0',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  };
  return (
    <div style={tableStyle(widget)} data-testid={alarm ? 'alarm-widget' : 'history-widget'}>
      <table style={{ width: '100%', borderCollapse: 'collapse', fontSize: 12, tableLayout: 'fixed' }}>
        <thead>
          <tr style={{ height: num(st['headerHeight'], 46), background: '#FAFAFA', textAlign: 'left' }}>
            {columns.map((c, j) => (
              <th key={j} style={{ ...cell, fontWeight: 600 }}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i} style={{ height: num(st['rowHeight'], 40), color: '#64748b' }}>
              {r.map((v, j) => (
                <td key={j} style={cell}>
                  {v}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function ComplexTableBody({ widget }: { widget: Widget }) {
  const runtime = useWidgetRuntime();
  const { t } = useT('designer');
  if (runtime.mode === 'design') return <DesignTable widget={widget} />;
  const equipmentId = tableEquipment(widget, runtime.scope);
  const project = runtime.scope.kind === 'project' ? runtime.scope.id : '';
  const alarm = widget.widgetType === 'ComplexAlarm';
  if (!alarm && readsReport(widget)) {
    const reportEquipmentId = reportEquipment(widget, runtime.scope);
    if (!reportEquipmentId) return <BodyNote text={t('complex.no-equipment')} />;
    if (!widget.data.reportSignalArray.length) return <BodyNote text={t('complex.no-report-items')} />;
    return <ReportTable widget={widget} equipmentId={reportEquipmentId} />;
  }
  // a project page's alarm table without devices of its own lists every device of the project
  if (!equipmentId && !(alarm && project)) return <BodyNote text={t('complex.no-equipment')} />;
  if (alarm) return <AlarmTable widget={widget} equipmentId={equipmentId} project={project} />;
  // the history's dimension (docs/requirements/widgets.md §4.8): a grid of steps, or every stored value
  const dimension = dimensionOf((widget.data as Loose)['dimensionType']);
  return dimension === 'record' ? (
    <HistoryTable widget={widget} equipmentId={equipmentId} project={project} />
  ) : (
    <HistoryGrid widget={widget} equipmentId={equipmentId} dimension={dimension} />
  );
}
