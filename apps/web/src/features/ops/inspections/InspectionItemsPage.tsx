import { useState } from 'react';
import { Button, Input, Popconfirm, Space, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { InspectionItemRow } from '@fieldhub/shared';
import { PageFrame } from '../../../app/components/PageFrame';
import { listEmptyText } from '../../../app/components/listParts';
import { useInspectionActions, useInspectionItems } from '../../../app/inspections/useInspections';
import { useDialog } from '../../../app/useDialog';
import { useT } from '../../../app/useT';
import { ItemFormModal } from './ItemFormModal';

/** /manage/ops/inspection_content: the enterprise's inspection items (operations.md §3). */
export default function InspectionItemsPage() {
  const { t } = useT('inspections');
  const [keyword, setKeyword] = useState('');
  const items = useInspectionItems(keyword);
  const { deleteItem } = useInspectionActions();
  const dialog = useDialog<InspectionItemRow | null>();
  const range = (r: InspectionItemRow) =>
    r.resultKind !== 'number' || (r.min === null && r.max === null)
      ? ''
      : ` (${r.min ?? '…'} – ${r.max ?? '…'})`;
  return (
    <PageFrame
      title={t('items.title')}
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => dialog.show(null)}
          data-testid="item-add"
        >
          {t('items.add')}
        </Button>
      }
    >
      <Space style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('items.search')}
          style={{ width: 280 }}
          maxLength={50}
          onSearch={setKeyword}
          enterButton={t('common:search')}
          data-testid="item-search"
        />
      </Space>
      <Table<InspectionItemRow>
        rowKey="id"
        size="middle"
        scroll={{ x: 'max-content' }}
        loading={items.isFetching}
        dataSource={items.data ?? []}
        pagination={{ pageSize: 20, showTotal: (n) => t('common:total', { total: n }) }}
        locale={{
          emptyText: listEmptyText({
            loading: items.isPending,
            filtered: !!keyword,
            onCreate: () => dialog.show(null),
          }),
        }}
        data-testid="item-table"
        columns={[
          { title: t('field.name'), dataIndex: 'name' },
          {
            title: t('field.kind'),
            key: 'kind',
            render: (_, r) => `${t(`kind.${r.resultKind}`)}${range(r)}`,
          },
          { title: t('field.method'), dataIndex: 'method', ellipsis: true },
          { title: t('field.standard'), dataIndex: 'standard', ellipsis: true },
          { title: t('items.in-plans'), dataIndex: 'planCount', align: 'right', width: 100 },
          {
            title: t('common:actions'),
            key: 'actions',
            width: 160,
            render: (_, r) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  onClick={() => dialog.show(r)}
                  data-testid={`item-edit-${r.name}`}
                >
                  {t('common:edit')}
                </Button>
                <Popconfirm
                  placement="topRight"
                  title={t('common:delete-confirm', { name: r.name })}
                  description={t('items.delete-note')}
                  okText={t('common:delete')}
                  okButtonProps={{ danger: true }}
                  cancelText={t('common:cancel')}
                  onConfirm={() => deleteItem.mutateAsync(r.id).catch(() => undefined)}
                >
                  <Button type="link" size="small" danger data-testid={`item-delete-${r.name}`}>
                    {t('common:delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <ItemFormModal
        key={dialog.key}
        open={dialog.open}
        row={dialog.target ?? undefined}
        onClose={dialog.close}
      />
    </PageFrame>
  );
}
