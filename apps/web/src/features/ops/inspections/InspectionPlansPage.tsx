import { useState } from 'react';
import { Button, Input, Popconfirm, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { InspectionPlanRow } from '@fieldhub/shared';
import { PageFrame } from '../../../app/components/PageFrame';
import { listEmptyText } from '../../../app/components/listParts';
import { scheduleSummary } from '../../../app/inspections/inspectionTags';
import {
  useInspectionActions,
  useInspectionPlan,
  useInspectionPlans,
} from '../../../app/inspections/useInspections';
import { useT } from '../../../app/useT';
import { PlanFormModal } from './PlanFormModal';
import { PlanTasksDrawer } from './PlanTasksDrawer';

/** /manage/ops/inspection_plan: the enterprise's inspection plans and their tasks (operations.md §4). */
export default function InspectionPlansPage() {
  const { t } = useT('inspections');
  const [keyword, setKeyword] = useState('');
  const plans = useInspectionPlans(keyword);
  const { deletePlan } = useInspectionActions();
  // the form opens once the plan's devices and items are read
  const [editing, setEditing] = useState<{ id?: number; key: number }>();
  const editedPlan = useInspectionPlan(editing?.id);
  const formOpen = editing !== undefined && (editing.id === undefined || editedPlan.data !== undefined);
  const [tasksOf, setTasksOf] = useState<InspectionPlanRow>();
  const openForm = (id?: number) => setEditing((e) => ({ id, key: (e?.key ?? 0) + 1 }));
  return (
    <PageFrame
      title={t('plans.title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm()} data-testid="plan-add">
          {t('plans.add')}
        </Button>
      }
    >
      <Space style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('plans.search')}
          style={{ width: 280 }}
          maxLength={50}
          onSearch={setKeyword}
          enterButton={t('common:search')}
          data-testid="plan-search"
        />
      </Space>
      <Table<InspectionPlanRow>
        rowKey="id"
        size="middle"
        scroll={{ x: 'max-content' }}
        loading={plans.isFetching}
        dataSource={plans.data ?? []}
        pagination={{ pageSize: 20, showTotal: (n) => t('common:total', { total: n }) }}
        locale={{
          emptyText: listEmptyText({
            loading: plans.isPending,
            filtered: !!keyword,
            onCreate: () => openForm(),
          }),
        }}
        data-testid="plan-table"
        columns={[
          { title: t('field.name'), dataIndex: 'name' },
          { title: t('field.schedule'), key: 'schedule', render: (_, r) => scheduleSummary(r.schedule, t) },
          { title: t('field.devices'), dataIndex: 'deviceCount', align: 'right' },
          { title: t('field.items'), dataIndex: 'itemCount', align: 'right' },
          {
            title: t('field.inspectors'),
            key: 'inspectors',
            render: (_, r) => r.inspectors.map((i) => <Tag key={i.id}>{i.name}</Tag>),
          },
          { title: t('field.open-tasks'), dataIndex: 'openTasks', align: 'right' },
          {
            title: t('field.created'),
            dataIndex: 'createdAt',
            render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm'),
          },
          {
            title: t('common:actions'),
            key: 'actions',
            width: 200,
            render: (_, r) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  onClick={() => setTasksOf(r)}
                  data-testid={`plan-tasks-${r.name}`}
                >
                  {t('plans.tasks')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  onClick={() => openForm(r.id)}
                  data-testid={`plan-edit-${r.name}`}
                >
                  {t('common:edit')}
                </Button>
                <Popconfirm
                  placement="topRight"
                  title={t('common:delete-confirm', { name: r.name })}
                  description={t('plans.delete-note')}
                  okText={t('common:delete')}
                  okButtonProps={{ danger: true }}
                  cancelText={t('common:cancel')}
                  onConfirm={() => deletePlan.mutateAsync(r.id).catch(() => undefined)}
                >
                  <Button type="link" size="small" danger data-testid={`plan-delete-${r.name}`}>
                    {t('common:delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <PlanFormModal
        key={editing?.key ?? 0}
        open={formOpen}
        plan={editing?.id !== undefined ? editedPlan.data : undefined}
        onClose={() => setEditing(undefined)}
      />
      <PlanTasksDrawer plan={tasksOf} onClose={() => setTasksOf(undefined)} />
    </PageFrame>
  );
}
