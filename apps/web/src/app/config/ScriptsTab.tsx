import { Space, Tag, Typography } from 'antd';
import { useT } from '../useT';
import type { ScriptRow } from '@fieldhub/shared';
import { useDialog } from '../useDialog';
import { ConfigTable } from './ConfigTable';
import type { ConfigOwner } from './configTypes';
import { ScriptDrawer } from './ScriptDrawer';

/** Gateway scripts of a device or template: name, when they run, and their body. */
export function ScriptsTab({ owner }: { owner: ConfigOwner }) {
  const { t } = useT('deviceConfig');
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
      <ConfigTable
        owner={owner}
        area="script"
        hint={t('script.hint')}
        add={{ label: t('script.add'), testId: 'script-add', onClick: () => editing.show() }}
        withStatus
        onEdit={editing.show}
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
