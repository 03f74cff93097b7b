import { Flex, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ActionLink, listEmptyText } from '../../accounts/listParts';
import { useDialog } from '../../accounts/useDialog';
import { AlarmRuleDrawer, BIT_CONDITIONS, RANGE_CONDITIONS } from './AlarmRuleDrawer';
import type { AlarmRuleRow, ConfigOwner } from './configTypes';
import { GuardedButton } from './GuardedButton';
import { useConfigActions, useConfigList } from './useConfig';

const LEVEL_COLORS: Record<AlarmRuleRow['level'], string> = {
  info: 'default',
  normal: 'blue',
  serious: 'orange',
  urgent: 'red',
};

/** Alarm rules of the equipment-info type ('00'); a template-bound device keeps its own. */
export function AlarmRulesTab({ owner }: { owner: ConfigOwner }) {
  const { t } = useTranslation(['deviceConfig', 'common']);
  const list = useConfigList(owner, 'alarm');
  const variables = useConfigList(owner, 'variable');
  const { remove } = useConfigActions(owner, 'alarm');
  const editing = useDialog<AlarmRuleRow>();

  const conditionText = (r: AlarmRuleRow) => {
    const name = t(`alarm.condition.${r.condition}`);
    if (RANGE_CONDITIONS.includes(r.condition)) return `${name} [${r.value}, ${r.value2}]`;
    if (BIT_CONDITIONS.includes(r.condition)) return `${name} #${r.value}`;
    return `${name} ${r.value}`;
  };

  return (
    <div data-testid="alarms-tab">
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('alarm.title')}
        </Typography.Title>
        <GuardedButton
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => editing.show()}
          blockedReason={variables.data && !variables.data.length ? t('variables-first') : null}
          disabled={variables.isPending}
          data-testid="alarm-add"
        >
          {t('alarm.add')}
        </GuardedButton>
      </Flex>
      <Table<AlarmRuleRow>
        rowKey="id"
        size="middle"
        pagination={false}
        scroll={{ x: 'max-content' }}
        loading={list.isFetching}
        dataSource={list.data ?? []}
        locale={{ emptyText: listEmptyText({ loading: list.isPending, filtered: false }) }}
        data-testid="alarm-table"
        columns={[
          { title: t('alarm.field.variable'), dataIndex: 'variableName' },
          { title: t('alarm.field.condition'), render: (_, r) => conditionText(r) },
          {
            title: t('alarm.field.level'),
            dataIndex: 'level',
            render: (v: AlarmRuleRow['level']) => <Tag color={LEVEL_COLORS[v]}>{t(`alarm.level.${v}`)}</Tag>,
          },
          { title: t('alarm.field.content'), dataIndex: 'content', ellipsis: true },
          {
            title: t('alarm.field.methods'),
            dataIndex: 'methods',
            render: (v: string[]) => v.map((m) => t(`alarm.method.${m}`)).join(t('list-separator')),
          },
          {
            title: t('common:status'),
            dataIndex: 'enabled',
            render: (v: boolean) =>
              v ? <Tag color="success">{t('common:enabled')}</Tag> : <Tag>{t('common:disabled')}</Tag>,
          },
          {
            title: t('common:actions'),
            key: 'actions',
            fixed: 'right',
            render: (_, row) => (
              <Space size={0}>
                <ActionLink onClick={() => editing.show(row)}>{t('common:edit')}</ActionLink>
                <Popconfirm
                  placement="topRight"
                  title={t('alarm.delete-confirm')}
                  okText={t('common:delete')}
                  okButtonProps={{ danger: true }}
                  cancelText={t('common:cancel')}
                  onConfirm={() => remove.mutateAsync([row.id]).catch(() => undefined)}
                >
                  <ActionLink danger>{t('common:delete')}</ActionLink>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <AlarmRuleDrawer
        key={editing.key}
        owner={owner}
        open={editing.open}
        row={editing.target}
        variables={variables.data ?? []}
        onClose={editing.close}
      />
    </div>
  );
}
