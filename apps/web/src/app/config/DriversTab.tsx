import { Alert, Tag, Typography } from 'antd';
import { useT } from '../useT';
import type { DriverRow } from '@fieldhub/shared';
import { useDialog } from '../useDialog';
import { ConfigTable } from './ConfigTable';
import type { ConfigOwner } from './configTypes';
import { DriverDrawer } from './DriverDrawer';
import { DriverLinkCountsCell, DriverLinkStateCell } from './DriverLinkCells';
import { connectionSummary } from './driverForm';
import { TemplateLockNotice } from './TemplateLockNotice';
import { useConfigScope } from './useDevice';

/**
 * The drivers of a device or template: protocol, where it connects, how many variables use it, and
 * for a device what its gateway last reported of each driver's link.
 */
export function DriversTab({ owner }: { owner: ConfigOwner }) {
  const { t } = useT('deviceConfig');
  const scope = useConfigScope(owner);
  const editing = useDialog<DriverRow>();
  const readOnly = scope.templateLocked;
  const linkColumns =
    'equipmentId' in owner
      ? [
          {
            title: t('driver.link.title'),
            width: 190,
            render: (_: unknown, row: DriverRow) => <DriverLinkStateCell link={row.link} />,
          },
          {
            title: t('driver.link.diagnostics'),
            width: 270,
            render: (_: unknown, row: DriverRow) => <DriverLinkCountsCell link={row.link} />,
          },
        ]
      : [];

  return (
    <div data-testid="drivers-tab">
      <TemplateLockNotice scope={scope} />
      {!scope.loading && !readOnly && !scope.canAddDrivers && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('driver.gateway-first')} />
      )}
      <ConfigTable
        owner={owner}
        area="driver"
        readOnly={readOnly}
        hint={t('driver.hint')}
        add={{
          label: t('driver.add'),
          testId: 'driver-add',
          onClick: () => editing.show(),
          blockedReason: scope.canAddDrivers ? null : t('driver.gateway-first'),
          disabled: scope.loading,
        }}
        onEdit={editing.show}
        editTestId={(row) => `driver-edit-${row.name}`}
        deleteDescription={(row) =>
          row.variableCount ? t('driver.delete-cascade', { n: row.variableCount }) : null
        }
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
          ...linkColumns,
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
