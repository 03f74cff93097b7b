import { Descriptions, Drawer, Tabs } from 'antd';
import { useT } from '../../app/useT';
import { GatewayActions } from './GatewayActions';
import { GatewayStatusBadge } from '../../app/components/GatewayStatusBadge';
import type { GatewayRow } from './gatewayTypes';
import { LanSettingsForm } from './LanSettingsForm';
import { NetworkModeForm, PowerForm, RemoteModeForm } from './ModeSettingsForms';
import { MqttSettingsForm } from './MqttSettingsForm';

/**
 * One gateway: its operations (restart, location, firmware upgrade) and its settings in tabs;
 * each tab saves its own part and leaves the others as they are.
 */
export function GatewaySettingsDrawer({
  open,
  gateway,
  onClose,
}: {
  open: boolean;
  gateway: GatewayRow | undefined;
  onClose(): void;
}) {
  const { t } = useT('gateways');
  return (
    <Drawer
      open={open}
      size={640}
      title={gateway ? t('settings.title', { sn: gateway.sn }) : ''}
      onClose={onClose}
      destroyOnHidden
      data-testid="gateway-drawer"
    >
      {gateway && (
        <>
          <Descriptions
            size="small"
            column={2}
            style={{ marginBottom: 8 }}
            items={[
              { key: 'device', label: t('col.device'), children: gateway.equipmentName },
              {
                key: 'status',
                label: t('col.status'),
                children: <GatewayStatusBadge status={gateway.status} />,
              },
              {
                key: 'series',
                label: t('col.series'),
                children: `${gateway.series} ${gateway.model}`.trim(),
              },
              { key: 'firmware', label: t('col.firmware'), children: gateway.firmware || '—' },
            ]}
          />
          <GatewayActions gateway={gateway} />
          <Tabs
            defaultActiveKey="lan"
            items={[
              { key: 'lan', label: t('settings.tab.lan'), children: <LanSettingsForm gateway={gateway} /> },
              {
                key: 'mqtt',
                label: t('settings.tab.mqtt'),
                children: <MqttSettingsForm gateway={gateway} />,
              },
              {
                key: 'network',
                label: t('settings.tab.network'),
                children: <NetworkModeForm gateway={gateway} />,
              },
              {
                key: 'remote',
                label: t('settings.tab.remote'),
                children: <RemoteModeForm gateway={gateway} />,
              },
              { key: 'power', label: t('settings.tab.power'), children: <PowerForm gateway={gateway} /> },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
