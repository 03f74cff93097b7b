import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Input, Popconfirm, Segmented, Table, Tag, Tooltip, Typography } from 'antd';
import { CheckOutlined, ExportOutlined, ToolOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import dayjs from 'dayjs';
import { textUnder, useT } from '../../../app/useT';
import { alarmsCalls, formatValueWithUnit, type AlarmRecordRow } from '@fieldhub/shared';
import { tablePagination, usePaging } from '../../../app/paging';
import { exportFileName } from '../../../app/downloadNames';
import { callApi, downloadCall } from '../../../app/request';
import { toastSuccess } from '../../../app/notify';
import { can, useSession } from '../../../app/session';
import { monitorKeys } from '../useMonitor';
import { CreateRepairDialog } from '../../../app/repairs/CreateRepairDialog';
import { pathTo } from '../../../app/routeTable';
import { useSeesRepairs } from '../../../app/repairs/DeviceRepairTab';
import { AlarmNotifications } from './AlarmNotifications';
import { RangeField, rangeProblemText, useRange } from './RangeField';

type View = 'active' | 'history' | 'gateway';
const LEVEL_COLORS: Record<string, string> = {
  info: 'blue',
  normal: 'gold',
  serious: 'orange',
  urgent: 'red',
};
const fmt = (ts: number | null) => (ts ? dayjs(ts).format('YYYY-MM-DD HH:mm:ss') : '—');

/** Active alarms of a device (rule type 00), for the tab's badge; refreshed by socket alarms. */
export function useActiveAlarmCount(equipmentId: number, enabled: boolean) {
  return useQuery({
    queryKey: monitorKeys.alarmCount(equipmentId),
    queryFn: async () =>
      (
        await callApi(
          alarmsCalls.alarms,
          { equipmentId, state: 'active', pageNum: 1, pageSize: 1 },
          { silent: true },
        )
      ).total,
    enabled,
  });
}

/**
 * The alarm tab: the device's active alarms, its alarm history in a range, and its gateway's
 * offline alarms; an alarm can be confirmed with a note, and opened to see whom it notified.
 * Needs monitor_equipinfo_menu_alarm.
 */
export function AlarmTab({ equipmentId, deviceName }: { equipmentId: number; deviceName: string }) {
  const { t } = useT('monitor');
  const navigate = useNavigate();
  // an order made from an alarm row (operations.md §2.4): device and alarm filled in
  const seesRepairs = useSeesRepairs();
  const [repairFrom, setRepairFrom] = useState<{ id: number; text: string }>();
  const user = useSession((s) => s.user);
  const client = useQueryClient();
  const pager = usePaging();
  const [view, setView] = useState<View>('active');
  const { range, picked, current, setRange } = useRange(24 * 7);
  const [note, setNote] = useState('');
  const [exporting, setExporting] = useState(false);
  const allowed = can(user, 'monitor_equipinfo_menu_alarm');
  const ranged = view !== 'active';
  const problem = ranged ? rangeProblemText(range) : null;

  const rows = useQuery({
    // an untouched range ends now at every fetch (an alarm raised later shows up)
    queryKey: [...monitorKeys.alarms(equipmentId), view, ranged ? picked : null, pager.paging],
    queryFn: () =>
      callApi(view === 'gateway' ? alarmsCalls.gatewayAlarms : alarmsCalls.alarms, {
        equipmentId,
        ...(view === 'active'
          ? { state: 'active' as const }
          : { startTime: current().start, endTime: current().end }),
        ...pager.paging,
      }),
    enabled: allowed && !problem,
    placeholderData: keepPreviousData,
  });
  const confirm = useMutation({
    mutationFn: (alarmIds: number[]) => callApi(alarmsCalls.confirm, { alarmIds, note: note.trim() }),
    onSuccess: async () => {
      toastSuccess(t('alarm.confirmed'));
      setNote('');
      await client.invalidateQueries({ queryKey: monitorKeys.alarms(equipmentId) });
    },
  });

  /** The signal alarms the table shows (active, or the history of the range) as .xlsx. */
  const exportRows = async () => {
    setExporting(true);
    try {
      await downloadCall(
        alarmsCalls.exportAlarms,
        {
          equipmentId,
          ...(view === 'active'
            ? { state: 'active' }
            : { startTime: current().start, endTime: current().end }),
          utcOffsetMinutes: -new Date().getTimezoneOffset(),
        },
        exportFileName(t('alarm.file'), new Date()),
      );
    } catch {
      // the toast said why
    } finally {
      setExporting(false);
    }
  };

  if (!allowed)
    return (
      <Alert type="warning" showIcon title={t('alarm.no-permission')} data-testid="alarm-no-permission" />
    );

  const condition = (r: AlarmRecordRow) => {
    if (r.kind === 'gateway') return t('alarm.gateway-offline', { sn: r.sn ?? '' });
    const name = textUnder(t, 'deviceConfig:alarm.condition.', r.condition);
    const bound = r.threshold2 !== null ? `${r.threshold} ~ ${r.threshold2}` : (r.threshold ?? '');
    const unit = r.valueFormat?.unit && bound !== '' ? ` ${r.valueFormat.unit}` : '';
    return `${name} ${bound}${unit}`;
  };

  return (
    <>
      <Flex wrap gap={12} align="flex-start" style={{ marginBottom: 16 }}>
        <Segmented<View>
          value={view}
          onChange={(v) => {
            setView(v);
            pager.toFirstPage();
          }}
          options={[
            { value: 'active', label: t('alarm.active') },
            { value: 'history', label: t('alarm.history') },
            { value: 'gateway', label: t('alarm.gateway') },
          ]}
          data-testid="alarm-view"
        />
        {ranged && <RangeField value={range} onChange={(r) => (setRange(r), pager.toFirstPage())} />}
        {view !== 'gateway' && (
          <Button
            icon={<ExportOutlined />}
            loading={exporting}
            disabled={!rows.data?.total || !!problem}
            onClick={() => void exportRows()}
            data-testid="alarm-export"
          >
            {t('alarm.export')}
          </Button>
        )}
      </Flex>
      <Table<AlarmRecordRow>
        rowKey="id"
        size="middle"
        scroll={{ x: 'max-content' }}
        loading={rows.isFetching && !rows.data}
        dataSource={rows.data?.list ?? []}
        pagination={tablePagination(pager, rows.data?.total ?? 0, t)}
        locale={{ emptyText: view === 'active' ? t('alarm.none-active') : t('alarm.none') }}
        data-testid="alarm-table"
        // who the alarm notified, and how: the default providers only record what they would send
        expandable={{ expandedRowRender: (r) => <AlarmNotifications alarmId={r.id} /> }}
        columns={[
          { title: t('alarm.triggered'), dataIndex: 'triggeredAt', width: 170, render: fmt },
          {
            title: t('alarm.state'),
            dataIndex: 'state',
            width: 120,
            render: (s: AlarmRecordRow['state'], r: AlarmRecordRow) => (
              <Flex gap={4} wrap>
                {s === 'active' ? (
                  <Tag color="error">{t('alarm.state-active')}</Tag>
                ) : (
                  <Tag>{t('alarm.state-cleared')}</Tag>
                )}
                {/* raised by data the gateway sent late; its times are the true ones (monitoring.md §7.5) */}
                {r.delayed && (
                  <Tooltip title={t('alarm.delayed-help')}>
                    <Tag color="warning" data-testid="alarm-delayed">
                      {t('alarm.delayed')}
                    </Tag>
                  </Tooltip>
                )}
              </Flex>
            ),
          },
          ...(view === 'gateway'
            ? []
            : [
                { title: t('realtime.name'), dataIndex: 'variableName' },
                {
                  title: t('deviceConfig:alarm.field.level'),
                  dataIndex: 'level',
                  render: (l: string) => (
                    <Tag color={LEVEL_COLORS[l]}>{textUnder(t, 'deviceConfig:alarm.level.', l)}</Tag>
                  ),
                },
              ]),
          {
            title: t('alarm.content'),
            key: 'content',
            render: (_, r) => (
              <Flex vertical>
                {r.content && <Typography.Text>{r.content}</Typography.Text>}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {condition(r)}
                </Typography.Text>
              </Flex>
            ),
          },
          ...(view === 'gateway'
            ? []
            : [
                {
                  title: t('alarm.value'),
                  key: 'value',
                  // as the variable shows values: its decimals and unit (monitoring.md §3.13)
                  render: (_: unknown, r: AlarmRecordRow) => {
                    const shown = (v: AlarmRecordRow['triggerValue']) =>
                      formatValueWithUnit(r.valueFormat, v) || '—';
                    return (
                      <span data-testid={`alarm-value-${r.id}`}>
                        {r.releaseValue !== null && r.state === 'cleared'
                          ? `${shown(r.triggerValue)} → ${shown(r.releaseValue)}`
                          : shown(r.triggerValue)}
                      </span>
                    );
                  },
                },
              ]),
          { title: t('alarm.released'), dataIndex: 'releasedAt', width: 170, render: fmt },
          {
            title: t('alarm.confirmation'),
            key: 'confirm',
            render: (_, r) =>
              r.confirmedAt ? (
                <Typography.Text type="secondary" title={r.confirmNote || undefined}>
                  {t('alarm.confirmed-by', { who: r.confirmedBy ?? '', at: fmt(r.confirmedAt) })}
                </Typography.Text>
              ) : (
                <Popconfirm
                  title={t('alarm.confirm-title')}
                  description={
                    <Input.TextArea
                      rows={2}
                      maxLength={100}
                      showCount
                      value={note}
                      placeholder={t('alarm.note')}
                      onChange={(e) => setNote(e.target.value)}
                    />
                  }
                  okText={t('common:confirm')}
                  cancelText={t('common:cancel')}
                  onConfirm={() => confirm.mutateAsync([r.id]).catch(() => undefined)}
                >
                  <Button size="small" icon={<CheckOutlined />} data-testid={`alarm-confirm-${r.id}`}>
                    {t('alarm.confirm')}
                  </Button>
                </Popconfirm>
              ),
          },
          ...(seesRepairs
            ? [
                {
                  title: t('repairs:order'),
                  key: 'repair',
                  render: (_: unknown, r: AlarmRecordRow) => (
                    <Button
                      size="small"
                      icon={<ToolOutlined />}
                      onClick={() => setRepairFrom({ id: r.id, text: r.content || condition(r) })}
                      data-testid={`alarm-repair-${r.id}`}
                    >
                      {t('repairs:create')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      {problem && <Typography.Text type="danger">{problem}</Typography.Text>}
      <CreateRepairDialog
        open={repairFrom !== undefined}
        onClose={() => setRepairFrom(undefined)}
        device={{ id: equipmentId, name: deviceName }}
        alarm={repairFrom}
        onCreated={(orderId) =>
          void navigate(pathTo('MonitorEGDetailForOrder', { id: equipmentId, orderType: 'repair', orderId }))
        }
      />
    </>
  );
}
