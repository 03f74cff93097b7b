import { Form, Input, Radio, Select, Spin } from 'antd';
import { useT } from '../../app/useT';
import { REMARK_MAX, type RoleRow, roleTypeMayHold } from '@fieldhub/shared';
import type { RowDialogProps } from '../../app/useDialog';
import { FormModal } from '../../app/components/FormModal';
import { PermissionPicker } from './PermissionPicker';
import { DATA_RANGES, ROLE_TYPES, type RoleFormValues } from './orgalTypes';
import { usePermissionEntries, useRoleActions } from './useOrgal';

/** Create or edit a role: name, type, data range, remark and its permission keys. */
export function RoleFormModal({ open, row, onClose }: RowDialogProps<RoleRow>) {
  const { t } = useT('orgal');
  const [form] = Form.useForm<RoleFormValues>();
  const roleType = Form.useWatch('roleType', form) ?? row?.roleType ?? 'operation';
  const entries = usePermissionEntries(open);
  const { save } = useRoleActions();
  const initialValues: RoleFormValues = row
    ? {
        name: row.name,
        roleType: row.roleType,
        dataRange: row.dataRange,
        permissions: row.permissions,
        remark: row.remark,
      }
    : { name: '', roleType: 'operation', dataRange: 'org', permissions: [], remark: '' };

  return (
    <FormModal<RoleFormValues>
      open={open}
      title={row ? t('role.edit-title', { name: row.name }) : t('role.add')}
      form={form}
      saving={save.isPending}
      onClose={onClose}
      initialValues={initialValues}
      onValuesChange={(changed: Partial<RoleFormValues>) => {
        // an operation role cannot keep admin keys (the server answers 1017)
        if (changed.roleType) {
          const kept = (form.getFieldValue('permissions') as string[]).filter((k) =>
            roleTypeMayHold(changed.roleType!, k),
          );
          form.setFieldValue('permissions', kept);
        }
      }}
      onFinish={(values) =>
        save.mutate(
          { values: { ...values, permissions: values.permissions ?? [] }, id: row?.id },
          { onSuccess: onClose },
        )
      }
      testId="role-form"
    >
      <Form.Item
        name="name"
        label={t('role.name')}
        rules={[{ required: true, whitespace: true, message: t('role.name-required') }]}
      >
        <Input maxLength={30} showCount data-testid="role-name" />
      </Form.Item>
      <Form.Item name="roleType" label={t('role.type-label')} extra={t(`role.type-help.${roleType}`)}>
        <Radio.Group
          optionType="button"
          options={ROLE_TYPES.map((v) => ({ value: v, label: t(`role.type.${v}`) }))}
          data-testid="role-type"
        />
      </Form.Item>
      <Form.Item name="dataRange" label={t('role.data-range-label')}>
        <Select
          options={DATA_RANGES.map((v) => ({ value: v, label: t(`role.data-range.${v}`) }))}
          style={{ width: 260 }}
        />
      </Form.Item>
      <Form.Item name="remark" label={t('common:remark')}>
        <Input maxLength={REMARK_MAX} showCount />
      </Form.Item>
      <Form.Item label={t('role.permissions')} required={false}>
        <Spin spinning={entries.isPending}>
          <div style={{ minHeight: entries.data ? undefined : 120 }}>
            <Form.Item name="permissions" noStyle>
              <PermissionPicker entries={entries.data ?? []} roleType={roleType} />
            </Form.Item>
          </div>
        </Spin>
      </Form.Item>
    </FormModal>
  );
}
