import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  Button,
  Empty,
  Flex,
  Input,
  Select,
  Space,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { SettingOutlined, SyncOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useT } from '../../app/useT';
import { GATEWAY_STATUSES, UPGRADE_RUNNING, type GatewayStatus } from '@fieldhub/shared';
import { PagedTable } from '../../app/components/PagedTable';
import { PageFrame } from '../../app/components/PageFrame';
import { usePaging, useStepBackFromEmptyPage } from '../../app/paging';
import { useDialog } from '../../app/useDialog';
import { UpgradeState } from './GatewayActions';
import { GatewaySettingsDrawer } from './GatewaySettingsDrawer';
import { GatewayStatusBadge } from '../../app/components/GatewayStatusBadge';
import type { GatewayRow } from './gatewayTypes';
import { SignalStrength } from '../../app/components/SignalStrength';
import { useDeviceSync } from '../../app/live/SyncDialog';
import { rootKeys } from '../../app/queryKeys';
import { can, useSession } from '../../app/session';
import { gatewayKeys, useGatewayList, type GatewayFilters } from './useGateways';

/**
 * /manage/eg/gateway: the gateways bound to the enterprise's devices, with their settings; one
 * gateway's device or the chosen ones synced with their progress and outcome.
 */
export default function GatewayListPage() {
  const { t } = useT('gateways');
  const [filters, setFilters] = useState<GatewayFilters>({});
  const pager = usePaging();
  const settings = useDialog<GatewayRow>();
  const list = useGatewayList(filters, pager.paging);
  const client = useQueryClient();
  // the sync call is the device's (equipment_manage)
  const maySync = can(
    useSession((s) => s.user),
    'equipment_manage',
  );
  const [chosen, setChosen] = useState<GatewayRow[]>([]);
  const sync = useDeviceSync(() => {
    void client.invalidateQueries({ queryKey: gatewayKeys.all });
    void client.invalidateQueries({ queryKey: rootKeys.devices });
  });
  const syncRows = (rows: readonly GatewayRow[]) =>
    sync.start(rows.map((g) => ({ equipmentId: g.equipmentId, name: `${g.equipmentName} (${g.sn})` })));

  useStepBackFromEmptyPage(pager, list.data);

  const apply = (next: GatewayFilters) => {
    setFilters(next);
    pager.toFirstPage();
  };
  // the drawer follows the refreshed row, so a saved mode change shows as pending at once
  const current = list.data?.list.find((g) => g.sn === settings.target?.sn) ?? settings.target;

  const columns: TableColumnsType<GatewayRow> = [
    {
      title: t('col.sn'),
      dataIndex: 'sn',
      fixed: 'left',
      render: (sn: string) => <Typography.Text style={{ fontFamily: 'monospace' }}>{sn}</Typography.Text>,
    },
    {
      title: t('col.device'),
      dataIndex: 'equipmentName',
      render: (name: string, row) => <Link to={`/manage/eg/equipment/edit/${row.equipmentId}`}>{name}</Link>,
    },
    {
      title: t('col.hardware'),
      key: 'hardware',
      render: (_, row) => (
        <Flex vertical>
          <span>{[row.series, row.model].filter(Boolean).join(' · ')}</span>
          <Space size={4} wrap>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {row.firmware
                ? t('col.firmware-version', { version: row.firmware })
                : t('col.firmware-unknown')}
            </Typography.Text>
            {row.upgradable && !(row.otaState && UPGRADE_RUNNING.includes(row.otaState)) && (
              <Tag
                color="blue"
                style={{ fontSize: 11, marginInlineEnd: 0 }}
                data-testid={`upgradable-${row.sn}`}
              >
                {t('col.new-firmware', { version: row.latestFirmware })}
              </Tag>
            )}
          </Space>
          <UpgradeState gateway={row} />
        </Flex>
      ),
    },
    {
      title: t('col.status'),
      dataIndex: 'status',
      render: (status: GatewayStatus, row) => (
        <Space size={6} wrap>
          <GatewayStatusBadge status={status} />
          {row.syncNeeded && (
            <Tooltip title={t('col.sync-help')}>
              <Tag color="orange" icon={<SyncOutlined />} style={{ marginInlineEnd: 0 }}>
                {t('col.sync-needed')}
              </Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      title: t('col.signal'),
      dataIndex: 'signalStrength',
      render: (v: number | null) => <SignalStrength value={v} />,
    },
    {
      title: t('col.network'),
      key: 'network',
      render: (_, row) => (
        <Flex vertical align="flex-start" gap={2}>
          <span>{t(`network.mode.${row.networkMode}`)}</span>
          {row.pendingNetworkMode && (
            <Tooltip title={t('network.restart-note')}>
              <Tag color="orange" style={{ marginInlineEnd: 0 }} data-testid={`pending-${row.sn}`}>
                {t('network.pending', { mode: t(`network.mode.${row.pendingNetworkMode}`) })}
              </Tag>
            </Tooltip>
          )}
        </Flex>
      ),
    },
    {
      title: t('col.last-seen'),
      dataIndex: 'lastSeenAt',
      render: (v: string | null) =>
        v ? (
          dayjs(v).format('YYYY-MM-DD HH:mm:ss')
        ) : (
          <Typography.Text type="secondary">{t('col.never')}</Typography.Text>
        ),
    },
    {
      title: t('common:actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            icon={<SettingOutlined />}
            onClick={() => settings.show(row)}
            data-testid={`settings-${row.sn}`}
          >
            {t('settings.open')}
          </Button>
          {maySync && (
            <Tooltip title={t('common:sync.help')}>
              <Button
                type="link"
                size="small"
                icon={<SyncOutlined />}
                onClick={() => syncRows([row])}
                data-testid={`sync-${row.sn}`}
              >
                {t('common:sync.action')}
              </Button>
            </Tooltip>
          )}
        </Space>
      ),
    },
  ];

  const filtered = !!filters.keyword || !!filters.status;
  const emptyText = list.isPending ? (
    <div style={{ height: 160 }} />
  ) : filtered ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.no-match')} />
  ) : (
    <Empty description={t('list.empty')}>
      <Typography.Paragraph type="secondary">{t('list.empty-help')}</Typography.Paragraph>
      <Link to="/manage/eg/equipment/list">{t('list.to-devices')}</Link>
    </Empty>
  );

  return (
    <PageFrame title={t('title')}>
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('list.keyword')}
          enterButton={t('common:search')}
          maxLength={50}
          style={{ width: 320 }}
          onSearch={(v) => apply({ ...filters, keyword: v.trim() || undefined })}
          data-testid="gateway-keyword"
        />
        <Select<GatewayStatus>
          allowClear
          placeholder={t('list.all-status')}
          style={{ width: 160 }}
          value={filters.status}
          onChange={(status) => apply({ ...filters, status })}
          options={GATEWAY_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          data-testid="gateway-status"
        />
        {maySync && (
          <Button
            icon={<SyncOutlined />}
            disabled={!chosen.length}
            onClick={() => syncRows(chosen)}
            data-testid="gateway-sync-selected"
          >
            {t('common:sync.selected', { count: chosen.length })}
          </Button>
        )}
      </Flex>
      <PagedTable<GatewayRow>
        pager={pager}
        list={list}
        columns={columns}
        locale={{ emptyText }}
        rowSelection={
          maySync
            ? {
                preserveSelectedRowKeys: true,
                selectedRowKeys: chosen.map((g) => g.id),
                onChange: (_, rows) => setChosen(rows.filter(Boolean)),
              }
            : undefined
        }
        data-testid="gateway-table"
      />
      {sync.dialog}
      <GatewaySettingsDrawer
        key={settings.key}
        open={settings.open}
        gateway={current}
        onClose={settings.close}
      />
    </PageFrame>
  );
}
