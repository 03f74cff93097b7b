import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Button, Descriptions, Flex, Skeleton, Space, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import type { RepairEvent, RepairOrderInfo } from '@fieldhub/shared';
import { ApiError } from '../request';
import { pathTo } from '../routeTable';
import { useT, type Translate } from '../useT';
import { RepairAttachments } from './RepairAttachments';
import { DispatchDialog, EndDialog, FinishDialog } from './RepairStepDialogs';
import { RepairPriorityTag, RepairStateTag } from './repairTags';
import { useRepairActions, useRepairInfo } from './useRepairs';

const time = (ms: number | null) => (ms === null ? '' : dayjs(ms).format('YYYY-MM-DD HH:mm'));

/** One timeline row in words: who did what (and to whom, why, which file). */
function eventText(t: Translate<'repairs'>, e: RepairEvent): string {
  const who = e.who || t('someone');
  const detail = Object.fromEntries(Object.entries(e.detail).map(([k, v]) => [k, String(v)]));
  return t(`event.${e.action}`, { who, ...detail });
}

function Steps({
  info,
  onDispatch,
  onFinish,
  onEnd,
}: {
  info: RepairOrderInfo;
  onDispatch(): void;
  onFinish(): void;
  onEnd(): void;
}) {
  const { t } = useT('repairs');
  const { accept } = useRepairActions();
  if (!info.actions.length) return null;
  return (
    <Space wrap data-testid="repair-actions">
      {info.actions.includes('dispatch') && (
        <Button type="primary" onClick={onDispatch} data-testid="repair-dispatch">
          {info.order.state === 'dispatched' ? t('action.redispatch') : t('action.dispatch')}
        </Button>
      )}
      {info.actions.includes('accept') && (
        <Button
          type="primary"
          loading={accept.isPending}
          onClick={() => void accept.mutateAsync(info.order.id).catch(() => undefined)}
          data-testid="repair-accept"
        >
          {t('action.accept')}
        </Button>
      )}
      {info.actions.includes('finish') && (
        <Button type="primary" onClick={onFinish} data-testid="repair-finish">
          {t('action.finish')}
        </Button>
      )}
      {info.actions.includes('end') && (
        <Button danger onClick={onEnd} data-testid="repair-end">
          {t('action.end')}
        </Button>
      )}
    </Space>
  );
}

/**
 * One repair order (docs/requirements/operations.md §2): its fields, the steps the caller may take
 * now, its photos and files, and the timeline of who did what and when. Shown in the list's
 * drawer, beside the device on the order routes, and on the worksheet (`camera`: photos from the
 * phone's camera). `deviceLink`: a link to the device with the order beside it.
 */
export function RepairOrderPanel({
  id,
  camera,
  deviceLink = true,
}: {
  id: number;
  camera?: boolean;
  deviceLink?: boolean;
}) {
  const { t } = useT('repairs');
  const info = useRepairInfo(id);
  const [dialog, setDialog] = useState<'dispatch' | 'finish' | 'end' | null>(null);

  if (info.isPending) return <Skeleton active data-testid="repair-loading" />;
  if (info.isError)
    return (
      <Alert
        type="warning"
        showIcon
        title={
          info.error instanceof ApiError && info.error.code === '90008' ? t('no-permission') : t('not-found')
        }
        data-testid="repair-missing"
      />
    );
  const { order, attachments, timeline, canAttach } = info.data;
  const close = () => setDialog(null);

  return (
    <Flex vertical gap={16} data-testid="repair-panel">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Space>
          <Typography.Title level={5} style={{ margin: 0 }} data-testid="repair-number">
            {order.number}
          </Typography.Title>
          <RepairStateTag state={order.state} />
          <RepairPriorityTag priority={order.priority} />
        </Space>
      </Flex>
      <Steps
        info={info.data}
        onDispatch={() => setDialog('dispatch')}
        onFinish={() => setDialog('finish')}
        onEnd={() => setDialog('end')}
      />
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('field.device')}>
          {deviceLink ? (
            <Link
              to={pathTo('MonitorEGDetailForOrder', {
                id: order.equipmentId,
                orderType: 'repair',
                orderId: order.id,
              })}
              data-testid="repair-device-link"
            >
              {order.equipmentName}
            </Link>
          ) : (
            order.equipmentName
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('field.problem')}>
          <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{order.problem}</Typography.Text>
        </Descriptions.Item>
        {order.alarmId !== null && (
          <Descriptions.Item label={t('field.alarm')}>#{order.alarmId}</Descriptions.Item>
        )}
        <Descriptions.Item label={t('field.requester')}>{order.requesterName}</Descriptions.Item>
        <Descriptions.Item label={t('field.repairer')}>
          {order.repairerName || t('unassigned')}
        </Descriptions.Item>
        {order.content ? (
          <Descriptions.Item label={t('field.content')}>
            <Typography.Text style={{ whiteSpace: 'pre-wrap' }} data-testid="repair-content-text">
              {order.content}
            </Typography.Text>
          </Descriptions.Item>
        ) : null}
        {order.parts.length > 0 ? (
          <Descriptions.Item label={t('field.parts')}>
            {order.parts.map((p) => `${p.name} × ${p.quantity}`).join(', ')}
          </Descriptions.Item>
        ) : null}
        {order.endReason ? (
          <Descriptions.Item label={t('field.end-reason')}>{order.endReason}</Descriptions.Item>
        ) : null}
      </Descriptions>
      <div>
        <Typography.Text strong>{t('attachments')}</Typography.Text>
        <div style={{ marginTop: 8 }}>
          <RepairAttachments orderId={order.id} list={attachments} canAttach={canAttach} camera={camera} />
        </div>
      </div>
      <div>
        <Typography.Text strong>{t('timeline')}</Typography.Text>
        <Timeline
          style={{ marginTop: 12 }}
          data-testid="repair-timeline"
          items={timeline.map((e) => ({
            key: e.id,
            content: (
              <Flex vertical>
                <span>{eventText(t, e)}</span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {time(e.at)}
                </Typography.Text>
              </Flex>
            ),
          }))}
        />
      </div>
      <DispatchDialog
        orderId={order.id}
        current={order.repairerId}
        open={dialog === 'dispatch'}
        onClose={close}
      />
      <FinishDialog orderId={order.id} open={dialog === 'finish'} onClose={close} />
      <EndDialog orderId={order.id} open={dialog === 'end'} onClose={close} />
    </Flex>
  );
}
