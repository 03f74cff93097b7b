import { Alert, Descriptions, Skeleton, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { textUnder, useT } from '../../../app/useT';
import type { DeviceRow, MonitorGatewayInfo } from '@fieldhub/shared';
import { GatewayStatusBadge } from '../../../app/components/GatewayStatusBadge';
import { SignalStrength } from '../../../app/components/SignalStrength';

const dash = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '—' : v);

/** The equipment info tab: the device's own fields as the configuration saved them. */
export function EquipmentInfoTab({ device }: { device: DeviceRow | undefined }) {
  const { t } = useT('monitor');
  if (!device) return <Skeleton active />;
  return (
    <Descriptions
      bordered
      size="middle"
      column={{ xs: 1, md: 2 }}
      data-testid="equipment-info"
      items={[
        { label: t('info.name'), children: device.name },
        { label: t('info.group'), children: dash(device.groupName) },
        { label: t('info.number'), children: dash(device.deviceNumber) },
        { label: t('info.manufacturer'), children: dash(device.manufacturer) },
        { label: t('info.address'), children: dash(device.address) },
        {
          label: t('info.position'),
          children: device.lng !== null && device.lat !== null ? `${device.lng}, ${device.lat}` : '—',
        },
        { label: t('info.factory-date'), children: dash(device.factoryDate) },
        { label: t('info.install-date'), children: dash(device.installDate) },
        {
          label: t('info.warranty'),
          children: device.warrantyMonths ? t('info.months', { count: device.warrantyMonths }) : '—',
        },
        { label: t('info.iccid'), children: dash(device.iccid) },
        { label: t('info.template'), children: dash(device.templateName) },
        { label: t('info.owner'), children: dash(device.ownerLoginname) },
        { label: t('info.remark'), children: dash(device.remark), span: 'filled' },
      ]}
    />
  );
}

/** The gateway info tab: state, signal, location, firmware and whether a sync is needed. */
export function GatewayInfoTab({
  gateway,
  noGateway,
}: {
  gateway: MonitorGatewayInfo | null;
  noGateway: boolean;
}) {
  const { t } = useT('monitor');
  if (noGateway) return <Alert type="info" showIcon title={t('gateway.none')} data-testid="gateway-none" />;
  if (!gateway) return <Skeleton active />;
  const loc = gateway.location;
  return (
    <Descriptions
      bordered
      size="middle"
      column={{ xs: 1, md: 2 }}
      data-testid="gateway-info"
      items={[
        { label: t('gateway.sn'), children: gateway.sn },
        {
          label: t('gateway.status'),
          children: (
            <span data-testid="gateway-status">
              <GatewayStatusBadge status={gateway.status} />
            </span>
          ),
        },
        { label: t('gateway.series'), children: `${gateway.series} ${gateway.model}`.trim() || '—' },
        { label: t('gateway.firmware'), children: dash(gateway.firmware) },
        { label: t('gateway.signal'), children: <SignalStrength value={gateway.signalStrength} /> },
        {
          label: t('gateway.location'),
          children:
            loc && loc.lng !== undefined && loc.lat !== undefined ? (
              <>
                {loc.lng}, {loc.lat}
                {loc.at && (
                  <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
                    {dayjs(loc.at).format('YYYY-MM-DD HH:mm')}
                  </Typography.Text>
                )}
              </>
            ) : (
              '—'
            ),
        },
        {
          label: t('gateway.network-mode'),
          children: textUnder(t, 'gateways:network.mode.', gateway.networkMode) || '—',
        },
        {
          label: t('gateway.sync'),
          children: gateway.syncNeeded ? (
            <Tag color="warning" data-testid="gateway-sync-needed">
              {t('gateway.sync-needed')}
            </Tag>
          ) : (
            <Tag color="success">{t('gateway.in-sync')}</Tag>
          ),
        },
        {
          label: t('gateway.last-seen'),
          children: gateway.lastSeenAt ? dayjs(gateway.lastSeenAt).format('YYYY-MM-DD HH:mm:ss') : '—',
        },
      ]}
    />
  );
}
