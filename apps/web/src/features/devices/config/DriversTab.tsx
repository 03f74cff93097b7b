import { Alert, Flex, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ActionLink, listEmptyText } from '../../accounts/listParts';
import { useDialog } from '../../accounts/useDialog';
import type { ConfigOwner, DriverRow } from './configTypes';
import { DriverDrawer } from './DriverDrawer';
import { GuardedButton } from './GuardedButton';
import { connectionSummary } from './driverForm';
import { TemplateLockNotice } from './TemplateLockNotice';
import { useConfigActions, useConfigList } from './useConfig';
import { useConfigScope } from './useDevice';

/** The drivers of a device or template: protocol, where it connects, how many variables use it. */
export function DriversTab({ owner }: { owner: ConfigOwner }) {
  const { t } = useTranslation(['deviceConfig', 'common']);
  const scope = useConfigScope(owner);
  const list = useConfigList(owner, 'driver');
  const { remove } = useConfigActions(owner, 'driver');
  const editing = useDialog<DriverRow>();
  const readOnly = scope.templateLocked;
  const addBlocked = scope.canAddDrivers ? null : t('driver.gateway-first');

  return (
    <div data-testid="drivers-tab">
      <TemplateLockNotice scope={scope} />
      {!scope.loading && !readOnly && !scope.canAddDrivers && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('driver.gateway-first')} />
      )}
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">{t('driver.hint')}</Typography.Text>
        {!readOnly && (
          <GuardedButton
            type="primary"
            icon={<PlusOutlined />}
            blockedReason={addBlocked}
            disabled={scope.loading}
            onClick={() => editing.show()}
            data-testid="driver-add"
          >
            {t('driver.add')}
          </GuardedButton>
        )}
      </Flex>
      <Table<DriverRow>
        rowKey="id"
        size="middle"
        pagination={false}
        loading={list.isFetching}
        dataSource={list.data ?? []}
        locale={{ emptyText: listEmptyText({ loading: list.isPending, filtered: false }) }}
        columns={[
          {
            title: t('driver.field.name'),
            dataIndex: 'name',
            render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
          },
          {
            title: t('driver.field.protocol'),
            dataIndex: 'protocol',
            width: 150,
            render: (p: DriverRow['protocol']) => <Tag>{t(`driver.protocol.${p}`)}</Tag>,
          },
          {
            title: t('driver.connection'),
            render: (_, row) => <Typography.Text code>{connectionSummary(row)}</Typography.Text>,
          },
          {
            title: t('driver.brand-model'),
            render: (_, row) => [row.brand, row.model].filter(Boolean).join(' / ') || '—',
          },
          { title: t('driver.variable-count'), dataIndex: 'variableCount', width: 110, align: 'right' },
          {
            title: t('common:actions'),
            key: 'actions',
            width: 140,
            render: (_, row) => (
              <Space size={0}>
                <ActionLink onClick={() => editing.show(row)} testId={`driver-edit-${row.name}`}>
                  {readOnly ? t('view') : t('common:edit')}
                </ActionLink>
                {!readOnly && (
                  <Popconfirm
                    placement="topRight"
                    title={t('common:delete-confirm', { name: row.name })}
                    description={
                      row.variableCount ? t('driver.delete-cascade', { n: row.variableCount }) : null
                    }
                    okText={t('common:delete')}
                    okButtonProps={{ danger: true }}
                    cancelText={t('common:cancel')}
                    onConfirm={() => remove.mutateAsync([row.id]).catch(() => undefined)}
                  >
                    <ActionLink danger>{t('common:delete')}</ActionLink>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <DriverDrawer
        key={editing.key}
        owner={owner}
        open={editing.open}
        row={editing.target}
        readOnly={readOnly}
        onClose={editing.close}
      />
    </div>
  );
}
