import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  Button,
  Empty,
  Input,
  Popconfirm,
  Space,
  Table,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { FolderOutlined, PlusOutlined } from '@ant-design/icons';
import { useT } from '../../app/useT';
import { PageFrame } from '../../app/components/PageFrame';
import { filterTree } from '../../app/tree';
import { useDialog } from '../../app/useDialog';
import { useOpenBranches } from '../../app/useOpenBranches';
import { GroupFormModal, type GroupTarget } from './GroupFormModal';
import { buildGroupTree, type GroupNode } from '../../app/groups/groupTree';
import { useGroupActions, useGroups } from '../../app/groups/useGroups';

/** /manage/eg/group: the enterprise's device groups as a tree with their device counts. */
export default function GroupListPage() {
  const { t } = useT('groups');
  const groups = useGroups();
  const { remove } = useGroupActions();
  const [keyword, setKeyword] = useState('');
  const dialog = useDialog<GroupTarget>();

  const rows = useMemo(() => groups.data ?? [], [groups.data]);
  const tree = useMemo(() => buildGroupTree(filterTree(rows, keyword)), [rows, keyword]);
  const expandable = useOpenBranches(rows);
  const openAdd = (parentId: number | null) => dialog.show({ kind: 'add', parentId });

  const columns: TableColumnsType<GroupNode> = [
    {
      title: t('field.name'),
      dataIndex: 'name',
      render: (v: string) => (
        <Space size={6}>
          <FolderOutlined style={{ color: '#faad14' }} />
          <Typography.Text strong>{v}</Typography.Text>
        </Space>
      ),
    },
    {
      title: t('field.devices'),
      dataIndex: 'deviceCount',
      align: 'right',
      width: 120,
      render: (n: number, row) => (
        <Link to={`/manage/eg/equipment/list?groupId=${row.id}`} data-testid={`devices-${row.name}`}>
          {n}
        </Link>
      ),
    },
    {
      title: (
        <Tooltip title={t('field.total-help')}>
          <span>{t('field.total')}</span>
        </Tooltip>
      ),
      dataIndex: 'totalCount',
      align: 'right',
      width: 140,
    },
    { title: t('field.level'), dataIndex: 'level', align: 'right', width: 90 },
    { title: t('field.seq'), dataIndex: 'seq', align: 'right', width: 90 },
    {
      title: t('common:actions'),
      key: 'actions',
      width: 260,
      render: (_, row) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            onClick={() => openAdd(row.id)}
            data-testid={`add-child-${row.name}`}
          >
            {t('list.add-child')}
          </Button>
          <Button
            type="link"
            size="small"
            onClick={() => dialog.show({ kind: 'edit', row })}
            data-testid={`edit-${row.name}`}
          >
            {t('list.edit')}
          </Button>
          <Popconfirm
            placement="topRight"
            title={t('common:delete-confirm', { name: row.name })}
            description={t('list.delete-note')}
            okText={t('common:delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('common:cancel')}
            onConfirm={() => remove.mutateAsync(row.id).catch(() => undefined)}
          >
            <Button type="link" size="small" danger data-testid={`delete-${row.name}`}>
              {t('common:delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  const emptyText = groups.isPending ? (
    <div style={{ height: 120 }} />
  ) : keyword ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.no-match')} />
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.empty')}>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => openAdd(null)}>
        {t('list.add-root')}
      </Button>
    </Empty>
  );

  return (
    <PageFrame
      title={t('title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => openAdd(null)} data-testid="group-add">
          {t('list.add-root')}
        </Button>
      }
    >
      <Space style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('list.search-placeholder')}
          style={{ width: 280 }}
          maxLength={30}
          onSearch={(v) => setKeyword(v)}
          enterButton={t('common:search')}
          data-testid="group-search"
        />
      </Space>
      <Table<GroupNode>
        rowKey="id"
        size="middle"
        loading={groups.isFetching}
        dataSource={tree}
        columns={columns}
        pagination={false}
        expandable={expandable}
        locale={{ emptyText }}
        data-testid="group-table"
      />
      <GroupFormModal
        key={dialog.key}
        open={dialog.open}
        target={dialog.target ?? { kind: 'add', parentId: null }}
        groups={rows}
        onClose={dialog.close}
      />
    </PageFrame>
  );
}
