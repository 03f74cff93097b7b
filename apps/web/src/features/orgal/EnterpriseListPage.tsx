import { useEffect, useState } from 'react';
import { Button, Form, Input, Popconfirm, Space, Table, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../app/components/PageFrame';
import { ActionLink, formatTime, listEmptyText, StatusTag } from '../accounts/listParts';
import { useDialog } from '../accounts/useDialog';
import { EnterpriseFormModal } from './EnterpriseFormModal';
import type { EnterpriseRow } from './orgalTypes';
import { useEnterpriseActions, useEnterpriseList } from './useOrgal';

/** /manage/orgal/enterprise: the platform's operators manage the enterprises using the platform. */
export default function EnterpriseListPage() {
  const { t } = useTranslation(['orgal', 'accounts', 'common']);
  const [searchForm] = Form.useForm<{ name?: string }>();
  const [name, setName] = useState<string | undefined>();
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 10 });
  const editing = useDialog<EnterpriseRow>();
  const list = useEnterpriseList(name, paging);
  const { setDisabled, remove } = useEnterpriseActions();

  const total = list.data?.total ?? 0;
  useEffect(() => {
    const lastPage = Math.max(1, Math.ceil(total / paging.pageSize));
    if (list.data && paging.pageNum > lastPage) setPaging((p) => ({ ...p, pageNum: lastPage }));
  }, [list.data, total, paging]);

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
          <Popconfirm
            placement="topRight"
            title={t(row.disabled ? 'enterprise.enable-confirm' : 'enterprise.disable-confirm', {
              name: row.name,
            })}
            okText={t('common:confirm')}
            cancelText={t('common:cancel')}
            onConfirm={() =>
              setDisabled.mutateAsync({ id: row.id, disabled: !row.disabled }).catch(() => undefined)
            }
          >
            <ActionLink testId={`toggle-${row.name}`}>
              {t(row.disabled ? 'common:enable' : 'common:disable')}
            </ActionLink>
          </Popconfirm>
          {row.disabled ? (
            <Popconfirm
              placement="topRight"
              title={t('common:delete-confirm', { name: row.name })}
              description={t('enterprise.delete-warning')}
              okText={t('common:delete')}
              okButtonProps={{ danger: true }}
              cancelText={t('common:cancel')}
              onConfirm={() => remove.mutateAsync(row.id).catch(() => undefined)}
            >
              <ActionLink danger testId={`delete-${row.name}`}>
                {t('common:delete')}
              </ActionLink>
            </Popconfirm>
          ) : (
            <ActionLink danger blockedReason={t('enterprise.delete-blocked')} testId={`delete-${row.name}`}>
              {t('common:delete')}
            </ActionLink>
          )}
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
      <Form
        form={searchForm}
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        onFinish={(v) => {
          setName(v.name?.trim() || undefined);
          setPaging((p) => ({ ...p, pageNum: 1 }));
        }}
      >
        <Form.Item name="name" label={t('enterprise.name')}>
          <Input allowClear maxLength={50} style={{ width: 220 }} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('common:search')}
          </Button>
          <Button
            onClick={() => {
              searchForm.resetFields();
              setName(undefined);
            }}
          >
            {t('common:reset')}
          </Button>
        </Space>
      </Form>
      <Table<EnterpriseRow>
        rowKey="id"
        size="middle"
        scroll={{ x: 'max-content' }}
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        columns={columns}
        locale={{
          emptyText: listEmptyText({ loading: list.isPending, filtered: !!name, onCreate: openCreate }),
        }}
        pagination={{
          current: paging.pageNum,
          pageSize: paging.pageSize,
          total,
          showSizeChanger: true,
          showTotal: (n) => t('common:total', { total: n }),
          onChange: (pageNum, pageSize) => setPaging({ pageNum, pageSize }),
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
