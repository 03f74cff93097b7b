import { useState } from 'react';
import { Form, Input, Select } from 'antd';
import { REPAIR_PRIORITIES, REPAIR_PROBLEM_MAX, type RepairPriority } from '@fieldhub/shared';
import { FormModal } from '../components/FormModal';
import { useT } from '../useT';
import { useDeviceOptions, useRepairActions } from './useRepairs';

interface Values {
  equipmentId: number;
  problem: string;
  priority: RepairPriority;
  number?: string;
}

/**
 * Creates a repair order (docs/requirements/operations.md §2.4): from the list (any device the
 * caller sees), from a device (its Repair tab) or from an alarm (device and alarm filled in).
 */
export function CreateRepairDialog({
  open,
  onClose,
  onCreated,
  device,
  alarm,
}: {
  open: boolean;
  onClose(): void;
  onCreated?: (id: number) => void;
  /** the device the order is for, fixed */
  device?: { id: number; name: string } | undefined;
  /** the alarm it is made from, with its text for the problem */
  alarm?: { id: number; text: string } | undefined;
}) {
  const { t } = useT('repairs');
  const [form] = Form.useForm<Values>();
  const [keyword, setKeyword] = useState('');
  const devices = useDeviceOptions(keyword, open && !device);
  const { create } = useRepairActions();
  const options = device
    ? [{ value: device.id, label: device.name }]
    : (devices.data ?? []).map((d) => ({ value: d.id, label: d.name }));

  return (
    <FormModal<Values>
      open={open}
      title={alarm ? t('create-from-alarm') : t('create')}
      form={form}
      saving={create.isPending}
      okText={t('create')}
      onClose={onClose}
      testId="repair-create-form"
      initialValues={{
        priority: alarm ? 'high' : 'normal',
        ...(device ? { equipmentId: device.id } : {}),
        ...(alarm ? { problem: alarm.text } : {}),
      }}
      onFinish={(v) =>
        create
          .mutateAsync({
            equipmentId: v.equipmentId,
            problem: v.problem.trim(),
            priority: v.priority,
            ...(alarm ? { alarmId: alarm.id } : {}),
            ...(v.number?.trim() ? { number: v.number.trim() } : {}),
          })
          .then(
            (made) => {
              onClose();
              onCreated?.(made.id);
            },
            () => undefined,
          )
      }
    >
      <Form.Item
        name="equipmentId"
        label={t('field.device')}
        rules={[{ required: true, message: t('rule.device') }]}
      >
        <Select
          showSearch
          disabled={!!device}
          filterOption={false}
          onSearch={setKeyword}
          loading={!device && devices.isFetching}
          options={options}
          placeholder={t('rule.device')}
          notFoundContent={devices.isFetching ? undefined : t('no-devices')}
          data-testid="repair-device"
        />
      </Form.Item>
      <Form.Item
        name="problem"
        label={t('field.problem')}
        rules={[{ required: true, whitespace: true, message: t('rule.problem') }]}
      >
        <Input.TextArea rows={3} maxLength={REPAIR_PROBLEM_MAX} showCount data-testid="repair-problem" />
      </Form.Item>
      <Form.Item name="priority" label={t('field.priority')}>
        <Select
          options={REPAIR_PRIORITIES.map((p) => ({ value: p, label: t(`priority.${p}`) }))}
          data-testid="repair-priority"
        />
      </Form.Item>
      <Form.Item
        name="number"
        label={t('field.number')}
        extra={t('number-help')}
        rules={[{ pattern: /^[A-Za-z0-9_-]*$/, message: t('rule.number') }]}
      >
        <Input maxLength={40} data-testid="repair-number" />
      </Form.Item>
    </FormModal>
  );
}
