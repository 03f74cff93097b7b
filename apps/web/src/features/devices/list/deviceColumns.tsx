import { Link } from 'react-router-dom';
import { Button, Dropdown, Flex, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { DownOutlined, ShareAltOutlined, SyncOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useT } from '../../../app/useT';
import type { DeviceRow } from '@fieldhub/shared';
import { GatewayStatusBadge } from '../../../app/components/GatewayStatusBadge';

const editPath = (id: number) => `/manage/eg/equipment/edit/${id}`;
const dash = <Typography.Text type="secondary">—</Typography.Text>;

interface RowActions {
  /** pushes the configuration to the device's gateway; absent without the permission */
  onSync?(row: DeviceRow): void;
  onCopy(row: DeviceRow): void;
  onShare(row: DeviceRow): void;
  onAuthorize(row: DeviceRow): void;
  onDelete(row: DeviceRow): void;
}

/** Columns of the device table: identity, place, gateway and template state, and the actions. */
export function useDeviceColumns(actions: RowActions): TableColumnsType<DeviceRow> {
  const { t } = useT('deviceList');
  return [
    {
      title: t('col.name'),
      dataIndex: 'name',
      fixed: 'left',
      render: (name: string, row) => (
        <Flex vertical>
          <Space size={6}>
            <Link to={editPath(row.id)} data-testid={`device-link-${row.name}`}>
              <Typography.Text strong style={{ color: 'inherit' }}>
                {name}
              </Typography.Text>
            </Link>
            {row.shared && (
              <Tooltip title={t('col.shared')}>
                <ShareAltOutlined style={{ color: '#1677ff' }} aria-label={t('col.shared')} />
              </Tooltip>
            )}
          </Space>
          {row.deviceNumber && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('col.number', { number: row.deviceNumber })}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: t('col.group'),
      dataIndex: 'groupName',
      width: 120,
      ellipsis: { showTitle: true },
      render: (v: string | null) => v || dash,
    },
    {
      title: t('col.gateway'),
      key: 'gateway',
      render: (_, row) => (
        <Flex vertical gap={2} align="flex-start">
          {row.sn && <Typography.Text style={{ fontFamily: 'monospace' }}>{row.sn}</Typography.Text>}
          <GatewayStatusBadge status={row.gatewayStatus} />
        </Flex>
      ),
    },
    {
      // the device's configuration against its template and against what the gateway runs
      title: t('col.config'),
      key: 'config',
      width: 150,
      render: (_, row) => (
        <Flex vertical gap={4} align="flex-start">
          {row.templateName && (
            <Typography.Text ellipsis={{ tooltip: row.templateName }} style={{ maxWidth: 140 }}>
              {row.templateName}
            </Typography.Text>
          )}
          {!row.templateName && !row.syncNeeded && dash}
          {row.templateMismatch && (
            <Tooltip title={t('col.template-differs-help')}>
              <Tag color="gold" style={{ marginInlineEnd: 0 }} data-testid="template-differs">
                {t('col.template-differs')}
              </Tag>
            </Tooltip>
          )}
          {row.syncNeeded && (
            <Tooltip title={t('col.sync-help')}>
              <Tag
                color="orange"
                icon={<SyncOutlined />}
                style={{ marginInlineEnd: 0 }}
                data-testid="sync-needed"
              >
                {t('col.sync-needed')}
              </Tag>
            </Tooltip>
          )}
        </Flex>
      ),
    },
    {
      title: t('col.manufacturer'),
      dataIndex: 'manufacturer',
      width: 110,
      ellipsis: { showTitle: true },
      render: (v: string) => v || dash,
    },
    {
      title: t('common:created-at'),
      dataIndex: 'createdAt',
      render: (v: string) => (
        <Tooltip title={dayjs(v).format('YYYY-MM-DD HH:mm:ss')}>
          <span>{dayjs(v).format('YYYY-MM-DD')}</span>
        </Tooltip>
      ),
    },
    {
      title: t('common:actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) => (
        <Space size={0} wrap={false}>
          <Link to={editPath(row.id)} style={{ paddingInline: 4 }} data-testid={`edit-${row.name}`}>
            {t('common:edit')}
          </Link>
          {actions.onSync && row.sn && (
            <Tooltip title={t('common:sync.help')}>
              <Button
                type="link"
                size="small"
                style={{ paddingInline: 4 }}
                onClick={() => actions.onSync?.(row)}
                data-testid={`sync-${row.name}`}
              >
                {t('common:sync.action')}
              </Button>
            </Tooltip>
          )}
          <Button
            type="link"
            size="small"
            style={{ paddingInline: 4 }}
            onClick={() => actions.onShare(row)}
            data-testid={`share-${row.name}`}
          >
            {t('action.share')}
          </Button>
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'copy', label: t('action.copy') },
                { key: 'authorize', label: t('action.authorize') },
                { type: 'divider' },
                { key: 'delete', label: t('common:delete'), danger: true },
              ],
              onClick: ({ key }) => {
                if (key === 'copy') actions.onCopy(row);
                else if (key === 'authorize') actions.onAuthorize(row);
                else if (key === 'delete') actions.onDelete(row);
              },
            }}
          >
            <Button type="link" size="small" style={{ paddingInline: 4 }} data-testid={`more-${row.name}`}>
              {t('action.more')} <DownOutlined style={{ fontSize: 10 }} />
            </Button>
          </Dropdown>
        </Space>
      ),
    },
  ];
}
