import { useState } from 'react';
import { Button, Empty, Input, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { GatewayStatus } from '@fieldhub/shared';
import { PageFrame } from '../../app/components/PageFrame';
import { useDialog } from '../devices/list/useDialog';
import { GatewayStatusBadge } from '../gateways/GatewayStatusBadge';
import { RegisterGatewaysModal } from './RegisterGatewaysModal';
import { useRegisteredGateways, type RegisteredGateway } from './useHardware';

/** /manage/system/hardware (platform operator): every registered gateway, and registering new ones. */
export default function HardwareListPage() {
  const { t } = useTranslation(['hardware', 'common']);
  const [sn, setSn] = useState('');
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 10 });
  const registering = useDialog<void>();
  const list = useRegisteredGateways(sn, paging);

  const columns: TableColumnsType<RegisteredGateway> = [
    {
      title: t('col.sn'),
      dataIndex: 'sn',
      render: (v: string) => <Typography.Text style={{ fontFamily: 'monospace' }}>{v}</Typography.Text>,
    },
    { title: t('col.series'), dataIndex: 'series' },
    { title: t('col.model'), dataIndex: 'model', render: (v: string) => v || '—' },
    { title: t('col.firmware'), dataIndex: 'firmware', render: (v: string) => v || '—' },
    {
      title: t('col.status'),
      dataIndex: 'status',
      render: (v: GatewayStatus) => <GatewayStatusBadge status={v} />,
    },
    {
      title: t('col.binding'),
      key: 'binding',
      render: (_, row) =>
        row.bound ? (
          <Space size={4}>
            <Tag color="blue">{t('col.bound')}</Tag>
            {row.orgName}
          </Space>
        ) : (
          <Tag>{t('col.free')}</Tag>
        ),
    },
    {
      title: t('col.registered'),
      dataIndex: 'registeredAt',
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
    },
  ];

  const emptyText = list.isPending ? (
    <div style={{ height: 160 }} />
  ) : sn ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.no-match')} />
  ) : (
    <Empty description={t('list.empty')}>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => registering.show()}>
        {t('register.button')}
      </Button>
    </Empty>
  );

  return (
    <PageFrame
      title={t('title')}
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => registering.show()}
          data-testid="hardware-register"
        >
          {t('register.button')}
        </Button>
      }
    >
      <Input.Search
        allowClear
        placeholder={t('list.sn-search')}
        enterButton={t('common:search')}
        maxLength={12}
        style={{ width: 300, marginBottom: 12 }}
        onSearch={(v) => {
          setSn(v.trim());
          setPaging((p) => ({ ...p, pageNum: 1 }));
        }}
        data-testid="hardware-search"
      />
      <Table<RegisteredGateway>
        rowKey="sn"
        size="middle"
        scroll={{ x: 'max-content' }}
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        columns={columns}
        locale={{ emptyText }}
        pagination={{
          current: paging.pageNum,
          pageSize: paging.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (n) => t('common:total', { total: n }),
          onChange: (pageNum, pageSize) => setPaging({ pageNum, pageSize }),
        }}
        data-testid="hardware-table"
      />
      <RegisterGatewaysModal key={registering.key} open={registering.open} onClose={registering.close} />
    </PageFrame>
  );
}
