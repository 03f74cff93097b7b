import { Divider, Space, Tag, Typography } from 'antd';
import { useT } from '../useT';
import type { ReportRow } from '@fieldhub/shared';
import { useDialog } from '../useDialog';
import { AlarmRulesTab } from './AlarmRulesTab';
import { ConfigTable, variablesFirst } from './ConfigTable';
import type { ConfigOwner } from './configTypes';
import { ReportDrawer } from './ReportDrawer';
import { TemplateLockNotice } from './TemplateLockNotice';
import { useConfigList } from './useConfig';
import { useConfigScope } from './useDevice';

/** Historical reports of a device or template (read-only on a template-bound device). */
export function ReportsTab({ owner }: { owner: ConfigOwner }) {
  const { t } = useT('deviceConfig');
  const scope = useConfigScope(owner);
  const readOnly = scope.templateLocked;
  const variables = useConfigList(owner, 'variable');
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
      <ConfigTable
        owner={owner}
        area="report"
        readOnly={readOnly}
        title={t('report.title')}
        add={{
          label: t('report.add'),
          testId: 'report-add',
          onClick: () => editing.show(),
          ...variablesFirst(variables, t),
        }}
        wide
        testId="report-table"
        withStatus
        onEdit={editing.show}
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
