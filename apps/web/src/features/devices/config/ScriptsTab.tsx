import { Button, Flex, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ActionLink, listEmptyText } from '../../accounts/listParts';
import { useDialog } from '../../accounts/useDialog';
import type { ConfigOwner, ScriptRow } from './configTypes';
import { ScriptDrawer } from './ScriptDrawer';
import { useConfigActions, useConfigList } from './useConfig';

/** Gateway scripts of a device or template: name, when they run, and their body. */
export function ScriptsTab({ owner }: { owner: ConfigOwner }) {
  const { t } = useTranslation(['deviceConfig', 'common']);
  const list = useConfigList(owner, 'script');
  const { remove } = useConfigActions(owner, 'script');
  const editing = useDialog<ScriptRow>();

  const when = (s: ScriptRow) => {
    switch (s.strategy) {
      case 'start':
        return '—';
      case 'periodic':
        return t('report.every', { n: s.intervalS });
      case 'conditional':
        return (
          <Space size={4}>
            <Typography.Text code>{s.condition}</Typography.Text>
            <Typography.Text type="secondary">{t('report.every', { n: s.intervalS })}</Typography.Text>
          </Space>
        );
      case 'change':
        return <Typography.Text code>{s.condition}</Typography.Text>;
    }
  };

  return (
    <div data-testid="scripts-tab">
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">{t('script.hint')}</Typography.Text>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => editing.show()}
          data-testid="script-add"
        >
          {t('script.add')}
        </Button>
      </Flex>
      <Table<ScriptRow>
        rowKey="id"
        size="middle"
        pagination={false}
        loading={list.isFetching}
        dataSource={list.data ?? []}
        locale={{ emptyText: listEmptyText({ loading: list.isPending, filtered: false }) }}
        columns={[
          {
            title: t('script.field.name'),
            dataIndex: 'name',
            render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
          },
          {
            title: t('script.field.strategy'),
            dataIndex: 'strategy',
            render: (v: ScriptRow['strategy']) => <Tag>{t(`script.strategy.${v}`)}</Tag>,
          },
          { title: t('report.when'), render: (_, s) => when(s) },
          {
            title: t('script.lines'),
            render: (_, s) => s.body.split('\n').length,
            align: 'right',
            width: 90,
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
            width: 140,
            render: (_, row) => (
              <Space size={0}>
                <ActionLink onClick={() => editing.show(row)}>{t('common:edit')}</ActionLink>
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
              </Space>
            ),
          },
        ]}
      />
      <ScriptDrawer
        key={editing.key}
        owner={owner}
        open={editing.open}
        row={editing.target}
        onClose={editing.close}
      />
    </div>
  );
}
