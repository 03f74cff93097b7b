import { Result } from 'antd';
import type { RouteId } from './routeTable';
import { useT } from './useT';

/** A route of the table whose screen is not built yet says so plainly. */
export function NotAvailable({ routeId }: { routeId: RouteId }) {
  const { t } = useT('routes');
  return (
    <Result
      status="info"
      // route ids are flat keys with dots and slashes in them
      title={t(routeId, { keySeparator: false, nsSeparator: false })}
      subTitle={t('common:not-available')}
      data-testid="not-available"
    />
  );
}
