/**
 * The history report (ComplexHistory) and the alarm records (ComplexAlarm) as tables. The
 * designer shows the columns with a few sample rows; the viewer queries the monitor calls of the
 * equipment the widget is bound to (or the page's own equipment): history values with a time
 * filter, pager and .xlsx export, and alarm records in the columns the widget chose.
 */
import { useState, type CSSProperties } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Flex, Table, Tag } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { AlarmRecordRow, HistoryValueRow, Page } from '@fieldhub/shared';
import type { Widget } from '@fieldhub/hmi';
import { exportFileName } from '../../../../app/downloadNames';
import { download, request } from '../../../../app/request';
import { tablePagination, usePaging } from '../../../../app/paging';
import { useWidgetRuntime } from '../runtime';
import { num, obj, str } from '../styleOf';
import { BodyNote } from './BodyNote';
import { alarmColumns, tableEquipment } from './tables';

type Loose = Record<string, unknown>;
const json = { json: true } as const;

function tableStyle(w: Widget): CSSProperties {
  const st = w.style as Loose;
  return {
    position: 'absolute',
    inset: 0,
    overflow: 'auto',
    background: '#fff',
    border: st['border'] === false ? undefined : '1px solid #E5E7EB',
    ['--fh-th-h' as string]: `${num(st['headerHeight'], 46)}px`,
    ['--fh-td-h' as string]: `${num(st['rowHeight'], 40)}px`,
  };
}

const fmt = (ts: number | null) => (ts ? dayjs(ts).format('YYYY-MM-DD HH:mm:ss') : '—');

function useRange(w: Widget) {
  const minutes = num((w.data as Loose)['timeRange'], 720);
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const current = (): [number, number] =>
    range ? [range[0].valueOf(), range[1].valueOf()] : [Date.now() - minutes * 60_000, Date.now()];
  return { range, setRange, current };
}

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
  const { t } = useTranslation(['designer', 'monitor', 'common']);
  const d = widget.data as Loose;
  const pager = usePaging();
  const { range, setRange, current } = useRange(widget);
  const refs = [...widget.data.reportSignalArray, ...widget.data.signalArray].filter(
    (r) => r.equipId === equipmentId,
  );
  const variableIds = refs.map((r) => Number(r.signalId)).filter(Number.isFinite);
  const [start, end] = current();
  const body = {
    equipmentId: Number(equipmentId),
    variableIds: variableIds.length ? variableIds : undefined,
    startTime: start,
    endTime: end,
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
    // a project page reads through the project (its members may lack the device permission)
    queryFn: () =>
      project
        ? request<Page<HistoryValueRow>>(
            '/lfscada/monitor/project/history/query',
            { ...body, projectId: Number(project), ...pager.paging },
            json,
          )
        : request<Page<HistoryValueRow>>(
            '/lfscada/monitor/multi/history/query',
            { ...body, ...pager.paging },
            json,
          ),
    placeholderData: keepPreviousData,
    refetchInterval: num(d['rollTime'], 30) * 1000,
  });
  const format = str(d['format'], 'YYYY-MM-DD HH:mm:ss');
  return (
    <div style={tableStyle(widget)} className="fh-widget-table" data-testid="history-widget">
      <Flex gap={8} wrap style={{ padding: 8 }}>
        {d['filterTime'] !== false && (
          <DatePicker.RangePicker
            size="small"
            showTime
            value={range}
            onChange={(v) => (setRange(v as [Dayjs, Dayjs] | null), pager.toFirstPage())}
          />
        )}
        {/* the .xlsx export is a device monitor call; project pages have no export call */}
        {d['exportExcel'] !== false && !project && (
          <Button
            size="small"
            icon={<ExportOutlined />}
            disabled={!rows.data?.total}
            onClick={() =>
              void download(
                '/lfscada/monitor/multi/history/export',
                { ...body, utcOffsetMinutes: -new Date().getTimezoneOffset() },
                exportFileName(t('monitor:history.file'), new Date()),
              ).catch(() => undefined)
            }
          >
            {t('monitor:history.export')}
          </Button>
        )}
      </Flex>
      <Table<HistoryValueRow>
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
            title: t('monitor:history.time'),
            dataIndex: 'ts',
            render: (ts: number) => dayjs(ts).format(format),
          },
          { title: t('complex.col.name'), dataIndex: 'name' },
          {
            title: t('complex.col.value'),
            dataIndex: 'value',
            render: (v: unknown, r) => `${String(v ?? '')}${r.unit ? ` ${r.unit}` : ''}`,
          },
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

function alarmCell(
  column: string,
  r: AlarmRecordRow,
  equipTitle: string,
  t: (k: string, o?: Loose) => string,
) {
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
      return (
        <Tag color={LEVEL_COLORS[r.level]}>
          {t(`deviceConfig:alarm.level.${r.level}`, { defaultValue: r.level })}
        </Tag>
      );
    case 'gmtTrigger':
      return fmt(r.triggeredAt);
    case 'gmtRelease':
      return fmt(r.releasedAt);
    case 'value':
      return String(r.triggerValue ?? '—');
    case 'msg':
      return r.content || r.variableName;
    case 'operation':
      return r.confirmedAt ? t('complex.alarm-confirmed') : t('complex.alarm-unconfirmed');
    default:
      return '';
  }
}

function AlarmTable({
  widget,
  equipmentId,
  project,
}: {
  widget: Widget;
  equipmentId: string;
  project: string;
}) {
  const { t } = useTranslation(['designer', 'monitor', 'deviceConfig', 'common']);
  const d = widget.data as Loose;
  const pager = usePaging();
  const { range, setRange, current } = useRange(widget);
  const equips = (Array.isArray(d['equips']) ? d['equips'] : []).map(obj);
  const equipTitle = str(equips.find((e) => String(e['equipmentId']) === equipmentId)?.['title'], '');
  const rows = useQuery({
    queryKey: [
      'widget',
      'alarms',
      project,
      widget.id,
      equipmentId,
      range?.map((x) => x.valueOf()),
      pager.paging,
    ],
    queryFn: () => {
      const [startTime, endTime] = current();
      const body = { equipmentId: Number(equipmentId), startTime, endTime, ...pager.paging };
      // a project page reads the designer alarms of its devices through the project
      return project
        ? request<Page<AlarmRecordRow>>(
            '/lfscada/monitor/project/alarm/query',
            { ...body, projectId: Number(project) },
            json,
          )
        : request<Page<AlarmRecordRow>>('/lfscada/monitor/multi/alarm/query', body, json);
    },
    placeholderData: keepPreviousData,
    refetchInterval: num(d['rollTime'], 30) * 1000,
  });
  return (
    <div style={tableStyle(widget)} className="fh-widget-table" data-testid="alarm-widget">
      {d['filterTime'] !== false && (
        <Flex gap={8} style={{ padding: 8 }}>
          <DatePicker.RangePicker
            size="small"
            showTime
            value={range}
            onChange={(v) => (setRange(v as [Dayjs, Dayjs] | null), pager.toFirstPage())}
          />
        </Flex>
      )}
      <Table<AlarmRecordRow>
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
          title: t(`complex.alarm-col.${c}`),
          render: (_: unknown, r: AlarmRecordRow) => alarmCell(c, r, equipTitle, t as never),
        }))}
      />
    </div>
  );
}

/** The designer's look: the columns and three sample rows, marked as samples. */
function DesignTable({ widget }: { widget: Widget }) {
  const { t } = useTranslation('designer');
  const alarm = widget.widgetType === 'ComplexAlarm';
  const columns = alarm
    ? alarmColumns(widget).map((c) => t(`complex.alarm-col.${c}`))
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
          t('complex.sample', { n: i + 1 }),
          String(20 + i * 3.5),
        ],
  );
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
            {columns.map((c) => (
              <th key={c} style={{ ...cell, fontWeight: 600 }}>
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
  const { t } = useTranslation('designer');
  if (runtime.mode === 'design') return <DesignTable widget={widget} />;
  const equipmentId = tableEquipment(widget, runtime.scope);
  const project = runtime.scope.kind === 'project' ? runtime.scope.id : '';
  if (!equipmentId) return <BodyNote text={t('complex.no-equipment')} />;
  return widget.widgetType === 'ComplexAlarm' ? (
    <AlarmTable widget={widget} equipmentId={equipmentId} project={project} />
  ) : (
    <HistoryTable widget={widget} equipmentId={equipmentId} project={project} />
  );
}
