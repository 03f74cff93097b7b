import { useMemo, useState } from 'react';
import { Empty, Input, Skeleton, Tree, Typography } from 'antd';
import { DATA_CENTER_MAX_VARIABLES, type DataCenterTree } from '@fieldhub/shared';
import { useT } from '../../app/useT';
import { pickTree } from './variableTree';

/** The left column: groups → devices → variables with checkboxes, and a name filter. */
export function VariablePicker({
  tree,
  loading,
  checked,
  onCheck,
}: {
  tree: DataCenterTree | undefined;
  loading: boolean;
  checked: string[];
  onCheck(keys: string[]): void;
}) {
  const { t } = useT('dataCenter');
  const [keyword, setKeyword] = useState('');
  const nodes = useMemo(() => (tree ? pickTree(tree, t('tree.ungrouped'), keyword) : []), [tree, keyword, t]);
  const count = checked.filter((k) => k.startsWith('v-')).length;
  if (loading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (!tree?.devices.length) return <Empty description={t('tree.no-devices')} />;
  return (
    <>
      <Input.Search
        allowClear
        placeholder={t('tree.search')}
        onChange={(e) => setKeyword(e.target.value)}
        style={{ marginBottom: 8 }}
        data-testid="datacenter-tree-search"
      />
      <Typography.Text
        type={count > DATA_CENTER_MAX_VARIABLES ? 'danger' : 'secondary'}
        style={{ display: 'block', marginBottom: 8, fontSize: 12 }}
        data-testid="datacenter-checked-count"
      >
        {count > DATA_CENTER_MAX_VARIABLES
          ? t('tree.too-many', { max: DATA_CENTER_MAX_VARIABLES })
          : t('tree.checked', { count, max: DATA_CENTER_MAX_VARIABLES })}
      </Typography.Text>
      {nodes.length ? (
        <Tree
          checkable
          selectable={false}
          defaultExpandAll
          key={keyword /* a new filter opens every branch it kept */}
          treeData={nodes}
          checkedKeys={checked}
          onCheck={(keys) => onCheck((Array.isArray(keys) ? keys : keys.checked).map(String))}
          style={{ maxHeight: 'calc(100vh - 330px)', overflow: 'auto' }}
          data-testid="datacenter-tree"
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tree.no-match')} />
      )}
    </>
  );
}
