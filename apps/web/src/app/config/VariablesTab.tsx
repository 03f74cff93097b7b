import { useState } from 'react';
import {
  Button,
  Dropdown,
  Flex,
  Input,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  CheckOutlined,
  DeleteOutlined,
  PlusOutlined,
  VerticalAlignBottomOutlined,
  VerticalAlignTopOutlined,
} from '@ant-design/icons';
import { useT } from '../useT';
import type { VariableRow } from '@fieldhub/shared';
import { ActionLink, listEmptyText } from '../components/listParts';
import { useDialog } from '../useDialog';
import { ConfigRowActions } from './ConfigTable';
import type { ConfigOwner } from './configTypes';
import { TemplateLockNotice } from './TemplateLockNotice';
import { useConfigActions, useConfigList, useVariableOrder } from './useConfig';
import { useConfigScope } from './useDevice';
import { VariableDrawer } from './VariableDrawer';
import { canMove, moveVariable } from './variableOrder';

/** The variables of a device or template: filter, pin, reorder, multi-delete, and the variable form. */
export function VariablesTab({ owner }: { owner: ConfigOwner }) {
  const { t } = useT('deviceConfig');
  const scope = useConfigScope(owner);
  const readOnly = scope.templateLocked;
  const [driverId, setDriverId] = useState<number | undefined>();
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const drivers = useConfigList(owner, 'driver');
  const all = useConfigList(owner, 'variable');
  const filtered = driverId !== undefined || keyword !== '';
  const shown = useConfigList(owner, 'variable', { driverId, keyword: keyword || undefined });
  const rows = (filtered ? shown.data : all.data) ?? [];
  const allRows = all.data ?? [];
  const { remove } = useConfigActions(owner, 'variable');
  const { pin, sort } = useVariableOrder(owner);
  const editing = useDialog<VariableRow>();

  const move = (id: number, direction: 'up' | 'down') => {
    const ids = moveVariable(allRows, id, direction);
    if (ids) sort.mutate(ids);
  };
  const reorderBlocked = readOnly
    ? t('template.locked-short')
    : filtered
      ? t('variable.reorder-filtered')
      : null;

  return (
    <div data-testid="variables-tab">
      <TemplateLockNotice scope={scope} />
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Space wrap>
          <Select
            allowClear
            style={{ width: 200 }}
            placeholder={t('variable.all-drivers')}
            value={driverId}
            onChange={(v: number | undefined) => setDriverId(v)}
            options={(drivers.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
            data-testid="variable-driver-filter"
          />
          <Input.Search
            allowClear
            style={{ width: 240 }}
            placeholder={t('variable.search')}
            onSearch={(v) => setKeyword(v.trim())}
            data-testid="variable-search"
          />
        </Space>
        {!readOnly && (
          <Space>
            <Popconfirm
              title={t('variable.delete-selected-confirm', { n: selected.length })}
              okText={t('common:delete')}
              okButtonProps={{ danger: true }}
              cancelText={t('common:cancel')}
              disabled={selected.length === 0}
              onConfirm={() =>
                remove
                  .mutateAsync(selected)
                  .then(() => setSelected([]))
                  .catch(() => undefined)
              }
            >
              <Button danger icon={<DeleteOutlined />} disabled={selected.length === 0}>
                {t('variable.delete-selected', { n: selected.length })}
              </Button>
            </Popconfirm>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => editing.show()}
              data-testid="variable-add"
            >
              {t('variable.add')}
            </Button>
          </Space>
        )}
      </Flex>
      <Table<VariableRow>
        rowKey="id"
        size="middle"
        scroll={{ x: 'max-content' }}
        loading={all.isFetching || shown.isFetching}
        dataSource={rows}
        pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        rowSelection={
          readOnly
            ? undefined
            : { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }
        }
        locale={{ emptyText: listEmptyText({ loading: all.isPending, filtered }) }}
        data-testid="variable-table"
        columns={[
          {
            title: t('variable.field.name'),
            dataIndex: 'name',
            fixed: 'left',
            render: (v: string, row) => (
              <Space size={4}>
                {row.pinned && (
                  <Tooltip title={t(`variable.pinned.${row.pinned}`)}>
                    <Tag color="blue" style={{ marginInlineEnd: 0 }}>
                      {row.pinned === 'top' ? <VerticalAlignTopOutlined /> : <VerticalAlignBottomOutlined />}
                    </Tag>
                  </Tooltip>
                )}
                <Typography.Text strong style={{ fontFamily: 'ui-monospace, Menlo, Consolas, monospace' }}>
                  {v}
                </Typography.Text>
                {row.kind !== 'device' && <Tag>{t(`variable.kind.${row.kind}`)}</Tag>}
              </Space>
            ),
          },
          {
            title: t('variable.field.driver'),
            dataIndex: 'driverName',
            render: (v: string | null) => v ?? '—',
          },
          {
            title: t('variable.field.address'),
            render: (_, row) =>
              row.kind === 'device' ? (
                <Typography.Text code>
                  {[row.registerType, row.address].filter(Boolean).join(' ')}
                </Typography.Text>
              ) : row.kind === 'summary' && row.summaryAggregation && row.summaryPeriod ? (
                <Typography.Text type="secondary">
                  {t('summary:vars.definition', {
                    aggregation: t(`summary:aggregation.${row.summaryAggregation}`),
                    per: t(`summary:per.${row.summaryPeriod}`),
                    n: row.summarySources.length,
                  })}
                </Typography.Text>
              ) : (
                <Typography.Text type="secondary" ellipsis style={{ maxWidth: 180 }}>
                  {row.formula}
                </Typography.Text>
              ),
          },
          {
            title: t('variable.field.dataType'),
            dataIndex: 'dataType',
            render: (v: string, row) => (v === 'string' ? `string(${row.stringLength})` : v),
          },
          {
            title: t('variable.field.rw'),
            dataIndex: 'rw',
            render: (v: VariableRow['rw']) => t(`variable.rw.${v}`),
          },
          { title: t('variable.field.unit'), dataIndex: 'unit', render: (v: string) => v || '—' },
          {
            title: t('variable.stored'),
            dataIndex: 'storeHistory',
            align: 'center',
            render: (v: boolean) => (v ? <CheckOutlined /> : null),
          },
          {
            title: t('common:actions'),
            key: 'actions',
            fixed: 'right',
            render: (_, row) => (
              <ConfigRowActions
                readOnly={readOnly}
                onEdit={() => editing.show(row)}
                editTestId={`variable-edit-${row.name}`}
                name={row.name}
                onDelete={() => remove.mutateAsync([row.id])}
              >
                <Dropdown
                  menu={{
                    items: [
                      { key: 'top', label: t('variable.pin-top'), disabled: row.pinned === 'top' },
                      {
                        key: 'bottom',
                        label: t('variable.pin-bottom'),
                        disabled: row.pinned === 'bottom',
                      },
                      { key: 'none', label: t('variable.unpin'), disabled: row.pinned === null },
                    ],
                    onClick: ({ key }) =>
                      pin.mutate({ id: row.id, pinned: key as 'top' | 'bottom' | 'none' }),
                  }}
                >
                  <ActionLink>{t('variable.pin')}</ActionLink>
                </Dropdown>
                <ActionLink
                  icon={<ArrowUpOutlined />}
                  aria-label={t('variable.move-up')}
                  blockedReason={
                    reorderBlocked ?? (canMove(allRows, row.id, 'up') ? null : t('variable.cannot-move'))
                  }
                  onClick={() => move(row.id, 'up')}
                />
                <ActionLink
                  icon={<ArrowDownOutlined />}
                  aria-label={t('variable.move-down')}
                  blockedReason={
                    reorderBlocked ?? (canMove(allRows, row.id, 'down') ? null : t('variable.cannot-move'))
                  }
                  onClick={() => move(row.id, 'down')}
                />
              </ConfigRowActions>
            ),
          },
        ]}
      />
      <VariableDrawer
        key={editing.key}
        owner={owner}
        open={editing.open}
        row={editing.target}
        drivers={drivers.data ?? []}
        variableNames={allRows.map((v) => v.name)}
        readOnly={readOnly}
        onClose={editing.close}
      />
    </div>
  );
}
