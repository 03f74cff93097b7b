import { useState } from 'react';
import { Button, Form, Input, Space, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useT } from '../../app/useT';
import type { EnterpriseRow } from '@fieldhub/shared';
import { PagedTable } from '../../app/components/PagedTable';
import { PageFrame } from '../../app/components/PageFrame';
import { SearchForm } from '../../app/components/SearchForm';
import {
  ActionLink,
  DeleteAction,
  formatTime,
  listEmptyText,
  StatusTag,
  ToggleAction,
} from '../../app/components/listParts';
import { usePaging, useStepBackFromEmptyPage } from '../../app/paging';
import { useDialog } from '../../app/useDialog';
import { EnterpriseFormModal } from './EnterpriseFormModal';
import { useEnterpriseActions, useEnterpriseList } from './useOrgal';

/** /manage/orgal/enterprise: the platform's operators manage the enterprises using the platform. */
export default function EnterpriseListPage() {
  const { t } = useT('orgal');
  const [searchForm] = Form.useForm<{ name?: string }>();
  const [name, setName] = useState<string | undefined>();
  const pager = usePaging();
  const editing = useDialog<EnterpriseRow>();
  const list = useEnterpriseList(name, pager.paging);
  const { setDisabled, remove } = useEnterpriseActions();

  useStepBackFromEmptyPage(pager, list.data);

  const openCreate = () => editing.show();
  const limit = (v: number | null) =>
    v === null ? <Typography.Text type="secondary">{t('enterprise.unlimited')}</Typography.Text> : v;

  const columns: TableColumnsType<EnterpriseRow> = [
    {
      title: t('enterprise.name'),
      dataIndex: 'name',
      fixed: 'left',
      render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
    },
    { title: t('enterprise.admin'), dataIndex: 'adminLoginname' },
    { title: t('accounts:field.contact'), dataIndex: 'contact', ellipsis: true },
    { title: t('enterprise.tel'), dataIndex: 'tel', width: 140 },
    { title: t('enterprise.accounts'), dataIndex: 'accountCount', align: 'right', width: 100 },
    { title: t('enterprise.max-internal'), dataIndex: 'maxInternal', align: 'right', render: limit },
    { title: t('enterprise.max-external'), dataIndex: 'maxExternal', align: 'right', render: limit },
    {
      title: t('common:status'),
      dataIndex: 'disabled',
      width: 100,
      render: (v: boolean) => <StatusTag disabled={v} />,
    },
    { title: t('common:created-at'), dataIndex: 'createdAt', width: 180, render: formatTime },
    {
      title: t('common:actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          <ActionLink onClick={() => editing.show(row)} testId={`edit-${row.name}`}>
            {t('common:edit')}
          </ActionLink>
          <ToggleAction
            disabled={row.disabled}
            title={t(row.disabled ? 'enterprise.enable-confirm' : 'enterprise.disable-confirm', {
              name: row.name,
            })}
            testId={`toggle-${row.name}`}
            onToggle={() => setDisabled.mutateAsync({ id: row.id, disabled: !row.disabled })}
          />
          <DeleteAction
            name={row.name}
            description={t('enterprise.delete-warning')}
            blockedReason={row.disabled ? null : t('enterprise.delete-blocked')}
            testId={`delete-${row.name}`}
            onDelete={() => remove.mutateAsync(row.id)}
          />
        </Space>
      ),
    },
  ];

  return (
    <PageFrame
      title={t('enterprise.title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={openCreate} data-testid="enterprise-add">
          {t('enterprise.add')}
        </Button>
      }
    >
      <SearchForm
        form={searchForm}
        onFinish={(v) => {
          setName(v.name?.trim() || undefined);
          pager.toFirstPage();
        }}
        onReset={() => setName(undefined)}
      >
        <Form.Item name="name" label={t('enterprise.name')}>
          <Input allowClear maxLength={50} style={{ width: 220 }} />
        </Form.Item>
      </SearchForm>
      <PagedTable<EnterpriseRow>
        pager={pager}
        list={list}
        columns={columns}
        locale={{
          emptyText: listEmptyText({ loading: list.isPending, filtered: !!name, onCreate: openCreate }),
        }}
        data-testid="enterprise-table"
      />
      <EnterpriseFormModal
        key={editing.key}
        open={editing.open}
        row={editing.target}
        onClose={editing.close}
      />
    </PageFrame>
  );
}
