import { DatePicker, Form, Input, InputNumber, Radio, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { INVITATION_MAX_USES, roleUuidSchema } from '@fieldhub/shared';
import { FormModal } from '../../app/components/FormModal';
import { schemaRule } from '../../app/formRules';
import { useT } from '../../app/useT';
import { useEnrollActions, useEnrollOptions } from './useEnroll';

interface Values {
  via: 'code' | 'role';
  roleUuid?: string;
  roleId: number;
  deptId?: number;
  kind: 'internal' | 'external';
  expiresAt?: Dayjs | null;
  maxUses?: number | null;
  needsApproval: boolean;
}

/** Creates an invitation code or a role registration link (account-security.md §4.1). */
export function InvitationFormModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useT('enroll');
  const [form] = Form.useForm<Values>();
  const options = useEnrollOptions();
  const { create } = useEnrollActions();
  const via = Form.useWatch('via', form);

  const save = async (v: Values) => {
    await create.mutateAsync({
      via: v.via,
      ...(v.via === 'role' && v.roleUuid ? { roleUuid: v.roleUuid } : {}),
      roleId: v.roleId,
      deptId: v.deptId ?? null,
      kind: v.kind,
      ...(v.expiresAt ? { expiresAt: v.expiresAt.valueOf() } : {}),
      ...(v.maxUses ? { maxUses: v.maxUses } : {}),
      needsApproval: v.needsApproval,
    });
    onClose();
  };

  return (
    <FormModal<Values>
      open={open}
      title={t('manage.add-title')}
      form={form}
      saving={create.isPending}
      onClose={onClose}
      okText={t('manage.add')}
      testId="invitation-form"
      initialValues={{ via: 'code', kind: 'internal', needsApproval: false }}
      onFinish={(v) => save(v).catch(() => undefined)}
    >
      <Form.Item name="via" label={t('manage.via')}>
        <Radio.Group
          options={[
            { value: 'code', label: t('manage.via-code') },
            { value: 'role', label: t('manage.via-role') },
          ]}
        />
      </Form.Item>
      {via === 'role' && (
        <Form.Item
          name="roleUuid"
          label={t('manage.role-uuid')}
          extra={t('manage.role-uuid-help')}
          rules={[schemaRule(roleUuidSchema, t('manage.role-uuid-invalid'))]}
        >
          <Input maxLength={64} data-testid="invitation-uuid" />
        </Form.Item>
      )}
      <Form.Item
        name="roleId"
        label={t('manage.role')}
        rules={[{ required: true, message: t('manage.role-required') }]}
      >
        <Select
          loading={options.isPending}
          options={(options.data?.roles ?? []).map((r) => ({ value: r.id, label: r.name }))}
          data-testid="invitation-role"
        />
      </Form.Item>
      <Form.Item name="deptId" label={t('manage.dept')}>
        <Select
          allowClear
          placeholder={t('manage.dept-none')}
          options={(options.data?.departments ?? []).map((d) => ({ value: d.id, label: d.name }))}
          data-testid="invitation-dept"
        />
      </Form.Item>
      <Form.Item name="kind" label={t('manage.kind')}>
        <Radio.Group
          options={[
            { value: 'internal', label: t('manage.kind-internal') },
            { value: 'external', label: t('manage.kind-external') },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="expiresAt"
        label={t('manage.expires')}
        rules={[
          {
            validator: (_, v: Dayjs | null | undefined) =>
              !v || v.isAfter(dayjs())
                ? Promise.resolve()
                : Promise.reject(new Error(t('manage.expires-past'))),
          },
        ]}
      >
        <DatePicker
          showTime
          placeholder={t('manage.expires-never')}
          style={{ width: '100%' }}
          data-testid="invitation-expires"
        />
      </Form.Item>
      <Form.Item name="maxUses" label={t('manage.max-uses')} extra={t('manage.max-uses-help')}>
        <InputNumber
          min={1}
          max={INVITATION_MAX_USES}
          precision={0}
          style={{ width: '100%' }}
          data-testid="invitation-uses"
        />
      </Form.Item>
      <Form.Item name="needsApproval" label={t('manage.approval')} valuePropName="checked">
        <Switch data-testid="invitation-approval" />
      </Form.Item>
    </FormModal>
  );
}
