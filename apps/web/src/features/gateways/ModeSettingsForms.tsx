import { useState } from 'react';
import { Alert, Button, Flex, Form, InputNumber, Radio, Space, Tag, Typography } from 'antd';
import { useT } from '../../app/useT';
import { NETWORK_MODES, REMOTE_MODES } from '@fieldhub/shared';
import type { GatewayRow, NetworkMode, RemoteMode } from './gatewayTypes';
import { useSaveGatewaySettings } from './useGateways';

/** One choice of a mode list: its name and what it means, stacked. */
function ModeOption({ title, help }: { title: string; help: string }) {
  return (
    <Space orientation="vertical" size={0} style={{ paddingBlock: 4 }}>
      <Typography.Text>{title}</Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {help}
      </Typography.Text>
    </Space>
  );
}

/** Network mode tab: standard, switch or router; the gateway changes mode after a restart. */
export function NetworkModeForm({ gateway }: { gateway: GatewayRow }) {
  const { t } = useT('gateways');
  const save = useSaveGatewaySettings(gateway.sn);
  const [mode, setMode] = useState<NetworkMode>(gateway.pendingNetworkMode ?? gateway.networkMode);
  return (
    <Flex vertical gap={16}>
      <Alert type="info" showIcon title={t('network.restart-note')} />
      <div>
        <Typography.Text type="secondary">{t('network.current')} </Typography.Text>
        <Tag>{t(`network.mode.${gateway.networkMode}`)}</Tag>
        {gateway.pendingNetworkMode && (
          <Tag color="orange" data-testid="network-pending">
            {t('network.pending', { mode: t(`network.mode.${gateway.pendingNetworkMode}`) })}
          </Tag>
        )}
      </div>
      <Radio.Group
        value={mode}
        onChange={(e) => setMode(e.target.value as NetworkMode)}
        style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
        data-testid="network-mode"
      >
        {NETWORK_MODES.map((m) => (
          <Radio key={m} value={m}>
            <ModeOption title={t(`network.mode.${m}`)} help={t(`network.help.${m}`)} />
          </Radio>
        ))}
      </Radio.Group>
      <div>
        <Button
          type="primary"
          loading={save.isPending}
          onClick={() => save.mutate({ networkMode: mode })}
          data-testid="network-save"
        >
          {t('common:save')}
        </Button>
      </div>
    </Flex>
  );
}

/** Remote mode tab: remote upload/download through the gateway, or off. */
export function RemoteModeForm({ gateway }: { gateway: GatewayRow }) {
  const { t } = useT('gateways');
  const save = useSaveGatewaySettings(gateway.sn);
  const [mode, setMode] = useState<RemoteMode>(gateway.remoteMode);
  return (
    <Flex vertical gap={16}>
      <Radio.Group
        value={mode}
        onChange={(e) => setMode(e.target.value as RemoteMode)}
        style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
        data-testid="remote-mode"
      >
        {REMOTE_MODES.map((m) => (
          <Radio key={m} value={m}>
            <ModeOption title={t(`remote.mode.${m}`)} help={t(`remote.help.${m}`)} />
          </Radio>
        ))}
      </Radio.Group>
      <div>
        <Button
          type="primary"
          loading={save.isPending}
          onClick={() => save.mutate({ remoteMode: mode })}
          data-testid="remote-save"
        >
          {t('common:save')}
        </Button>
      </div>
    </Flex>
  );
}

/** Low-power tab: seconds without activity before the gateway sleeps (series with low-power mode). */
export function PowerForm({ gateway }: { gateway: GatewayRow }) {
  const { t } = useT('gateways');
  const save = useSaveGatewaySettings(gateway.sn);
  return (
    <Form<{ sleepDelayS: number | null }>
      layout="vertical"
      initialValues={{ sleepDelayS: gateway.sleepDelayS }}
      onFinish={(v) => save.mutate({ sleepDelayS: v.sleepDelayS ?? 0 })}
      data-testid="power-form"
    >
      <Alert type="info" showIcon title={t('power.series-note')} style={{ marginBottom: 16 }} />
      <Form.Item name="sleepDelayS" label={t('power.delay')} extra={t('power.delay-help')}>
        <InputNumber
          min={0}
          max={86_400}
          precision={0}
          suffix={t('power.seconds')}
          style={{ width: 220 }}
          data-testid="power-delay"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="power-save">
        {t('common:save')}
      </Button>
    </Form>
  );
}
