import { useState, type ReactNode } from 'react';
import { Badge, Card, Drawer, Empty, Flex, Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import type { RepairOrderRow } from '@fieldhub/shared';
import { PageFrame } from '../../../app/components/PageFrame';
import { useMyInspectionSection } from '../../../app/inspections/MyInspectionTasks';
import { RepairOrderPanel } from '../../../app/repairs/RepairOrderPanel';
import { RepairPriorityTag, RepairStateTag } from '../../../app/repairs/repairTags';
import { useMyRepairs } from '../../../app/repairs/useRepairs';
import { useT } from '../../../app/useT';

/** One section of the worksheet: a kind of work the caller has to do. */
export interface WorksheetSection {
  key: string;
  title: string;
  count: number | undefined;
  body: ReactNode;
}

function OrderCard({ order, onOpen }: { order: RepairOrderRow; onOpen(): void }) {
  const { t } = useT('worksheet');
  return (
    <Card
      size="small"
      hoverable
      role="button"
      tabIndex={0}
      onClick={onOpen}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          onOpen();
        }
      }}
      data-testid={`worksheet-order-${order.id}`}
    >
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Text strong>{order.number}</Typography.Text>
        <span>
          <RepairPriorityTag priority={order.priority} />
          <RepairStateTag state={order.state} />
        </span>
      </Flex>
      <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: '6px 0 2px' }}>
        {order.problem}
      </Typography.Paragraph>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('order-line', {
          device: order.equipmentName,
          time: dayjs(order.dispatchedAt ?? order.createdAt).format('MM-DD HH:mm'),
        })}
      </Typography.Text>
    </Card>
  );
}

/** The repair orders dispatched to or accepted by the caller, opened full width on a phone. */
function useRepairSection(onOpen: (id: number) => void): WorksheetSection {
  const { t } = useT('worksheet');
  const mine = useMyRepairs();
  return {
    key: 'repairs',
    title: t('section.repairs'),
    count: mine.data?.length,
    body: mine.isPending ? (
      <Skeleton active />
    ) : mine.data && mine.data.length > 0 ? (
      <Flex vertical gap={8}>
        {mine.data.map((o) => (
          <OrderCard key={o.id} order={o} onOpen={() => onOpen(o.id)} />
        ))}
      </Flex>
    ) : (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('empty.repairs')}
        data-testid="worksheet-empty-repairs"
      />
    ),
  };
}

/**
 * /manage/ops/worksheet: the caller's own queue (docs/requirements/operations.md §5), a list of
 * sections (repair orders now; inspection tasks join as another section). Usable at a phone's
 * width: the cards stack, an order opens in a full-width drawer with its steps and the camera
 * upload.
 */
export default function WorksheetPage() {
  const { t } = useT('worksheet');
  const [open, setOpen] = useState<number>();
  const sections: WorksheetSection[] = [useRepairSection(setOpen), useMyInspectionSection()];
  const narrow = typeof window !== 'undefined' && window.innerWidth < 600;

  return (
    <PageFrame title={t('title')}>
      <Flex vertical gap={16} style={{ maxWidth: 720 }} data-testid="worksheet">
        {sections.map((s) => (
          <section key={s.key} data-testid={`worksheet-section-${s.key}`}>
            <Flex align="center" gap={8} style={{ marginBottom: 8 }}>
              <Typography.Title level={5} style={{ margin: 0 }}>
                {s.title}
              </Typography.Title>
              {s.count !== undefined && <Badge count={s.count} showZero color={s.count ? 'blue' : 'gray'} />}
            </Flex>
            {s.body}
          </section>
        ))}
      </Flex>
      <Drawer
        open={open !== undefined}
        onClose={() => setOpen(undefined)}
        size={narrow ? '100%' : 520}
        title={t('order')}
        destroyOnHidden
        data-testid="worksheet-drawer"
      >
        {open !== undefined && <RepairOrderPanel id={open} camera />}
      </Drawer>
    </PageFrame>
  );
}
