import { Tag } from 'antd';
import type { RepairPriority, RepairState } from '@fieldhub/shared';
import { useT } from '../useT';

/** State and priority of a repair order as coloured tags (docs/requirements/operations.md §2.2). */
const STATE_COLOR: Record<RepairState, string> = {
  pending: 'orange',
  dispatched: 'blue',
  received: 'geekblue',
  finished: 'green',
  ended: 'default',
};
const PRIORITY_COLOR: Record<RepairPriority, string> = {
  low: 'default',
  normal: 'blue',
  high: 'orange',
  urgent: 'red',
};

export function RepairStateTag({ state }: { state: RepairState }) {
  const { t } = useT('repairs');
  return (
    <Tag color={STATE_COLOR[state]} data-testid="repair-state">
      {t(`state.${state}`)}
    </Tag>
  );
}

export function RepairPriorityTag({ priority }: { priority: RepairPriority }) {
  const { t } = useT('repairs');
  return <Tag color={PRIORITY_COLOR[priority]}>{t(`priority.${priority}`)}</Tag>;
}
