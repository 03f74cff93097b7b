import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { dataCenterCalls, type DataCenterRow } from '@fieldhub/shared';
import { tablePagination, usePaging } from '../../app/paging';
import { callApi } from '../../app/request';
import { useT } from '../../app/useT';
import { callBody, type Asked } from './useDataCenter';

const fmt = (ts: number) => dayjs(ts).format('YYYY-MM-DD HH:mm:ss');
const num = (v: number) => String(Math.round(v * 1000) / 1000);

/** A page of stored values (raw) or of buckets with their aggregates, newest first. */
export function ResultTable({ asked }: { asked: Asked }) {
  const { t } = useT('dataCenter');
  const pager = usePaging();
  const rows = useQuery({
    queryKey: ['datacenter', 'rows', asked, pager.paging],
    queryFn: () => callApi(dataCenterCalls.query, { ...callBody(asked), ...pager.paging }),
    placeholderData: keepPreviousData,
  });
  const aggregated = asked.mode === 'aggregated';
  const agg = (key: 'avg' | 'min' | 'max' | 'first' | 'last') => ({
    title: t(`table.${key}`),
    key,
    render: (_: unknown, r: DataCenterRow) => (r.agg ? num(r.agg[key]) : ''),
  });
  return (
    <Table<DataCenterRow>
      rowKey={(r) => `${r.variableId}-${r.ts}`}
      size="middle"
      scroll={{ x: 'max-content' }}
      loading={rows.isFetching}
      dataSource={rows.data?.list ?? []}
      pagination={tablePagination(pager, rows.data?.total ?? 0, t)}
      locale={{ emptyText: t('table.none') }}
      data-testid="datacenter-table"
      columns={[
        { title: aggregated ? t('table.bucket') : t('table.time'), dataIndex: 'ts', width: 180, render: fmt },
        { title: t('table.device'), dataIndex: 'device' },
        { title: t('table.variable'), dataIndex: 'name' },
        ...(aggregated
          ? [
              agg('avg'),
              agg('min'),
              agg('max'),
              agg('first'),
              agg('last'),
              {
                title: t('table.count'),
                key: 'count',
                render: (_: unknown, r: DataCenterRow) => r.agg?.count,
              },
            ]
          : [
              {
                title: t('table.value'),
                dataIndex: 'value',
                render: (v: DataCenterRow['value']) => (typeof v === 'number' ? num(v) : (v ?? '')),
              },
              {
                title: t('table.quality'),
                dataIndex: 'quality',
                render: (q: number | null) =>
                  q === 0 ? <Tag color="success">{t('table.good')}</Tag> : <Tag color="warning">{q}</Tag>,
              },
            ]),
        { title: t('table.unit'), dataIndex: 'unit' },
      ]}
    />
  );
}
