import { useState } from 'react';
import { Button, Input, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { textUnder, useT } from '../../app/useT';
import type { RoleRow } from '@fieldhub/shared';
import { PageFrame } from '../../app/components/PageFrame';
import { ActionLink, DeleteAction, formatTime, listEmptyText } from '../../app/components/listParts';
import { useDialog } from '../../app/useDialog';
import { RoleFormModal } from './RoleFormModal';
import { useRoleActions, useRoles } from './useOrgal';

/** /manage/orgal/role: the enterprise's roles and the permission keys each grants. */
export default function RoleListPage() {
  const { t } = useT('orgal');
  const [name, setName] = useState<string | undefined>();
  const editing = useDialog<RoleRow>();
  const roles = useRoles(name);
  const { remove } = useRoleActions();
  const openCreate = () => editing.show();

  const columns: TableColumnsType<RoleRow> = [
    {
      title: t('role.name'),
      dataIndex: 'name',
      render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
    },
    {
      title: t('role.type-label'),
      dataIndex: 'roleType',
      width: 130,
      render: (v: RoleRow['roleType']) => (
        <Tag color={v === 'admin' ? 'blue' : 'default'}>{t(`role.type.${v}`)}</Tag>
      ),
    },
    {
      title: t('role.data-range-label'),
      dataIndex: 'dataRange',
      render: (v: RoleRow['dataRange']) => t(`role.data-range.${v}`),
    },
    {
      title: t('role.permissions'),
      dataIndex: 'permissions',
      width: 120,
      align: 'right',
      render: (keys: string[]) => (
        <Tooltip
          title={
            keys.length
              ? keys.map((k) => textUnder(t, 'orgal:permission.', k)).join(t('role.list-separator'))
              : undefined
          }
        >
          <Typography.Text>{keys.length}</Typography.Text>
        </Tooltip>
      ),
    },
    { title: t('role.accounts'), dataIndex: 'accountCount', width: 110, align: 'right' },
    { title: t('common:remark'), dataIndex: 'remark', ellipsis: true },
    { title: t('common:created-at'), dataIndex: 'createdAt', width: 180, render: formatTime },
    {
      title: t('common:actions'),
      key: 'actions',
      width: 140,
      render: (_, row) => (
        <Space size={0}>
          <ActionLink onClick={() => editing.show(row)} testId={`edit-${row.name}`}>
            {t('common:edit')}
          </ActionLink>
          <DeleteAction
            name={row.name}
            blockedReason={row.accountCount > 0 ? t('role.delete-blocked', { n: row.accountCount }) : null}
            testId={`delete-${row.name}`}
            onDelete={() => remove.mutateAsync(row.id)}
          />
        </Space>
      ),
    },
  ];

  return (
    <PageFrame
      title={t('role.title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={openCreate} data-testid="role-add">
          {t('role.add')}
        </Button>
      }
    >
      <Space style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('role.search-placeholder')}
          style={{ width: 260 }}
          maxLength={30}
          onSearch={(v) => setName(v.trim() || undefined)}
          enterButton={t('common:search')}
          data-testid="role-search"
        />
      </Space>
      <Table<RoleRow>
        rowKey="id"
        size="middle"
        scroll={{ x: 'max-content' }}
        loading={roles.isFetching}
        dataSource={roles.data ?? []}
        columns={columns}
        locale={{
          emptyText: listEmptyText({ loading: roles.isPending, filtered: !!name, onCreate: openCreate }),
        }}
        pagination={{
          showSizeChanger: true,
          showTotal: (n) => t('common:total', { total: n }),
          hideOnSinglePage: false,
        }}
        data-testid="role-table"
      />
      <RoleFormModal key={editing.key} open={editing.open} row={editing.target} onClose={editing.close} />
    </PageFrame>
  );
}
