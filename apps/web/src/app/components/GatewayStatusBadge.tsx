import { Badge, Tag } from 'antd';
import { useT } from '../useT';
import type { GatewayStatus } from '@fieldhub/shared';

/**
 * Badge colours of the gateway states of docs/requirements/devices-and-gateways.md §6.2: online green,
 * offline grey, sleeping blue.
 */
const COLORS: Record<GatewayStatus, string> = {
  online: '#52c41a',
  offline: '#bfbfbf',
  sleeping: '#1677ff',
};

/** A gateway's state as a coloured dot and word; `null` (no gateway bound) as an "unbound" tag. */
export function GatewayStatusBadge({ status }: { status: GatewayStatus | null }) {
  const { t } = useT('gateways');
  if (!status)
    return (
      <Tag variant="outlined" style={{ borderStyle: 'dashed', marginInlineEnd: 0 }}>
        {t('status.unbound')}
      </Tag>
    );
  return <Badge color={COLORS[status]} text={t(`status.${status}`)} />;
}
