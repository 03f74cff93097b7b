import { useState } from 'react';
import { Drawer, Empty, Table } from 'antd';
import dayjs from 'dayjs';
import type { InspectionTaskRow } from '@fieldhub/shared';
import { tablePagination, usePaging } from '../paging';
import { useT } from '../useT';
import { InspectionTaskPanel } from './InspectionTaskPanel';
import { InspectionStatusTag, windowText } from './inspectionTags';
import { useDeviceInspections } from './useInspections';

/**
 * The device detail's Inspection tab (docs/requirements/operations.md §4.6): the device's
 * inspection records (tasks whose window began), latest first; one opens beside the list, where
 * an inspector of an open task fills it in.
 */
export function DeviceInspectionTab({ deviceId }: { deviceId: number }) {
  const { t } = useT('inspections');
  const pager = usePaging();
  const list = useDeviceInspections(deviceId, pager.paging, deviceId > 0);
  const [open, setOpen] = useState<InspectionTaskRow>();
  return (
    <>
      <Table<InspectionTaskRow>
        rowKey="id"
        size="middle"
        scroll={{ x: 'max-content' }}
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        pagination={tablePagination(pager, list.data?.total ?? 0, t)}
        locale={{
          emptyText: list.isPending ? (
            <div style={{ height: 120 }} />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('device.empty')} />
          ),
        }}
        onRow={(r) => ({ onClick: () => setOpen(r), style: { cursor: 'pointer' } })}
        data-testid="device-inspection-table"
        columns={[
          { title: t('field.plan'), dataIndex: 'planName' },
          {
            title: t('field.window'),
            key: 'window',
            render: (_, r) => windowText(r.windowStart, r.windowEnd),
          },
          {
            title: t('field.status'),
            dataIndex: 'status',
            render: (s: InspectionTaskRow['status']) => <InspectionStatusTag status={s} />,
          },
          { title: t('field.inspector'), dataIndex: 'inspectorName', render: (v: string | null) => v ?? '—' },
          {
            title: t('field.submitted'),
            dataIndex: 'submittedAt',
            render: (v: number | null) => (v === null ? '—' : dayjs(v).format('YYYY-MM-DD HH:mm')),
          },
        ]}
      />
      <Drawer
        open={open !== undefined}
        onClose={() => setOpen(undefined)}
        size="min(480px, 100vw)"
        title={open ? t('task.title', { device: open.deviceName }) : ''}
        destroyOnHidden
      >
        {open !== undefined && <InspectionTaskPanel id={open.id} onDone={() => setOpen(undefined)} />}
      </Drawer>
    </>
  );
}

/**
 * The task beside the device on the order routes (`/monitor/eg/detail/list/:id/inspection/:taskId`,
 * operations.md §1): a drawer without a mask, so the device stays usable.
 */
export function InspectionTaskSidePanel({ taskId }: { taskId: number }) {
  const { t } = useT('inspections');
  const [open, setOpen] = useState(true);
  return (
    <Drawer
      open={open}
      mask={false}
      size="min(440px, 100vw)"
      title={t('tab')}
      onClose={() => setOpen(false)}
      data-testid="inspection-side-panel"
    >
      <InspectionTaskPanel id={taskId} />
    </Drawer>
  );
}
