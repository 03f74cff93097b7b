import { Divider, Flex, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ActionLink, listEmptyText } from '../../accounts/listParts';
import { useDialog } from '../../accounts/useDialog';
import { AlarmRulesTab } from './AlarmRulesTab';
import type { ConfigOwner, ReportRow } from './configTypes';
import { GuardedButton } from './GuardedButton';
import { ReportDrawer } from './ReportDrawer';
import { TemplateLockNotice } from './TemplateLockNotice';
import { useConfigActions, useConfigList } from './useConfig';
import { useConfigScope } from './useDevice';

/** Historical reports of a device or template (read-only on a template-bound device). */
export function ReportsTab({ owner }: { owner: ConfigOwner }) {
  const { t } = useTranslation(['deviceConfig', 'common']);
  const scope = useConfigScope(owner);
  const readOnly = scope.templateLocked;
  const list = useConfigList(owner, 'report');
  const variables = useConfigList(owner, 'variable');
  const { remove } = useConfigActions(owner, 'report');
  const editing = useDialog<ReportRow>();

  const when = (r: ReportRow) => {
    switch (r.storageMode) {
      case 'periodic':
      case 'summary':
        return t('report.every', { n: r.intervalS });
      case 'conditional':
        return <Typography.Text code>{r.expression}</Typography.Text>;
      case 'change':
        return t('report.on-change');
    }
  };

  return (
    <div data-testid="reports-tab">
      <TemplateLockNotice scope={scope} />
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('report.title')}
        </Typography.Title>
        {!readOnly && (
          <GuardedButton
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => editing.show()}
            blockedReason={variables.data && !variables.data.length ? t('variables-first') : null}
            disabled={variables.isPending}
            data-testid="report-add"
          >
            {t('report.add')}
          </GuardedButton>
        )}
      </Flex>
      <Table<ReportRow>
        rowKey="id"
        size="middle"
        pagination={false}
        scroll={{ x: 'max-content' }}
        loading={list.isFetching}
        dataSource={list.data ?? []}
        locale={{ emptyText: listEmptyText({ loading: list.isPending, filtered: false }) }}
        data-testid="report-table"
        columns={[
          {
            title: t('report.field.name'),
            dataIndex: 'name',
            render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
          },
          {
            title: t('report.field.storageMode'),
            dataIndex: 'storageMode',
            render: (v: ReportRow['storageMode']) => <Tag>{t(`report.mode.${v}`)}</Tag>,
          },
          { title: t('report.when'), render: (_, r) => when(r) },
          {
            title: t('report.variables'),
            render: (_, r) => (
              <Space size={[4, 4]} wrap style={{ maxWidth: 360 }}>
                {r.items.slice(0, 6).map((i) => (
                  <Tag key={`${i.variableId}/${i.aggregation}`}>
                    {i.variableName} · {t(`report.aggregation.${i.aggregation}`)}
                  </Tag>
                ))}
                {r.items.length > 6 && <Tag>+{r.items.length - 6}</Tag>}
              </Space>
            ),
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
                <ActionLink onClick={() => editing.show(row)}>
                  {readOnly ? t('view') : t('common:edit')}
                </ActionLink>
                {!readOnly && (
                  <Popconfirm
                    placement="topRight"
                    title={t('common:delete-confirm', { name: row.name })}
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
      <ReportDrawer
        key={editing.key}
        owner={owner}
        open={editing.open}
        row={editing.target}
        variables={variables.data ?? []}
        readOnly={readOnly}
        onClose={editing.close}
      />
    </div>
  );
}

/** The "report" tab: historical reports, then alarm rules. */
export function ReportAndAlarmTab({ owner }: { owner: ConfigOwner }) {
  return (
    <>
      <ReportsTab owner={owner} />
      <Divider />
      <AlarmRulesTab owner={owner} />
    </>
  );
}
