import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Segmented, Select, Table, Typography } from 'antd';
import { ExportOutlined, SearchOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { textUnder, useT } from '../../../app/useT';
import {
  deviceConfigCalls,
  monitorCalls,
  type HistoryValueRow,
  type MonitorSignal,
  type ReportRecordPage,
} from '@fieldhub/shared';
import { exportFileName } from '../../../app/downloadNames';
import { tablePagination, usePaging } from '../../../app/paging';
import { callApi, downloadCall } from '../../../app/request';
import { can, useSession } from '../../../app/session';
import { QualityTag } from './RealtimeTab';
import { RangeField, rangeProblemText, useRange, type TimeRange } from './RangeField';

type Mode = 'data' | 'report';
const fmt = (ts: number) => dayjs(ts).format('YYYY-MM-DD HH:mm:ss');

/** Stored values of the chosen variables in a range, newest first, paged, and their .xlsx export. */
function DataHistory({ equipmentId, signals }: { equipmentId: number; signals: MonitorSignal[] }) {
  const { t } = useT('monitor');
  const pager = usePaging();
  const [ids, setIds] = useState<number[]>([]);
  const { range, current, setRange } = useRange(24);
  const [asked, setAsked] = useState<{ ids: number[]; range: TimeRange }>(() => ({
    ids: [],
    range: current(),
  }));
  const [exporting, setExporting] = useState(false);
  const body = (q: typeof asked) => ({
    equipmentId,
    variableIds: q.ids.length ? q.ids : undefined,
    startTime: q.range.start,
    endTime: q.range.end,
  });
  const rows = useQuery({
    queryKey: ['monitor', 'history', equipmentId, asked, pager.paging],
    queryFn: () => callApi(monitorCalls.history, { ...body(asked), ...pager.paging }),
    placeholderData: keepPreviousData,
    enabled: !rangeProblemText(asked.range),
  });
  const problem = rangeProblemText(range);

  const exportRows = async () => {
    setExporting(true);
    try {
      await downloadCall(
        monitorCalls.historyExport,
        { ...body(asked), utcOffsetMinutes: -new Date().getTimezoneOffset() },
        exportFileName(t('history.file'), new Date()),
      );
    } catch {
      // the toast said why
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <Flex wrap gap={12} align="flex-start" style={{ marginBottom: 16 }}>
        <Select
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          placeholder={t('history.all-variables')}
          style={{ minWidth: 260, maxWidth: 420 }}
          value={ids}
          onChange={setIds}
          options={signals.map((s) => ({ value: s.id, label: s.name }))}
          optionFilterProp="label"
          data-testid="history-variables"
        />
        <RangeField value={range} onChange={setRange} testId="history-range" />
        <Button
          type="primary"
          icon={<SearchOutlined />}
          disabled={!!problem}
          onClick={() => {
            setAsked({ ids, range: current() });
            pager.toFirstPage();
          }}
          data-testid="history-search"
        >
          {t('common:search')}
        </Button>
        <Button
          icon={<ExportOutlined />}
          loading={exporting}
          disabled={!rows.data?.total}
          onClick={() => void exportRows()}
          data-testid="history-export"
        >
          {t('history.export')}
        </Button>
      </Flex>
      <Table<HistoryValueRow>
        rowKey={(r) => `${r.variableId}-${r.ts}`}
        size="middle"
        loading={rows.isFetching}
        dataSource={rows.data?.list ?? []}
        pagination={tablePagination(pager, rows.data?.total ?? 0, t)}
        locale={{ emptyText: t('history.none') }}
        data-testid="history-table"
        columns={[
          { title: t('history.time'), dataIndex: 'ts', width: 190, render: fmt },
          { title: t('realtime.name'), dataIndex: 'name' },
          {
            title: t('realtime.value'),
            dataIndex: 'value',
            render: (v: number | string | null, r) => {
              const s = signals.find((x) => x.id === r.variableId);
              const text = typeof v === 'number' && s ? v.toFixed(Math.min(s.decimals, 10)) : String(v ?? '');
              return `${text}${r.unit ? ` ${r.unit}` : ''}`;
            },
          },
          {
            title: t('realtime.quality'),
            dataIndex: 'quality',
            render: (q: number) => <QualityTag quality={q} />,
          },
        ]}
      />
      {rows.data?.totalCapped && (
        <Typography.Text type="secondary">{t('history.capped', { total: rows.data.total })}</Typography.Text>
      )}
    </>
  );
}

/** Records of one historical report (the report's variables and aggregations as columns). */
function ReportHistory({ equipmentId }: { equipmentId: number }) {
  const { t } = useT('monitor');
  const pager = usePaging();
  const reports = useQuery({
    queryKey: ['monitor', 'reports', equipmentId],
    queryFn: () => callApi(deviceConfigCalls.reportList, { owner: { equipmentId } }),
  });
  const [chosen, setChosen] = useState<number | undefined>();
  const { range, current, setRange } = useRange(24);
  const [asked, setAsked] = useState<{ reportId?: number; range: TimeRange }>(() => ({ range: current() }));
  const reportId = asked.reportId ?? reports.data?.[0]?.id;
  const records = useQuery({
    queryKey: ['monitor', 'report-records', equipmentId, reportId, asked.range, pager.paging],
    queryFn: () =>
      callApi(monitorCalls.reportRecords, {
        equipmentId,
        reportId,
        startTime: asked.range.start,
        endTime: asked.range.end,
        ...pager.paging,
      }),
    enabled: !!reportId && !rangeProblemText(asked.range),
    placeholderData: keepPreviousData,
  });
  const problem = rangeProblemText(range);
  const columns = records.data?.columns ?? [];
  // the gateway names the aggregations: one without a text shows as it came
  const aggregationName = (a: string) => textUnder(t, 'monitor:aggregation.', a);
  const [exporting, setExporting] = useState(false);
  const exportRecords = async () => {
    setExporting(true);
    try {
      await downloadCall(
        monitorCalls.reportExport,
        {
          equipmentId,
          reportId,
          startTime: asked.range.start,
          endTime: asked.range.end,
          utcOffsetMinutes: -new Date().getTimezoneOffset(),
        },
        exportFileName(t('history.report-file'), new Date()),
      );
    } catch {
      // the toast said why
    } finally {
      setExporting(false);
    }
  };
  return (
    <>
      <Flex wrap gap={12} align="flex-start" style={{ marginBottom: 16 }}>
        <Select
          style={{ minWidth: 220 }}
          loading={reports.isPending}
          placeholder={t('history.report')}
          value={chosen ?? reports.data?.[0]?.id}
          onChange={setChosen}
          options={(reports.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
          notFoundContent={t('history.no-reports')}
          data-testid="report-select"
        />
        <RangeField value={range} onChange={setRange} />
        <Button
          type="primary"
          icon={<SearchOutlined />}
          disabled={!!problem}
          onClick={() => {
            setAsked({ reportId: chosen, range: current() });
            pager.toFirstPage();
          }}
        >
          {t('common:search')}
        </Button>
        <Button
          icon={<ExportOutlined />}
          loading={exporting}
          disabled={!records.data?.total}
          onClick={() => void exportRecords()}
          data-testid="report-export"
        >
          {t('history.export')}
        </Button>
      </Flex>
      <Table
        rowKey="ts"
        size="middle"
        scroll={{ x: 'max-content' }}
        loading={records.isFetching}
        dataSource={records.data?.list ?? []}
        pagination={tablePagination(pager, records.data?.total ?? 0, t)}
        locale={{ emptyText: t('history.none') }}
        data-testid="report-table"
        columns={[
          { title: t('history.time'), dataIndex: 'ts', width: 190, fixed: 'left', render: fmt },
          ...columns.map((c) => ({
            key: `${c.variableId}-${c.aggregation}`,
            title: `${c.name} (${aggregationName(c.aggregation)})${c.unit ? ` ${c.unit}` : ''}`,
            render: (_: unknown, r: ReportRecordPage['list'][number]) => {
              const v = r.values[String(c.variableId)]?.[c.aggregation];
              return v === null || v === undefined ? '—' : String(Math.round(v * 1000) / 1000);
            },
          })),
        ]}
      />
    </>
  );
}

/** The history tab: stored values (data) or historical report records (report). */
export function HistoryTab({
  equipmentId,
  signals,
}: {
  equipmentId: number;
  signals: MonitorSignal[] | undefined;
}) {
  const { t } = useT('monitor');
  const user = useSession((s) => s.user);
  const [mode, setMode] = useState<Mode>('data');
  // the report list is a configuration call (equipment_manage); see the issue note
  const reportsReadable = can(user, 'equipment_manage');
  return (
    <>
      <Segmented<Mode>
        style={{ marginBottom: 16 }}
        value={mode}
        onChange={setMode}
        options={[
          { value: 'data', label: t('history.data') },
          { value: 'report', label: t('history.reports') },
        ]}
        data-testid="history-mode"
      />
      {mode === 'data' ? (
        <DataHistory equipmentId={equipmentId} signals={signals ?? []} />
      ) : reportsReadable ? (
        <ReportHistory equipmentId={equipmentId} />
      ) : (
        <Alert type="info" showIcon title={t('history.reports-unavailable')} />
      )}
    </>
  );
}
