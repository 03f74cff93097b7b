import { useMemo, useState } from 'react';
import { Button, Input, Popconfirm, Space, Table, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../app/components/PageFrame';
import { ActionLink, listEmptyText } from '../accounts/listParts';
import { useDialog } from '../accounts/useDialog';
import { DepartmentFormModal, type DepartmentTarget } from './DepartmentFormModal';
import { buildDepartmentTree, filterDepartments, type DepartmentNode } from './departmentTree';
import type { DepartmentRow } from './orgalTypes';
import { useDepartmentActions, useDepartments } from './useOrgal';

/** /manage/orgal/dept: the enterprise's departments as a tree. */
export default function DepartmentListPage() {
  const { t } = useTranslation(['orgal', 'common']);
  const departments = useDepartments();
  const { remove } = useDepartmentActions();
  const [keyword, setKeyword] = useState('');
  const dialog = useDialog<DepartmentTarget>();
  // every branch starts open; the user's collapsed ones are remembered, so new departments show up
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());

  const rows = useMemo(() => departments.data ?? [], [departments.data]);
  const tree = useMemo(() => buildDepartmentTree(filterDepartments(rows, keyword)), [rows, keyword]);
  const expanded = useMemo(
    () => rows.filter((r) => !collapsed.has(r.id)).map((r) => r.id),
    [rows, collapsed],
  );

  const openAdd = (parentId: number | null) => dialog.show({ kind: 'add', parentId });

  const columns: TableColumnsType<DepartmentNode<DepartmentRow>> = [
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
          <Popconfirm
            placement="topRight"
            title={t('common:delete-confirm', { name: row.name })}
            okText={t('common:delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('common:cancel')}
            onConfirm={() => remove.mutateAsync(row.id).catch(() => undefined)}
          >
            <ActionLink danger testId={`delete-${row.name}`}>
              {t('common:delete')}
            </ActionLink>
          </Popconfirm>
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
      <Table<DepartmentNode<DepartmentRow>>
        rowKey="id"
        size="middle"
        loading={departments.isFetching}
        dataSource={tree}
        columns={columns}
        pagination={false}
        expandable={{
          expandedRowKeys: expanded,
          onExpand: (open, row) =>
            setCollapsed((prev) => {
              const next = new Set(prev);
              if (open) next.delete(row.id);
              else next.add(row.id);
              return next;
            }),
        }}
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
