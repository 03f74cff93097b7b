/**
 * A history table (ComplexHistory) that reads a device report: the time and one column per
 * chosen report item, with the widget's time filter, pager and column chooser, newest record first.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Table } from 'antd';
import dayjs from 'dayjs';
import { useT } from '../../useT';
import type { Widget } from '@fieldhub/hmi';
import { tablePagination, usePaging } from '../../paging';
import { useWidgetRuntime } from '../runtime';
import { num, str } from '../styleOf';
import { reportCellText, reportItemName, reportTableRows, type ReportTableRow } from './reportData';
import { fetchReportRecords, saveReportRecords, useAggregationName } from './reportRecords';
import { tableStyle, useRange } from './tableFrame';
import { TableToolbar } from './TableToolbar';
import { shownColumns } from './columnChoice';
import { useColumnChooser } from './ColumnChooser';

type Loose = Record<string, unknown>;

export function ReportTable({ widget, equipmentId }: { widget: Widget; equipmentId: string }) {
  const { t } = useT('designer');
  const runtime = useWidgetRuntime();
  const aggregationName = useAggregationName();
  const d = widget.data as Loose;
  const refs = widget.data.reportSignalArray;
  const reportId = str(d['reportId'], '');
  const pager = usePaging();
  const { range, setRange, current } = useRange(widget);
  const records = useQuery({
    queryKey: [
      'widget',
      'report-table',
      runtime.scope,
      widget.id,
      equipmentId,
      reportId,
      range?.map((x) => x.valueOf()),
      pager.paging,
    ],
    queryFn: () => {
      const [start, end] = current();
      return fetchReportRecords(runtime.scope, { equipmentId, reportId, start, end, ...pager.paging });
    },
    placeholderData: keepPreviousData,
    refetchInterval: num(d['rollTime'], 30) * 1000,
  });
  const format = str(d['format'], 'YYYY-MM-DD HH:mm:ss');
  // a column per chosen item, offered by the column chooser (the time always stays)
  const items = refs.map((r, i) => ({
    key: `${r.signalId}-${r.aggregation ?? ''}-${i}`,
    title: reportItemName(r, aggregationName),
    render: (_: unknown, row: ReportTableRow) => reportCellText(row.cells[i] ?? null),
  }));
  const { hidden, chooser } = useColumnChooser(
    widget,
    items.map((c) => ({ key: c.key, label: c.title })),
  );
  return (
    <div style={tableStyle(widget)} className="fh-widget-table" data-testid="report-widget">
      <TableToolbar
        widget={widget}
        range={range}
        onRange={(r) => (setRange(r), pager.toFirstPage())}
        exporting={{
          enabled: !!records.data?.total,
          save: (name, utcOffsetMinutes) => {
            const [start, end] = current();
            return saveReportRecords(
              runtime.scope,
              { equipmentId, reportId, start, end },
              name,
              utcOffsetMinutes,
            );
          },
          fileName: t('monitor:history.report-file'),
          label: t('monitor:history.export'),
          testId: 'report-widget-export',
        }}
        chooser={chooser}
      />
      <Table<ReportTableRow>
        size="small"
        rowKey="ts"
        scroll={{ x: 'max-content' }}
        loading={records.isFetching && !records.data}
        dataSource={reportTableRows(records.data?.list ?? [], refs)}
        pagination={
          (widget.style as Loose)['pager'] === false
            ? false
            : tablePagination(pager, records.data?.total ?? 0, t)
        }
        locale={{ emptyText: t('monitor:history.none') }}
        columns={[
          {
            key: 'ts',
            title: t('monitor:history.time'),
            dataIndex: 'ts',
            render: (ts: number) => dayjs(ts).format(format),
          },
          ...shownColumns(items, hidden),
        ]}
      />
    </div>
  );
}
