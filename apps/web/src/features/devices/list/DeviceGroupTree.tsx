import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Empty, Flex, Input, Skeleton, Tree, Typography, type TreeDataNode } from 'antd';
import { ApartmentOutlined, SettingOutlined } from '@ant-design/icons';
import { useT } from '../../../app/useT';
import { filterTree } from '../../../app/tree';
import { buildGroupTree, type GroupNode } from '../../../app/groups/groupTree';
import { useGroups } from '../../../app/groups/useGroups';
import { useDeviceTotal } from './useDevices';

/** Key of the "all devices" root; group nodes use their id. */
const ALL = 'all';

/** A node's name with its device count right after it (names never squeeze: the panel scrolls). */
function Label({ name, count, strong }: { name: string; count: number | undefined; strong?: boolean }) {
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <Typography.Text strong={strong}>{name}</Typography.Text>
      {count !== undefined && (
        <Typography.Text type="secondary" style={{ marginInlineStart: 6, fontSize: 12 }}>
          ({count})
        </Typography.Text>
      )}
    </span>
  );
}

/**
 * The left panel of the device list: an "all devices" root over the group tree, each node with
 * the number of devices in it and its sub-groups (what choosing it lists), and a search box.
 */
export function DeviceGroupTree({
  selected,
  onSelect,
}: {
  selected: number | undefined;
  onSelect(groupId: number | undefined): void;
}) {
  const { t } = useT('deviceList');
  const groups = useGroups();
  const total = useDeviceTotal();
  const [keyword, setKeyword] = useState('');
  // every branch starts open; the user's collapsed ones are remembered
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());

  const rows = useMemo(() => groups.data ?? [], [groups.data]);
  const treeData = useMemo<TreeDataNode[]>(() => {
    const convert = (nodes: GroupNode[]): TreeDataNode[] =>
      nodes.map((n) => ({
        key: String(n.id),
        title: <Label name={n.name} count={n.totalCount} />,
        ...(n.children ? { children: convert(n.children) } : {}),
      }));
    const groupNodes = convert(buildGroupTree(filterTree(rows, keyword)));
    return [
      {
        key: ALL,
        title: <Label name={t('tree.all')} count={total.data} strong />,
        icon: <ApartmentOutlined />,
        children: groupNodes,
      },
    ];
  }, [rows, keyword, total.data, t]);
  const expanded = useMemo(
    () => [ALL, ...rows.map((r) => String(r.id))].filter((k) => keyword || !collapsed.has(k)),
    [rows, collapsed, keyword],
  );

  let body: ReactNode;
  if (groups.isPending) body = <Skeleton active paragraph={{ rows: 5 }} title={false} />;
  else if (keyword && !filterTree(rows, keyword).length)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tree.no-match')} />;
  else
    body = (
      <Tree
        blockNode
        showIcon={false}
        selectedKeys={[selected ? String(selected) : ALL]}
        expandedKeys={expanded}
        onExpand={(_, { expanded: open, node }) =>
          setCollapsed((prev) => {
            const next = new Set(prev);
            if (open) next.delete(String(node.key));
            else next.add(String(node.key));
            return next;
          })
        }
        onSelect={(keys) => {
          // clicking the selected node again keeps it selected
          const key = keys[0];
          if (key === undefined) return;
          onSelect(key === ALL ? undefined : Number(key));
        }}
        treeData={treeData}
        // as wide as its deepest node, so the panel scrolls sideways instead of squeezing names
        style={{ width: 'max-content', minWidth: '100%' }}
        data-testid="device-group-tree"
      />
    );

  return (
    <Flex vertical gap={8} style={{ width: 220, flex: 'none' }}>
      <Input.Search
        allowClear
        size="middle"
        placeholder={t('tree.search')}
        maxLength={30}
        onSearch={setKeyword}
        onChange={(e) => {
          if (!e.target.value) setKeyword('');
        }}
        data-testid="device-group-search"
      />
      <div style={{ overflow: 'auto', maxHeight: 'calc(100vh - 260px)', paddingBottom: 4 }}>{body}</div>
      {!groups.isPending && !rows.length && (
        <Typography.Text type="secondary" style={{ fontSize: 12, paddingInline: 4 }}>
          {t('tree.no-groups')}
        </Typography.Text>
      )}
      <Link to="/manage/eg/group" style={{ paddingInline: 4, fontSize: 13 }} data-testid="manage-groups">
        <SettingOutlined /> {t('tree.manage')}
      </Link>
    </Flex>
  );
}
