import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Configuration pages of a device or template. Pages are made in the page designer, which is
 * another piece of work: until it exists there are none to list, and this says so.
 */
export function PagesTab() {
  const { t } = useTranslation('deviceConfig');
  return (
    <Empty
      style={{ padding: '48px 0' }}
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={t('page.empty')}
      data-testid="pages-tab"
    />
  );
}
