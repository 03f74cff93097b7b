import { Button, Card, Flex, Tag, Tooltip, Typography } from 'antd';
import {
  AlertOutlined,
  FolderOutlined,
  FundProjectionScreenOutlined,
  StarFilled,
  StarOutlined,
} from '@ant-design/icons';
import { useT } from '../../../app/useT';
import type { MonitorDeviceCard } from '@fieldhub/shared';
import { GatewayStatusBadge } from '../../../app/components/GatewayStatusBadge';

/** The follow star of a device: filled when followed; a click toggles it. */
export function FollowStar({
  card,
  busy,
  onToggle,
}: {
  card: MonitorDeviceCard;
  busy: boolean;
  onToggle(): void;
}) {
  const { t } = useT('monitor');
  return (
    <Tooltip title={t(card.followed ? 'follow.remove' : 'follow.add')}>
      <Button
        type="text"
        size="small"
        loading={busy}
        aria-pressed={card.followed}
        aria-label={t(card.followed ? 'follow.remove' : 'follow.add')}
        icon={card.followed ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
        onClick={(e) => {
          e.stopPropagation();
          onToggle();
        }}
        data-testid={`follow-${card.id}`}
      />
    </Tooltip>
  );
}

/** Active alarms as a red count, or a quiet "none". */
export function AlarmCount({ count }: { count: number }) {
  const { t } = useT('monitor');
  if (!count) return <Typography.Text type="secondary">{t('card.no-alarm')}</Typography.Text>;
  return (
    <Tag color="error" icon={<AlertOutlined />} style={{ marginInlineEnd: 0 }}>
      {t('card.alarms', { count })}
    </Tag>
  );
}

/** Opens the device's configuration pages (as tabs), when it has any. */
export function PagesButton({ card, onOpen }: { card: MonitorDeviceCard; onOpen(): void }) {
  const { t } = useT('monitor');
  if (!card.pageCount) return null;
  return (
    <Button
      size="small"
      type="link"
      icon={<FundProjectionScreenOutlined />}
      style={{ paddingInline: 0 }}
      onClick={(e) => {
        e.stopPropagation();
        onOpen();
      }}
      data-testid={`device-pages-${card.id}`}
    >
      {t('card.pages', { count: card.pageCount })}
    </Button>
  );
}

/**
 * One device of the monitor list as a card: name, group, gateway state, alarms, follow star, and
 * its configuration pages.
 */
export function DeviceCard({
  card,
  followBusy,
  onOpen,
  onOpenPages,
  onToggleFollow,
}: {
  card: MonitorDeviceCard;
  followBusy: boolean;
  onOpen(): void;
  onOpenPages(): void;
  onToggleFollow(): void;
}) {
  const { t } = useT('monitor');
  const stripe =
    card.gatewayStatus === 'online' ? '#52c41a' : card.gatewayStatus === 'sleeping' ? '#1677ff' : '#d9d9d9';
  return (
    <Card
      hoverable
      size="small"
      onClick={onOpen}
      style={{ borderTop: `3px solid ${stripe}`, height: '100%' }}
      styles={{ body: { padding: 14 } }}
      data-testid={`device-card-${card.id}`}
    >
      <Flex justify="space-between" align="flex-start" gap={8}>
        <Typography.Text strong ellipsis={{ tooltip: card.name }} style={{ fontSize: 15 }}>
          {card.name}
        </Typography.Text>
        <FollowStar card={card} busy={followBusy} onToggle={onToggleFollow} />
      </Flex>
      <Flex vertical gap={6} style={{ marginTop: 6 }}>
        <Typography.Text type="secondary" ellipsis>
          <FolderOutlined /> {card.groupName ?? t('card.no-group')}
        </Typography.Text>
        <Flex justify="space-between" align="center" wrap gap={6}>
          <span data-testid={`device-status-${card.id}`}>
            <GatewayStatusBadge status={card.gatewayStatus} />
          </span>
          <AlarmCount count={card.alarmCount} />
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {card.sn ? `SN ${card.sn}` : t('card.no-gateway')}
          {card.syncNeeded && (
            <Tag color="warning" style={{ marginInlineStart: 8 }}>
              {t('card.sync-needed')}
            </Tag>
          )}
        </Typography.Text>
        <PagesButton card={card} onOpen={onOpenPages} />
      </Flex>
    </Card>
  );
}
