import { Tag } from 'antd';
import { useT } from '../useT';
import type { AlarmRuleRow } from '@fieldhub/shared';
import { useDialog } from '../useDialog';
import { AlarmRuleDrawer, BIT_CONDITIONS, RANGE_CONDITIONS } from './AlarmRuleDrawer';
import { ConfigTable, variablesFirst } from './ConfigTable';
import type { ConfigOwner } from './configTypes';
import { useConfigList } from './useConfig';

const LEVEL_COLORS: Record<AlarmRuleRow['level'], string> = {
  info: 'default',
  normal: 'blue',
  serious: 'orange',
  urgent: 'red',
};

/** Alarm rules of the equipment-info type ('00'); a template-bound device keeps its own. */
export function AlarmRulesTab({ owner }: { owner: ConfigOwner }) {
  const { t } = useT('deviceConfig');
  const variables = useConfigList(owner, 'variable');
  const editing = useDialog<AlarmRuleRow>();

  const conditionText = (r: AlarmRuleRow) => {
    const name = t(`alarm.condition.${r.condition}`);
    if (RANGE_CONDITIONS.includes(r.condition)) return `${name} [${r.value}, ${r.value2}]`;
    if (BIT_CONDITIONS.includes(r.condition)) return `${name} #${r.value}`;
    return `${name} ${r.value}`;
  };

  return (
    <div data-testid="alarms-tab">
      <ConfigTable
        owner={owner}
        area="alarm"
        title={t('alarm.title')}
        add={{
          label: t('alarm.add'),
          testId: 'alarm-add',
          onClick: () => editing.show(),
          ...variablesFirst(variables, t),
        }}
        wide
        testId="alarm-table"
        withStatus
        onEdit={editing.show}
        deleteTitle={() => t('alarm.delete-confirm')}
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
            render: (v: AlarmRuleRow['methods']) =>
              v.map((m) => t(`alarm.method.${m}`)).join(t('list-separator')),
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
