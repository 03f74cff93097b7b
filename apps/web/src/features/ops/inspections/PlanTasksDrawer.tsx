import { useState } from 'react';
import { Drawer, Select, Space, Table } from 'antd';
import dayjs from 'dayjs';
import { INSPECTION_TASK_STATES, type InspectionTaskRow, type InspectionTaskState } from '@fieldhub/shared';
import { InspectionTaskPanel } from '../../../app/inspections/InspectionTaskPanel';
import { InspectionStatusTag, windowText } from '../../../app/inspections/inspectionTags';
import { useInspectionTasks } from '../../../app/inspections/useInspections';
import { listEmptyText } from '../../../app/components/listParts';
import { tablePagination, usePaging } from '../../../app/paging';
import { useT } from '../../../app/useT';

/** The tasks of one plan (operations.md §4.3), latest window first, filtered by state; one opens beside. */
export function PlanTasksDrawer({
  plan,
  onClose,
}: {
  plan: { id: number; name: string } | undefined;
  onClose(): void;
}) {
  const { t } = useT('inspections');
  const pager = usePaging();
  const [status, setStatus] = useState<InspectionTaskState>();
  const tasks = useInspectionTasks({ planId: plan?.id, status, ...pager.paging }, plan !== undefined);
  const [open, setOpen] = useState<InspectionTaskRow>();
  return (
    <Drawer
      open={plan !== undefined}
      onClose={onClose}
      size="min(900px, 100vw)"
      title={plan ? t('plans.tasks-title', { name: plan.name }) : ''}
      destroyOnHidden
    >
      <Space style={{ marginBottom: 12 }}>
        <Select
          allowClear
          placeholder={t('field.status')}
          style={{ width: 160 }}
          value={status}
          onChange={(v) => {
            setStatus(v);
            pager.toFirstPage();
          }}
          options={INSPECTION_TASK_STATES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          data-testid="plan-task-status"
        />
      </Space>
      <Table<InspectionTaskRow>
        rowKey="id"
        size="small"
        scroll={{ x: 'max-content' }}
        loading={tasks.isFetching}
        dataSource={tasks.data?.list ?? []}
        pagination={tablePagination(pager, tasks.data?.total ?? 0, t)}
        locale={{ emptyText: listEmptyText({ loading: tasks.isPending, filtered: status !== undefined }) }}
        onRow={(r) => ({ onClick: () => setOpen(r), style: { cursor: 'pointer' } })}
        data-testid="plan-task-table"
        columns={[
          { title: t('field.device'), dataIndex: 'deviceName' },
          {
            title: t('field.window'),
            key: 'window',
            render: (_, r) => windowText(r.windowStart, r.windowEnd),
          },
          {
            title: t('field.status'),
            dataIndex: 'status',
            render: (s: InspectionTaskState) => <InspectionStatusTag status={s} />,
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
        {open && <InspectionTaskPanel id={open.id} onDone={() => setOpen(undefined)} />}
      </Drawer>
    </Drawer>
  );
}
