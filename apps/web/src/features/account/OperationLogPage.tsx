import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DatePicker, Form, Input, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useT } from '../../app/useT';
import { oplogCalls, type OperationLogRow } from '@fieldhub/shared';
import { PagedTable } from '../../app/components/PagedTable';
import { PageFrame } from '../../app/components/PageFrame';
import { SearchForm } from '../../app/components/SearchForm';
import { usePaging } from '../../app/paging';
import { operationLogColumns, operationObjectText } from '../../app/components/operationLogColumns';
import { callApi } from '../../app/request';

interface Filters {
  range?: [Dayjs, Dayjs] | null;
  loginname?: string;
}

/** /account/log: who did what in the enterprise, newest first. */
export default function OperationLogPage() {
  const { t } = useT('oplog');
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const pager = usePaging();
  const query = useQuery({
    queryKey: ['operationlog', filters, pager.paging],
    queryFn: () =>
      callApi(oplogCalls.query, {
        ...pager.paging,
        loginname: filters.loginname || undefined,
        startTime: filters.range?.[0]?.toISOString(),
        endTime: filters.range?.[1]?.toISOString(),
      }),
    placeholderData: keepPreviousData,
  });

  return (
    <PageFrame title={t('title')}>
      <SearchForm<Filters>
        form={form}
        onFinish={(v) => {
          setFilters(v);
          pager.toFirstPage();
        }}
        onReset={() => setFilters({})}
      >
        <Form.Item name="range" label={t('time')}>
          <DatePicker.RangePicker
            showTime
            allowEmpty={[true, true]}
            disabledDate={(d) => d.isAfter(dayjs().endOf('day'))}
          />
        </Form.Item>
        <Form.Item name="loginname" label={t('loginname')}>
          <Input allowClear style={{ width: 180 }} />
        </Form.Item>
      </SearchForm>
      <PagedTable<OperationLogRow>
        pager={pager}
        list={query}
        // the log's few columns fit the page: no sideways scroll
        scroll={undefined}
        locale={{ emptyText: t('common:empty') }}
        columns={operationLogColumns(t, {
          title: t('object'),
          render: (_, row) =>
            row.objectType ? (
              <Typography.Text type="secondary">
                {operationObjectText(t, row.objectType)} #{row.objectId}
              </Typography.Text>
            ) : null,
        })}
      />
    </PageFrame>
  );
}
