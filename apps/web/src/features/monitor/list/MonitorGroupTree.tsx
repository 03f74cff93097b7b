import { useMemo } from 'react';
import { Empty, Skeleton, Tree, Typography, type TreeDataNode } from 'antd';
import { ApartmentOutlined } from '@ant-design/icons';
import { useT } from '../../../app/useT';
import type { MonitorGroupNode } from '@fieldhub/shared';
import { buildTree, type TreeNode } from '../../../app/tree';
import { useMonitorGroups } from '../useMonitor';

const ALL = 'all';

interface Counted {
  total: number;
  online: number;
}

/** Devices and online devices of a group and every group below it. */
function countTree(node: TreeNode<MonitorGroupNode>, out: Map<number, Counted>): Counted {
  const sum = { total: node.deviceCount, online: node.onlineCount };
  for (const child of node.children ?? []) {
    const c = countTree(child, out);
    sum.total += c.total;
    sum.online += c.online;
  }
  out.set(node.id, sum);
  return sum;
}

function Label({ name, counted, strong }: { name: string; counted?: Counted; strong?: boolean }) {
  const { t } = useT('monitor');
  return (
    <span style={{ whiteSpace: 'nowrap' }} title={counted ? t('tree.count-help', { ...counted }) : undefined}>
      <Typography.Text strong={strong}>{name}</Typography.Text>
      {counted && (
        <Typography.Text type="secondary" style={{ marginInlineStart: 6, fontSize: 12 }}>
          ({counted.online}/{counted.total})
        </Typography.Text>
      )}
    </span>
  );
}

/** The group filter of the monitor list: every group with its online and total devices. */
export function MonitorGroupTree({
  selected,
  onSelect,
}: {
  selected: number | undefined;
  onSelect(groupId: number | undefined): void;
}) {
  const { t } = useT('monitor');
  const groups = useMonitorGroups();

  const treeData = useMemo<TreeDataNode[]>(() => {
    const roots = buildTree(groups.data ?? []);
    const counts = new Map<number, Counted>();
    for (const r of roots) countTree(r, counts);
    const convert = (nodes: TreeNode<MonitorGroupNode>[]): TreeDataNode[] =>
      nodes.map((n) => ({
        key: String(n.id),
        title: <Label name={n.name} counted={counts.get(n.id)!} />,
        ...(n.children ? { children: convert(n.children) } : {}),
      }));
    return [
      {
        key: ALL,
        // devices outside every group belong here too, so no group sum would count it right
        title: <Label name={t('tree.all')} strong />,
        icon: <ApartmentOutlined />,
        children: convert(roots),
      },
    ];
  }, [groups.data, t]);

  if (groups.isPending) return <Skeleton active paragraph={{ rows: 5 }} title={false} />;
  if (groups.isError) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tree.failed')} />;
  return (
    <Tree
      blockNode
      defaultExpandAll
      selectedKeys={[selected ? String(selected) : ALL]}
      onSelect={(keys) => {
        const key = keys[0];
        if (key === undefined) return;
        onSelect(key === ALL ? undefined : Number(key));
      }}
      treeData={treeData}
      style={{ width: 'max-content', minWidth: '100%' }}
      data-testid="monitor-group-tree"
    />
  );
}
