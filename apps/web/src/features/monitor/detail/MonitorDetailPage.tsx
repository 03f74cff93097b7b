import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { Alert, Badge, Button, Flex, Space, Spin, Switch, Tabs, Tag, Tooltip, Typography } from 'antd';
import { ArrowLeftOutlined, ShareAltOutlined } from '@ant-design/icons';
import { useT } from '../../../app/useT';
import { PageFrame } from '../../../app/components/PageFrame';
import { can, useSession } from '../../../app/session';
import { GatewayStatusBadge } from '../../../app/components/GatewayStatusBadge';
import { ShareDrawer } from '../../../app/sharing/ShareDrawer';
import { DeviceInspectionTab, InspectionTaskSidePanel } from '../../../app/inspections/DeviceInspectionTab';
import { DeviceRepairTab, RepairOrderSidePanel } from '../../../app/repairs/DeviceRepairTab';
import { useMonitoredDevice } from '../useMonitor';
import { AlarmTab, useActiveAlarmCount } from './AlarmTab';
import { CommandTab } from './CommandTab';
import { HistoryTab } from './HistoryTab';
import { EquipmentInfoTab, GatewayInfoTab } from './InfoTabs';
import { OperationLogTab } from './OperationLogTab';
import { PagesTab } from './PagesTab';
import { RealtimeTab } from './RealtimeTab';
import { useLiveDevice, type LiveDevice } from './useLiveDevice';

// the charts (ECharts) load only when a curve tab is opened
const RealtimeCurveTab = lazy(() => import('./CurveTabs').then((m) => ({ default: m.RealtimeCurveTab })));
const HistoryCurveTab = lazy(() => import('./CurveTabs').then((m) => ({ default: m.HistoryCurveTab })));

const TABS = [
  'realtime',
  'info',
  'gateway',
  'command',
  'history',
  'alarm',
  'repair',
  'inspection',
  'curve',
  'history-curve',
  'pages',
  'log',
] as const;
type TabKey = (typeof TABS)[number];
const isTab = (v: string | null): v is TabKey => !!v && (TABS as readonly string[]).includes(v);

/** Whether values flow: live, paused by economize mode, gateway not online, or reconnecting. */
function LiveState({ live }: { live: LiveDevice }) {
  const { t } = useT('monitor');
  const s = live.session;
  let state: { color: string; text: string; help: string };
  if (!s || !s.loaded) state = { color: 'default', text: t('live.starting'), help: '' };
  else if (s.paused) state = { color: 'default', text: t('live.paused'), help: t('live.paused-help') };
  else if (live.noGateway) state = { color: 'default', text: t('live.no-gateway'), help: '' };
  else if (!s.monitoring) state = { color: 'warning', text: t('live.off'), help: t('live.off-help') };
  else if (live.socket !== 'open')
    state = { color: 'processing', text: t('live.reconnecting'), help: t('live.reconnecting-help') };
  else state = { color: 'success', text: t('live.on'), help: t('live.on-help') };
  return (
    <Tooltip title={state.help || undefined}>
      <Tag color={state.color} data-testid="live-state">
        {state.text}
      </Tag>
    </Tooltip>
  );
}

/**
 * /monitor/eg/detail/list/:id/:alarm (and the order variant): one device live. Tabs: real-time
 * data, equipment info, gateway info, command, history, alarm, real-time curve, history curve,
 * configuration pages, operation log; sharing opens the device list's share drawer. `:alarm` = 1 opens the alarm tab.
 */
export default function MonitorDetailPage() {
  const { t } = useT('monitor');
  const params = useParams();
  const id = Number(params.id);
  const [search, setSearch] = useSearchParams();
  const user = useSession((s) => s.user);
  const device = useMonitoredDevice(id);
  const live = useLiveDevice(id);
  const alarmsAllowed = can(user, 'monitor_equipinfo_menu_alarm');
  const activeAlarms = useActiveAlarmCount(id, alarmsAllowed);
  const [sharing, setSharing] = useState(false);

  const initial: TabKey = isTab(search.get('tab'))
    ? (search.get('tab') as TabKey)
    : params.alarm === '1'
      ? 'alarm'
      : params.orderType === 'repair'
        ? 'repair'
        : params.orderType === 'inspection'
          ? 'inspection'
          : 'realtime';
  const [tab, setTab] = useState<TabKey>(initial);
  // a new address (another device, or :alarm) chooses its tab again
  useEffect(() => setTab(initial), [id, params.alarm, params.orderId]); // eslint-disable-line react-hooks/exhaustive-deps

  const changeTab = (key: string) => {
    if (!isTab(key)) return;
    setTab(key);
    setSearch((s) => (s.set('tab', key), s), { replace: true });
  };

  if (!Number.isInteger(id) || id <= 0 || device.isError)
    return (
      <PageFrame title={t('detail.title')}>
        <Alert type="error" showIcon title={t('detail.not-found')} />
      </PageFrame>
    );

  const lazyTab = (node: ReactNode) => (
    <Suspense fallback={<Spin style={{ display: 'block', margin: 48 }} />}>{node}</Suspense>
  );
  const items: { key: TabKey; label: ReactNode; children: ReactNode; show?: boolean }[] = [
    {
      key: 'realtime',
      label: t('tab.realtime'),
      children: <RealtimeTab signals={live.signals} loading={live.signalsLoading} values={live.values} />,
    },
    { key: 'info', label: t('tab.info'), children: <EquipmentInfoTab device={device.data} /> },
    {
      key: 'gateway',
      label: t('tab.gateway'),
      children: <GatewayInfoTab gateway={live.gateway} noGateway={live.noGateway} />,
    },
    {
      key: 'command',
      label: t('tab.command'),
      children: (
        <CommandTab equipmentId={id} signals={live.signals} values={live.values} gateway={live.gateway} />
      ),
    },
    {
      key: 'history',
      label: t('tab.history'),
      children: <HistoryTab equipmentId={id} signals={live.signals} />,
    },
    {
      key: 'alarm',
      label: (
        <Badge count={alarmsAllowed ? (activeAlarms.data ?? 0) : 0} size="small" offset={[8, -2]}>
          <span data-testid="alarm-tab-label">{t('tab.alarm')}</span>
        </Badge>
      ),
      children: <AlarmTab equipmentId={id} deviceName={device.data?.name ?? ''} />,
    },
    // the device's repair work orders (operations.md §2.4, §2.7)
    {
      key: 'repair',
      label: t('repairs:tab'),
      children: <DeviceRepairTab device={device.data && { id, name: device.data.name }} />,
    },
    // the device's inspection records (operations.md §4.6)
    {
      key: 'inspection',
      label: t('inspections:tab'),
      children: <DeviceInspectionTab deviceId={id} />,
    },
    {
      key: 'curve',
      label: t('tab.curve'),
      children: lazyTab(
        <RealtimeCurveTab
          equipmentId={id}
          signals={live.signals}
          values={live.values}
          subscribe={live.subscribe}
        />,
      ),
    },
    {
      key: 'history-curve',
      label: t('tab.history-curve'),
      children: lazyTab(<HistoryCurveTab equipmentId={id} signals={live.signals} />),
    },
    // the device's own configuration pages, each opened live (monitoring.md §2.5)
    { key: 'pages', label: t('tab.pages'), children: <PagesTab equipmentId={id} /> },
    {
      key: 'log',
      label: t('tab.log'),
      children: <OperationLogTab equipmentId={id} />,
      // the device's operation log is read with the operation-log permission
      show: can(user, 'operation_log'),
    },
  ];

  return (
    <PageFrame
      title={
        <Space size={12} wrap>
          <Link to={params.groupId ? '/monitor/eg/group' : '/monitor/eg/list'} aria-label={t('detail.back')}>
            <ArrowLeftOutlined />
          </Link>
          <span data-testid="device-title">{device.data?.name ?? '…'}</span>
          {live.gateway && <GatewayStatusBadge status={live.gateway.status} />}
          {live.noGateway && <GatewayStatusBadge status={null} />}
          <LiveState live={live} />
          {params.orderId && (
            <Tag color="purple">
              {params.orderType === 'inspection'
                ? t('detail.order-inspection', { id: params.orderId })
                : params.orderType === 'repair'
                  ? t('detail.order-repair', { id: params.orderId })
                  : t('detail.order', { id: params.orderId })}
            </Tag>
          )}
        </Space>
      }
      extra={
        <Space wrap>
          <Tooltip title={t('live.economize-help')}>
            <Flex align="center" gap={6}>
              <Switch
                size="small"
                checked={live.economize}
                onChange={live.setEconomize}
                data-testid="economize"
              />
              <Typography.Text>{t('live.economize')}</Typography.Text>
            </Flex>
          </Tooltip>
          {can(user, 'equipment_manage') && (
            <Button
              icon={<ShareAltOutlined />}
              disabled={!device.data}
              onClick={() => setSharing(true)}
              data-testid="share"
            >
              {t('detail.share')}
            </Button>
          )}
        </Space>
      }
    >
      {live.lastAlarm?.state === 'active' && tab !== 'alarm' && (
        <Alert
          type="error"
          showIcon
          closable
          style={{ marginBottom: 12 }}
          data-testid="alarm-banner"
          title={live.lastAlarm.message || t('alarm.raised')}
          action={
            <Button size="small" danger onClick={() => changeTab('alarm')}>
              {t('alarm.view')}
            </Button>
          }
        />
      )}
      <Tabs
        activeKey={tab}
        onChange={changeTab}
        destroyOnHidden
        items={items.filter((i) => i.show !== false).map(({ show: _show, ...i }) => i)}
        data-testid="monitor-tabs"
      />
      <ShareDrawer open={sharing} row={device.data} onClose={() => setSharing(false)} />
      {params.orderType === 'inspection' && Number(params.orderId) > 0 && (
        <InspectionTaskSidePanel key={params.orderId} taskId={Number(params.orderId)} />
      )}
      {params.orderType === 'repair' && Number(params.orderId) > 0 && (
        <RepairOrderSidePanel
          key={params.orderId}
          orderId={Number(params.orderId)}
          onClose={() => undefined}
        />
      )}
    </PageFrame>
  );
}
