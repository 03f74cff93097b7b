import { App, Button, Flex, Progress, Space, Tag, Tooltip, Typography } from 'antd';
import { CloudDownloadOutlined, EnvironmentOutlined, PoweroffOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useT } from '../../app/useT';
import { Err, linkCalls, messageFor, UPGRADE_RUNNING, type FirmwareUpgradeState } from '@fieldhub/shared';
import { currentLang } from '../../app/i18n';
import { callApi } from '../../app/request';
import { CommandProgress } from '../../app/live/CommandProgress';
import { useCommand, type CommandLabels } from '../../app/live/useCommand';
import type { GatewayRow } from './gatewayTypes';
import { gatewayKeys } from './useGateways';

const stateColour: Record<FirmwareUpgradeState, string> = {
  sent: 'processing',
  downloading: 'processing',
  downloaded: 'processing',
  verified: 'processing',
  updating: 'processing',
  updated: 'success',
  failed: 'error',
};

/** The last firmware upgrade of the gateway: its state, and the step under way. */
export function UpgradeState({ gateway }: { gateway: GatewayRow }) {
  const { t } = useT('gateways');
  const state = gateway.otaState;
  if (!state) return null;
  const running = UPGRADE_RUNNING.includes(state);
  return (
    <Flex vertical gap={4} data-testid="ota-state" data-state={state}>
      <Space size={6} wrap>
        <Tag color={stateColour[state]} style={{ marginInlineEnd: 0 }}>
          {t(`ota.state.${state}`, { version: gateway.otaVersion ?? '' })}
        </Tag>
        {state === 'failed' && gateway.otaCode !== null && (
          <Typography.Text type="danger">{messageFor(gateway.otaCode, currentLang())}</Typography.Text>
        )}
        {gateway.otaAt && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {dayjs(gateway.otaAt).format('YYYY-MM-DD HH:mm:ss')}
          </Typography.Text>
        )}
      </Space>
      {running && state === 'downloading' && gateway.otaPercent !== null && (
        <Progress percent={gateway.otaPercent} size="small" status="active" style={{ maxWidth: 320 }} />
      )}
    </Flex>
  );
}

/**
 * Operations on the gateway (docs/requirements/devices-and-gateways.md §6.3, §6.5): restart, a base-station
 * location refresh (5 a day) and a firmware upgrade to the newest package of its series. Each is a task
 * followed on the command poll schedule; an offline or sleeping gateway takes none (1304, 1308).
 */
export function GatewayActions({ gateway }: { gateway: GatewayRow }) {
  const { t } = useT('gateways');
  const { modal } = App.useApp();
  const client = useQueryClient();
  const command = useCommand();
  const lang = currentLang();
  const unreachable =
    gateway.status === 'online'
      ? null
      : messageFor(gateway.status === 'sleeping' ? Err.gatewaySleeping : Err.gatewayOffline, lang);
  const upgrading = !!gateway.otaState && UPGRADE_RUNNING.includes(gateway.otaState);
  const blocked = unreachable ?? (command.busy ? t('actions.busy') : null);

  const run = (labels: CommandLabels, call: typeof linkCalls.restart) => {
    const refresh = () => client.invalidateQueries({ queryKey: gatewayKeys.all });
    const started = command.run(labels, () => callApi(call, { sn: gateway.sn }));
    void refresh();
    started.then(refresh, refresh);
  };
  const confirmed = (title: string, content: string, okText: string, go: () => void, testId: string) =>
    modal.confirm({
      title,
      content,
      okText,
      cancelText: t('common:cancel'),
      okButtonProps: { 'data-testid': testId } as never,
      onOk: go,
    });

  const upgradeHelp = gateway.upgradable
    ? null
    : gateway.latestFirmware
      ? t('actions.up-to-date')
      : t('actions.no-package');

  return (
    <Flex vertical gap={12} style={{ marginBottom: 16 }} data-testid="gateway-actions">
      <Space wrap>
        <Tooltip title={blocked}>
          <Button
            icon={<PoweroffOutlined />}
            disabled={!!blocked}
            onClick={() =>
              confirmed(
                t('actions.restart-title'),
                t('actions.restart-confirm', { sn: gateway.sn }),
                t('actions.restart'),
                () =>
                  run(
                    {
                      running: t('actions.restarting'),
                      done: t('actions.restarted'),
                      failed: t('actions.restart-failed'),
                    },
                    linkCalls.restart,
                  ),
                'restart-confirm',
              )
            }
            data-testid="gateway-restart"
          >
            {t('actions.restart')}
          </Button>
        </Tooltip>
        <Tooltip title={blocked ?? t('actions.locate-help')}>
          <Button
            icon={<EnvironmentOutlined />}
            disabled={!!blocked}
            onClick={() =>
              run(
                {
                  running: t('actions.locating'),
                  done: t('actions.located'),
                  failed: t('actions.locate-failed'),
                },
                linkCalls.locate,
              )
            }
            data-testid="gateway-locate"
          >
            {t('actions.locate')}
          </Button>
        </Tooltip>
        <Tooltip title={blocked ?? (upgrading ? t('actions.upgrading') : upgradeHelp)}>
          <Button
            type={gateway.upgradable ? 'primary' : 'default'}
            icon={<CloudDownloadOutlined />}
            disabled={!!blocked || upgrading || !gateway.upgradable}
            onClick={() =>
              confirmed(
                t('actions.upgrade-title'),
                t('actions.upgrade-confirm', {
                  from: gateway.firmware || '—',
                  to: gateway.latestFirmware,
                }),
                t('actions.upgrade'),
                () =>
                  run(
                    {
                      running: t('actions.upgrading-to', { version: gateway.latestFirmware }),
                      done: t('actions.upgraded', { version: gateway.latestFirmware }),
                      failed: t('actions.upgrade-failed'),
                    },
                    linkCalls.upgrade,
                  ),
                'upgrade-confirm',
              )
            }
            data-testid="gateway-upgrade"
          >
            {gateway.upgradable
              ? t('actions.upgrade-to', { version: gateway.latestFirmware })
              : t('actions.upgrade')}
          </Button>
        </Tooltip>
      </Space>
      <UpgradeState gateway={gateway} />
      <CommandProgress state={command.state} onClose={command.reset} />
    </Flex>
  );
}
