import { Button, Flex, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { FunctionOutlined } from '@ant-design/icons';
import { useT } from '../../app/useT';
import type { MvarType, MvarWithValue } from '@fieldhub/shared';
import { ActionLink, DeleteAction, listEmptyText } from '../../app/components/listParts';
import { useDialog } from '../../app/useDialog';
import { MvarModal } from './MvarModal';
import { useAllBoundEquipment } from './useProjectEquip';
import { useMvarActions, useMvars } from './useMvars';

const TYPE_COLORS: Record<MvarType, string> = {
  sum: 'blue',
  avg: 'cyan',
  min: 'geekblue',
  max: 'purple',
  custom: 'gold',
};

/** A value as the variable shows it: its decimals, then its unit. */
export function shownValue(row: Pick<MvarWithValue, 'value' | 'decimals' | 'unit'>): string {
  const text = row.value.toFixed(row.decimals);
  return row.unit ? `${text} ${row.unit}` : text;
}

/**
 * Intermediate variables of the project (docs/requirements/projects.md §5): each with its calculation,
 * the signals it reads and its latest value, computed on the server as values arrive.
 */
export function ProjectMvarTab({ projectId }: { projectId: number }) {
  const { t } = useT('projects');
  const list = useMvars(projectId);
  const equipment = useAllBoundEquipment(projectId);
  const { remove } = useMvarActions(projectId);
  const dialog = useDialog<MvarWithValue>();
  const picker = (equipment.data ?? []).map((e) => ({ equipmentId: e.equipmentId, title: e.title }));

  return (
    <div data-testid="project-mvar-tab">
      <Flex justify="space-between" align="center" gap={12} style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">{t('mvar.hint')}</Typography.Text>
        <Button
          type="primary"
          icon={<FunctionOutlined />}
          disabled={equipment.isPending}
          onClick={() => dialog.show()}
          data-testid="mvar-add"
        >
          {t('mvar.add')}
        </Button>
      </Flex>
      <Table<MvarWithValue>
        rowKey="id"
        size="middle"
        loading={list.isPending}
        dataSource={list.data ?? []}
        pagination={(list.data?.length ?? 0) > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        data-testid="mvar-table"
        locale={{
          emptyText: listEmptyText({
            loading: list.isPending,
            filtered: false,
            onCreate: () => dialog.show(),
          }),
        }}
        columns={[
          {
            title: t('mvar.title'),
            dataIndex: 'title',
            render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
          },
          {
            title: t('mvar.type'),
            dataIndex: 'calcType',
            width: 130,
            render: (type: MvarType) => <Tag color={TYPE_COLORS[type]}>{t(`mvar.types.${type}`)}</Tag>,
          },
          {
            title: t('mvar.formula'),
            dataIndex: 'formula',
            render: (formula: string, row) => (
              <Space orientation="vertical" size={2}>
                <Typography.Text code ellipsis style={{ maxWidth: 380 }}>
                  {formula}
                </Typography.Text>
                {row.refs.length > 0 && (
                  <Typography.Text type="secondary" ellipsis style={{ maxWidth: 380, fontSize: 12 }}>
                    {row.refs.map((r) => `${r.equipmentTitle} / ${r.signalName}`).join(', ')}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          {
            title: t('mvar.value'),
            key: 'value',
            align: 'right',
            render: (_, row) => (
              <Tooltip title={row.ts === null ? t('mvar.value-initial') : new Date(row.ts).toLocaleString()}>
                <Typography.Text
                  type={row.ts === null ? 'secondary' : undefined}
                  style={{ fontVariantNumeric: 'tabular-nums' }}
                >
                  {shownValue(row)}
                </Typography.Text>
              </Tooltip>
            ),
          },
          {
            title: t('common:actions'),
            key: 'actions',
            width: 130,
            render: (_, row) => (
              <>
                <ActionLink onClick={() => dialog.show(row)} testId={`mvar-edit-${row.id}`}>
                  {t('common:edit')}
                </ActionLink>
                <DeleteAction
                  name={row.title}
                  testId={`mvar-delete-${row.id}`}
                  onDelete={() => remove.mutateAsync(row.id)}
                />
              </>
            ),
          },
        ]}
      />
      <MvarModal
        key={dialog.key}
        projectId={projectId}
        equipment={picker}
        open={dialog.open}
        row={dialog.target}
        onClose={dialog.close}
      />
    </div>
  );
}
