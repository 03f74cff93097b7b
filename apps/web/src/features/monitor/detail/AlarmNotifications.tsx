import { useQuery } from '@tanstack/react-query';
import { Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { textUnder, useT } from '../../../app/useT';
import { alarmsCalls, type AlarmNotificationRow } from '@fieldhub/shared';
import { callApi } from '../../../app/request';

const STATUS_COLOURS: Record<string, string> = {
  sent: 'success',
  recorded: 'default',
  pending: 'processing',
  sending: 'processing',
  failed: 'error',
  skipped: 'warning',
};

/**
 * Who an alarm notified and how (push, SMS, phone, voice, e-mail): the recipient, the provider and
 * whether it was sent, only recorded (no provider configured for the channel) or failed.
 */
export function AlarmNotifications({ alarmId }: { alarmId: number }) {
  const { t } = useT('monitor');
  const rows = useQuery({
    queryKey: ['alarm-notifications', alarmId],
    queryFn: () => callApi(alarmsCalls.notifications, { alarmId, pageNum: 1, pageSize: 100 }),
  });
  return (
    <Table<AlarmNotificationRow>
      rowKey="id"
      size="small"
      pagination={false}
      loading={rows.isPending}
      dataSource={rows.data?.list ?? []}
      locale={{ emptyText: t('notify.none') }}
      data-testid={`alarm-notifications-${alarmId}`}
      columns={[
        {
          title: t('notify.channel'),
          dataIndex: 'channel',
          render: (c: string) => textUnder(t, 'monitor:notify.channels.', c),
        },
        {
          title: t('notify.recipient'),
          key: 'recipient',
          // a push goes to the account itself; the other channels name its phone or address
          render: (_, r) =>
            r.channel === 'push' ? r.loginname : [r.loginname, r.recipient].filter(Boolean).join(' · '),
        },
        { title: t('notify.provider'), dataIndex: 'provider' },
        {
          title: t('notify.status'),
          key: 'status',
          render: (_, r) => (
            <>
              <Tag color={STATUS_COLOURS[r.status] ?? 'default'}>
                {textUnder(t, 'monitor:notify.statuses.', r.status)}
              </Tag>
              {r.error && (
                <Typography.Text type="danger">
                  {textUnder(t, 'monitor:notify.errors.', r.error)}
                </Typography.Text>
              )}
            </>
          ),
        },
        {
          title: t('notify.time'),
          key: 'time',
          render: (_, r) => dayjs(r.sentAt ?? r.createdAt).format('YYYY-MM-DD HH:mm:ss'),
        },
      ]}
    />
  );
}
