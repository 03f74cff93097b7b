import { useState } from 'react';
import { Button, Empty, Input, Space, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useT } from '../../app/useT';
import type { GatewayStatus } from '@fieldhub/shared';
import { PagedTable } from '../../app/components/PagedTable';
import { PageFrame } from '../../app/components/PageFrame';
import { usePaging } from '../../app/paging';
import { useDialog } from '../../app/useDialog';
import { GatewayStatusBadge } from '../../app/components/GatewayStatusBadge';
import { FirmwareTab } from './FirmwareTab';
import { RegisterGatewaysModal } from './RegisterGatewaysModal';
import { useRegisteredGateways, type RegisteredGateway } from './useHardware';

/**
 * /manage/system/hardware (platform operator): every registered gateway and registering new ones,
 * and the firmware packages gateways are upgraded with.
 */
export default function HardwareListPage() {
  const { t } = useT('hardware');
  const [sn, setSn] = useState('');
  const [tab, setTab] = useState('gateways');
  const pager = usePaging();
  const registering = useDialog<void>();
  const list = useRegisteredGateways(sn, pager.paging);

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

  const gatewaysTab = (
    <>
      <Input.Search
        allowClear
        placeholder={t('list.sn-search')}
        enterButton={t('common:search')}
        maxLength={12}
        style={{ width: 300, marginBottom: 12 }}
        onSearch={(v) => {
          setSn(v.trim());
          pager.toFirstPage();
        }}
        data-testid="hardware-search"
      />
      <PagedTable<RegisteredGateway>
        pager={pager}
        list={list}
        rowKey="sn"
        columns={columns}
        locale={{ emptyText }}
        data-testid="hardware-table"
      />
    </>
  );

  return (
    <PageFrame
      title={t('title')}
      extra={
        tab === 'gateways' && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => registering.show()}
            data-testid="hardware-register"
          >
            {t('register.button')}
          </Button>
        )
      }
    >
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'gateways', label: t('tab.gateways'), children: gatewaysTab },
          { key: 'firmware', label: t('tab.firmware'), children: <FirmwareTab /> },
        ]}
        data-testid="hardware-tabs"
      />
      <RegisterGatewaysModal key={registering.key} open={registering.open} onClose={registering.close} />
    </PageFrame>
  );
}
