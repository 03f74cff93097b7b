import { useEffect, useState } from 'react';
import { Alert, Button, Drawer, Flex, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { viewsRepairs, type RepairOrderRow } from '@fieldhub/shared';
import { ActionLink, listEmptyText } from '../components/listParts';
import { tablePagination, usePaging } from '../paging';
import { useSession } from '../session';
import { useT } from '../useT';
import { CreateRepairDialog } from './CreateRepairDialog';
import { RepairOrderPanel } from './RepairOrderPanel';
import { RepairPriorityTag, RepairStateTag } from './repairTags';
import { useDeviceRepairs } from './useRepairs';
import './repairSidePanel.css';

/** Whether the signed-in account may see repair orders (ops_manage or monitor_multi_designer_repair). */
export function useSeesRepairs(): boolean {
  const user = useSession((s) => s.user);
  return !!user && viewsRepairs({ accountId: 0, auths: new Set(user.auths) });
}

/**
 * The device detail's Repair tab (docs/requirements/operations.md §2.4, §2.7): the device's repair
 * orders, newest first, one opened in a drawer, and a new order for the device. Without the keys
 * it says there is no permission to view repair order records (organisations-roles-permissions.md §4.4).
 */
export function DeviceRepairTab({ device }: { device: { id: number; name: string } | undefined }) {
  const { t } = useT('repairs');
  const allowed = useSeesRepairs();
  const pager = usePaging();
  const equipmentId = device?.id ?? 0;
  const list = useDeviceRepairs(equipmentId, pager.paging, allowed && !!device);
  const [open, setOpen] = useState<number>();
  const [creating, setCreating] = useState(false);

  if (!allowed)
    return <Alert type="warning" showIcon title={t('no-permission')} data-testid="repair-no-permission" />;

  return (
    <Flex vertical gap={12}>
      <div>
        <Button
          icon={<PlusOutlined />}
          type="primary"
          disabled={!device}
          onClick={() => setCreating(true)}
          data-testid="repair-add"
        >
          {t('create')}
        </Button>
      </div>
      <Table<RepairOrderRow>
        rowKey="id"
        size="middle"
        scroll={{ x: 'max-content' }}
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        pagination={tablePagination(pager, list.data?.total ?? 0, t)}
        locale={{ emptyText: listEmptyText({ loading: list.isPending, filtered: false }) }}
        onRow={(r) => ({ onClick: () => setOpen(r.id), style: { cursor: 'pointer' } })}
        data-testid="device-repair-table"
        columns={[
          {
            title: t('field.number'),
            dataIndex: 'number',
            render: (n: string, r) => (
              <ActionLink onClick={() => setOpen(r.id)} testId={`device-repair-open-${r.id}`}>
                {n}
              </ActionLink>
            ),
          },
          { title: t('field.problem'), dataIndex: 'problem', ellipsis: true },
          {
            title: t('field.priority'),
            dataIndex: 'priority',
            render: (p: RepairOrderRow['priority']) => <RepairPriorityTag priority={p} />,
          },
          {
            title: t('field.state'),
            dataIndex: 'state',
            render: (s: RepairOrderRow['state']) => <RepairStateTag state={s} />,
          },
          { title: t('field.repairer'), dataIndex: 'repairerName' },
          {
            title: t('field.created'),
            dataIndex: 'createdAt',
            render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm'),
          },
        ]}
      />
      <Drawer
        open={open !== undefined}
        onClose={() => setOpen(undefined)}
        size={520}
        title={t('order')}
        destroyOnHidden
      >
        {open !== undefined && <RepairOrderPanel id={open} deviceLink={false} />}
      </Drawer>
      <CreateRepairDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={setOpen}
        device={device}
      />
    </Flex>
  );
}

/**
 * The order beside the device on the order routes (`/monitor/eg/detail/list/:id/:orderType/:orderId`
 * and the page variant, operations.md §2.6): a drawer without a mask, so the device stays usable.
 */
export function RepairOrderSidePanel({ orderId, onClose }: { orderId: number; onClose(): void }) {
  const { t } = useT('repairs');
  const [open, setOpen] = useState(true);
  useEffect(() => {
    document.body.classList.toggle('repair-side-open', open);
    return () => document.body.classList.remove('repair-side-open');
  }, [open]);
  return (
    <Drawer
      open={open}
      mask={false}
      size={440}
      title={t('order')}
      onClose={() => {
        setOpen(false);
        onClose();
      }}
      data-testid="repair-side-panel"
    >
      <RepairOrderPanel id={orderId} deviceLink={false} />
    </Drawer>
  );
}
