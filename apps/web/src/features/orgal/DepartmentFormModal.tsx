import { useMemo } from 'react';
import { Form, Input, InputNumber, TreeSelect } from 'antd';
import { useT } from '../../app/useT';
import { type DepartmentRow, REMARK_MAX } from '@fieldhub/shared';
import { FormModal } from '../../app/components/FormModal';
import { subtreeIds, treeOptions } from '../../app/tree';
import type { DepartmentFormValues } from './orgalTypes';
import { useDepartmentActions } from './useOrgal';

/** What the dialog works on: a new department (maybe under a parent) or an existing one. */
export type DepartmentTarget =
  { kind: 'add'; parentId: number | null } | { kind: 'edit'; row: DepartmentRow };

export function DepartmentFormModal({
  open,
  target,
  departments,
  onClose,
}: {
  open: boolean;
  target: DepartmentTarget;
  departments: DepartmentRow[];
  onClose(): void;
}) {
  const { t } = useT('orgal');
  const [form] = Form.useForm<DepartmentFormValues>();
  const { save } = useDepartmentActions();
  const editing = target.kind === 'edit' ? target.row : undefined;
  // a department cannot move below itself
  const parentTree = useMemo(
    () => treeOptions(departments, editing ? subtreeIds(departments, editing.id) : undefined),
    [departments, editing],
  );
  const initialValues: Partial<DepartmentFormValues> = editing
    ? {
        name: editing.name,
        seq: editing.seq,
        remark: editing.remark,
        ...(editing.parentId ? { parentId: editing.parentId } : {}),
      }
    : { seq: 0, ...(target.kind === 'add' && target.parentId ? { parentId: target.parentId } : {}) };

  return (
    <FormModal<DepartmentFormValues>
      open={open}
      title={editing ? t('dept.edit-title', { name: editing.name }) : t('dept.add-title')}
      form={form}
      saving={save.isPending}
      onClose={onClose}
      initialValues={initialValues}
      onFinish={(values) => save.mutate({ values, id: editing?.id }, { onSuccess: onClose })}
      testId="dept-form"
    >
      <Form.Item
        name="name"
        label={t('dept.name')}
        rules={[{ required: true, whitespace: true, message: t('dept.name-required') }]}
      >
        <Input maxLength={30} showCount data-testid="dept-name" />
      </Form.Item>
      <Form.Item name="parentId" label={t('dept.parent')}>
        <TreeSelect
          allowClear
          treeDefaultExpandAll
          showSearch={{ treeNodeFilterProp: 'title' }}
          placeholder={t('dept.top-level')}
          treeData={parentTree}
          data-testid="dept-parent"
        />
      </Form.Item>
      <Form.Item name="seq" label={t('dept.seq')} extra={t('dept.seq-help')}>
        <InputNumber min={0} max={1_000_000} precision={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="remark" label={t('common:remark')}>
        <Input maxLength={REMARK_MAX} showCount />
      </Form.Item>
    </FormModal>
  );
}
