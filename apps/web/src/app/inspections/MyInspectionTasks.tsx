import { useState, type ReactNode } from 'react';
import { Card, Drawer, Empty, Flex, Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import type { InspectionTaskRow } from '@fieldhub/shared';
import { useT } from '../useT';
import { InspectionTaskPanel } from './InspectionTaskPanel';
import { InspectionStatusTag } from './inspectionTags';
import { useMyInspectionTasks } from './useInspections';

function TaskCard({ task, onOpen }: { task: InspectionTaskRow; onOpen(): void }) {
  const { t } = useT('inspections');
  return (
    <Card size="small" hoverable onClick={onOpen} data-testid={`my-inspection-${task.deviceName}`}>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Text strong>{task.deviceName}</Typography.Text>
        <InspectionStatusTag status={task.status} />
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {task.planName} · {t('mine.until', { time: dayjs(task.windowEnd).format('MM-DD HH:mm') })}
      </Typography.Text>
    </Card>
  );
}

function TaskList({ tasks }: { tasks: InspectionTaskRow[] }) {
  const { t } = useT('inspections');
  const [open, setOpen] = useState<InspectionTaskRow>();
  return (
    <>
      <Flex vertical gap={8}>
        {tasks.map((task) => (
          <TaskCard key={task.id} task={task} onOpen={() => setOpen(task)} />
        ))}
      </Flex>
      <Drawer
        open={open !== undefined}
        onClose={() => setOpen(undefined)}
        size="min(520px, 100vw)"
        title={open ? t('task.title', { device: open.deviceName }) : ''}
        destroyOnHidden
        data-testid="inspection-drawer"
      >
        {open && <InspectionTaskPanel id={open.id} onDone={() => setOpen(undefined)} />}
      </Drawer>
    </>
  );
}

/**
 * The worksheet's inspection section (docs/requirements/operations.md §4.6, §5.1): the caller's
 * open tasks, soonest ending first, each filled in a drawer the full width of a phone. Shaped as
 * the worksheet's sections are (key, title, count, body).
 */
export function useMyInspectionSection(): {
  key: string;
  title: string;
  count: number | undefined;
  body: ReactNode;
} {
  const { t } = useT('inspections');
  const mine = useMyInspectionTasks();
  return {
    key: 'inspections',
    title: t('mine.title'),
    count: mine.data?.length,
    body: mine.isPending ? (
      <Skeleton active />
    ) : mine.data && mine.data.length > 0 ? (
      <TaskList tasks={mine.data} />
    ) : (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('mine.empty')}
        data-testid="worksheet-empty-inspections"
      />
    ),
  };
}
