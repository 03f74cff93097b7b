import { Alert, Form, Input, Select } from 'antd';
import {
  INSPECTION_PLAN_MAX_DEVICES,
  INSPECTION_PLAN_MAX_ITEMS,
  type InspectionPlanInfo,
} from '@fieldhub/shared';
import { FormModal } from '../../../app/components/FormModal';
import {
  useInspectionActions,
  useInspectionItems,
  usePlanCandidates,
} from '../../../app/inspections/useInspections';
import { useT } from '../../../app/useT';
import { ScheduleFields, scheduleOf, valuesOf, type ScheduleValues } from './ScheduleFields';

interface PlanValues {
  name: string;
  deviceIds: number[];
  itemIds: number[];
  inspectorIds: number[];
  schedule: ScheduleValues;
}

const search = { optionFilterProp: 'label' } as const;

/**
 * Adds or edits an inspection plan (operations.md §4.1): devices (at most 30), items (at most 50),
 * inspectors of the enterprise and the schedule.
 */
export function PlanFormModal({
  open,
  plan,
  onClose,
}: {
  open: boolean;
  plan: InspectionPlanInfo | undefined;
  onClose(): void;
}) {
  const { t } = useT('inspections');
  const [form] = Form.useForm<PlanValues>();
  const { savePlan } = useInspectionActions();
  const candidates = usePlanCandidates(open);
  const items = useInspectionItems();
  const limit = (max: number, message: string) => ({
    validator: (_: unknown, v: unknown[] | undefined) =>
      (v?.length ?? 0) <= max ? Promise.resolve() : Promise.reject(new Error(message)),
  });
  return (
    <FormModal<PlanValues>
      open={open}
      title={plan ? t('plans.edit-title', { name: plan.name }) : t('plans.add-title')}
      form={form}
      saving={savePlan.isPending}
      onClose={onClose}
      intro={
        plan ? (
          <Alert type="info" showIcon title={t('plans.edit-note')} style={{ margin: '16px 0' }} />
        ) : undefined
      }
      initialValues={{
        name: plan?.name ?? '',
        deviceIds: plan?.devices.map((d) => d.id) ?? [],
        itemIds: plan?.items.map((i) => i.id) ?? [],
        inspectorIds: plan?.inspectors.map((i) => i.id) ?? [],
        schedule: valuesOf(plan?.schedule),
      }}
      onFinish={(v) =>
        savePlan.mutate(
          {
            id: plan?.id,
            values: {
              name: v.name.trim(),
              deviceIds: v.deviceIds,
              itemIds: v.itemIds,
              inspectorIds: v.inspectorIds,
              schedule: scheduleOf(v.schedule),
            },
          },
          { onSuccess: onClose },
        )
      }
      testId="inspection-plan-form"
    >
      <Form.Item
        name="name"
        label={t('field.name')}
        rules={[{ required: true, whitespace: true, message: t('plans.name-required') }]}
      >
        <Input maxLength={50} showCount autoFocus data-testid="plan-name" />
      </Form.Item>
      <Form.Item
        name="deviceIds"
        label={t('field.devices')}
        extra={t('plans.devices-limit', { max: INSPECTION_PLAN_MAX_DEVICES })}
        rules={[
          { required: true, type: 'array', min: 1, message: t('plans.devices-required') },
          limit(INSPECTION_PLAN_MAX_DEVICES, t('plans.devices-limit', { max: INSPECTION_PLAN_MAX_DEVICES })),
        ]}
      >
        <Select
          mode="multiple"
          showSearch={search}
          loading={candidates.isPending}
          options={candidates.data?.devices.map((d) => ({ value: d.id, label: d.name }))}
          data-testid="plan-devices"
        />
      </Form.Item>
      <Form.Item
        name="itemIds"
        label={t('field.items')}
        extra={t('plans.items-limit', { max: INSPECTION_PLAN_MAX_ITEMS })}
        rules={[
          { required: true, type: 'array', min: 1, message: t('plans.items-required') },
          limit(INSPECTION_PLAN_MAX_ITEMS, t('plans.items-limit', { max: INSPECTION_PLAN_MAX_ITEMS })),
        ]}
      >
        <Select
          mode="multiple"
          showSearch={search}
          loading={items.isPending}
          options={items.data?.map((i) => ({
            value: i.id,
            label: `${i.name} · ${t(`kind.${i.resultKind}`)}`,
          }))}
          data-testid="plan-items"
        />
      </Form.Item>
      <Form.Item
        name="inspectorIds"
        label={t('field.inspectors')}
        rules={[{ required: true, type: 'array', min: 1, message: t('plans.inspectors-required') }]}
      >
        <Select
          mode="multiple"
          showSearch={search}
          loading={candidates.isPending}
          options={candidates.data?.inspectors.map((a) => ({ value: a.id, label: a.name }))}
          data-testid="plan-inspectors"
        />
      </Form.Item>
      <ScheduleFields form={form} />
    </FormModal>
  );
}
