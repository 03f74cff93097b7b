import { useMemo, useState } from 'react';
import { Button, Input, Space, Table, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useT } from '../../app/useT';
import type { DepartmentRow } from '@fieldhub/shared';
import { PageFrame } from '../../app/components/PageFrame';
import { ActionLink, DeleteAction, listEmptyText } from '../../app/components/listParts';
import { buildTree, filterTree, type TreeNode } from '../../app/tree';
import { useDialog } from '../../app/useDialog';
import { useOpenBranches } from '../../app/useOpenBranches';
import { DepartmentFormModal, type DepartmentTarget } from './DepartmentFormModal';
import { useDepartmentActions, useDepartments } from './useOrgal';

/** /manage/orgal/dept: the enterprise's departments as a tree. */
export default function DepartmentListPage() {
  const { t } = useT('orgal');
  const departments = useDepartments();
  const { remove } = useDepartmentActions();
  const [keyword, setKeyword] = useState('');
  const dialog = useDialog<DepartmentTarget>();

  const rows = useMemo(() => departments.data ?? [], [departments.data]);
  const tree = useMemo(() => buildTree(filterTree(rows, keyword)), [rows, keyword]);
  const expandable = useOpenBranches(rows);

  const openAdd = (parentId: number | null) => dialog.show({ kind: 'add', parentId });

  const columns: TableColumnsType<TreeNode<DepartmentRow>> = [
    {
      title: t('dept.name'),
      dataIndex: 'name',
      render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
    },
    { title: t('dept.accounts'), dataIndex: 'accountCount', align: 'right', width: 110 },
    { title: t('dept.seq'), dataIndex: 'seq', align: 'right', width: 110 },
    { title: t('common:remark'), dataIndex: 'remark', ellipsis: true },
    {
      title: t('common:actions'),
      key: 'actions',
      width: 240,
      render: (_, row) => (
        <Space size={0}>
          <ActionLink onClick={() => openAdd(row.id)} testId={`add-child-${row.name}`}>
            {t('dept.add-child')}
          </ActionLink>
          <ActionLink onClick={() => dialog.show({ kind: 'edit', row })} testId={`edit-${row.name}`}>
            {t('common:edit')}
          </ActionLink>
          <DeleteAction
            name={row.name}
            testId={`delete-${row.name}`}
            onDelete={() => remove.mutateAsync(row.id)}
          />
        </Space>
      ),
    },
  ];

  return (
    <PageFrame
      title={t('dept.title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => openAdd(null)} data-testid="dept-add">
          {t('dept.add')}
        </Button>
      }
    >
      <Space style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('dept.search-placeholder')}
          style={{ width: 260 }}
          maxLength={30}
          onSearch={(v) => setKeyword(v)}
          enterButton={t('common:search')}
          data-testid="dept-search"
        />
      </Space>
      <Table<TreeNode<DepartmentRow>>
        rowKey="id"
        size="middle"
        loading={departments.isFetching}
        dataSource={tree}
        columns={columns}
        pagination={false}
        expandable={expandable}
        locale={{
          emptyText: listEmptyText({
            loading: departments.isPending,
            filtered: !!keyword,
            onCreate: () => openAdd(null),
          }),
        }}
        data-testid="dept-table"
      />
      <DepartmentFormModal
        key={dialog.key}
        open={dialog.open}
        target={dialog.target ?? { kind: 'add', parentId: null }}
        departments={rows}
        onClose={dialog.close}
      />
    </PageFrame>
  );
}
