import { Button, Form, Input, InputNumber, Select, Space } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { REPAIR_CONTENT_MAX, REPAIR_PARTS_MAX, type RepairPart } from '@fieldhub/shared';
import { FormModal } from '../components/FormModal';
import { useT } from '../useT';
import { useRepairActions, useRepairers } from './useRepairs';

/**
 * The dialogs of the steps that carry input (docs/requirements/operations.md §2.2): dispatch (a
 * repairer of the enterprise), finish (repair content and spare parts), end early (a reason).
 */

interface StepProps {
  orderId: number;
  open: boolean;
  onClose(): void;
}

export function DispatchDialog({ orderId, open, onClose, current }: StepProps & { current: number | null }) {
  const { t } = useT('repairs');
  const [form] = Form.useForm<{ repairerId: number }>();
  const repairers = useRepairers(open);
  const { dispatch } = useRepairActions();
  return (
    <FormModal
      open={open}
      title={t('action.dispatch')}
      form={form}
      saving={dispatch.isPending}
      okText={t('action.dispatch')}
      onClose={onClose}
      initialValues={current ? { repairerId: current } : {}}
      testId="repair-dispatch-form"
      onFinish={(v) =>
        dispatch.mutateAsync({ id: orderId, repairerId: v.repairerId }).then(onClose, () => undefined)
      }
    >
      <Form.Item
        name="repairerId"
        label={t('field.repairer')}
        rules={[{ required: true, message: t('rule.repairer') }]}
      >
        <Select
          showSearch
          optionFilterProp="label"
          loading={repairers.isPending}
          placeholder={t('rule.repairer')}
          options={(repairers.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
          notFoundContent={repairers.isPending ? undefined : t('no-repairers')}
          data-testid="repair-repairer"
        />
      </Form.Item>
    </FormModal>
  );
}

export function FinishDialog({ orderId, open, onClose }: StepProps) {
  const { t } = useT('repairs');
  const [form] = Form.useForm<{ content: string; parts?: RepairPart[] }>();
  const { finish } = useRepairActions();
  return (
    <FormModal
      open={open}
      title={t('action.finish')}
      form={form}
      saving={finish.isPending}
      okText={t('action.finish')}
      onClose={onClose}
      testId="repair-finish-form"
      onFinish={(v) =>
        finish
          .mutateAsync({ id: orderId, content: v.content.trim(), parts: v.parts ?? [] })
          .then(onClose, () => undefined)
      }
    >
      <Form.Item
        name="content"
        label={t('field.content')}
        rules={[{ required: true, whitespace: true, message: t('rule.content') }]}
      >
        <Input.TextArea rows={3} maxLength={REPAIR_CONTENT_MAX} showCount data-testid="repair-content" />
      </Form.Item>
      <Form.List name="parts">
        {(fields, { add, remove }) => (
          <Form.Item label={t('field.parts')}>
            {fields.map((f) => (
              <Space key={f.key} align="baseline" style={{ display: 'flex' }}>
                <Form.Item
                  name={[f.name, 'name']}
                  rules={[{ required: true, whitespace: true, message: t('rule.part-name') }]}
                >
                  <Input
                    placeholder={t('field.part-name')}
                    maxLength={100}
                    data-testid={`repair-part-name-${f.name}`}
                  />
                </Form.Item>
                <Form.Item
                  name={[f.name, 'quantity']}
                  initialValue={1}
                  rules={[{ required: true, message: t('rule.quantity') }]}
                >
                  <InputNumber
                    min={0.001}
                    max={1_000_000}
                    placeholder={t('field.quantity')}
                    data-testid={`repair-part-qty-${f.name}`}
                  />
                </Form.Item>
                <MinusCircleOutlined onClick={() => remove(f.name)} aria-label={t('part-remove')} />
              </Space>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              disabled={fields.length >= REPAIR_PARTS_MAX}
              onClick={() => add()}
              data-testid="repair-part-add"
            >
              {t('part-add')}
            </Button>
          </Form.Item>
        )}
      </Form.List>
    </FormModal>
  );
}

export function EndDialog({ orderId, open, onClose }: StepProps) {
  const { t } = useT('repairs');
  const [form] = Form.useForm<{ reason: string }>();
  const { end } = useRepairActions();
  return (
    <FormModal
      open={open}
      title={t('action.end')}
      form={form}
      saving={end.isPending}
      okText={t('action.end')}
      onClose={onClose}
      testId="repair-end-form"
      onFinish={(v) =>
        end.mutateAsync({ id: orderId, reason: v.reason.trim() }).then(onClose, () => undefined)
      }
    >
      <Form.Item
        name="reason"
        label={t('field.end-reason')}
        rules={[{ required: true, whitespace: true, message: t('rule.reason') }]}
      >
        <Input.TextArea rows={2} maxLength={200} showCount data-testid="repair-reason" />
      </Form.Item>
    </FormModal>
  );
}
