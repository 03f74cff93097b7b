import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, Space, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Page } from '@fieldhub/shared';
import { request } from '../../app/request';
import { PageFrame } from '../../app/components/PageFrame';

interface LogRow {
  id: number;
  loginname: string;
  action: string;
  objectType: string;
  objectId: string;
  detail: Record<string, unknown>;
  ip: string;
  createdAt: string;
}

interface Filters {
  range?: [Dayjs, Dayjs] | null;
  loginname?: string;
}

/** /account/log: who did what in the enterprise, newest first. */
export default function OperationLogPage() {
  const { t } = useTranslation(['oplog', 'common']);
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 10 });
  const query = useQuery({
    queryKey: ['operationlog', filters, paging],
    queryFn: () =>
      request<Page<LogRow>>('/lfscada/user/operationlog/query', {
        ...paging,
        loginname: filters.loginname || undefined,
        startTime: filters.range?.[0]?.toISOString(),
        endTime: filters.range?.[1]?.toISOString(),
      }),
    placeholderData: keepPreviousData,
  });

  return (
    <PageFrame title={t('title')}>
      <Form<Filters>
        form={form}
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        onFinish={(v) => {
          setFilters(v);
          setPaging((p) => ({ ...p, pageNum: 1 }));
        }}
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
        <Space>
          <Button type="primary" htmlType="submit">
            {t('common:search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              setFilters({});
            }}
          >
            {t('common:reset')}
          </Button>
        </Space>
      </Form>
      <Table<LogRow>
        rowKey="id"
        size="middle"
        loading={query.isFetching}
        dataSource={query.data?.list ?? []}
        locale={{ emptyText: t('common:empty') }}
        pagination={{
          current: paging.pageNum,
          pageSize: paging.pageSize,
          total: query.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('common:total', { total }),
          onChange: (pageNum, pageSize) => setPaging({ pageNum, pageSize }),
        }}
        columns={[
          {
            title: t('time'),
            dataIndex: 'createdAt',
            width: 190,
            render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
          },
          { title: t('loginname'), dataIndex: 'loginname', width: 160 },
          {
            title: t('action-label'),
            dataIndex: 'action',
            render: (v: string) => t(`action.${v}`, { defaultValue: v }),
          },
          {
            title: t('object'),
            render: (_, row) =>
              row.objectType ? (
                <Typography.Text type="secondary">
                  {t(`object-type.${row.objectType}`, { defaultValue: row.objectType })} #{row.objectId}
                </Typography.Text>
              ) : null,
          },
          { title: t('ip'), dataIndex: 'ip', width: 150 },
        ]}
      />
    </PageFrame>
  );
}
