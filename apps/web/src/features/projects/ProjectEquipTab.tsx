import { useState } from 'react';
import { Button, Flex, Form, Input, Typography } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import { useT } from '../../app/useT';
import {
  PROJECT_EQUIP_KEY_MAX,
  PROJECT_EQUIP_TITLE_MAX,
  projectEquipKeySchema,
  type ProjectEquipRow,
} from '@fieldhub/shared';
import { FormModal } from '../../app/components/FormModal';
import { PagedTable } from '../../app/components/PagedTable';
import { ActionLink, DeleteAction, listEmptyText } from '../../app/components/listParts';
import { schemaRule } from '../../app/formRules';
import { usePaging, useStepBackFromEmptyPage } from '../../app/paging';
import { useDialog, type RowDialogProps } from '../../app/useDialog';
import { GatewayStatusBadge } from '../../app/components/GatewayStatusBadge';
import { EquipBindModal } from './EquipBindModal';
import { useBoundEquipment, useEquipActions } from './useProjectEquip';

/**
 * Equipment bound to the project (docs/requirements/projects.md §3.1: device id, title, key): the
 * devices whose signals its pages and intermediate variables read, each with its key and title.
 */
export function ProjectEquipTab({ projectId }: { projectId: number }) {
  const { t } = useT('projects');
  const [keyword, setKeyword] = useState<string | undefined>();
  const pager = usePaging();
  const list = useBoundEquipment(projectId, keyword, pager.paging);
  const { remove } = useEquipActions(projectId);
  const bind = useDialog<never>();
  const keyDialog = useDialog<ProjectEquipRow>();
  useStepBackFromEmptyPage(pager, list.data);

  return (
    <div data-testid="project-equip-tab">
      <Flex justify="space-between" align="center" gap={12} style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">{t('equip.hint')}</Typography.Text>
        <Button type="primary" icon={<LinkOutlined />} onClick={() => bind.show()} data-testid="equip-add">
          {t('equip.add')}
        </Button>
      </Flex>
      <Input.Search
        allowClear
        placeholder={t('equip.search')}
        style={{ width: 280, marginBottom: 12 }}
        onSearch={(v) => {
          setKeyword(v.trim() || undefined);
          pager.toFirstPage();
        }}
      />
      <PagedTable<ProjectEquipRow>
        pager={pager}
        list={list}
        rowKey="equipmentId"
        data-testid="equip-table"
        locale={{
          emptyText: listEmptyText({
            loading: list.isPending,
            filtered: !!keyword,
            onCreate: () => bind.show(),
          }),
        }}
        columns={[
          {
            title: t('equip.key'),
            dataIndex: 'key',
            render: (key: string) => <Typography.Text code>{key}</Typography.Text>,
          },
          {
            title: t('equip.title'),
            dataIndex: 'title',
            render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
          },
          { title: t('equip.device'), dataIndex: 'name' },
          { title: 'SN', dataIndex: 'sn', render: (sn: string) => sn || '—' },
          {
            title: t('equip.status'),
            dataIndex: 'gatewayStatus',
            render: (s: ProjectEquipRow['gatewayStatus']) => <GatewayStatusBadge status={s} />,
          },
          {
            title: t('common:actions'),
            key: 'actions',
            fixed: 'right',
            render: (_, row) => (
              <>
                <ActionLink onClick={() => keyDialog.show(row)} testId={`equip-key-${row.equipmentId}`}>
                  {t('equip.key-edit')}
                </ActionLink>
                <DeleteAction
                  title={t('equip.unbind-confirm', { name: row.title })}
                  testId={`equip-delete-${row.equipmentId}`}
                  onDelete={() => remove.mutateAsync(row.equipmentId)}
                />
              </>
            ),
          },
        ]}
      />
      <EquipBindModal key={`bind-${bind.key}`} projectId={projectId} open={bind.open} onClose={bind.close} />
      <EquipKeyModal
        key={`key-${keyDialog.key}`}
        projectId={projectId}
        open={keyDialog.open}
        row={keyDialog.target}
        onClose={keyDialog.close}
      />
    </div>
  );
}

/** The key and title of one bound device. */
function EquipKeyModal({
  projectId,
  open,
  row,
  onClose,
}: RowDialogProps<ProjectEquipRow> & { projectId: number }) {
  const { t } = useT('projects');
  const [form] = Form.useForm<{ key: string; title: string }>();
  const { updateKey } = useEquipActions(projectId);
  return (
    <FormModal<{ key: string; title: string }>
      open={open}
      title={t('equip.key-title', { name: row?.name ?? '' })}
      form={form}
      saving={updateKey.isPending}
      onClose={onClose}
      testId="equip-key-form"
      initialValues={{ key: row?.key ?? '', title: row?.title ?? '' }}
      onFinish={(v) =>
        row &&
        updateKey.mutate(
          { equipmentId: row.equipmentId, key: v.key.trim(), title: v.title.trim() },
          { onSuccess: onClose },
        )
      }
    >
      <Form.Item
        name="key"
        label={t('equip.key')}
        extra={t('equip.key-rule')}
        rules={[
          { required: true, whitespace: true, message: t('equip.key-required') },
          schemaRule(projectEquipKeySchema, t('equip.key-rule')),
        ]}
      >
        <Input maxLength={PROJECT_EQUIP_KEY_MAX} data-testid="equip-key-input" />
      </Form.Item>
      <Form.Item name="title" label={t('equip.title')}>
        <Input maxLength={PROJECT_EQUIP_TITLE_MAX} placeholder={row?.name} />
      </Form.Item>
    </FormModal>
  );
}
