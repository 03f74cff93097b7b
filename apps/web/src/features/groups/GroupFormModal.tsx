import { useMemo } from 'react';
import { Form, Input, InputNumber, TreeSelect } from 'antd';
import { useT } from '../../app/useT';
import { GROUP_NAME_MAX, type GroupRow, LIMITS } from '@fieldhub/shared';
import { FormModal } from '../../app/components/FormModal';
import { subtreeIds, treeOptions, treePath } from '../../app/tree';
import { useGroupActions } from '../../app/groups/useGroups';

/** What the dialog works on: a new group (maybe under a parent) or an existing one. */
export type GroupTarget = { kind: 'add'; parentId: number | null } | { kind: 'edit'; row: GroupRow };

/** A long path keeps its last three names: "… / Level 8 / Level 9 / Level 10". */
function shortPath(names: string[]): string {
  return (names.length > 3 ? ['…', ...names.slice(-3)] : names).join(' / ');
}

interface GroupFormValues {
  name: string;
  parentId?: number | null;
  seq: number;
}

/** Adds a group, or renames, moves (new parent) and reorders one, in a 600 px dialog. */
export function GroupFormModal({
  open,
  target,
  groups,
  onClose,
}: {
  open: boolean;
  target: GroupTarget;
  groups: GroupRow[];
  onClose(): void;
}) {
  const { t } = useT('groups');
  const [form] = Form.useForm<GroupFormValues>();
  const { save } = useGroupActions();
  const editing = target.kind === 'edit' ? target.row : undefined;
  // a group cannot move below itself
  const parentTree = useMemo(
    () => treeOptions(groups, editing ? subtreeIds(groups, editing.id) : undefined),
    [groups, editing],
  );
  const parentId = target.kind === 'edit' ? target.row.parentId : target.parentId;
  const initialValues: GroupFormValues = {
    name: editing?.name ?? '',
    seq: editing?.seq ?? 0,
    ...(parentId ? { parentId } : {}),
  };
  const title = editing
    ? t('form.edit-title', { name: editing.name })
    : parentId
      ? t('form.add-child-title', { parent: shortPath(treePath(groups, parentId)) })
      : t('form.add-title');

  return (
    <FormModal<GroupFormValues>
      open={open}
      title={title}
      form={form}
      saving={save.isPending}
      onClose={onClose}
      initialValues={initialValues}
      onFinish={(v) =>
        save.mutate(
          {
            values: { name: v.name.trim(), parentId: v.parentId ?? null, seq: v.seq ?? 0 },
            id: editing?.id,
          },
          { onSuccess: onClose },
        )
      }
      testId="group-form"
    >
      <Form.Item
        name="name"
        label={t('field.name')}
        rules={[{ required: true, whitespace: true, message: t('form.name-required') }]}
      >
        <Input maxLength={GROUP_NAME_MAX} showCount autoFocus data-testid="group-name" />
      </Form.Item>
      <Form.Item
        name="parentId"
        label={t('field.parent')}
        extra={t('form.parent-help', { levels: LIMITS.groupLevels, children: LIMITS.nodesPerParent })}
      >
        <TreeSelect
          allowClear
          treeDefaultExpandAll
          showSearch={{ treeNodeFilterProp: 'title' }}
          placeholder={t('form.top-level')}
          treeData={parentTree}
          data-testid="group-parent"
        />
      </Form.Item>
      <Form.Item name="seq" label={t('field.seq')} extra={t('form.seq-help')}>
        <InputNumber min={0} max={1_000_000} precision={0} style={{ width: 200 }} data-testid="group-seq" />
      </Form.Item>
    </FormModal>
  );
}
