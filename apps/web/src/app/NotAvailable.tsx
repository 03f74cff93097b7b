import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** A route of the table whose screen is not built yet says so plainly. */
export function NotAvailable({ routeId }: { routeId: string }) {
  const { t } = useTranslation();
  return (
    <Result
      status="info"
      title={t(routeId, { ns: 'routes', keySeparator: false, nsSeparator: false, defaultValue: routeId })}
      subTitle={t('not-available')}
      data-testid="not-available"
    />
  );
}
